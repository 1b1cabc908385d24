package model

import (
	"go/types"
	"slices"
	"strings"
	"testing"
)

const stubsSrc = `package s

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
)

var ErrDone = errors.New("done")

type Shape interface {
	Area() float64
	Name() string
}

type Source interface {
	Next() (string, error)
}

type Pair interface {
	Both() (int, int)
}

type Drawn interface{ Draw() string }

type Box struct{}

func (Box) Draw() string { return "box" }

func NewDrawn() Drawn { return Box{} }

func Classify(s Shape) string           { return s.Name() }
func Largest(ss []Shape) Shape          { return ss[0] }
func First(src Source) (string, error)   { return src.Next() }
func Sum(p Pair) int                     { a, b := p.Both(); return a + b }
func Label(s fmt.Stringer) string        { return s.String() }
func Sorted(d sort.Interface) bool       { return sort.IsSorted(d) }
func Read(r io.Reader) error             { _, err := io.ReadAll(r); return err }
func Wait(ctx context.Context) error     { <-ctx.Done(); return ctx.Err() }
func Render(d Drawn) string              { return d.Draw() }
`

// Interfaces the package takes and implements nowhere get a synthesized
// implementation whose method results are fields (ifacestubs.go); one
// whose methods write through a slice (io.Reader) or return a channel
// (context.Context) does not, nor one the package's own operations make
// (Drawn, from NewDrawn). A stub with an error result brings the
// package's sentinels. Shape's methods are not operations under test:
// what Largest returns is what it was given.
func TestInterfaceStubs(t *testing.T) {
	pkg := check(t, "example.com/s", stubsSrc)
	prog := Build(pkg, Options{Fset: fset})
	var names []string
	for _, tn := range prog.Shapes {
		names = append(names, tn.Name())
	}
	want := []string{"ShapeShape", "SourceShape", "PairShape", "FmtStringerShape", "SortInterfaceShape"}
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("stubs %v, want %v", names, want)
	}
	for _, tn := range prog.Shapes {
		n := tn.Type().(*types.Named)
		for _, it := range []string{"Shape", "Source", "Pair"} {
			if tn.Name() == it+"Shape" && !types.Implements(n, pkg.Scope().Lookup(it).Type().Underlying().(*types.Interface)) {
				t.Errorf("%s does not implement %s", tn.Name(), it)
			}
		}
	}
	decls := map[string]string{}
	for _, tn := range prog.Shapes {
		decls[tn.Name()] = ShapeDecl(tn, (*types.Package).Name)
	}
	for name, wants := range map[string][]string{
		"SourceShape":        {"NextResult string", "NextErr error", "func (s SourceShape) Next() (string, error) { return s.NextResult, s.NextErr }"},
		"PairShape":          {"BothResult0 int", "func (s PairShape) Both() (int, int) { return s.BothResult0, s.BothResult1 }"},
		"SortInterfaceShape": {"func (s SortInterfaceShape) Less(_ int, _ int) bool { return s.LessResult }", "func (s SortInterfaceShape) Swap(_ int, _ int) {}"},
	} {
		for _, w := range wants {
			if !strings.Contains(decls[name], w) {
				t.Errorf("%s lacks %q:\n%s", name, w, decls[name])
			}
		}
	}
	errDone := false
	for _, op := range prog.Ops {
		if op.Kind == Var && op.Var.Name() == "ErrDone" {
			errDone = true
		}
		if op.UnderTest && strings.HasPrefix(op.Name, "Shape.") {
			t.Errorf("operation %s calls a method of an interface only the test implements", op.Name)
		}
	}
	if !errDone {
		t.Error("no ErrDone for SourceShape's error field")
	}
}
