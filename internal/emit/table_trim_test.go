package emit

import (
	"slices"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/oracle"
)

// A table writes no field its body does not read: a pure call whose
// result nothing reads is left out of the body (planBody), and so is the
// field that fed it (utf8's TestDecodeRune with fields p and r of a
// dropped EncodeRune). Rows that then say the same fold into one case
// (mime's TestTypeByExtension rows that all called TypeByExtension("")),
// and a table left with one row is a test of its own.
func TestTableFieldsTheBodyReads(t *testing.T) {
	prog := loadReadable(t)
	gradeRes := prog.Ops[opID(t, prog, "Grade")].Results[0]
	// grade is Quote(q); Grade(score): Quote is pure and its result is
	// not read, so the body leaves it out.
	grade := func(key int, q string, score int64, want string) *oracle.Case {
		return &oracle.Case{Seq: mk(t, prog, stmt{"Quote", lits(str(q))}, stmt{"Grade", lits(num(score))}), Target: 1, Key: key,
			Asserts: []oracle.Assertion{eq(1, 0, gradeRes, tree(want))}}
	}
	for _, tc := range []struct {
		name  string
		cases []*oracle.Case
		keys  []int
		wants []string // in TestGrade
	}{
		{
			name:  "rows differing in a read field",
			cases: []*oracle.Case{grade(0, "alpha", 95, "merit"), grade(1, "beta", 95, "merit"), grade(2, "gamma", 40, "fail")},
			keys:  []int{0, 2},
			wants: []string{"\t\tscore int\n", `{name: "score=95", score: 95, want: "merit"},`, `{name: "score=40", score: 40, want: "fail"},`,
				"got := readable.Grade(tt.score)"},
		},
		{
			name:  "rows differing only in an unread field",
			cases: []*oracle.Case{grade(0, "alpha", 95, "merit"), grade(1, "beta", 95, "merit")},
			keys:  []int{0},
			wants: []string{"got := readable.Grade(95)", `if got != "merit" {`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Render(prog, tc.cases, Options{})
			if err != nil {
				t.Fatal(err)
			}
			src := funcSrc(t, out.Src, "TestGrade")
			mustContain(t, "TestGrade", src, tc.wants...)
			for _, bad := range []string{"Quote(", "alpha", "beta", "gamma"} {
				if strings.Contains(src, bad) {
					t.Errorf("TestGrade holds %q, which nothing it runs reads:\n%s", bad, src)
				}
			}
			in := info(out, "TestGrade")
			if in == nil || !slices.Equal(in.Keys, tc.keys) || len(in.Subtests) != len(tc.keys) {
				t.Errorf("TestGrade runs %+v, want the cases %v", in, tc.keys)
			}
			if len(out.Skipped) != 0 {
				t.Errorf("skipped %v: a folded row is not a case that cannot be written", out.Skipped)
			}
		})
	}
}
