package oracle

import (
	"go/types"
	"slices"
	"strings"

	"github.com/gentest-go/gentest/analyzers/typedeps"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// constructedZero finds a zero value (&T{}) of a type some operation of the
// program constructs: such a type is meant to come from its constructor.
func constructedZero(prog *model.Program, s *seq.Seq) string {
	return constructedZeroFor(prog, s, false)
}

// constructedZeroFor is constructedZero; with nilFields, a zero value's
// nil exported field is no nil input (a candidate's: nilFieldOK).
func constructedZeroFor(prog *model.Program, s *seq.Seq, nilFields bool) string {
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		if op.Kind == model.Zero && decodedInto(prog, s, i) {
			// The zero value is a decoder's destination: decoding into
			// a fresh value is how an Unmarshal method is used.
			continue
		}
		if op.Kind == model.Composite {
			// A literal sets the exported fields (a nil one is a nil
			// input); what it leaves unset is what the zero value does.
			if st, isStruct := op.Type.Underlying().(*types.Struct); isStruct {
				hidden := false
				for i := 0; i < st.NumFields(); i++ {
					hidden = hidden || !st.Field(i).Exported()
				}
				// With every field exported, any value is one a client
				// can write; with hidden ones, a constructor is the way.
				if ctor := constructorOf(op.Type); hidden && ctor != "" {
					return "a literal of " + op.Name + ", which " + ctor + " constructs"
				}
				if f := hiddenNil(op.Type); f != "" {
					return "a literal of " + op.Name + " leaves its unexported field " + f + " nil, which no client can set"
				}
			}
			continue
		}
		if op.Kind != model.Zero {
			continue
		}
		if f := nilField(op.Type); f != "" && !nilFields {
			return "the zero value of " + op.Name + " leaves its field " + f + " nil"
		}
		if ctor := constructorOf(op.Type); ctor != "" {
			return "the zero value of " + op.Name + ", which " + ctor + " constructs"
		}
		// A type of a package the target does not import (the detective
		// borrows os.File as an io.Writer through fmt): loaded from export
		// data, that package's scope holds only what importers reach
		// (os.File, not os.Create), so constructorOf cannot see the
		// constructor, and a warm run would judge otherwise than a cold
		// one. Unexported state its zero value leaves unset (os.File's
		// *file) counts as a constructor's to give, in either run.
		if n, ok := op.Type.(*types.Named); ok && !importedBy(prog.Pkg, n.Obj().Pkg()) && !new(typedeps.Classifier).ZeroUsable(n) {
			return "the zero value of " + op.Name + ", whose unexported state no client can set"
		}
		if f := hiddenNil(op.Type); f != "" {
			return "the zero value of " + op.Name + " leaves its unexported field " + f + " nil, which no client can set"
		}
		if ctor := unexportedConstructorOf(op.Type); ctor != "" {
			return "the zero value of " + op.Name + ", which only the package's own " + ctor + " constructs"
		}
		for _, other := range prog.Ops {
			if other.Kind == model.Zero || other.Kind == model.Composite || other.Support {
				// A literal of the type is the client building it, as
				// the zero value is, not the package constructing it.
				continue
			}
			for _, r := range other.Results {
				if types.Identical(r, op.Type) || types.Identical(r, types.NewPointer(op.Type)) {
					return "the zero value of " + op.Name + ", which " + other.Name + " constructs"
				}
			}
		}
	}
	return ""
}

// nilField names the first exported field of struct type t whose zero
// value is nil (a pointer, interface, func, map or channel), or "". Such a
// field is an input the client is meant to set (driver.NotNull's
// Converter): leaving it nil is a nil input under rule 1, whatever the
// type's documentation says about the rest of its zero value.
func nilField(t types.Type) string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() {
			continue
		}
		switch f.Type().Underlying().(type) {
		case *types.Pointer, *types.Interface, *types.Signature, *types.Map, *types.Chan:
			return f.Name()
		}
	}
	return ""
}

// constructorOf names an exported function of t's own package that returns
// a t or a *t, or returns "". The detective borrows zero values of other
// packages' types to satisfy interfaces (a zero io.OffsetWriter as an
// io.Writer), and such a type's constructor is not in the program, so the
// program's operations alone cannot tell that its zero value is not meant
// to be used.
func constructorOf(t types.Type) string {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() { // sorted: the same name every run
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		res := fn.Type().(*types.Signature).Results()
		for i := 0; i < res.Len(); i++ {
			if holds(res.At(i).Type(), n.Obj(), 3) {
				return n.Obj().Pkg().Name() + "." + fn.Name()
			}
		}
	}
	if m := handedOutBy(n); m != "" {
		return m
	}
	// Constructors that return an interface (lzw.NewReader returns an
	// io.ReadCloser whose dynamic type is *lzw.Reader) construct T too when
	// T's zero value needs initialization a client cannot give it
	// (unexported interface, func, map or pointer fields).
	if new(typedeps.Classifier).ZeroUsable(n) {
		return ""
	}
	ptr := types.NewPointer(n)
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		res := fn.Type().(*types.Signature).Results()
		for i := 0; i < res.Len(); i++ {
			iface, isIface := res.At(i).Type().Underlying().(*types.Interface)
			if isIface && !iface.Empty() && !isError(res.At(i).Type()) && (types.Implements(n, iface) || types.Implements(ptr, iface)) {
				return n.Obj().Pkg().Name() + "." + fn.Name()
			}
		}
	}
	return ""
}

// handedOutBy names an exported method of a type of n's package that
// returns an n (or holds one: a pointer, slice, map), or returns "". The
// model has no operation for a method whose receiver type is unexported,
// even when an exported alias names it: go-codec-dagpb's generated
// `PBLinks = *_PBLinks` has Iterator() *PBLinks__Itr, the only way the
// package makes a PBLinks__Itr, and a literal &PBLinks__Itr{} (its list
// nil) dereferences nil in Next by the caller's doing. A value the
// package only hands out is constructed by it, as one its functions
// return is. n's own methods do not count.
func handedOutBy(n *types.Named) string {
	pkg := n.Obj().Pkg()
	scope := pkg.Scope()
	for _, name := range scope.Names() { // sorted: the same name every run
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		recv, ok := tn.Type().(*types.Named)
		if !ok || recv.Obj() == n.Obj() {
			// n's own methods (a Clone, a builder's With) transform a
			// value the caller already had.
			continue
		}
		for i := 0; i < recv.NumMethods(); i++ {
			m := recv.Method(i)
			if !m.Exported() {
				continue
			}
			res := m.Type().(*types.Signature).Results()
			for j := 0; j < res.Len(); j++ {
				if holds(res.At(j).Type(), n.Obj(), 3) {
					return pkg.Name() + "." + tn.Name() + "." + m.Name()
				}
			}
		}
	}
	return ""
}

// importedBy reports whether p is pkg or one of its direct imports, whose
// exported objects a load from export data gives whole.
func importedBy(pkg, p *types.Package) bool {
	if pkg == nil || p == nil || p == pkg {
		return true
	}
	return slices.Contains(pkg.Imports(), p)
}

// holds reports whether type t is obj's type or carries it as a pointer
// target or a slice, array or map element, through named types, up to
// depth levels: go-version's NewConstraint returns Constraints, a
// []*Constraint.
func holds(t types.Type, obj *types.TypeName, depth int) bool {
	return carries(t, obj, depth, false)
}

// carries is holds, and with fields also through exported struct fields.
func carries(t types.Type, obj *types.TypeName, depth int, fields bool) bool {
	if n, ok := t.(*types.Named); ok && n.Obj() == obj {
		return true
	}
	if depth == 0 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return carries(u.Elem(), obj, depth-1, fields)
	case *types.Slice:
		return carries(u.Elem(), obj, depth-1, fields)
	case *types.Array:
		return carries(u.Elem(), obj, depth-1, fields)
	case *types.Map:
		return carries(u.Elem(), obj, depth-1, fields)
	case *types.Struct:
		for i := 0; fields && i < u.NumFields(); i++ {
			// Only what a client can reach: a Regexp's unexported runner
			// holds a Match, but no client gets a Capture from it.
			if f := u.Field(i); f.Exported() && carries(f.Type(), obj, depth-1, fields) {
				return true
			}
		}
	}
	return false
}

// hiddenNil names the first unexported interface or func field of struct
// type t, whose zero value leaves it nil and which no client can set, or
// "". With no exported constructor either (doublestar's
// DirEntryFromFileInfo wraps an fs.FileInfo only its unexported helper
// sets), no client can make a usable value, and a panic on the zero value
// says nothing about the package. A nil map field is not here: a type
// whose zero value writes to a nil map is a bug a maintainer accepts.
func hiddenNil(t types.Type) string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Exported() || f.Embedded() {
			continue
		}
		switch f.Type().Underlying().(type) {
		case *types.Interface, *types.Signature:
			return f.Name()
		}
	}
	return ""
}

// isError reports whether t is the error interface: a function returning
// (T, error) does not construct every error type of its package.
func isError(t types.Type) bool {
	return types.Identical(t, errorType)
}

// decodedInto reports whether statement i (a zero value) is the receiver
// of the test's last call, a method that decodes its input into it (named
// Unmarshal* or Decode*, taking the input as text or as a reader:
// pion/dtls's MessageServerHello.Unmarshal(data),
// encoding.BinaryUnmarshaler), and every other use of it is such a
// decoding or a method known not to change it (a Marshal in between).
// Such a method's receiver is its output, so the zero value is what
// callers pass (m := &T{}; m.Unmarshal(data)), whatever constructors the
// type has and whatever pointer fields its zero value leaves nil: the
// method must fill them or refuse the data. A zero value used any other
// way, or one whose failing call is not a decoding into it (a Marshal
// of the nil field), is judged as before.
func decodedInto(prog *model.Program, s *seq.Seq, i int) bool {
	last := s.Len() - 1
	return usedForDecoding(prog, s, i, last) == 1
}

// usedForDecoding checks the uses of statement i as decodedInto says: it
// returns 1 when the last statement decodes into it and every use is
// allowed, 0 when every use is allowed but the last statement is not a
// decoding into it, and -1 when a use is not allowed.
func usedForDecoding(prog *model.Program, s *seq.Seq, i, last int) int {
	verdict := 0
	for k := i + 1; k <= last; k++ {
		st := s.Stmts[k]
		op := prog.Ops[st.Op]
		for j, a := range st.Args {
			if a.IsLit || a.Stmt != i {
				continue
			}
			switch {
			case op.Kind == model.Addr:
				// &v for a pointer-receiver method: judged by its uses.
				v := usedForDecoding(prog, s, k, last)
				if v < 0 {
					return -1
				}
				if v > 0 {
					verdict = 1
				}
			case j == 0 && op.Kind == model.Method && decodesInto(op):
				if k == last {
					verdict = 1
				}
			case j == 0 && op.Kind == model.Method && op.Effects.Known && !op.Effects.MutatesRecv && k != last:
				// Reading the value between decodings changes nothing.
			default:
				return -1
			}
		}
	}
	return verdict
}

// decodesInto reports whether a method decodes an input argument into its
// receiver: its name starts Unmarshal or Decode, and a parameter besides
// the receiver is text or has a Read method.
func decodesInto(op *model.Op) bool {
	if op.Func == nil {
		return false
	}
	name := op.Func.Name()
	if !strings.HasPrefix(name, "Unmarshal") && !strings.HasPrefix(name, "Decode") {
		return false
	}
	for _, p := range op.Params[1:] {
		if isText(p.Type) || hasRead(p.Type) {
			return true
		}
	}
	return false
}

// unexportedConstructorOf names an unexported package-level function of
// t's own package that returns a t or a *t, when t's zero value needs
// initialization a client cannot give it (the typedeps structural rule:
// unexported pointer, interface, func, map or channel state), or
// returns "". Such a type is built by the package for itself: hcl's
// parser.Parser has only newParser(src), called by Parse(src), and a
// literal &Parser{} dereferences its nil scanner in Parse (issue 32: a
// false finding on hashicorp/hcl v1.0.0). The model offers the literal
// because no operation it knows returns the type.
func unexportedConstructorOf(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || new(typedeps.Classifier).ZeroUsable(n) {
		return ""
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || fn.Exported() {
			continue
		}
		res := fn.Type().(*types.Signature).Results()
		for i := 0; i < res.Len(); i++ {
			if r := types.Unalias(res.At(i).Type()); types.Identical(r, n) || types.Identical(r, types.NewPointer(n)) {
				return fn.Name()
			}
		}
	}
	return ""
}
