package minimize

import (
	"fmt"
	"go/types"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// The unit tests run sequences of a small package on an interpreter
// written here, so that properties are about real values without an
// executor.
const src = `package p

type Box struct{ v int }

func NewBox(v int) *Box     { return &Box{v: v} }
func Wrap(b *Box) *Box      { return b }
func (b *Box) Set(v int)    { b.v = v }
func (b *Box) Get() int     { return b.v }
func Twice(n int) int       { return 2 * n }
func Use(x int) int         { return x }

type Shape interface{ Area() int }

type Sq struct{ s int }

func NewSq(s int) *Sq        { return &Sq{s} }
func (q *Sq) Area() int      { return q.s * q.s }
func (q *Sq) Grow(o *Sq)     { q.s += o.s }

type Circ struct{ r int }

func NewCirc(r int) *Circ    { return &Circ{r} }
func (c *Circ) Area() int    { return 3 * c.r * c.r }

func Describe(s Shape, q *Sq) int { return s.Area() + q.Area() }

type Money int64

func Cents(n int) Money          { return Money(n) }
func (m Money) Dollars() int64   { return int64(m) / 100 }

func Concat(s string, xs []int) string { return s }
func Find(name string) (*Box, error)   { return nil, nil }
`

// testProgram builds the model of src and its operations' IDs by name.
func testProgram(t *testing.T) (*model.Program, map[string]int) {
	t.Helper()
	prog := modeltest.Program(t, src, model.Options{})
	return prog, modeltest.OpIDs(prog)
}

// Interpreter values.
type (
	box  struct{ v int }
	sq   struct{ s int }
	circ struct{ r int }
)

type shape interface{ area() int }

func (q *sq) area() int   { return q.s * q.s }
func (c *circ) area() int { return 3 * c.r * c.r }

// run interprets s and returns each statement's results; a statement
// that would panic in Go (a nil receiver) makes run return nil.
func run(prog *model.Program, s *seq.Seq) (vals [][]any) {
	defer func() {
		if recover() != nil {
			vals = nil
		}
	}()
	for _, st := range s.Stmts {
		op := prog.Ops[st.Op]
		args := make([]any, len(st.Args))
		for i, a := range st.Args {
			if !a.IsLit {
				args[i] = vals[a.Stmt][a.Result]
				continue
			}
			args[i] = litVal(a.Lit)
		}
		vals = append(vals, call(op.Name, args))
	}
	return vals
}

func litVal(l seq.Lit) any {
	switch l.Kind {
	case seq.LitInt:
		return int(l.I)
	case seq.LitString:
		return l.S
	case seq.LitSlice:
		var xs []int
		for _, e := range l.Elems {
			xs = append(xs, int(e.I))
		}
		return xs
	}
	return nil
}

func call(name string, a []any) []any {
	switch name {
	case "Box": // zero-value constructions the model adds: &Box{}
		return []any{&box{}}
	case "Sq":
		return []any{&sq{}}
	case "Circ":
		return []any{&circ{}}
	case "NewBox":
		return []any{&box{a[0].(int)}}
	case "Wrap":
		return []any{a[0].(*box)}
	case "Box.Set":
		a[0].(*box).v = a[1].(int)
		return nil
	case "Box.Get":
		return []any{a[0].(*box).v}
	case "Twice":
		return []any{2 * a[0].(int)}
	case "Use":
		return []any{a[0].(int)}
	case "NewSq":
		return []any{&sq{a[0].(int)}}
	case "Sq.Area":
		return []any{a[0].(*sq).area()}
	case "Sq.Grow":
		a[0].(*sq).s += a[1].(*sq).s
		return nil
	case "NewCirc":
		return []any{&circ{a[0].(int)}}
	case "Circ.Area":
		return []any{a[0].(*circ).area()}
	case "Describe":
		return []any{a[0].(shape).area() + a[1].(*sq).area()}
	case "Cents":
		return []any{a[0].(int)}
	case "Money.Dollars":
		return []any{a[0].(int) / 100}
	case "Concat":
		return []any{a[0].(string)}
	case "Find":
		return []any{&box{}, nil}
	}
	panic("unknown op " + name)
}

// wellTyped checks what the minimizer promises of every candidate it
// builds: references point backwards to reusable results of a type
// assignable to the parameter, literals fit their parameter's class, and
// literal receivers only have basic underlying types.
func wellTyped(prog *model.Program, tr Trial) error {
	s := tr.Seq
	if tr.Target < 0 || tr.Target >= len(s.Stmts) {
		return fmt.Errorf("target %d out of range", tr.Target)
	}
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		if len(st.Args) != len(op.Params) {
			return fmt.Errorf("stmt %d: %d args for %d params", i, len(st.Args), len(op.Params))
		}
		for j, a := range st.Args {
			p := op.Params[j]
			if a.IsLit {
				if p.Recv {
					if _, ok := p.Type.Underlying().(*types.Basic); !ok {
						return fmt.Errorf("stmt %d: literal receiver of type %s", i, p.Type)
					}
				}
				if !litFits(a.Lit.Kind, p) {
					return fmt.Errorf("stmt %d arg %d: literal %s for %s", i, j, a.Lit.Key(), p.Type)
				}
				continue
			}
			if a.Stmt < 0 || a.Stmt >= i {
				return fmt.Errorf("stmt %d arg %d: reference to %d", i, j, a.Stmt)
			}
			pop := prog.Ops[s.Stmts[a.Stmt].Op]
			if !reusable(pop, a.Result) {
				return fmt.Errorf("stmt %d arg %d: unusable result %d.%d", i, j, a.Stmt, a.Result)
			}
			if rt := pop.Results[a.Result]; !types.AssignableTo(rt, p.Type) {
				return fmt.Errorf("stmt %d arg %d: %s not assignable to %s", i, j, rt, p.Type)
			}
		}
	}
	return nil
}

// fakeOracle judges each trial with prop, failing the test on an
// ill-typed candidate and counting calls.
type fakeOracle struct {
	t       *testing.T
	prog    *model.Program
	targOp  int
	prop    func(s *seq.Seq, target int, vals [][]any) bool
	batches int
	trials  int
}

func (f *fakeOracle) oracle(trials []Trial) []bool {
	f.batches++
	f.trials += len(trials)
	ok := make([]bool, len(trials))
	for i, tr := range trials {
		if err := wellTyped(f.prog, tr); err != nil {
			f.t.Fatalf("ill-typed candidate %s: %v", tr.Seq.Key(), err)
		}
		if op := tr.Seq.Stmts[tr.Target].Op; op != f.targOp {
			f.t.Fatalf("target moved to op %d in %s@%d", op, tr.Seq.Key(), tr.Target)
		}
		vals := run(f.prog, tr.Seq)
		ok[i] = vals != nil && f.prop(tr.Seq, tr.Target, vals)
	}
	return ok
}

// builder is a tiny sequence builder: statements by op name.
type builder struct {
	ops map[string]int
	s   seq.Seq
}

func (b *builder) add(name string, args ...seq.Arg) int {
	id, ok := b.ops[name]
	if !ok {
		panic("no op " + name)
	}
	b.s.Stmts = append(b.s.Stmts, seq.Stmt{Op: id, Args: args})
	return len(b.s.Stmts) - 1
}

// ref is the first result of statement s.
func ref(s int) seq.Arg { return seq.Ref(s, 0) }

// pretty renders a sequence for failure messages and golden comparisons.
func pretty(prog *model.Program, s *seq.Seq) string {
	var b strings.Builder
	for i, st := range s.Stmts {
		fmt.Fprintf(&b, "v%d = %s(", i, prog.Ops[st.Op].Name)
		for j, a := range st.Args {
			if j > 0 {
				b.WriteString(", ")
			}
			if a.IsLit {
				b.WriteString(a.Lit.Key())
			} else {
				fmt.Fprintf(&b, "v%d", a.Stmt)
				if a.Result > 0 {
					fmt.Fprintf(&b, ".%d", a.Result)
				}
			}
		}
		b.WriteString("); ")
	}
	return strings.TrimSuffix(b.String(), " ")
}

// TestMinimizeToCallWithFive: the property is "the target calls Use with
// argument 5"; everything else goes, and 5 stays 5.
func TestMinimizeToCallWithFive(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	x := b.add("NewBox", modeltest.Int(3))
	b.add("Box.Set", ref(x), modeltest.Int(9))
	y := b.add("Twice", modeltest.Int(7))
	b.add("Use", ref(y))
	b.add("NewSq", modeltest.Int(2))
	target := b.add("Use", modeltest.Int(5))
	b.add("Box.Get", ref(x))
	b.add("Concat", modeltest.Str("hello"), seq.LitArg(seq.Lit{Kind: seq.LitSlice}))
	f := &fakeOracle{t: t, prog: prog, targOp: ops["Use"], prop: func(s *seq.Seq, tg int, vals [][]any) bool {
		a := s.Stmts[tg].Args[0]
		return a.IsLit && a.Lit.I == 5
	}}
	got, gt := Minimize(prog, &b.s, target, f.oracle)
	if want := "v0 = Use(i5);"; pretty(prog, got) != want || gt != 0 {
		t.Errorf("got %s (target %d), want %s (target 0)", pretty(prog, got), gt, want)
	}
	t.Logf("%d batches, %d trials", f.batches, f.trials)
}

// TestReplacementShortensChain is Randoop's Poly example in small: the
// target's receiver comes through a chain of Wraps that deletion cannot
// remove (each feeds the next); replacing the chain's end with the value it
// started from removes it.
func TestReplacementShortensChain(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	a := b.add("NewBox", modeltest.Int(4))
	w1 := b.add("Wrap", ref(a))
	w2 := b.add("Wrap", ref(w1))
	w3 := b.add("Wrap", ref(w2))
	b.add("Box.Set", ref(w2), modeltest.Int(8))
	target := b.add("Box.Get", ref(w3))
	f := &fakeOracle{t: t, prog: prog, targOp: ops["Box.Get"], prop: func(s *seq.Seq, tg int, vals [][]any) bool {
		return vals[tg][0] == 8
	}}
	got, gt := Minimize(prog, &b.s, target, f.oracle)
	// Deletion alone cannot shorten the chain; replacing the last Wrap by
	// the box it wraps removes all of it. Set stays (the box must hold 8)
	// and NewBox(4) becomes NewBox(0).
	want := "v0 = NewBox(i0); v1 = Box.Set(v0, i8); v2 = Box.Get(v0);"
	if pretty(prog, got) != want || gt != 2 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}
}

// TestReplacementRespectsTypes: a value used as both a Shape and a *Sq can
// only be replaced by a *Sq, never by the *Circ that is also in the
// sequence; a *Box receiver never becomes a literal; a Money receiver may.
// The oracle accepts everything that runs, so only typing limits the
// minimizer, and wellTyped checks every candidate.
func TestReplacementRespectsTypes(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	c := b.add("NewCirc", modeltest.Int(1))
	q0 := b.add("NewSq", modeltest.Int(1))
	q := b.add("NewSq", modeltest.Int(3))
	b.add("Sq.Grow", ref(q), ref(q0))
	b.add("Circ.Area", ref(c))
	target := b.add("Describe", ref(q), ref(q))
	f := &fakeOracle{t: t, prog: prog, targOp: ops["Describe"], prop: func(*seq.Seq, int, [][]any) bool { return true }}
	got, gt := Minimize(prog, &b.s, target, f.oracle)
	// Deletion keeps q's producer; replacement swaps nothing ill-typed;
	// NewSq(3) becomes NewSq(0).
	if want := "v0 = NewSq(i0); v1 = Describe(v0, v0);"; pretty(prog, got) != want || gt != 1 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}

	// Money receiver: the chain Cents(n) is replaced by a literal receiver.
	b = &builder{ops: ops}
	n := b.add("Twice", modeltest.Int(250))
	m := b.add("Cents", ref(n))
	target = b.add("Money.Dollars", ref(m))
	f = &fakeOracle{t: t, prog: prog, targOp: ops["Money.Dollars"], prop: func(*seq.Seq, int, [][]any) bool { return true }}
	got, gt = Minimize(prog, &b.s, target, f.oracle)
	if want := "v0 = Money.Dollars(i0);"; pretty(prog, got) != want || gt != 0 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}

	// *Box receiver: never a literal, whatever the oracle would accept.
	b = &builder{ops: ops}
	x := b.add("NewBox", modeltest.Int(2))
	w := b.add("Wrap", ref(x))
	target = b.add("Box.Get", ref(w))
	f = &fakeOracle{t: t, prog: prog, targOp: ops["Box.Get"], prop: func(*seq.Seq, int, [][]any) bool { return true }}
	got, gt = Minimize(prog, &b.s, target, f.oracle)
	if want := "v0 = NewBox(i0); v1 = Box.Get(v0);"; pretty(prog, got) != want || gt != 1 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}
}

// TestConstructorReplacement: a value built by a chain is replaced by a
// one-statement constructor with literal arguments when nothing in the
// sequence fits.
func TestConstructorReplacement(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	v := b.add("Twice", modeltest.Int(3))
	v2 := b.add("Twice", ref(v))
	q := b.add("NewSq", ref(v2))
	target := b.add("Sq.Area", ref(q))
	// Keep: Area is a square number at least 1 (the receiver is non-zero).
	f := &fakeOracle{t: t, prog: prog, targOp: ops["Sq.Area"], prop: func(s *seq.Seq, tg int, vals [][]any) bool {
		return vals[tg][0].(int) >= 1
	}}
	got, gt := Minimize(prog, &b.s, target, f.oracle)
	if want := "v0 = NewSq(i1); v1 = Sq.Area(v0);"; pretty(prog, got) != want || gt != 1 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}
}

// TestComponentReplacement: with a replacement set, a long chain is
// replaced by a shorter component sequence of the right type (Randoop's
// S_R).
func TestComponentReplacement(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	n := b.add("Twice", modeltest.Int(3))
	a := b.add("NewBox", ref(n))
	w := b.add("Wrap", ref(a))
	target := b.add("Box.Get", ref(w))
	prop := func(s *seq.Seq, tg int, vals [][]any) bool { return vals[tg][0] == 6 }
	find := &builder{ops: ops}
	find.add("Find", modeltest.Str("x")) // a *Box holding 0: not this one
	six := &builder{ops: ops}
	six.add("NewBox", modeltest.Int(6))
	opts := Options{Components: []Component{{Seq: &find.s}, {Seq: &six.s}}}
	f := &fakeOracle{t: t, prog: prog, targOp: ops["Box.Get"], prop: prop}
	r := MinimizeWith(prog, &b.s, target, f.oracle, opts)
	// The Wrap goes for the box it wraps; the box's own chain
	// (Twice(3), NewBox) has no literal or constructor replacement that
	// holds 6, but the component NewBox(6) does.
	if want := "v0 = NewBox(i6); v1 = Box.Get(v0);"; pretty(prog, r.Seq) != want || r.Target != 1 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, r.Seq), r.Target, want)
	}
	// Without the replacement set, the chain stays.
	f = &fakeOracle{t: t, prog: prog, targOp: ops["Box.Get"], prop: prop}
	r = MinimizeWith(prog, &b.s, target, f.oracle, Options{})
	if want := "v0 = Twice(i3); v1 = NewBox(v0); v2 = Box.Get(v1);"; pretty(prog, r.Seq) != want {
		t.Errorf("without components: got %s, want %s", pretty(prog, r.Seq), want)
	}
}

// TestLiteralSimplification: numbers, strings and slices shrink as far as
// the property allows.
func TestLiteralSimplification(t *testing.T) {
	prog, ops := testProgram(t)
	b := &builder{ops: ops}
	xs := seq.Lit{Kind: seq.LitSlice, Elems: []seq.Lit{{Kind: seq.LitInt, I: 3}, {Kind: seq.LitInt, I: 9}, {Kind: seq.LitInt, I: 100}, {Kind: seq.LitInt, I: 4}}}
	target := b.add("Concat", modeltest.Str("hello world"), seq.LitArg(xs))
	u := b.add("Use", modeltest.Int(100))
	_ = u
	f := &fakeOracle{t: t, prog: prog, targOp: ops["Concat"], prop: func(s *seq.Seq, tg int, vals [][]any) bool {
		st := s.Stmts[tg]
		if len(st.Args[0].Lit.S) < 3 {
			return false
		}
		l := st.Args[1].Lit
		if l.Kind != seq.LitSlice || len(l.Elems) < 2 {
			return false
		}
		big := false
		for _, e := range l.Elems {
			big = big || e.I > 7
		}
		if !big {
			return false
		}
		// The statement after the target must stay and pass a value > 7.
		return len(s.Stmts) == 2 && s.Stmts[1].Args[0].Lit.I > 7
	}}
	got, gt := Minimize(prog, &b.s, target, f.oracle)
	if want := `v0 = Concat("llo", [i0,i8]); v1 = Use(i8);`; pretty(prog, got) != want || gt != 0 {
		t.Errorf("got %s (target %d), want %s", pretty(prog, got), gt, want)
	}
}

// randomSeq builds a random valid sequence over the test program.
func randomSeq(prog *model.Program, rng *rand.Rand, n int) *seq.Seq {
	s := &seq.Seq{}
	for len(s.Stmts) < n {
		op := prog.Ops[rng.IntN(len(prog.Ops))]
		args := make([]seq.Arg, len(op.Params))
		ok := true
		for k, p := range op.Params {
			var refs []seq.Arg
			for i, st := range s.Stmts {
				pop := prog.Ops[st.Op]
				for j, rt := range pop.Results {
					if reusable(pop, j) && types.AssignableTo(rt, p.Type) {
						refs = append(refs, seq.Ref(i, j))
					}
				}
			}
			switch {
			case len(refs) > 0 && (p.Recv || rng.IntN(3) > 0) && !(p.Recv && p.Lit == model.LitInt):
				args[k] = refs[rng.IntN(len(refs))]
			case p.Lit == model.LitInt:
				args[k] = modeltest.Int(int64(rng.IntN(20) - 5))
			case p.Lit == model.LitString:
				args[k] = modeltest.Str("abcdef"[:rng.IntN(6)])
			case p.Lit == model.LitSlice:
				args[k] = seq.LitArg(seq.Lit{Kind: seq.LitSlice, Elems: []seq.Lit{{Kind: seq.LitInt, I: int64(rng.IntN(9))}}})
			default:
				ok = false
			}
		}
		if ok {
			s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
		}
	}
	return s
}

// show prints interpreter values by content, not address.
func show(vals []any) string {
	var parts []string
	for _, v := range vals {
		switch v := v.(type) {
		case *box, *sq, *circ:
			if fmt.Sprint(v) == "<nil>" {
				parts = append(parts, "nil")
				continue
			}
		}
		switch v := v.(type) {
		case *box:
			parts = append(parts, fmt.Sprintf("box%+v", *v))
		case *sq:
			parts = append(parts, fmt.Sprintf("sq%+v", *v))
		case *circ:
			parts = append(parts, fmt.Sprintf("circ%+v", *v))
		default:
			parts = append(parts, fmt.Sprint(v))
		}
	}
	return strings.Join(parts, ",")
}

// TestRandomSequences: on random sequences with a property that depends
// on values ("the target's integer results are unchanged"), every
// candidate is well typed, the result is valid and keeps the property,
// minimization is deterministic, and no single statement of the result
// can still be deleted.
func TestRandomSequences(t *testing.T) {
	prog, _ := testProgram(t)
	rng := rand.New(rand.NewPCG(7, 7))
	shrunk, total := 0, 0
	for iter := 0; iter < 60; iter++ {
		s := randomSeq(prog, rng, 6+rng.IntN(20))
		vals := run(prog, s)
		if vals == nil {
			continue
		}
		target := len(s.Stmts) - 1
		for target > 0 && len(prog.Ops[s.Stmts[target].Op].Results) == 0 {
			target--
		}
		want := show(vals[target])
		f := &fakeOracle{t: t, prog: prog, targOp: s.Stmts[target].Op, prop: func(s *seq.Seq, tg int, vals [][]any) bool {
			return show(vals[tg]) == want
		}}
		r1 := MinimizeWith(prog, s, target, f.oracle, Options{})
		r2 := MinimizeWith(prog, s.Clone(), target, f.oracle, Options{})
		if r1.Seq.Key() != r2.Seq.Key() || r1.Target != r2.Target || r1.Trials != r2.Trials {
			t.Fatalf("not deterministic:\n%s\n%s", pretty(prog, r1.Seq), pretty(prog, r2.Seq))
		}
		if !valid(r1.Seq) {
			t.Fatalf("invalid result %s", r1.Seq.Key())
		}
		if got := run(prog, r1.Seq); got == nil || show(got[r1.Target]) != want {
			t.Fatalf("result %s lost the property", pretty(prog, r1.Seq))
		}
		if r1.Seq.Len() > s.Len() {
			t.Fatalf("result longer than input")
		}
		// 1-minimal for single-statement deletion.
		for k := range r1.Seq.Stmts {
			if k == r1.Target {
				continue
			}
			if w, ok := r1.Seq.Without(k); ok {
				tg := r1.Target
				if k < tg {
					tg--
				}
				if v := run(prog, w); v != nil && show(v[tg]) == want {
					t.Errorf("statement %d of %s is still deletable", k, pretty(prog, r1.Seq))
				}
			}
		}
		shrunk += r1.Seq.Len()
		total += s.Len()
	}
	t.Logf("random sequences: %d statements minimized to %d", total, shrunk)
}

// TestTrialBudget: with a budget of a few trials, Minimize stops early and
// still returns a valid sequence the oracle accepted (or the input).
func TestTrialBudget(t *testing.T) {
	prog, _ := testProgram(t)
	rng := rand.New(rand.NewPCG(3, 3))
	s := randomSeq(prog, rng, 30)
	calls := 0
	keep := func(trials []Trial) []bool {
		calls += len(trials)
		ok := make([]bool, len(trials))
		for i := range ok {
			ok[i] = run(prog, trials[i].Seq) != nil
		}
		return ok
	}
	r := MinimizeWith(prog, s, len(s.Stmts)-1, keep, Options{MaxTrials: 5})
	if calls > 5 || r.Trials > 5 {
		t.Errorf("ran %d trials with a budget of 5", calls)
	}
	if !valid(r.Seq) {
		t.Errorf("invalid result")
	}
}
