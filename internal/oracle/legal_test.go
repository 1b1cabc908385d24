package oracle

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// The findings standard (docs/findings.md): each rule on a test that
// breaks it, and legal tests that must stay findings.
func TestIllegal(t *testing.T) {
	prog := testProgram(t)
	newStack, push, boom := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Stack.Push"), modeltest.Op(t, prog, "Boom")
	newV, equal := modeltest.Op(t, prog, "NewV"), modeltest.Op(t, prog, "V.Equal")
	nilArg := seq.LitArg(seq.Lit{Kind: seq.LitNil})
	tests := []struct {
		name   string
		s      *seq.Seq
		nilAt  int // statement whose first result was nil in the run; -1 none
		docs   string
		reason string // prefix of the reason; "" for legal
	}{
		{name: "legal", s: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(push, seq.Ref(0, 0), modeltest.Int(1)), modeltest.Call(boom, seq.Ref(0, 0))), nilAt: -1},
		{name: "nil literal in an earlier call", s: modeltest.Seq(modeltest.Call(boom, nilArg), modeltest.Call(newStack), modeltest.Call(boom, seq.Ref(1, 0))), nilAt: -1,
			reason: "statement 0 passes a nil literal"},
		{name: "nil value", s: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(boom, seq.Ref(0, 0))), nilAt: 0,
			reason: "statement 1 passes a nil value"},
		{name: "zero value of a constructed type", s: modeltest.Seq(modeltest.Call(modeltest.OpOfKind(t, prog, model.Zero, "V")), modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(equal, seq.Ref(0, 0), seq.Ref(1, 0))), nilAt: -1,
			reason: "the zero value of V"},
		{name: "value passed with itself", s: modeltest.Seq(modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(equal, seq.Ref(0, 0), seq.Ref(0, 0))), nilAt: -1,
			reason: "statement 1 (V.Equal) passes a value together with one built from it"},
		{name: "documented panic", s: modeltest.Seq(modeltest.Call(newStack), modeltest.Call(boom, seq.Ref(0, 0))), nilAt: -1, docs: "Boom panics on an empty stack.",
			reason: "Boom documents its panics"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			boom.DocPanics = tc.docs
			defer func() { boom.DocPanics = "" }()
			res := &rt.Result{Stmts: make([]rt.StmtResult, tc.s.Len())}
			for i := range res.Stmts {
				setVals(res, i, []tv{{Nil: i == tc.nilAt}})
			}
			got := Illegal(prog, tc.s, res, tc.s.Len()-1)
			if (got == "") != (tc.reason == "") || !strings.HasPrefix(got, tc.reason) {
				t.Errorf("Illegal = %q, want %q", got, tc.reason)
			}
		})
	}
}

// Self-wiring through what a mutating call stored: y.UnmarshalText(b)
// stores b, built from x, into y, so a later call passing x and y ties x to
// itself.
func TestSelfWiredThroughMutation(t *testing.T) {
	prog := testProgram(t)
	newV, equal := modeltest.Op(t, prog, "NewV"), modeltest.Op(t, prog, "V.Equal")
	unmarshal := modeltest.Op(t, prog, "V.UnmarshalText")
	marshal := modeltest.Op(t, prog, "V.MarshalText")
	// x := NewV(1); b := x.MarshalText(); y := NewV(2); y.UnmarshalText(b)
	// stores b (built from x) into y; then x.Equal(y) ties x to itself.
	s := modeltest.Seq(modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(marshal, seq.Ref(0, 0)), modeltest.Call(newV, modeltest.Int(2)),
		modeltest.Call(unmarshal, seq.Ref(2, 0), seq.Ref(1, 0)), modeltest.Call(equal, seq.Ref(0, 0), seq.Ref(2, 0)))
	if got := selfWired(prog, s); !strings.HasPrefix(got, "statement 4") {
		t.Errorf("selfWired = %q, want statement 4", got)
	}
	// Without the mutation, two independent values are fine.
	s = modeltest.Seq(modeltest.Call(newV, modeltest.Int(1)), modeltest.Call(newV, modeltest.Int(2)), modeltest.Call(equal, seq.Ref(0, 0), seq.Ref(1, 0)))
	if got := selfWired(prog, s); got != "" {
		t.Errorf("selfWired = %q for independent values", got)
	}
}

// A zero value of another package's type, borrowed by the detective to
// satisfy an interface, is illegal when that package exports a constructor
// of the type (the class of a zero io.OffsetWriter passed as an io.Writer),
// and legal when it exports none.
func TestIllegalZeroOfConstructedDependencyType(t *testing.T) {
	const depSrc = `package dep

type W struct{ n *int }

func (w *W) Write(p []byte) (int, error) { return *w.n + len(p), nil }

func NewW() *W { n := 0; return &W{n: &n} }

type Plain struct{}

func (Plain) Write(p []byte) (int, error) { return len(p), nil }

// R is built only behind an interface, and its unexported func field needs
// the constructor.
type R struct{ next func() int }

func (r *R) Read(p []byte) (int, error) { return r.next(), nil }

func NewR() interface{ Read([]byte) (int, error) } { return &R{next: func() int { return 0 }} }

// Open's error result does not make it a constructor of Failure.
type Failure struct{ cause *string }

func (f *Failure) Error() string { return *f.cause }

func Open() (*W, error) { return nil, nil }

// Conv's exported interface field is the client's to set.
type Conv struct{ Converter interface{ Convert() } }

// Cons are built as a slice: NewCons constructs Con.
type Con struct{ f func() bool }

type Cons []*Con

func NewCons(s string) (Cons, error) { return nil, nil }

// Entry wraps what only an unexported helper sets.
type Entry struct{ fi interface{ Name() string } }

func (e *Entry) Name() string { return e.fi.Name() }

// Set's nil map is its own bug: no rule hides it.
type Set struct{ m map[string]bool }

func (s *Set) Add(k string) { s.m[k] = true }
`
	dep := modeltest.Check(t, "example.com/dep", depSrc)
	for _, tc := range []struct {
		typ, reason string
	}{
		{"W", "the zero value of W, which dep.NewW constructs"},
		{"Plain", ""},
		{"R", "the zero value of R, which dep.NewR constructs"},
		{"Failure", ""},
		{"Conv", "the zero value of Conv leaves its field Converter nil"},
		{"Con", "the zero value of Con, which dep.NewCons constructs"},
		{"Entry", "the zero value of Entry leaves its unexported field fi nil, which no client can set"},
		{"Set", ""},
	} {
		if got := illegalZeroOf(t, dep, tc.typ, true); got != tc.reason {
			t.Errorf("%s: Illegal = %q, want %q", tc.typ, got, tc.reason)
		}
	}
	// Of a package the target does not import (os.File, borrowed through
	// fmt), a warm run's export data shows no constructor: unexported
	// state the zero value leaves unset is illegal there, and, so that
	// both runs agree, everywhere.
	for _, tc := range []struct {
		typ, reason string
	}{
		{"Plain", ""},
		{"Failure", "the zero value of Failure, whose unexported state no client can set"},
		{"Set", "the zero value of Set, whose unexported state no client can set"},
		{"W", "the zero value of W, which dep.NewW constructs"},
	} {
		if got := illegalZeroOf(t, dep, tc.typ, false); got != tc.reason {
			t.Errorf("%s, not imported: Illegal = %q, want %q", tc.typ, got, tc.reason)
		}
	}
}

// illegalZeroOf judges a test that passes the detective's zero value of
// dep's type typ to the test program's NewStack and then calls Boom, with
// the program's package importing dep or not.
func illegalZeroOf(t *testing.T, dep *types.Package, typ string, imported bool) string {
	t.Helper()
	prog := testProgram(t)
	if imported {
		prog.Pkg.SetImports(append(prog.Pkg.Imports(), dep))
	}
	n := dep.Scope().Lookup(typ).(*types.TypeName).Type().(*types.Named)
	zero := &model.Op{ID: len(prog.Ops), Kind: model.Zero, Name: typ, Type: n, Ptr: true,
		Results: []types.Type{types.NewPointer(n)}, Detective: true}
	prog.Ops = append(prog.Ops, zero)
	newStack, boom := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Boom")
	s := modeltest.Seq(modeltest.Call(zero), modeltest.Call(newStack), modeltest.Call(boom, seq.Ref(1, 0)))
	return Illegal(prog, s, nil, s.Len()-1)
}

// Rule 5, accessors before the advance: a type whose docs say its Next
// must return true before Value is read. Value on a fresh iterator, after
// Next returned false, or after Reset put it back is the caller skipping
// the protocol; Value after Next returned true, through any &it, is legal.
func TestIllegalBeforeAdvance(t *testing.T) {
	const src = `package it

type List struct{ head *node }

type node struct {
	v    int
	next *node
}

func NewList(xs ...int) *List { return &List{} }

type Iter struct {
	l       *List
	cur     *node
	started bool
}

func (l *List) Iter() Iter { return Iter{l: l} }

func (it *Iter) Next() bool { return false }

func (it *Iter) Reset() {}

func (it *Iter) Value() int { return it.cur.v }
`
	pkg := modeltest.Check(t, "example.com/it", src)
	build := func(documented bool) *model.Program {
		return model.Build(pkg, model.Options{
			Effects: func(fn *types.Func) model.Effects {
				if fn.Name() == "Value" {
					return model.Effects{Known: true, Pure: true}
				}
				return model.Effects{Known: true, MutatesRecv: true}
			},
			DocAdvance: func(fn *types.Func) string {
				if documented && fn.Name() == "Next" {
					return "Call Next before Value."
				}
				return ""
			},
		})
	}
	prog := build(true)
	newList, iter, addr := modeltest.Op(t, prog, "NewList"), modeltest.Op(t, prog, "List.Iter"), modeltest.Op(t, prog, "Iter")
	next, reset, value := modeltest.Op(t, prog, "Iter.Next"), modeltest.Op(t, prog, "Iter.Reset"), modeltest.Op(t, prog, "Iter.Value")
	if addr.Kind != model.Addr {
		t.Fatalf("Iter is %v, want the address operation", addr.Kind)
	}
	// l := NewList(); it := l.Iter(); p := &it; then the steps; the last
	// statement reads p.Value() (or q.Value() through a second &it).
	prefix := []seq.Stmt{modeltest.Call(newList), modeltest.Call(iter, seq.Ref(0, 0)), modeltest.Call(addr, seq.Ref(1, 0))}
	p := seq.Ref(2, 0)
	const illegal = "Iter.Value reads a value no advance has positioned"
	for _, tc := range []struct {
		name   string
		steps  []seq.Stmt
		nexts  []bool // what each Next returned, in order
		reason string
	}{
		{name: "fresh iterator", steps: []seq.Stmt{modeltest.Call(value, p)}, reason: illegal},
		{name: "after Next returned true", steps: []seq.Stmt{modeltest.Call(next, p), modeltest.Call(value, p)}, nexts: []bool{true}},
		{name: "after Next returned false", steps: []seq.Stmt{modeltest.Call(next, p), modeltest.Call(value, p)}, nexts: []bool{false}, reason: illegal},
		{name: "after Next true then false", steps: []seq.Stmt{modeltest.Call(next, p), modeltest.Call(next, p), modeltest.Call(value, p)}, nexts: []bool{true, false}, reason: illegal},
		{name: "after Reset", steps: []seq.Stmt{modeltest.Call(next, p), modeltest.Call(reset, p), modeltest.Call(value, p)}, nexts: []bool{true}, reason: illegal},
		{name: "through another address", steps: []seq.Stmt{modeltest.Call(next, p), modeltest.Call(addr, seq.Ref(1, 0)), modeltest.Call(value, seq.Ref(4, 0))}, nexts: []bool{true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := modeltest.Seq(append(append([]seq.Stmt{}, prefix...), tc.steps...)...)
			res := &rt.Result{Stmts: make([]rt.StmtResult, s.Len())}
			k := 0
			for i, st := range s.Stmts {
				if st.Op == next.ID {
					setVals(res, i, []tv{{Type: "bool", Hash: rt.Hash(tc.nexts[k])}})
					k++
				}
			}
			got := Illegal(prog, s, res, s.Len()-1)
			if (got == "") != (tc.reason == "") || !strings.HasPrefix(got, tc.reason) {
				t.Errorf("Illegal = %q, want %q", got, tc.reason)
			}
		})
	}
	// Without a documented protocol the same panic is a finding: the
	// rule reads the docs, not the method names.
	undocumented := build(false)
	s := modeltest.Seq(modeltest.Call(modeltest.Op(t, undocumented, "NewList")), modeltest.Call(modeltest.Op(t, undocumented, "List.Iter"), seq.Ref(0, 0)),
		modeltest.Call(modeltest.Op(t, undocumented, "Iter"), seq.Ref(1, 0)), modeltest.Call(modeltest.Op(t, undocumented, "Iter.Value"), seq.Ref(2, 0)))
	if got := Illegal(undocumented, s, nil, s.Len()-1); got != "" {
		t.Errorf("undocumented protocol: Illegal = %q, want legal", got)
	}
}

// A callback that returns nil is a nil input (mime's WordDecoder with a
// CharsetReader returning (nil, nil)); a value that needs Reset(args) is
// illegal until Reset, unless a constructor taking those arguments made it
// (msgpack's GetEncoder hands out an Encoder with no writer).
func TestIllegalNilCallbackAndNotReset(t *testing.T) {
	const src = `package enc

import "io"

type Decoder struct{ Reader func(string) (io.Reader, error) }

func (d *Decoder) Decode(s string) (string, error) { return "", nil }

type Filter func(string) bool

func Apply(f Filter, s string) bool { return f(s) }

type Encoder struct{ w io.Writer }

func NewEncoder(w io.Writer) *Encoder  { return &Encoder{w: w} }
func GetEncoder() *Encoder             { return NewEncoder(nil) }
func (e *Encoder) Reset(w io.Writer)   { e.w = w }
func (e *Encoder) EncodeString(s string) error { _, err := io.WriteString(e.w, s); return err }

func Discard() io.Writer { return io.Discard }
`
	pkg := modeltest.Check(t, "example.com/enc", src)
	prog := model.Build(pkg, model.Options{})
	lit := func(typ, variant string) *model.Op {
		for _, op := range prog.Ops {
			if op.Kind == model.FuncLit && op.Variant == variant && strings.HasSuffix(types.TypeString(op.Type, nil), typ) {
				return op
			}
		}
		t.Fatalf("no %s literal of %s", variant, typ)
		return nil
	}
	readerLit := &model.Op{ID: len(prog.Ops), Kind: model.FuncLit, Name: "func", Variant: model.FuncZero,
		Type: types.NewSignatureType(nil, nil, nil,
			types.NewTuple(types.NewParam(0, nil, "", types.Typ[types.String])),
			types.NewTuple(types.NewParam(0, nil, "", pkg.Scope().Lookup("Decoder").Type().Underlying().(*types.Struct).Field(0).Type().(*types.Signature).Results().At(0).Type()),
				types.NewParam(0, nil, "", errorType)), false)}
	prog.Ops = append(prog.Ops, readerLit)
	get, newEnc, reset, encode, discard := modeltest.Op(t, prog, "GetEncoder"), modeltest.Op(t, prog, "NewEncoder"),
		modeltest.Op(t, prog, "Encoder.Reset"), modeltest.Op(t, prog, "Encoder.EncodeString"), modeltest.Op(t, prog, "Discard")
	tests := []struct {
		name   string
		s      *seq.Seq
		reason string
	}{
		{"callback returns a nil reader", modeltest.Seq(modeltest.Call(readerLit)), "statement 0 is a function literal that returns a nil io.Reader"},
		{"predicate literal", modeltest.Seq(modeltest.Call(lit("Filter", model.FuncRecordFalse)), modeltest.Call(modeltest.Op(t, prog, "Apply"), seq.Ref(0, 0), modeltest.Str("x"))), ""},
		{"pooled, not reset", modeltest.Seq(modeltest.Call(get), modeltest.Call(encode, seq.Ref(0, 0), modeltest.Str("x"))), "Encoder.EncodeString uses a value from GetEncoder before Encoder.Reset initialized it"},
		{"pooled, then reset", modeltest.Seq(modeltest.Call(get), modeltest.Call(discard), modeltest.Call(reset, seq.Ref(0, 0), seq.Ref(1, 0)), modeltest.Call(encode, seq.Ref(0, 0), modeltest.Str("x"))), ""},
		{"constructed with a writer", modeltest.Seq(modeltest.Call(discard), modeltest.Call(newEnc, seq.Ref(0, 0)), modeltest.Call(encode, seq.Ref(1, 0), modeltest.Str("x"))), ""},
	}
	for _, tc := range tests {
		if got := Illegal(prog, tc.s, nil, tc.s.Len()-1); got != tc.reason {
			t.Errorf("%s: Illegal = %q, want %q", tc.name, got, tc.reason)
		}
	}
}

// A conversion to an enum type of a value that is none of its declared
// constants is illegal input (ast.ObjKind(10).String() indexes past its
// table of names); to a named integer type without constants, any value
// is legal.
func TestIllegalOutsideEnum(t *testing.T) {
	const src = `package k

type Kind int

const (
	Bad Kind = iota
	Pkg
	Var
)

func (k Kind) String() string { return [...]string{"bad", "package", "var"}[k] }

type Size int

func (s Size) String() string { return "" }
`
	pkg := modeltest.Check(t, "example.com/k", src)
	prog := model.Build(pkg, model.Options{})
	var kind, size *model.Op
	for _, op := range prog.Ops {
		if op.Kind == model.Convert && op.Name == "Kind" {
			kind = op
		}
		if op.Kind == model.Convert && op.Name == "Size" {
			size = op
		}
	}
	if kind == nil || size == nil {
		t.Fatal("no conversions to Kind and Size in the model")
	}
	for _, tc := range []struct {
		s    *seq.Seq
		want string
	}{
		{modeltest.Seq(modeltest.Call(kind, modeltest.Int(1))), ""},
		{modeltest.Seq(modeltest.Call(kind, modeltest.Int(10))), "statement 0 converts 10 to Kind, which is none of its declared constants"},
		{modeltest.Seq(modeltest.Call(kind, modeltest.Int(-24))), "statement 0 converts -24 to Kind, which is none of its declared constants"},
		{modeltest.Seq(modeltest.Call(size, modeltest.Int(10))), ""},
	} {
		if got := Illegal(prog, tc.s, nil, -1); got != tc.want {
			t.Errorf("%s: Illegal = %q, want %q", tc.s.Key(), got, tc.want)
		}
	}
}

// Rule 9: a struct literal's numeric field is legal only with a value the
// package vouches for — a declared constant of its type, any value when
// nothing in the package makes the type, else a value within the range
// the package's own operations gave the field (never, for a type with
// unexported state the package sets).
func TestIllegalOutsideDomain(t *testing.T) {
	const src = `package m

type Clock struct{ Hour, Minute int }

func ParseClock(s string) (Clock, error) { return Clock{}, nil }
func (c Clock) Later(min int) Clock     { return c }
func (c Clock) String() string          { return "" }
func Twice(n int) int                   { return 2 * n }

type Money struct {
	Amount   int64
	Currency string
}

func (m Money) Equal(o Money) bool { return m == o }

type Span struct {
	text     string
	Pos, Len int
}

type Found struct {
	Span
	Word string
}

func (s Span) String() string         { return s.text[s.Pos : s.Pos+s.Len] }
func Find(text, word string) *Found   { return nil }

type Mode int

const (
	Fast Mode = 1
	Safe Mode = 2
)

type Opts struct{ Mode Mode }

func Default() Opts      { return Opts{Mode: Safe} }
func Apply(o Opts) int { return 0 }
`
	pkg := modeltest.Check(t, "example.com/m", src)
	exported := func(tn *types.TypeName) []string {
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var out []string
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Exported() {
				out = append(out, st.Field(i).Name())
			}
		}
		return out
	}
	prog := model.Build(pkg, model.Options{Construct: &model.Construct{LiteralFields: exported},
		Effects: func(fn *types.Func) model.Effects { return model.Effects{Known: true, Pure: true} }})
	lit := func(name string) *model.Op {
		for _, op := range prog.Ops {
			if op.Kind == model.Composite && op.Name == name && !op.Ptr {
				return op
			}
		}
		t.Fatalf("no literal of %s", name)
		return nil
	}
	clock, money, span, opts := lit("Clock"), lit("Money"), lit("Span"), lit("Opts")
	parse, later, twice := modeltest.Op(t, prog, "ParseClock"), modeltest.Op(t, prog, "Clock.Later"), modeltest.Op(t, prog, "Twice")

	// What the package gave Clock's fields: ParseClock made 00:00 and
	// 23:59; Later on a literal of 99:00 made 99:00 again, which is the
	// literal's word, not the package's.
	clockTree := func(h, m int64) *rt.Tree {
		return &rt.Tree{Kind: rt.TStruct, Named: "example.com/m.Clock", Fields: []string{"Hour", "Minute"},
			Elems: []rt.Tree{{Kind: rt.TInt, I: h}, {Kind: rt.TInt, I: m}}}
	}
	d := newDomains(prog, nil, nil)
	observed := modeltest.Seq(modeltest.Call(parse, modeltest.Str("00:00")), modeltest.Call(parse, modeltest.Str("23:59")),
		modeltest.Call(clock, modeltest.Int(99), modeltest.Int(0)), modeltest.Call(later, seq.Ref(2, 0), modeltest.Int(5)))
	res := rt.NewResult(
		stmtOf([]tv{{Tree: clockTree(0, 0)}, {Nil: true}}...),
		stmtOf([]tv{{Tree: clockTree(23, 59)}, {Nil: true}}...),
		stmtOf([]tv{{Tree: clockTree(99, 0)}}...),
		stmtOf([]tv{{Tree: clockTree(99, 0)}}...),
	)
	observeFields(prog, observed, res, d.fields)

	for _, tc := range []struct {
		name string
		s    *seq.Seq
		d    *domains
		want string // a part of the reason, "" for legal
	}{
		{"in the observed range", modeltest.Seq(modeltest.Call(clock, modeltest.Int(7), modeltest.Int(30))), d, ""},
		{"hour past the range", modeltest.Seq(modeltest.Call(clock, modeltest.Int(25), modeltest.Int(0))), d, "sets Clock.Hour to 25, outside the values ParseClock gives it (it was seen in [0, 23])"},
		{"literal laundered through a method", modeltest.Seq(modeltest.Call(clock, modeltest.Int(50), modeltest.Int(0))), d, "sets Clock.Hour to 50"},
		{"nothing observed", modeltest.Seq(modeltest.Call(clock, modeltest.Int(7), modeltest.Int(30))), nil, "sets Clock.Hour to 7, outside the values ParseClock gives it (no value of it was seen)"},
		{"computed by a call", modeltest.Seq(modeltest.Call(twice, modeltest.Int(50)), modeltest.Call(clock, seq.Ref(0, 0), seq.Ref(0, 0))), nil, ""},
		{"no producer: the client's fields", modeltest.Seq(modeltest.Call(money, modeltest.Int(-37), modeltest.Str("JPY"))), nil, ""},
		{"hidden state", modeltest.Seq(modeltest.Call(span, modeltest.Int(1), modeltest.Int(2))), d, "sets Span.Pos to 1, but Span has unexported state only Find sets"},
		{"declared constant", modeltest.Seq(modeltest.Call(opts, modeltest.Int(2))), nil, ""},
		{"no constant", modeltest.Seq(modeltest.Call(opts, modeltest.Int(7))), nil, "sets Opts.Mode to 7, outside the values Default gives it"},
	} {
		got := outsideDomain(prog, tc.s, tc.d)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s: outsideDomain = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A nil literal in a field of a struct literal is the field left unset
// (yaml.v3's scalar Node has no Alias and no Content): no nil input for a
// candidate (a bounds panic or a hang shows no nil field), still one for a
// nil dereference; a nil passed to a call is one for every kind.
func TestIllegalNilFieldOfLiteral(t *testing.T) {
	const src = `package m

type Node struct {
	Tag     string
	Alias   *Node
	Content []*Node
}

func Encode(n *Node) (string, error) { return n.Tag, nil }
`
	pkg := modeltest.Check(t, "example.com/m", src)
	fields := func(*types.TypeName) []string { return []string{"Tag", "Alias", "Content"} }
	prog := model.Build(pkg, model.Options{Construct: &model.Construct{LiteralFields: fields},
		Effects: func(fn *types.Func) model.Effects { return model.Effects{Known: true, Pure: true} }})
	var lit *model.Op
	for _, op := range prog.Ops {
		if op.Kind == model.Composite && op.Name == "Node" && op.Ptr {
			lit = op
		}
	}
	if lit == nil {
		t.Fatal("no literal &Node{...}")
	}
	encode := modeltest.Op(t, prog, "Encode")
	unset := modeltest.Seq(modeltest.Call(lit, modeltest.Str("\x85"), modeltest.Nil(), modeltest.Nil()), modeltest.Call(encode, seq.Ref(0, 0)))
	if why := illegal(prog, unset, nil, 1, true); why != "" {
		t.Errorf("candidate on a literal with unset fields: illegal (%s), want legal", why)
	}
	if why := illegal(prog, unset, nil, 1, false); !strings.Contains(why, "passes a nil literal") {
		t.Errorf("nil dereference on a literal with unset fields: %q, want a nil input", why)
	}
	// The zero Node leaves its exported Alias nil: a nil input for a nil
	// dereference (rule 2's driver.NotNull{}), not for a candidate.
	var zero *model.Op
	for _, op := range prog.Ops {
		if op.Kind == model.Zero && op.Name == "Node" {
			zero = op
		}
	}
	if zero == nil {
		t.Fatal("no zero Node")
	}
	zeroed := modeltest.Seq(modeltest.Call(zero), modeltest.Call(encode, seq.Ref(0, 0)))
	if why := illegal(prog, zeroed, nil, 1, true); why != "" {
		t.Errorf("candidate on a zero Node: illegal (%s), want legal", why)
	}
	if why := illegal(prog, zeroed, nil, 1, false); !strings.Contains(why, "leaves its field Alias nil") {
		t.Errorf("nil dereference on a zero Node: %q, want its nil field", why)
	}
	toCall := modeltest.Seq(modeltest.Call(encode, modeltest.Nil()))
	if why := illegal(prog, toCall, nil, 0, true); !strings.Contains(why, "passes a nil literal") {
		t.Errorf("candidate with nil passed to the call: %q, want a nil input", why)
	}
}
