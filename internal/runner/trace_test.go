package runner

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// A trace lists the table, then each sequence under its phase, numbered
// across the phases, with what came back; a nil trace wraps nothing.
func TestTrace(t *testing.T) {
	prog := &model.Program{Ops: []*model.Op{{ID: 0}}}
	f := &executortest.Runner{Prog: prog}
	var nilTrace *Trace
	if nilTrace.Wrap("search", f) != f {
		t.Errorf("a nil trace wrapped the runner")
	}
	tab := &instrument.Table{Blocks: []instrument.Block{{ID: 0, File: "/x/p.go", StartLine: 3, Func: "F"}}}
	var buf bytes.Buffer
	tr := NewTrace(&buf, tab)
	q := rt.Request{ID: 5, Stmts: []rt.Stmt{{Op: 0}}}
	tr.Wrap("search", f).Run([]rt.Request{q})
	tr.Wrap("judge", f).RunAlone(q, 0)
	if err := tr.Flush(); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"block 0 p.go:3 F unsteady=0\n", "1 search seq id=5 flags=0 len=1 ", "2 judge seq id=5 ", "  q0 op0()\n", "  s0 op=0 out=0 panic=\"\"\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the trace has no %q:\n%s", want, out)
		}
	}
}
