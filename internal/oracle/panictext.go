package oracle

import (
	"strings"
	"unicode/utf8"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// maxPanicText bounds the panic text a test compares: longer ones are
// usually values formatted into the message, which a reader cannot check
// at a glance.
const maxPanicText = 160

// PanicText returns the text of the panic of statement target of r that a
// test of a documented panic may check, or "": the panic must be the
// package's own (raised with a frame of the package on the stack and not
// a runtime error: the runtime's and other packages' messages are theirs
// to change, an accident to pin), and its text short, one line, and free
// of addresses. Checking it tells the documented panic from another one: a
// precondition check weakened by one (count <= 0 to count < 0) lets the
// call go on to an index out of range, which also panics.
func PanicText(r *rt.Result, target int) string {
	if r == nil || target < 0 || target >= len(r.Stmts) || r.Stmts[target].Outcome != rt.OutPanic {
		return ""
	}
	sr := r.Stmt(target)
	msg := sr.PanicMsg()
	if sr.PanicRuntime || sr.PanicSite() == "" || msg == "" || len(msg) > maxPanicText || !utf8.ValidString(msg) ||
		strings.ContainsAny(msg, "\n\r\t") || strings.Contains(msg, "0x") {
		return ""
	}
	return msg
}

// panicChecked is the panic text the test of it checks: PanicText, when
// the target's facts do not say its results may differ between runs (a
// message built from the clock or a random value).
func panicChecked(prog *model.Program, it judged) string {
	if !it.panics || prog.Ops[it.e.Seq.Stmts[it.e.Target].Op].Effects.Nondeterministic {
		return ""
	}
	return PanicText(it.o.Result, it.e.Target)
}
