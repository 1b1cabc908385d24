package oracle

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// A test of a documented panic checks the panic's text when it is the
// package's own, short, one line and without addresses: a mutant or a
// regression that panics otherwise (a runtime error past a weakened
// precondition) then fails it. The runtime's messages and panics raised
// outside the package are not checked.
func TestPanicText(t *testing.T) {
	for _, tc := range []struct {
		name, msg, site string
		runtime         bool
		want            bool
	}{
		{"own", "deque: PopFront() called on empty queue", "deque.go:110", false, true},
		{"runtime error", "runtime error: index out of range [0] with length 0", "deque.go:112", true, false},
		{"not the package's", "strings: negative Repeat count", "", false, false},
		{"address", "bad node 0xc000012345", "tree.go:9", false, false},
		{"two lines", "bad input\nat line 2", "p.go:3", false, false},
		{"long", strings.Repeat("x", maxPanicText+1), "p.go:3", false, false},
	} {
		r := &rt.Result{Stmts: []rt.StmtResult{{Outcome: rt.OutNormal}, {Outcome: rt.OutPanic, PanicRuntime: tc.runtime}}}
		r.Stmt(1).SetNote(rt.StmtNote{PanicMsg: tc.msg, PanicSite: tc.site})
		got := PanicText(r, 1)
		if (got != "") != tc.want || tc.want && got != tc.msg {
			t.Errorf("%s: PanicText = %q, want checked: %v", tc.name, got, tc.want)
		}
		if PanicText(r, 0) != "" {
			t.Errorf("%s: a statement that returned has a panic text", tc.name)
		}
	}
}
