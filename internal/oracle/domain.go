package oracle

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Rule 9 of docs/findings.md: a numeric field of a struct literal holds a
// value of the type's domain only when the package vouches for it. Go has
// no narrower integer types, so a month, an hour, a byte offset or a
// length is an int whose domain lives in the package's validation and
// docs (toml.LocalTime's "Hour of the day: [0; 24["); a literal can put
// any int there, and a round trip or a String that fails on
// LocalTime{Nanosecond: -72} or on regexp2.Capture{Index: 284} is the
// caller's doing. String fields are not judged: text is where escaping
// bugs live (a key containing '='), and any content is the norm.
//
// A literal's numeric field value is legal when
//   - it is a constant the package declares of the field's type, or
//   - nothing in the package produces the struct type (no operation
//     returns it or a value holding it, no method changes it through a
//     pointer): then the fields are the client's to set, and any value is
//     one a client may write (planted.Money's Amount), or
//   - the type has no unexported fields, and the package's own operations
//     were seen to give that field a range of values that holds the value
//     (the observed domain). A type with unexported fields that the
//     package produces has numbers that describe the hidden state (a
//     Capture's Index into the text it keeps): no range of them makes a
//     literal's value, over no such state, mean anything.
//
// Values computed by earlier calls are not literals and are not judged.

// valueRange is the range of values the package's operations gave one
// numeric field, in exact arithmetic (ints, uints and floats alike).
type valueRange struct {
	min, max constant.Value
}

func (r *valueRange) add(v constant.Value) {
	if v.Kind() == constant.Unknown {
		return
	}
	if r.min == nil || constant.Compare(v, token.LSS, r.min) {
		r.min = v
	}
	if r.max == nil || constant.Compare(v, token.GTR, r.max) {
		r.max = v
	}
}

func (r *valueRange) holds(v constant.Value) bool {
	return r != nil && r.min != nil && v.Kind() != constant.Unknown &&
		constant.Compare(v, token.GEQ, r.min) && constant.Compare(v, token.LEQ, r.max)
}

// domains holds the observed domains of numeric struct fields, keyed by
// "importpath.Type.Field" (the run-time tree's Named form and a field
// name), and gathers them lazily: the first time a literal of a struct
// type is judged, it runs up to domainSamples pooled sequences whose
// value is or holds that type, with value trees, and observes every
// value the package's operations made or changed in them. Nothing runs
// when no contract is violated by a value built from a literal.
type domains struct {
	prog   *model.Program
	runner executor.Runner
	pooled []corpus.Pooled
	fields map[string]*valueRange
	// seen marks the struct types whose pooled values were run.
	seen map[*types.TypeName]bool
	// ran marks the pooled sequences already run, for types sharing them.
	ran map[*seq.Seq]bool
}

// domainSamples bounds the pooled sequences run per struct type to
// observe its fields' domains: enough to see the producers' spread, few
// enough that a violated contract costs one small batch.
const domainSamples = 64

func newDomains(prog *model.Program, runner executor.Runner, pooled []corpus.Pooled) *domains {
	return &domains{prog: prog, runner: runner, pooled: pooled,
		fields: map[string]*valueRange{}, seen: map[*types.TypeName]bool{}, ran: map[*seq.Seq]bool{}}
}

// observe runs, once per struct type, pooled sequences whose value is or
// holds n, and records their fields.
func (d *domains) observe(n *types.Named) {
	if d.seen[n.Obj()] {
		return
	}
	d.seen[n.Obj()] = true
	var reqs []rt.Request
	var seqs []*seq.Seq
	for _, v := range d.pooled {
		if len(seqs) == domainSamples {
			break
		}
		if d.ran[v.Seq] || !reaches(v.Type, n.Obj(), 4) || d.prog.Ops[v.Seq.Stmts[v.Stmt].Op].Kind == model.Composite {
			continue
		}
		d.ran[v.Seq] = true
		seqs = append(seqs, v.Seq)
		reqs = append(reqs, v.Seq.Wire(uint64(len(reqs)), rt.FlagDetail))
	}
	if len(reqs) == 0 || d.runner == nil {
		return
	}
	outs := d.runner.Run(reqs)
	for i, out := range outs {
		if i < len(seqs) {
			observeFields(d.prog, seqs[i], out.Result, d.fields)
		}
	}
}

// observeFields records, from a run of s with value trees, the numeric
// fields of the structs the package's operations made: the results of
// calls and methods that returned no error, and the receivers a method
// changed without an error (a decoder's &T{}). A value derived from a
// literal of a struct (directly, or through calls that took one) is not
// the package's word on its domain — a Clone of LocalDate{Month: 13} is
// still month 13 — and neither is one derived from a nondeterministic
// call, whose fields would make the verdict differ between runs.
func observeFields(prog *model.Program, s *seq.Seq, res *rt.Result, into map[string]*valueRange) {
	if res == nil {
		return
	}
	tainted := make([]bool, s.Len())
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		t := op.Kind == model.Composite || op.Effects.Nondeterministic
		for _, a := range st.Args {
			t = t || !a.IsLit && a.Stmt < i && tainted[a.Stmt]
		}
		tainted[i] = t
	}
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		if tainted[i] || op.Support || (op.Kind != model.Call && op.Kind != model.Method) || i >= len(res.Stmts) {
			continue
		}
		r := res.Stmt(i)
		if r.Outcome != rt.OutNormal {
			continue
		}
		if op.ErrResult && (len(r.Values()) == 0 || !r.Values()[len(r.Values())-1].Nil) {
			// A call that failed made nothing: the Clock{} a parser
			// returns with its error, or what a refusing decoder left.
			continue
		}
		for j := range r.Values() {
			observeTree(r.Tree(j), into, 0)
		}
		if op.Kind == model.Method && op.Mutator(0) && len(st.Args) > 0 && !st.Args[0].IsLit {
			recv := valueOf(prog, s, st.Args[0].Stmt)
			if recv >= 0 && recv < len(res.Stmts) && !tainted[recv] {
				for j := range res.Stmt(recv).Values() {
					observeTree(res.Stmt(recv).Tree(j), into, 0)
				}
			}
		}
	}
}

// observeTree records the numeric fields of every named struct in t.
func observeTree(t *rt.Tree, into map[string]*valueRange, depth int) {
	if t == nil || depth > 8 {
		return
	}
	if t.Kind == rt.TStruct && t.Named != "" {
		for i, f := range t.Fields {
			if i >= len(t.Elems) {
				break
			}
			if v := treeNumber(&t.Elems[i]); v.Kind() != constant.Unknown {
				k := t.Named + "." + f
				if into[k] == nil {
					into[k] = &valueRange{}
				}
				into[k].add(v)
			}
		}
	}
	for i := range t.Elems {
		observeTree(&t.Elems[i], into, depth+1)
	}
}

// treeNumber is a numeric tree's value, or an Unknown value.
func treeNumber(t *rt.Tree) constant.Value {
	switch t.Kind {
	case rt.TInt:
		return constant.MakeInt64(t.I)
	case rt.TUint:
		return constant.MakeUint64(t.U)
	case rt.TFloat:
		return constant.MakeFloat64(t.F) // Unknown for NaN and infinities
	}
	return constant.MakeUnknown()
}

// outsideDomain finds a literal of one of the package's struct types in s
// that gives a numeric field a value the package does not vouch for (see
// the rule above), and says which; "" when there is none. d may be nil
// (no observations: only constants and unproduced types are legal).
func outsideDomain(prog *model.Program, s *seq.Seq, d *domains) string {
	return outsideDomainOf(prog, s, d, nil)
}

// outsideDomainOf is outsideDomain for the statements marked in only (all
// when only is nil): the candidate gate judges the literals that reach the
// failing call (reaching), not those whose only trace is text another call
// made of them.
func outsideDomainOf(prog *model.Program, s *seq.Seq, d *domains, only []bool) string {
	for i, st := range s.Stmts {
		if only != nil && (i >= len(only) || !only[i]) {
			continue
		}
		op := prog.Ops[st.Op]
		if op.Kind != model.Composite {
			continue
		}
		n, ok := op.Type.(*types.Named)
		if !ok || n.Obj().Pkg() == nil {
			continue
		}
		if _, isStruct := n.Underlying().(*types.Struct); !isStruct {
			continue
		}
		producer := ""
		for j, p := range op.Params {
			if j >= len(st.Args) || !isNumber(p.Type) {
				continue
			}
			v := literalNumber(prog, s, st.Args[j])
			if v == nil {
				continue // computed by a call: not the literal's choice
			}
			if declaredConstant(p.Type, *v) {
				continue
			}
			if producer == "" {
				if producer = producerOf(prog, n); producer == "" {
					break // only literals make this type: its fields are the client's
				}
			}
			if hasHidden(n) {
				// Its numbers describe state only the package sets (a
				// Capture's Index into a text it keeps unexported): no
				// range of them makes a literal's value mean anything.
				return "statement " + strconv.Itoa(i) + " sets " + n.Obj().Name() + "." + p.Name + " to " + (*v).ExactString() +
					", but " + n.Obj().Name() + " has unexported state only " + producer + " sets"
			}
			var r *valueRange
			if d != nil {
				d.observe(n)
				r = d.fields[n.Obj().Pkg().Path()+"."+n.Obj().Name()+"."+p.Name]
			}
			if !r.holds(*v) {
				seen := "no value of it was seen"
				if r != nil && r.min != nil {
					seen = "it was seen in [" + r.min.ExactString() + ", " + r.max.ExactString() + "]"
				}
				return "statement " + strconv.Itoa(i) + " sets " + n.Obj().Name() + "." + p.Name + " to " + (*v).ExactString() +
					", outside the values " + producer + " gives it (" + seen + ")"
			}
		}
	}
	return ""
}

// hasHidden reports whether struct type n has unexported fields.
func hasHidden(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// isNumber reports whether t is an integer or floating-point type.
func isNumber(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// literalNumber is the value a literal argument (or the conversion of a
// literal an argument refers to) gives a numeric parameter, or nil for a
// computed value.
func literalNumber(prog *model.Program, s *seq.Seq, a seq.Arg) *constant.Value {
	if !a.IsLit {
		if a.Stmt < 0 || a.Stmt >= s.Len() {
			return nil
		}
		st := s.Stmts[a.Stmt]
		if prog.Ops[st.Op].Kind != model.Convert || len(st.Args) != 1 || !st.Args[0].IsLit {
			return nil
		}
		a = st.Args[0]
	}
	var v constant.Value
	switch a.Lit.Kind {
	case seq.LitInt:
		v = constant.MakeInt64(a.Lit.I)
	case seq.LitUint:
		v = constant.MakeUint64(a.Lit.U)
	case seq.LitFloat:
		v = constant.MakeFloat64(a.Lit.F)
	case seq.LitZero:
		v = constant.MakeInt64(0)
	default:
		return nil
	}
	return &v
}

// declaredConstant reports whether v is a constant the field type's own
// package declares of that type (a field of an enum type set to one of
// its values).
func declaredConstant(t types.Type, v constant.Value) bool {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || v.Kind() == constant.Unknown {
		return false
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) &&
			constant.Compare(c.Val(), token.EQL, v) {
			return true
		}
	}
	return false
}

// producerOf names an operation of the package, other than a literal,
// that makes values of n: one returning n or a value holding it (through
// pointers, slices, arrays, maps and struct fields: regexp2's
// FindStringMatch returns a *Match whose Group holds a Capture), or a
// method that changes a *n or a pointer to a value holding one (a decoder
// such as LocalDate.UnmarshalText, or LocalDateTime's, whose LocalDate is
// embedded).
// "" when only literals make n.
func producerOf(prog *model.Program, n *types.Named) string {
	for _, op := range prog.Ops {
		if op.Support || op.Detective || (op.Kind != model.Call && op.Kind != model.Method) {
			continue
		}
		for _, r := range op.Results {
			if reaches(r, n.Obj(), 4) {
				return op.Name
			}
		}
		if op.Kind == model.Method && op.Mutator(0) {
			if p, ok := op.Params[0].Type.(*types.Pointer); ok && reaches(p.Elem(), n.Obj(), 4) {
				return op.Name
			}
		}
	}
	return ""
}

// reaches reports whether a value of type t is or holds a value of obj's
// type, through pointers, slices, arrays, maps and exported struct fields
// (embedded ones too), up to depth levels.
func reaches(t types.Type, obj *types.TypeName, depth int) bool {
	return carries(t, obj, depth, true)
}
