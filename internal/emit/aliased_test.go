package emit

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// A slice that later calls take more than once, one of them a call that
// may append into it, is not written as a literal at each use: the
// executor passed the one slice to both, and what one appended the other
// overwrote (b := AppendCode(nil, 0), whose capacity is 8; AppendCode(b,
// 128) then AppendCode(b, 0) leave the first [0 0 0x80], which Valid
// rejects). Two literals would give each its own slice, and the check of
// Valid, false in the run, fails in go test (issue 31: utf8's AppendRune
// and Valid). A slice taken once is still inlined.
func TestSharedSliceNotInlined(t *testing.T) {
	pkg := modeltest.CheckFile(t, "example.com/appendalias", "../../testdata/gen/appendalias/appendalias.go")
	prog := model.Build(pkg, model.Options{Effects: func(*types.Func) model.Effects {
		return model.Effects{Known: true, Pure: true} // as the purity analysis says of AppendRune
	}})
	valid := prog.Ops[opID(t, prog, "Valid")]
	ref := func(i int) seq.Arg { return seq.Ref(i, 0) }
	b := &rt.Tree{Kind: rt.TBytes, Type: "[]uint8", S: "\x00"}
	nilBytes := seq.LitArg(seq.Lit{Kind: seq.LitNil})
	shared := &oracle.Case{Key: 0, Target: 3,
		Seq: mk(t, prog, stmt{"AppendCode", []seq.Arg{nilBytes, seq.LitArg(unum(0))}},
			stmt{"AppendCode", []seq.Arg{ref(0), seq.LitArg(unum(128))}},
			stmt{"AppendCode", []seq.Arg{ref(0), seq.LitArg(unum(0))}},
			stmt{"Valid", []seq.Arg{ref(1)}}),
		Asserts: []oracle.Assertion{eq(3, 0, valid.Results[0], tree(false))},
		Values:  map[seq.ValueID]*rt.Tree{{Stmt: 0, Result: 0}: b}}
	once := &oracle.Case{Key: 1, Target: 2,
		Seq: mk(t, prog, stmt{"AppendCode", []seq.Arg{nilBytes, seq.LitArg(unum(0))}},
			stmt{"AppendCode", []seq.Arg{ref(0), seq.LitArg(unum(128))}},
			stmt{"Valid", []seq.Arg{ref(1)}}),
		Asserts: []oracle.Assertion{eq(2, 0, valid.Results[0], tree(true))},
		Values:  map[seq.ValueID]*rt.Tree{{Stmt: 0, Result: 0}: b}}
	r := newRenderer(prog, Options{})
	if got := r.inlined(shared); got.Seq.Len() != 4 {
		t.Errorf("the shared slice was inlined: %d statements left, want 4", got.Seq.Len())
	}
	if got := r.inlined(once); got.Seq.Len() != 2 {
		t.Errorf("a slice taken once was not inlined: %d statements left, want 2", got.Seq.Len())
	}
	out, err := Render(prog, []*oracle.Case{shared}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if src := string(out.Src); strings.Count(src, `[]byte("\x00")`) > 0 || !strings.Contains(src, "AppendCode(nil, 0)") {
		t.Errorf("the shared slice is not made by its call:\n%s", src)
	}
}
