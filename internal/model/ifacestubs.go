package model

import (
	"go/types"
	"strconv"
	"strings"
	"unicode"
)

// ifaceStubs gives each interface with methods that an operation under
// test takes (as a parameter, or as the element of a slice parameter), and
// that no operation of the package itself produces a value of, an
// implementation the search can steer: a struct type of the external test
// package (Program.Shapes) with a field for each result of each method,
// each method returning its fields, built by a composite literal whose
// fields the search fills and tunes as it does any literal
// (VisitorShape{VisitResult: true}). A package's own Shape or Visitor,
// which only its clients implement, and an imported fmt.Stringer or
// sort.Interface are otherwise passed nil or whatever another package
// happens to produce, so their branches on what the methods return stay
// out of reach. An interface one of whose methods writes through a pointer
// or a slice (io.Reader's Read(p []byte)) gets none: a constant answer
// breaks its contract (a Read that never ends), and the detective's
// producers (strings.NewReader) serve it; so does one with a method
// returning a channel (context.Context's Done).
func (p *Program) ifaceStubs() {
	var ifaces []*types.Named
	seen := map[string]bool{}
	for _, op := range p.Ops {
		if !op.UnderTest {
			continue
		}
		for i, prm := range op.Params {
			if i == 0 && op.Func != nil && isAbstractMethod(op.Func) {
				// The receiver of an interface's own method: taking
				// it asks for no stub (a stub's Scale would only test
				// the stub; ifaceresults' Shape comes from Parse).
				continue
			}
			t := prm.Type
			if sl, ok := t.Underlying().(*types.Slice); ok {
				t = sl.Elem()
			}
			n, ok := t.(*types.Named)
			if !ok || seen[types.TypeString(n, nil)] {
				continue
			}
			seen[types.TypeString(n, nil)] = true
			if p.stubbable(n) {
				ifaces = append(ifaces, n)
			}
		}
	}
	errs := false
	for _, n := range ifaces {
		if sn := p.stub(n); sn != nil {
			p.shapeLiteral(sn, false)
			errs = errs || hasErrorField(sn)
		}
	}
	if errs {
		p.stubErrors()
	}
}

// isAbstractMethod reports whether f is a method of an interface type.
func isAbstractMethod(f *types.Func) bool {
	recv := f.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

func hasErrorField(n *types.Named) bool {
	st := n.Underlying().(*types.Struct)
	for i := 0; i < st.NumFields(); i++ {
		if isError(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// stubErrors offers the errors a stub's error field is meant to hold: the
// package's own sentinels (a Source returning ErrStop to say it is done)
// and io.EOF when the package imports io, as variable reads. Without them
// the field holds nil or an error some call happened to return, and a
// branch on errors.Is(err, ErrStop) stays out of reach.
func (p *Program) stubErrors() {
	vars := sentinelsOf(p.Fset, p.Pkg)
	for _, imp := range p.Pkg.Imports() {
		if imp.Path() == "io" {
			if eof, ok := imp.Scope().Lookup("EOF").(*types.Var); ok {
				vars = append(vars, eof)
			}
		}
	}
	for _, v := range vars {
		if p.hasVar(v) {
			continue
		}
		p.add(&Op{Kind: Var, Name: v.Name(), Var: v, Results: []types.Type{v.Type()}, Effects: built})
	}
}

func (p *Program) hasVar(v *types.Var) bool {
	for _, op := range p.Ops {
		if op.Kind == Var && op.Var == v {
			return true
		}
	}
	return false
}

// maxStubMethods bounds the methods of a stubbed interface: a larger one
// (reflect.Type, ast.Node's families) is not a client's callback.
const maxStubMethods = 6

// stubbable reports whether the named interface n can get a synthesized
// implementation (ifaceStubs) and needs one.
func (p *Program) stubbable(n *types.Named) bool {
	it, ok := n.Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 || it.NumMethods() > maxStubMethods || !it.IsMethodSet() || isError(n) ||
		n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 || unnameable(n, p.Pkg) != "" {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		if !m.Exported() {
			return false
		}
		sig := m.Signature()
		if unnameableSig(sig, p.Pkg) != "" {
			return false
		}
		for j := 0; j < sig.Params().Len(); j++ {
			switch sig.Params().At(j).Type().Underlying().(type) {
			case *types.Pointer, *types.Slice:
				return false
			}
		}
		for j := 0; j < sig.Results().Len(); j++ {
			// A nil channel (context.Context's Done) blocks whoever
			// waits on it: a stub cannot say when it is done.
			if _, ok := sig.Results().At(j).Type().Underlying().(*types.Chan); ok {
				return false
			}
		}
	}
	// The package's own operations (not the detective's, which are other
	// packages' values of whatever behaviour) already make one.
	for _, op := range p.Ops {
		if op.Detective || op.Support {
			continue
		}
		for _, r := range op.Results {
			if types.AssignableTo(r, n) && !isInterface(r) {
				return false
			}
		}
	}
	return true
}

func isInterface(t types.Type) bool {
	_, ok := t.Underlying().(*types.Interface)
	return ok
}

// stub declares the synthesized implementation of the interface n: a
// struct type named after it (VisitorShape, SortInterfaceShape for an
// imported sort.Interface) with a field per method result (VisitResult;
// NextResult and NextErr for Next() (string, error)) and, for each method,
// a value-receiver method returning its fields; nil when two methods'
// fields would take one name.
func (p *Program) stub(n *types.Named) *types.Named {
	it := n.Underlying().(*types.Interface)
	name := n.Obj().Name()
	if n.Obj().Pkg() != p.Pkg {
		name = upperFirst(n.Obj().Pkg().Name()) + upperFirst(name)
	}
	name += "Shape"
	for p.ShapePkg != nil && p.ShapePkg.Scope().Lookup(name) != nil {
		name += "_"
	}
	var b shapeFields
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		res := m.Signature().Results()
		for j, f := range stubFields(m) {
			if b.names[f] {
				return nil // two methods' fields collide (A() (int, int) beside AResult0())
			}
			b.add(f, res.At(j).Type(), "")
		}
	}
	sn := p.shape(name, types.NewStruct(b.fields, b.tags))
	for i := 0; i < it.NumMethods(); i++ {
		m := it.Method(i)
		sig := m.Signature()
		recv := types.NewVar(0, p.ShapePkg, "s", sn)
		fn := types.NewFunc(0, p.ShapePkg, m.Name(),
			types.NewSignatureType(recv, nil, nil, sig.Params(), sig.Results(), sig.Variadic()))
		sn.AddMethod(fn)
	}
	return sn
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// stubMethods writes the methods of a synthesized implementation
// (ifaceStubs), each returning the fields named after it.
func stubMethods(b *strings.Builder, n *types.Named, qf types.Qualifier) {
	for i := 0; i < n.NumMethods(); i++ {
		m := n.Method(i)
		sig := m.Signature()
		b.WriteString("\n\nfunc (s " + n.Obj().Name() + ") " + m.Name() + "(")
		for j := 0; j < sig.Params().Len(); j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			t := sig.Params().At(j).Type()
			if sig.Variadic() && j == sig.Params().Len()-1 {
				b.WriteString("_ ..." + types.TypeString(t.(*types.Slice).Elem(), qf))
				continue
			}
			b.WriteString("_ " + types.TypeString(t, qf))
		}
		b.WriteString(")")
		res := sig.Results()
		var rets []string
		switch res.Len() {
		case 0:
		case 1:
			b.WriteString(" " + types.TypeString(res.At(0).Type(), qf))
		default:
			b.WriteString(" (")
			for j := 0; j < res.Len(); j++ {
				if j > 0 {
					b.WriteString(", ")
				}
				b.WriteString(types.TypeString(res.At(j).Type(), qf))
			}
			b.WriteString(")")
		}
		for _, f := range stubFields(m) {
			rets = append(rets, "s."+f)
		}
		if len(rets) == 0 {
			b.WriteString(" {}")
			continue
		}
		b.WriteString(" { return " + strings.Join(rets, ", ") + " }")
	}
}

// stubFields names the fields holding the results of the stub method m:
// VisitResult for Visit() bool, NextResult and NextErr for
// Next() (string, error), PairResult0 and PairResult1 for Pair() (int, int).
func stubFields(m *types.Func) []string {
	res := m.Signature().Results()
	plain := 0
	for j := 0; j < res.Len(); j++ {
		if !isError(res.At(j).Type()) {
			plain++
		}
	}
	var out []string
	for j := 0; j < res.Len(); j++ {
		f := m.Name() + "Result"
		switch {
		case isError(res.At(j).Type()):
			f = m.Name() + "Err"
		case plain > 1:
			f += strconv.Itoa(j)
		}
		out = append(out, f)
	}
	return out
}
