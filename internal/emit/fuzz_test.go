package emit

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/oracle"
)

// An operation whose doc comment announces a panic gets no fuzz target
// (math/bits' Div: its overflow panic is a runtime.Error, which a fuzz
// target's check reports), while its test and its Panics test stay; the
// same operation without the sentence keeps its target. Clamp is no
// parser (fuzzWorth), so its target is rendered by fuzzTarget itself.
func TestNoFuzzTargetForDocumentedPanics(t *testing.T) {
	prog := load(t)
	op := prog.Ops[opID(t, prog, "Clamp")]
	render := func() string {
		b := &builder{t: t, prog: prog}
		normal := b.cs(one("Clamp", num(5), num(-1), num(10)), int64(5))
		panics := b.cs(one("Clamp", num(5), num(10), num(1)))
		panics.Panics = true
		out, err := Render(prog, []*oracle.Case{normal, panics}, Options{Fuzz: true})
		if err != nil {
			t.Fatal(err)
		}
		src, _, ok := newRenderer(prog, Options{Fuzz: true}).fuzzTarget(op, []*oracle.Case{normal}, map[string]bool{})
		if ok {
			return string(out.Src) + "\n" + src
		}
		return string(out.Src)
	}
	if src := render(); !strings.Contains(src, "func FuzzClamp(") {
		t.Fatalf("without a documented panic, Clamp has no fuzz target:\n%s", src)
	}
	op.DocPanics = "Clamp panics if lo > hi."
	t.Cleanup(func() { op.DocPanics = "" })
	src := render()
	if strings.Contains(src, "func FuzzClamp(") {
		t.Errorf("Clamp documents its panics but has a fuzz target:\n%s", funcSrc(t, []byte(src), "FuzzClamp"))
	}
	for _, fn := range []string{"TestClamp", "TestClampPanics"} {
		if !strings.Contains(src, "func "+fn+"(") {
			t.Errorf("%s is missing:\n%s", fn, src)
		}
	}
}
