package oracle

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/model"
)

// withoutForeignReceivers returns entries without those whose target is a
// method of an interface the package returns (io.Writer's Write, see
// model/ifacemethods.go) called on a value another package made: the call
// runs that package's code (a bytes.Buffer's Write, a strings.Reader's
// Read), and a test of it, named for the package's interface, tests
// nothing of the package. The receiver must come from the package's own
// operations, as the value it put behind the interface does. So must an
// error formatted by fmt for the package's Format (model.FormatVerb).
func withoutForeignReceivers(prog *model.Program, entries []*corpus.Entry) []*corpus.Entry {
	out := entries[:0:0]
	for _, e := range entries {
		if !foreignReceiver(prog, e) {
			out = append(out, e)
		}
	}
	return out
}

func foreignReceiver(prog *model.Program, e *corpus.Entry) bool {
	st := e.Seq.Stmts[e.Target]
	op := prog.Ops[st.Op]
	// A value formatted as an error (model.FormatVerb on error) is the
	// same: fmt.Errorf's text is fmt's.
	if op.Kind != model.Method && op.Kind != model.FormatVerb || len(op.Params) == 0 || !types.IsInterface(op.Params[0].Type) || len(st.Args) == 0 {
		return false
	}
	recv := st.Args[0]
	if recv.IsLit {
		return true
	}
	return prog.Ops[e.Seq.Stmts[recv.Stmt].Op].Detective
}
