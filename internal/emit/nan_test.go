package emit

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/oracle"
)

// A float result that is NaN is checked with math.IsNaN (== never holds),
// one that is -0 with its sign (== takes +0 for it), never in a table's
// want column; the note on a target left unchecked names the true cause:
// "not the same in two runs" only when the judge saw two runs disagree
// (issue 31). Output.Unchecked lists exactly those cases.
func TestNaNAndSignedZeroChecks(t *testing.T) {
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 400}
	f32 := func(f float64) *rt.Tree { return &rt.Tree{Kind: rt.TFloat, F: f, Type: "float32"} }
	nanCase := b.cs(one("Half", flt(math.NaN()), boolean(true)), f32(math.NaN()))
	negZero := b.cs(one("Half", flt(math.Copysign(0, -1)), boolean(true)), f32(math.Copysign(0, -1)))
	plain := b.cs(one("Half", flt(3), boolean(true)), f32(1.5))
	unstable := b.cs(one("Half", flt(5), boolean(false)))
	unstable.TargetUnstable = true
	unwritten := b.cs(one("Half", flt(7), boolean(false)))
	out, err := Render(prog, []*oracle.Case{nanCase, negZero, plain, unstable, unwritten}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestHalf")
	mustContain(t, "TestHalf", src,
		"if !math.IsNaN(float64(got)) {",
		`t.Errorf("Half(math.NaN(), true) = %v, want NaN", got)`,
		"if float64(got) != 0 || !math.Signbit(float64(got)) {",
		"want -0",
		"what it returns was not the same in two runs.",
		"what it returns cannot be written in a test.")
	if n := strings.Count(src, "not the same in two runs"); n != 1 {
		t.Errorf("%d notes say the value was not the same in two runs, want 1 (the case the judge saw differ):\n%s", n, src)
	}
	if want := []int{unstable.Key, unwritten.Key}; !slices.Equal(out.Unchecked, want) {
		t.Errorf("Unchecked = %v, want %v", out.Unchecked, want)
	}
}
