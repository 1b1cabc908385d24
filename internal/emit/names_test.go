package emit

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
)

// namesFixture holds the inputs whose subtest names reviewers rewrote in
// 19 of 20 files (issue 31, reason 6).
const namesFixture = "../../testdata/emit/names/names.go"

// Subtest and table row names read as what the inputs mean: a number
// after its parameter ("x=1,y=0,carry=1", not "1,0,1"), a code point as
// U+XXXX or its letter (not "55296"), a text that is not words by its
// shape (not spelled symbol by symbol), and every name of a test unique.
func TestNamesReadable(t *testing.T) {
	pkg := modeltest.CheckFile(t, "example.com/names", namesFixture)
	prog := model.Build(pkg, model.Options{Effects: func(*types.Func) model.Effects {
		return model.Effects{Known: true, Pure: true}
	}})
	b := &builder{t: t, prog: prog, key: 900}
	u32 := func(v uint32) *rt.Tree { return &rt.Tree{Kind: rt.TUint, U: uint64(v), Type: "uint32"} }
	soup := "=?a?\x00?"
	cases := []*oracle.Case{
		b.cs(one("Add32", unum(1), unum(0), unum(1)), u32(2), u32(0)),
		b.cs(one("Add32", unum(4), unum(2), unum(0)), u32(6), u32(0)),
		b.cs(one("RuneLen", num(55296)), -1),
		b.cs(one("RuneLen", num(0xe9)), 2),
		b.cs(one("RuneLen", num(-1)), -1),
		b.cs(one("Count", str(soup), str("?")), 3),
		b.cs(one("Count", str("cheese"), str("e")), 3),
		b.cs(one("Count", str("-----BEGIN -----\n: x"), str("-")), 10),
		b.cs(one("Count", str("\xff\xfe"), str("")), 0),
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := string(out.Src)
	for _, want := range []string{`"x=1,y=0,carry=1"`, `"x=4,y=2,carry=0"`, `"r=U+D800"`, `"r=é"`, `"r=-1"`,
		`"cheese,e"`, `"invalid_UTF-8,empty"`, `"BEGIN_in_20_bytes,-"`} {
		if !strings.Contains(src, want) {
			t.Errorf("no subtest named %s in:\n%s", want, src)
		}
	}
	for _, bad := range []string{`"1,0,1"`, `"55296"`, "question_a", "nul", "newline", "colon"} {
		if strings.Contains(src, bad) {
			t.Errorf("a name spells %s:\n%s", bad, src)
		}
	}
	// The names of one test are unique, and the same on every render.
	again, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if string(again.Src) != src {
		t.Error("two renders of the same cases differ")
	}
	for _, ti := range out.Tests {
		seen := map[string]bool{}
		for _, n := range ti.Subtests {
			if seen[n] {
				t.Errorf("%s: subtest %q twice", ti.Func, n)
			}
			seen[n] = true
		}
	}
}
