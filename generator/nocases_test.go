package generator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/search"
)

// A package whose functions all take an interface only its clients
// implement (the container/heap class) gets a reason naming that type.
func TestNoCasesNamesUnbuildableTypes(t *testing.T) {
	const src = `package heapish

type Interface interface {
	Len() int
	Push(x any)
}

func Init(h Interface) {}

func Push(h Interface, x any) { h.Push(x) }

type Counter struct{ n int }

func (c *Counter) Len() int { return c.n }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "h.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/heapish", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog := model.Build(pkg, model.Options{})
	got := noCases(prog, search.Stats{Executed: 10, Illegal: 10})
	want := "nothing builds a value of heapish.Interface"
	if !strings.Contains(got, want) || !strings.HasPrefix(got, "no test to write: 10 sequences ran, 10 of them") {
		t.Errorf("noCases = %q, want it to contain %q", got, want)
	}
	if strings.Contains(got, "Counter") {
		t.Errorf("noCases = %q names Counter, which its zero value builds", got)
	}
}
