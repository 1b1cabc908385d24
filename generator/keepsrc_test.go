package generator

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/verify"
)

// oldSrc is a generated file with two tests, a helper type with a method
// that one of them uses, and an import only the other uses.
const oldSrc = emit.Header + `

package p_test

import (
	"strings"
	"testing"

	p "example.com/p"
)

// TestA tests A.
func TestA(t *testing.T) {
	if p.A() != (box{1}).get() {
		t.Error("A")
	}
}

type box struct{ v int }

func (b box) get() int { return b.v }

func TestB(t *testing.T) {
	if strings.ToUpper(p.B()) != "B" {
		t.Error("B")
	}
}
`

func TestKeptSourceUnchanged(t *testing.T) {
	of, err := parseOld([]byte(oldSrc))
	if err != nil {
		t.Fatal(err)
	}
	src, err := of.keptSource(closure(of.decls, nil))
	if err != nil {
		t.Fatal(err)
	}
	if string(src) != oldSrc {
		t.Errorf("keeping everything changed the file:\n%s", src)
	}
}

// TestKeptSourceDrops: dropping TestA takes its helper type and the
// type's method with it; dropping TestB takes the import only it used.
func TestKeptSourceDrops(t *testing.T) {
	of, err := parseOld([]byte(oldSrc))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*oldDecl{}
	for _, d := range of.decls {
		byName[d.name] = d
	}
	kept := closure(of.decls, map[*oldDecl]bool{byName["TestA"]: true})
	if len(kept) != 1 || kept[0].name != "TestB" {
		t.Errorf("dropping TestA kept %v, want TestB alone", names(kept))
	}
	kept = closure(of.decls, map[*oldDecl]bool{byName["TestB"]: true})
	if got := names(kept); strings.Join(got, " ") != "TestA box box.get" {
		t.Errorf("dropping TestB kept %v, want TestA with box and its method", got)
	}
	src, err := of.keptSource(kept)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), `"strings"`) || strings.Contains(string(src), "TestB") {
		t.Errorf("dropping TestB left its import or itself:\n%s", src)
	}
	if d := declAt(src, kept, strings.Count(string(src[:strings.Index(string(src), "func (b box)")]), "\n")+1); d == nil || d.name != "box.get" {
		t.Errorf("declAt on the method's line = %v, want box.get", d)
	}
}

// TestMergeAppends: the new file's tests come after the kept ones, with
// the imports of both.
func TestMergeAppends(t *testing.T) {
	of, err := parseOld([]byte(oldSrc))
	if err != nil {
		t.Fatal(err)
	}
	newSrc := emit.Header + `

package p_test

import (
	"bytes"
	"testing"

	p "example.com/p"
)

func TestC(t *testing.T) {
	if !bytes.Equal(p.C(), nil) {
		t.Error("C")
	}
}
`
	merged, err := of.merge(closure(of.decls, nil), []byte(newSrc))
	if err != nil {
		t.Fatal(err)
	}
	m := string(merged)
	if !strings.HasPrefix(m, oldSrc[:strings.Index(oldSrc, "import")]) || !strings.Contains(m, "\t\"bytes\"\n\t\"strings\"\n") {
		t.Errorf("merged header or imports wrong:\n%s", m)
	}
	if a, c := strings.Index(m, "func TestB"), strings.Index(m, "func TestC"); a < 0 || c < a {
		t.Errorf("TestC is not after the kept tests:\n%s", m)
	}
	if !strings.Contains(m, oldSrc[strings.Index(oldSrc, "// TestA"):strings.Index(oldSrc, "func TestB")]) {
		t.Errorf("the kept tests changed:\n%s", m)
	}
}

// TestMergeImportConflict: one path under two names cannot be merged.
func TestMergeImportConflict(t *testing.T) {
	of, err := parseOld([]byte(oldSrc))
	if err != nil {
		t.Fatal(err)
	}
	newSrc := emit.Header + "\n\npackage p_test\n\nimport (\n\t\"testing\"\n\n\tq \"example.com/p\"\n)\n\nfunc TestC(t *testing.T) { q.C() }\n"
	if _, err := of.merge(closure(of.decls, nil), []byte(newSrc)); err == nil {
		t.Error("merging example.com/p imported as p and as q succeeded")
	}
}

func TestParseOldNotGenerated(t *testing.T) {
	if _, err := parseOld([]byte("package p_test\n")); err == nil {
		t.Error("a file without gentest's header parsed as an earlier generated file")
	}
}

func names(ds []*oldDecl) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.name)
	}
	return out
}

// TestFailingPins: a compile error is pinned on the declaration holding
// its line, a failed subtest on its test; an error outside every
// declaration cannot be pinned.
func TestFailingPins(t *testing.T) {
	of, err := parseOld([]byte(oldSrc))
	if err != nil {
		t.Fatal(err)
	}
	line := func(s string) int { return strings.Count(oldSrc[:strings.Index(oldSrc, s)], "\n") + 1 }
	rep := &verify.Report{BuildFailed: true, BuildErrors: []verify.Diag{
		{File: "p_gentest_test.go", Line: line("strings.ToUpper"), Msg: "undefined: p.B"},
		{File: "p_gentest_test.go", Line: line("return b.v"), Msg: "b.v undefined"},
	}}
	bad, err := failing(rep, []byte(oldSrc), of.decls)
	if err != nil || len(bad) != 2 || bad[0].decl.name != "TestB" || bad[1].decl.name != "box.get" {
		t.Errorf("failing = %v, %v; want TestB and box.get", bad, err)
	}
	rep.BuildErrors = []verify.Diag{{File: "p_gentest_test.go", Line: line("\"strings\""), Msg: "imported and not used"}}
	if _, err := failing(rep, []byte(oldSrc), of.decls); err == nil {
		t.Error("an error on an import line was pinned on a declaration")
	}
	rep = &verify.Report{Failed: map[string]bool{"TestA/sub": true}, TestOutput: map[string]string{"TestA": "--- FAIL: TestA\n"}}
	bad, err = failing(rep, []byte(oldSrc), of.decls)
	if err != nil || len(bad) != 1 || bad[0].decl.name != "TestA" {
		t.Errorf("a failed subtest of TestA: failing = %v, %v", bad, err)
	}
}

// TestMergePrefix: the header is the fresh render's, the build line the
// newer of the two Go versions, kept when the fresh render has none.
func TestMergePrefix(t *testing.T) {
	const h = emit.Header + "\n\n"
	const pkg = "package p_test\n\n"
	for _, c := range []struct {
		old, fresh string
		withFresh  bool
		want       string
	}{
		{h + pkg, h + pkg, true, h + pkg},
		{h + "//go:build go1.18\n\n" + pkg, h + pkg, true, h + "//go:build go1.18\n\n" + pkg},
		{h + "//go:build go1.14\n\n" + pkg, h + "//go:build go1.18\n\n" + pkg, true, h + "//go:build go1.18\n\n" + pkg},
		{h + "//go:build go1.18\n\n" + pkg, h + "//go:build go1.14\n\n" + pkg, true, h + "//go:build go1.18\n\n" + pkg},
		{h + pkg, h + "//go:build go1.18\n\n" + pkg, false, h + pkg},
		{h + pkg, emit.Header + "\n// hash\n\n" + pkg, true, emit.Header + "\n// hash\n\n" + pkg},
	} {
		if got := mergePrefix(c.old, c.fresh, c.withFresh); got != c.want {
			t.Errorf("mergePrefix(%q, %q, %v) = %q, want %q", c.old, c.fresh, c.withFresh, got, c.want)
		}
	}
}
