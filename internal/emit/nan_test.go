package emit

import (
	"go/types"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
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

// A float with the digits of a computation is checked within a
// tolerance (fused multiply-adds on arm64 change its last bits); one a
// person would write, an integer or an infinity is compared exactly.
func TestComputedFloats(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		f32  bool
		want bool
		tol  float64
	}{
		{1.5707963267948966, false, true, 1e-8},
		{0.5, false, false, 0},
		{1e-3, false, false, 0},
		{2.75, false, false, 0},
		{-1234.5678901, false, true, 1e-5},
		{3, false, false, 0},
		{math.Inf(1), false, false, 0},
		{float64(float32(0.1)), true, false, 0}, // 0.1 as a float32 prints as 0.1
		{float64(float32(1) / 3), true, true, 1e-5},
	} {
		if got := computed(tc.f, tc.f32); got != tc.want {
			t.Errorf("computed(%v, f32=%v) = %v, want %v", tc.f, tc.f32, got, tc.want)
		}
		if tc.want {
			if got := tolerance(tc.f, tc.f32); math.Abs(got-tc.tol) > tc.tol/1e6 {
				t.Errorf("tolerance(%v) = %v, want %v", tc.f, got, tc.tol)
			}
		}
	}
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 500}
	c := b.cs(one("Half", flt(1), boolean(true)), &rt.Tree{Kind: rt.TFloat, F: float64(float32(1) / 3), Type: "float32"})
	neg := b.cs(one("Half", flt(-1), boolean(true)), &rt.Tree{Kind: rt.TFloat, F: float64(float32(-1) / 3), Type: "float32"})
	out, err := Render(prog, []*oracle.Case{c, neg}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestHalf", funcSrc(t, out.Src, "TestHalf"), "if math.Abs(float64(got)-0.33333334) > 1e-05 {",
		"if math.Abs(float64(got)+0.33333334) > 1e-05 {", "want -0.3333333432674408 within 1e-05")
}

// The note on a result no test may check names the facts' cause: the
// clock or randomness only when that is what they say (issue 31: a
// config loader nondeterministic by map order got "depends on the clock
// or on randomness", and so did every getter over what it returned).
func TestNondetNote(t *testing.T) {
	prog := model.Build(modeltest.CheckFile(t, "example.com/p", fixture), model.Options{Effects: func(fn *types.Func) model.Effects {
		switch fn.Name() {
		case "ParseCents":
			return model.Effects{Known: true, Nondeterministic: true, NondetWhy: "calls (*example.com/p.Cart).Len at p.go:40"}
		case "Checksum":
			return model.Effects{Known: true, Nondeterministic: true, NondetWhy: "calls time.Now at p.go:63"}
		}
		return model.Effects{Known: true, Pure: true}
	}})
	r := newRenderer(prog, Options{})
	parse, next := opID(t, prog, "ParseCents"), opID(t, prog, "Clamp")
	s := &seq.Seq{Stmts: []seq.Stmt{{Op: parse, Args: lits(str("1"))}, {Op: next, Args: []seq.Arg{seq.Ref(0, 0), {IsLit: true, Lit: num(0)}, {IsLit: true, Lit: num(1)}}}}}
	if got, want := r.nondetNote(s, 0), "what it returns may differ between runs: it calls (*Cart).Len"; got != want {
		t.Errorf("own cause: %q, want %q", got, want)
	}
	if got, want := r.nondetNote(s, 1), "what it returns may differ between runs: it takes what ParseCents returned, which calls (*Cart).Len"; got != want {
		t.Errorf("inherited cause: %q, want %q", got, want)
	}
	sum := &seq.Seq{Stmts: []seq.Stmt{{Op: opID(t, prog, "Checksum"), Args: lits(bytesLit("a"))}}}
	if got, want := r.nondetNote(sum, 0), "what it returns depends on the clock or on randomness"; got != want {
		t.Errorf("the clock: %q, want %q", got, want)
	}
}
