package model

import (
	"go/types"
	"slices"
	"strings"
	"testing"
)

const detectiveSrc = `package d

import "io"

type Shape interface{ Area() float64 }

func Count(r io.Reader) int          { return 0 }
func Classify(s Shape) string        { return "" }
func Deref(p *int) int               { return *p }
func Apply(f func(int) int) int      { return f(1) }
func Both(r io.Reader, n int) string { return "" }

type Box struct{ n int }

func NewBox() *Box       { return &Box{} }
func Open(b *Box) string { return "" }
`

// The detective adds producers from the support packages for parameter
// types the package does not produce: strings.NewReader for io.Reader,
// cheapest first, marked Detective and not under test; none without
// support packages, none the producer filter rejects.
func TestDetectiveProducers(t *testing.T) {
	pkg := check(t, "example.com/d", detectiveSrc)
	strs := importStd(t, "strings")
	io := importStd(t, "io")

	prog := Build(pkg, Options{})
	for _, op := range prog.Ops {
		if op.Detective && op.Kind != FuncLit {
			t.Errorf("no support packages, yet a producer %s", op.FullName())
		}
	}

	prog = Build(pkg, Options{Support: []*types.Package{strs, io}})
	var readers []string
	for _, op := range prog.Ops {
		if !op.Detective || op.Kind == FuncLit {
			continue
		}
		if op.UnderTest {
			t.Errorf("producer %s is marked under test", op.FullName())
		}
		if op.Func == nil {
			continue
		}
		if types.AssignableTo(op.Results[0], io.Scope().Lookup("Reader").Type()) {
			readers = append(readers, op.Name)
		}
	}
	if len(readers) == 0 || readers[0] != "strings.NewReader" {
		t.Fatalf("io.Reader producers %v, want strings.NewReader first (one literal parameter: the cheapest)", readers)
	}
	if len(readers) > maxProducersPerType {
		t.Errorf("%d producers for io.Reader, want at most %d", len(readers), maxProducersPerType)
	}
	// The producer's own parameters are literals: nothing further needed.
	nr := readers[0]
	for _, op := range prog.Ops {
		if op.Name == nr && (len(op.Params) != 1 || op.Params[0].Lit != LitString) {
			t.Errorf("%s params %+v", nr, op.Params)
		}
	}
	// *Box is produced by NewBox, Shape by nothing anywhere: no producers.
	for _, op := range prog.Ops {
		if op.Detective && op.Func != nil && (strings.Contains(ts(op.Results[0]), "Box") || strings.Contains(ts(op.Results[0]), "Shape")) {
			t.Errorf("producer %s for a type that needs none or has none", op.FullName())
		}
	}

	// The producer filter (the policy's side-effect-free check) vetoes.
	prog = Build(pkg, Options{Support: []*types.Package{strs, io},
		ProducerOK: func(fn *types.Func) bool { return fn.FullName() != "strings.NewReader" }})
	for _, op := range prog.Ops {
		if op.Name == "strings.NewReader" {
			t.Errorf("strings.NewReader added although ProducerOK rejects it")
		}
	}
}

// Without a producer function, structs whose pointer implements the
// needed interface and whose zero value is usable are built with &T{}.
func TestDetectiveZeroValues(t *testing.T) {
	impl := check(t, "example.com/impl", `package impl

type Square struct{ Side float64 }

func (q *Square) Area() float64 { return q.Side * q.Side }

// Registry's zero value has a nil map: not usable.
type Registry struct{ m map[string]float64 }

func (r *Registry) Area() float64 { return r.m["x"] }
`)
	pkg := check(t, "example.com/d", detectiveSrc)
	prog := Build(pkg, Options{Support: []*types.Package{impl}})
	var zeros []string
	for _, op := range prog.Ops {
		if op.Kind == Zero && op.Detective {
			zeros = append(zeros, ts(op.Results[0]))
		}
	}
	if !slices.Equal(zeros, []string{"*impl.Square"}) {
		t.Errorf("detective zero values %v, want [*impl.Square]", zeros)
	}
}

// Needed lists what the detective must find elsewhere: parameter types no
// literal fills and the package does not produce (function types get
// literals; *Box comes from NewBox). CanSupply says whether a package
// declares a producer of one of them.
func TestNeededCanSupply(t *testing.T) {
	pkg := check(t, "example.com/d", detectiveSrc)
	var needed []string
	for _, t := range Needed(pkg) {
		needed = append(needed, ts(t))
	}
	if want := []string{"io.Reader", "d.Shape", "*int"}; !slices.Equal(needed, want) {
		t.Errorf("Needed = %v, want %v", needed, want)
	}
	ns := Needed(pkg)
	reader := ns[0]
	shape := ns[1]
	impl := check(t, "example.com/impl2", `package impl2

type Square struct{ Side float64 }

func (q *Square) Area() float64 { return q.Side }
`)
	ctor := check(t, "example.com/ctor", `package ctor

import "example.com/d"

type circle struct{}

func (circle) Area() float64 { return 1 }

func Unit() d.Shape { return circle{} }
`, pkg)
	tests := []struct {
		src  *types.Package
		need []types.Type
		want bool
	}{
		{importStd(t, "strings"), []types.Type{reader}, true}, // NewReader
		{importStd(t, "bytes"), []types.Type{reader}, true},   // NewReader, NewBuffer
		{importStd(t, "errors"), []types.Type{reader}, false}, // nothing
		{importStd(t, "strings"), []types.Type{shape}, false}, // nothing implements it
		{impl, []types.Type{shape}, true},                     // &Square{}
		{impl, []types.Type{reader, shape}, true},             // one is enough
		{impl, []types.Type{reader}, false},
		{ctor, []types.Type{shape}, true}, // Unit returns the interface itself
		{importStd(t, "strings"), nil, false},
	}
	for i, tc := range tests {
		if got := CanSupply(tc.src, tc.need); got != tc.want {
			t.Errorf("%d: CanSupply(%s, %v) = %v, want %v", i, tc.src.Path(), tc.need, got, tc.want)
		}
	}
}

// Walk visits a type and what it is built from, stops where f says so,
// does not enter named types' underlying types (recursive types end) and
// stops ten levels deep.
func TestWalk(t *testing.T) {
	pkg := check(t, "example.com/w", `package w

type List struct{ Next *List }

type Pair[K comparable, V any] struct{ k K; v V }

var A map[string][]*Pair[int, List]
var B func(chan int, [2]bool) (struct{ X uint8 }, error)
var C **********List
`)
	walk := func(name string, stop string) []string {
		var got []string
		Walk(pkg.Scope().Lookup(name).Type(), func(t types.Type) bool {
			s := ts(t)
			got = append(got, s)
			return s != stop
		})
		return got
	}
	if got, want := walk("A", ""), []string{"map[string][]*w.Pair[int, w.List]", "string", "[]*w.Pair[int, w.List]",
		"*w.Pair[int, w.List]", "w.Pair[int, w.List]", "int", "w.List"}; !slices.Equal(got, want) {
		t.Errorf("Walk(A) = %q,\nwant %q", got, want)
	}
	if got, want := walk("A", "[]*w.Pair[int, w.List]"), []string{"map[string][]*w.Pair[int, w.List]", "string", "[]*w.Pair[int, w.List]"}; !slices.Equal(got, want) {
		t.Errorf("Walk(A) stopping at the slice = %q, want %q", got, want)
	}
	if got, want := walk("B", ""), []string{"func(chan int, [2]bool) (struct{X uint8}, error)", "chan int", "int", "[2]bool", "bool",
		"struct{X uint8}", "uint8", "error"}; !slices.Equal(got, want) {
		t.Errorf("Walk(B) = %q,\nwant %q", got, want)
	}
	// C is ten pointers to List: eleven types, depths 0 to 10; List's
	// field is not entered.
	if got := walk("C", ""); len(got) != 11 || got[10] != "w.List" {
		t.Errorf("Walk(C) visited %d types ending in %q, want 11 ending in w.List", len(got), got[len(got)-1])
	}
	var deep types.Type = pkg.Scope().Lookup("List").Type()
	for i := 0; i < 15; i++ {
		deep = types.NewPointer(deep)
	}
	n := 0
	Walk(deep, func(types.Type) bool { n++; return true })
	if n != 11 {
		t.Errorf("Walk of 15 nested pointers visited %d types, want 11 (depth 0 to 10)", n)
	}
}

// A pointer type of another package that the detective produces gets its
// String() string method as an operation not under test (a sink the
// oracle reads after the target): *bytes.Buffer, from bytes.NewBuffer for
// an io.Writer; nothing for the package's own types.
func TestSinkObservers(t *testing.T) {
	byts := importStd(t, "bytes")
	pkg := check(t, "example.com/w", `package w

import "io"

type Enc struct{ w io.Writer }

func NewEnc(w io.Writer) *Enc      { return &Enc{w} }
func (e *Enc) Put(s string) error  { _, err := io.WriteString(e.w, s); return err }
func (e *Enc) String() string      { return "" }
`)
	prog := Build(pkg, Options{Support: []*types.Package{byts}})
	var sinks []string
	for _, op := range prog.Ops {
		if op.Detective && op.Kind == Method {
			sinks = append(sinks, op.Name)
			if op.UnderTest || len(op.Params) != 1 || !op.Params[0].Recv {
				t.Errorf("sink observer %s: under test %v, params %+v", op.Name, op.UnderTest, op.Params)
			}
		}
	}
	if !slices.Equal(sinks, []string{"bytes.Buffer.String"}) {
		t.Errorf("sink observers %v, want [bytes.Buffer.String]", sinks)
	}
	for _, s := range sinks {
		if strings.HasPrefix(s, "w.") || s == "Enc.String" {
			t.Errorf("sink observer %s of the package's own type", s)
		}
	}
}
