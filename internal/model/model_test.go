package model

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The standard library comes from export data through one shared
// importer, so that io.Reader is the same type in every package checked.
var (
	fset    = token.NewFileSet()
	impOnce sync.Once
	imp     types.Importer
)

func stdImporter() types.Importer {
	impOnce.Do(func() { imp = importer.ForCompiler(fset, "gc", nil) })
	return imp
}

// importerFunc imports the given packages, and the standard library.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// check type-checks one file as package path; it may import deps.
func check(t testing.TB, path, src string, deps ...*types.Package) *types.Package {
	t.Helper()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	imp := importerFunc(func(path string) (*types.Package, error) {
		for _, d := range deps {
			if d.Path() == path {
				return d, nil
			}
		}
		return stdImporter().Import(path)
	})
	pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func importStd(t testing.TB, path string) *types.Package {
	t.Helper()
	pkg, err := stdImporter().Import(path)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

const modelSrc = `package p

import "io"

// Stack has a constructor: no zero value, methods on *Stack.
type Stack struct{ xs []int }

func NewStack() *Stack       { return &Stack{} }
func (s *Stack) Push(x int)  { s.xs = append(s.xs, x) }
func (s Stack) Len() int     { return len(s.xs) }

// Point has none: &Point{}.
type Point struct{ X, Y int }

func (p Point) Sum() int { return p.X + p.Y }

// Celsius is a named basic type with methods: a conversion.
type Celsius float64

func (c Celsius) F() float64 { return float64(c)*9/5 + 32 }

// Plain has no methods: no conversion.
type Plain int

func Twice(p Plain) Plain { return 2 * p }

// Generic code, instantiated from the constraints.
type Pair[K comparable, V any] struct {
	k K
	v V
}

func NewPair[K comparable, V any](k K, v V) *Pair[K, V] { return &Pair[K, V]{k, v} }
func (p *Pair[K, V]) Key() K                             { return p.k }

type Number interface{ ~int | ~float64 }

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Stringish interface{ String() string }

func Show[T Stringish](x T) string { return x.String() }

// Shape is returned as an interface; Grow wants the concrete *Sq.
type Shape interface{ Area() int }

type Sq struct{ S int }

func (q *Sq) Area() int { return q.S * q.S }

func NewShape(n int) Shape { return &Sq{n} }
func Grow(q *Sq)           { q.S++ }

// Function-typed parameters.
func Apply(f func(int) int, x int) int                 { return f(x) }
func Filter(xs []string, keep func(string) bool) []string { return xs }
func SortBy(xs []int, less func(a, b int) bool)        {}

// An input only another package produces.
func Count(r io.Reader) int { return 0 }

type hidden struct{}

func UsesHidden(h hidden) {}

func Remove(path string) error { return nil }

// Dec wants its Unmarshal receiver fresh.
type Dec struct{ b []byte }

func NewDec() *Dec                          { return &Dec{} }
func (d *Dec) UnmarshalText(b []byte) error { d.b = b; return nil }
`

func modelPkg(t testing.TB) *types.Package { return check(t, "example.com/p", modelSrc) }

// ops returns the operations by kind and name ("Method Stack.Push").
func ops(prog *Program) map[string][]*Op {
	m := map[string][]*Op{}
	for _, op := range prog.Ops {
		k := kindName[op.Kind] + " " + op.Name
		m[k] = append(m[k], op)
	}
	return m
}

var kindName = map[Kind]string{Call: "Call", Method: "Method", Zero: "Zero", Convert: "Convert", Assert: "Assert", FuncLit: "FuncLit", Addr: "Addr", SetField: "SetField"}

func one(t *testing.T, m map[string][]*Op, key string) *Op {
	t.Helper()
	if len(m[key]) != 1 {
		t.Fatalf("%s: %d operations, want 1", key, len(m[key]))
	}
	return m[key][0]
}

func ts(t types.Type) string { return types.TypeString(t, (*types.Package).Name) }

func paramTypes(op *Op) string {
	var s []string
	for _, p := range op.Params {
		s = append(s, ts(p.Type))
	}
	return strings.Join(s, ", ")
}

func TestBuildFunctionsAndMethods(t *testing.T) {
	prog := Build(modelPkg(t), Options{})
	m := ops(prog)
	for i, op := range prog.Ops {
		if op.ID != i {
			t.Fatalf("op %s has ID %d at index %d", op.FullName(), op.ID, i)
		}
	}

	ns := one(t, m, "Call NewStack")
	if !ns.UnderTest || ns.Detective || len(ns.Params) != 0 || ts(ns.Results[0]) != "*p.Stack" {
		t.Errorf("NewStack: %+v", ns)
	}
	// Methods take the receiver as Params[0]; a value-receiver method of
	// a type the package returns by pointer is called on the pointer.
	for _, name := range []string{"Stack.Push", "Stack.Len"} {
		op := one(t, m, "Method "+name)
		if !op.Params[0].Recv || ts(op.Params[0].Type) != "*p.Stack" {
			t.Errorf("%s: receiver %s, want *p.Stack", name, paramTypes(op))
		}
	}
	if p := one(t, m, "Method Stack.Push").Params[1]; p.Lit != LitInt || p.Name != "x" {
		t.Errorf("Push's parameter: %+v, want x, an int literal", p)
	}
	if len(m["Zero Stack"]) != 0 {
		t.Errorf("Stack has a constructor but got a zero value")
	}
	// A struct nothing constructs gets &T{}, and its value-receiver
	// methods are called on *T.
	z := one(t, m, "Zero Point")
	if !z.Ptr || ts(z.Results[0]) != "*p.Point" {
		t.Errorf("Zero Point: ptr %v, results %v", z.Ptr, z.Results)
	}
	if got := paramTypes(one(t, m, "Method Point.Sum")); got != "*p.Point" {
		t.Errorf("Point.Sum receiver %s, want *p.Point", got)
	}
	// A named basic type with methods gets a conversion from a literal;
	// one without methods does not (its parameters take literals).
	cv := one(t, m, "Convert Celsius")
	if cv.Params[0].Lit != LitFloat || ts(cv.Results[0]) != "p.Celsius" || cv.FullName() != "conversion to example.com/p.Celsius" {
		t.Errorf("Convert Celsius: %+v", cv)
	}
	if len(m["Convert Plain"]) != 0 {
		t.Errorf("Plain has no methods but got a conversion")
	}
	if p := one(t, m, "Call Twice").Params[0]; p.Lit != LitInt {
		t.Errorf("Twice(Plain) parameter class %d, want LitInt", p.Lit)
	}
	// Error results.
	if op := one(t, m, "Call Remove"); !op.ErrResult {
		t.Errorf("Remove: ErrResult false")
	}
	// The contracts' fresh value to unmarshal into: a support zero value.
	if z := one(t, m, "Zero Dec"); !z.Support || z.UnderTest {
		t.Errorf("Zero Dec: support %v, want a support operation", z.Support)
	}
}

// Generic functions and types are instantiated with type arguments their
// constraints admit, spelled in TypeArgs; the same tuples serve the
// constructor and the type, so the instance NewPair makes has its
// methods tested.
func TestBuildGenerics(t *testing.T) {
	prog := Build(modelPkg(t), Options{})
	m := ops(prog)
	var pairs []string
	for _, op := range m["Call NewPair"] {
		if len(op.TypeArgs) != 2 {
			t.Fatalf("NewPair instance with %d type arguments", len(op.TypeArgs))
		}
		pairs = append(pairs, ts(op.TypeArgs[0])+","+ts(op.TypeArgs[1])+" -> "+ts(op.Results[0]))
		if ts(op.Params[0].Type) != ts(op.TypeArgs[0]) {
			t.Errorf("NewPair%s: parameter k is %s", pairs[len(pairs)-1], ts(op.Params[0].Type))
		}
	}
	want := []string{"int,int -> *p.Pair[int, int]", "string,string -> *p.Pair[string, string]", "string,int -> *p.Pair[string, int]"}
	if !slices.Equal(pairs, want) {
		t.Errorf("NewPair instances %q, want %q", pairs, want)
	}
	var keys []string
	for _, op := range m["Method Pair.Key"] {
		keys = append(keys, ts(op.Params[0].Type))
	}
	if want := []string{"*p.Pair[int, int]", "*p.Pair[string, string]", "*p.Pair[string, int]"}; !slices.Equal(keys, want) {
		t.Errorf("Pair.Key receivers %q, want %q", keys, want)
	}
	// ~int | ~float64: int and float64.
	var sums []string
	for _, op := range m["Call Sum"] {
		sums = append(sums, ts(op.TypeArgs[0])+": "+paramTypes(op)+" -> "+ts(op.Results[0]))
		if op.Params[0].Lit != LitSlice {
			t.Errorf("Sum[%s] parameter class %d, want LitSlice", ts(op.TypeArgs[0]), op.Params[0].Lit)
		}
	}
	if want := []string{"int: []int -> int", "float64: []float64 -> float64"}; !slices.Equal(sums, want) {
		t.Errorf("Sum instances %q, want %q", sums, want)
	}
	// A constraint with methods: no candidate, excluded with a reason.
	if len(m["Call Show"]) != 0 {
		t.Errorf("Show was instantiated")
	}
	if !hasExcluded(prog, "Show", "generic function whose constraints gentest cannot satisfy") {
		t.Errorf("Show not excluded with its reason: %v", prog.Excluded)
	}
}

// The elephant brain's assertions go from each interface an operation
// returns to the package's concrete types that implement it and that some
// operation takes; function-typed parameters get function literals.
func TestBuildAssertionsAndFuncLits(t *testing.T) {
	prog := Build(modelPkg(t), Options{})
	m := ops(prog)
	a := one(t, m, "Assert Sq")
	if ts(a.Params[0].Type) != "p.Shape" || ts(a.Results[0]) != "*p.Sq" || !a.Support || a.UnderTest {
		t.Errorf("Assert Sq: %s -> %v, support %v", paramTypes(a), a.Results, a.Support)
	}
	if n := len(m["Assert Point"]) + len(m["Assert Stack"]); n != 0 {
		t.Errorf("assertions to types that do not implement Shape: %d", n)
	}
	variants := map[string][]string{}
	for _, op := range m["FuncLit func"] {
		k := ts(op.Type)
		variants[k] = append(variants[k], op.Variant)
		if !op.Detective || op.UnderTest || !types.Identical(op.Results[0], op.Type) || op.Records() != (len(op.Results) == 2) {
			t.Errorf("function literal of %s: detective %v, results %v", k, op.Detective, op.Results)
		}
	}
	want := map[string][]string{
		"func(int) int":           {FuncZero, FuncIdentity},
		"func(string) bool":       {FuncRecordFalse, FuncRecord, FuncArgPred},
		"func(a int, b int) bool": {FuncZero, FuncTrue, FuncLess, FuncArgPred},
	}
	for k, v := range want {
		if !slices.Equal(variants[k], v) {
			t.Errorf("function literals of %s: %v, want %v", k, variants[k], v)
		}
	}
	if len(variants) != len(want) {
		t.Errorf("function literals for %d types, want %d: %v", len(variants), len(want), variants)
	}
	for _, op := range m["FuncLit func"] {
		if ts(op.Type) == "func(a int, b int) bool" && op.Variant == FuncLess {
			if src := FuncLitSource(op, nil, ""); src != "func(p0 int, p1 int) bool { return p0 < p1 }" {
				t.Errorf("less literal: %s", src)
			}
		}
		if ts(op.Type) == "func(a int, b int) bool" && op.Variant == FuncArgPred {
			if src := FuncLitSource(op, nil, ""); src != "func(p0 int, _ int) bool { return p0%2 == 0 }" {
				t.Errorf("predicate literal: %s", src)
			}
		}
	}
}

func hasExcluded(prog *Program, name, reason string) bool {
	for _, e := range prog.Excluded {
		if e.Name == name && strings.Contains(e.Reason, reason) {
			return true
		}
	}
	return false
}

// Options.Exclude leaves operations out with its reason (the safety
// policy's); parameters the registry cannot spell exclude their operation;
// Options.Effects fills each operation's effects.
func TestBuildExclusionAndEffects(t *testing.T) {
	asked := map[string]bool{}
	prog := Build(modelPkg(t), Options{
		Exclude: func(fn *types.Func) string {
			asked[fn.Name()] = true
			switch fn.Name() {
			case "Remove":
				return "io:fs-write: calls os.Remove (use -allow to call it)"
			case "Push":
				return "test says no"
			}
			return ""
		},
		Effects: func(fn *types.Func) Effects {
			if fn.Name() == "Len" {
				return Effects{Known: true, Pure: true}
			}
			return Effects{Known: true, MutatesRecv: true}
		},
	})
	m := ops(prog)
	if len(m["Call Remove"]) != 0 || len(m["Method Stack.Push"]) != 0 {
		t.Errorf("excluded operations are in the model")
	}
	if !hasExcluded(prog, "Remove", "io:fs-write: calls os.Remove") || !hasExcluded(prog, "Stack.Push", "test says no") {
		t.Errorf("excluded = %v, want Remove and Stack.Push with their reasons", prog.Excluded)
	}
	if !hasExcluded(prog, "UsesHidden", "parameter type hidden is unexported in example.com/p") {
		t.Errorf("UsesHidden not excluded for its unexported parameter type: %v", prog.Excluded)
	}
	if !asked["NewStack"] || !asked["Key"] {
		t.Errorf("Exclude was not asked about every function and method: %v", asked)
	}
	l := one(t, m, "Method Stack.Len")
	if !l.Effects.Known || !l.Effects.Pure || !l.Observer() {
		t.Errorf("Stack.Len effects %+v: want pure, an observer", l.Effects)
	}
	if ns := one(t, m, "Call NewStack"); !ns.Effects.MutatesRecv {
		t.Errorf("NewStack effects not filled: %+v", ns.Effects)
	}
	if z := one(t, m, "Zero Point"); z.Effects.Known {
		t.Errorf("a zero value got function effects")
	}
}

// Op.Observer and Op.Mutator read the effects.
func TestObserverMutator(t *testing.T) {
	recv := Param{Recv: true}
	intT := types.Typ[types.Int]
	errT := types.Universe.Lookup("error").Type()
	pure := Effects{Known: true, Pure: true}
	tests := []struct {
		name string
		op   Op
		want bool
	}{
		{"pure getter", Op{Kind: Method, Params: []Param{recv}, Results: []types.Type{intT}, Effects: pure}, true},
		{"pure getter with error", Op{Kind: Method, Params: []Param{recv}, Results: []types.Type{intT, errT}, ErrResult: true, Effects: pure}, true},
		{"error only", Op{Kind: Method, Params: []Param{recv}, Results: []types.Type{errT}, ErrResult: true, Effects: pure}, false},
		{"takes an argument", Op{Kind: Method, Params: []Param{recv, {}}, Results: []types.Type{intT}, Effects: pure}, false},
		{"no results", Op{Kind: Method, Params: []Param{recv}, Effects: pure}, false},
		{"impure", Op{Kind: Method, Params: []Param{recv}, Results: []types.Type{intT}, Effects: Effects{Known: true, MutatesRecv: true}}, false},
		{"nondeterministic", Op{Kind: Method, Params: []Param{recv}, Results: []types.Type{intT}, Effects: Effects{Known: true, Pure: true, Nondeterministic: true}}, false},
		{"unknown effects", Op{Kind: Method, Params: []Param{recv}, Results: []types.Type{intT}}, false},
		{"a function", Op{Kind: Call, Params: []Param{{}}, Results: []types.Type{intT}, Effects: pure}, false},
	}
	for _, tc := range tests {
		if got := tc.op.Observer(); got != tc.want {
			t.Errorf("%s: Observer() = %v, want %v", tc.name, got, tc.want)
		}
	}
	m := Op{Kind: Method, Effects: Effects{Known: true, MutatesRecv: true, MutatesParams: []int{2}}}
	for i, want := range []bool{true, false, true} {
		if got := m.Mutator(i); got != want {
			t.Errorf("Mutator(%d) = %v, want %v", i, got, want)
		}
	}
	f := Op{Kind: Call, Effects: Effects{Known: true, MutatesRecv: true, MutatesParams: []int{1}}}
	if f.Mutator(0) || !f.Mutator(1) {
		t.Errorf("a function's Mutator reads MutatesParams only")
	}
	if (&Op{Kind: Method, Effects: Effects{MutatesRecv: true}}).Mutator(0) {
		t.Errorf("Mutator with unknown effects")
	}
}

// A type returned by value whose methods want a pointer gets an explicit
// &v operation (the executor holds values, not variables); one returned
// by pointer does not.
func TestBuildAddresses(t *testing.T) {
	pkg := check(t, "example.com/it", `package it

type Iter struct{ i int }

func Scan() Iter            { return Iter{} }
func (it *Iter) Next() bool { it.i++; return it.i < 3 }

type Buf struct{ b []byte }

func NewBuf() *Buf        { return &Buf{} }
func (b *Buf) Reset()     { b.b = nil }
`)
	m := ops(Build(pkg, Options{}))
	a := one(t, m, "Addr Iter")
	if ts(a.Params[0].Type) != "it.Iter" || ts(a.Results[0]) != "*it.Iter" || !a.Detective {
		t.Errorf("Addr Iter: %s -> %v, detective %v", paramTypes(a), a.Results, a.Detective)
	}
	if len(m["Addr Buf"]) != 0 {
		t.Errorf("Buf is returned by pointer but got an address operation")
	}
	if len(m["Zero Iter"]) != 0 {
		t.Errorf("Iter has a constructor but got a zero value")
	}
}

// Configuration fields: an exported boolean field of a struct the package
// hands out by pointer gets an assignment that mutates its object;
// unexported, non-boolean and embedded fields, and types the package
// never produces nor takes by pointer, get none.
func TestBuildConfigFields(t *testing.T) {
	pkg := check(t, "example.com/cf", `package cf

type Inner struct{ On bool }

type Reader struct {
	Inner
	Lazy   bool
	Comma  rune
	strict bool
}

func NewReader() *Reader          { return &Reader{} }
func (r *Reader) Read() string    { if r.Lazy || r.strict { return "l" }; return "" }

type Options struct{ Verbose bool }
`)
	m := ops(Build(pkg, Options{ConfigFields: true}))
	f := one(t, m, "SetField Reader.Lazy")
	if paramTypes(f) != "*cf.Reader, bool" || f.Params[1].Lit != LitBool || !f.Mutator(0) || len(f.Results) != 0 || f.Field.Name() != "Lazy" {
		t.Errorf("SetField Reader.Lazy: params %s, lit %v, mutator %v, results %v", paramTypes(f), f.Params[1].Lit, f.Mutator(0), f.Results)
	}
	for _, k := range []string{"SetField Reader.Comma", "SetField Reader.strict", "SetField Reader.On", "SetField Inner.On", "SetField Options.Verbose"} {
		if len(m[k]) != 0 {
			t.Errorf("%s: got an assignment, want none", k)
		}
	}
	if m := ops(Build(pkg, Options{})); len(m["SetField Reader.Lazy"]) != 0 {
		t.Errorf("ConfigFields off: got an assignment to Reader.Lazy")
	}
}

// Interface results: the methods of a named interface the package returns
// are offered with the interface as the receiver (a value from the
// package, never a nil literal); a foreign interface whose name the
// package also declares is prefixed with its package's name; error, the
// empty interface and interfaces with unexported methods get none.
func TestBuildInterfaceResults(t *testing.T) {
	pkg := check(t, "example.com/ir", `package ir

import "io"

type Shape interface{ Area() float64 }

type sq struct{}

func (sq) Area() float64 { return 1 }

type Writer struct{}

type hidden interface{ secret() }

func Parse(s string) (Shape, error) { return sq{}, nil }
func NewEnc(w io.Writer) io.Writer  { return w }
func Any() any                      { return 1 }
func Hidden() hidden                { return nil }
`)
	prog := Build(pkg, Options{InterfaceResults: true})
	m := ops(prog)
	a := one(t, m, "Method Shape.Area")
	if paramTypes(a) != "ir.Shape" || a.Params[0].Lit != LitNone || !a.UnderTest {
		t.Errorf("Shape.Area: params %s, receiver lit %v", paramTypes(a), a.Params[0].Lit)
	}
	w := one(t, m, "Method IoWriter.Write")
	if paramTypes(w) != "io.Writer, []byte" || !w.ErrResult {
		t.Errorf("IoWriter.Write: params %s", paramTypes(w))
	}
	for _, op := range prog.Ops {
		if op.Kind == Method && (op.Name == "Writer.Write" || strings.HasSuffix(op.Name, ".secret") || strings.HasSuffix(op.Name, ".Error")) {
			t.Errorf("unexpected operation %s", op.Name)
		}
	}
	if m := ops(Build(pkg, Options{})); len(m["Method Shape.Area"]) != 0 {
		t.Errorf("InterfaceResults off: got Shape.Area")
	}
}
