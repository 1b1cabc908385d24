package emit

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// A repeated statement (issue 34's class: a tree that splits at 64
// entries) is written as a loop of its first n-1 calls, the arguments
// that depend on the index spelled from it, then the last call: a range
// over an integer from go 1.22, the three-clause loop before.
func TestRepeatLoop(t *testing.T) {
	pkg := modeltest.CheckFile(t, "example.com/splittree", "../../testdata/gen/splittree/splittree.go")
	prog := model.Build(pkg, model.Options{Effects: func(fn *types.Func) model.Effects {
		return model.Effects{Known: true, MutatesRecv: true}
	}})
	splits := prog.Ops[opID(t, prog, "Tree.Splits")]
	s := mk(t, prog, stmt{"New", nil},
		stmt{"Tree.Insert", []seq.Arg{seq.Ref(0, 0), {IsLit: true, Lit: num(0), Index: true}, {IsLit: true, Lit: str("k"), Index: true}}},
		stmt{"Tree.Splits", []seq.Arg{seq.Ref(0, 0)}})
	s.Stmts[1].Repeat = 65
	c := &oracle.Case{Seq: s, Target: 2, Asserts: []oracle.Assertion{eq(2, 0, splits.Results[0], tree(1))}}
	for _, tc := range []struct {
		goVersion string
		want      []string
	}{
		{"1.22", []string{"\tfor i := range 64 {\n\t\ttree.Insert(i, \"k\"+strconv.Itoa(i))\n\t}\n", "\ttree.Insert(64, \"k64\")\n"}},
		{"1.21", []string{"\tfor i := 0; i < 64; i++ {\n\t\ttree.Insert(i, \"k\"+strconv.Itoa(i))\n\t}\n", "\ttree.Insert(64, \"k64\")\n"}},
	} {
		out, err := Render(prog, []*oracle.Case{c}, Options{GoVersion: tc.goVersion})
		if err != nil {
			t.Fatal(err)
		}
		src := funcSrc(t, out.Src, "TestTree_Splits")
		for _, w := range tc.want {
			mustContain(t, "go "+tc.goVersion, src, w)
		}
		mustContain(t, "imports", string(out.Src), "\"strconv\"")
	}
	// Without an index argument the loop has no variable.
	s2 := s.Clone()
	s2.Stmts[1].Args = []seq.Arg{seq.Ref(0, 0), seq.LitArg(num(7)), seq.LitArg(str("k"))}
	out, err := Render(prog, []*oracle.Case{{Seq: s2, Target: 2, Asserts: c.Asserts}}, Options{GoVersion: "1.22"})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "no index", funcSrc(t, out.Src, "TestTree_Splits"), "\tfor range 64 {\n\t\ttree.Insert(7, \"k\")\n\t}\n")
}
