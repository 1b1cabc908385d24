package generator

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/search"
)

// A package whose functions all take an interface only its clients
// implement, and which gentest cannot stand in for (a method fills a
// buffer it is given, as io.Reader's Read does: model/ifacestubs.go),
// gets a reason naming that type.
func TestNoTestsNamesUnbuildableTypes(t *testing.T) {
	const src = `package heapish

type Interface interface {
	Len() int
	Push(x any)
	Fill(buf []byte) int
}

func Init(h Interface) {}

func Push(h Interface, x any) { h.Push(x) }

type Counter struct{ n int }

func (c *Counter) Len() int { return c.n }
`
	prog := modeltest.Program(t, src, model.Options{})
	got := noTests(prog, search.Stats{Executed: 10, Illegal: 10})
	want := "nothing builds a value of heapish.Interface"
	if !strings.Contains(got, want) || !strings.HasPrefix(got, "no test to write: 10 sequences ran, 10 of them") {
		t.Errorf("noTests = %q, want it to contain %q", got, want)
	}
	if strings.Contains(got, "Counter") {
		t.Errorf("noTests = %q names Counter, which its zero value builds", got)
	}
}
