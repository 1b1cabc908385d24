package emit

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// A case whose checks verification took out because go test failed them
// (oracle.Case.Unverified) says so in its note, with the failure, and
// not "cannot be written in a test" (issue 31's review: stats' Mode() of
// {-0.25} is a writable []float64{-0.25}).
func TestUnverifiedNote(t *testing.T) {
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 500}
	weakened := b.cs(one("Half", flt(7), boolean(false)))
	weakened.Unverified = "p_gentest_test.go:12: Half(7, false) = 3.5, want 3.4999"
	out, err := Render(prog, []*oracle.Case{weakened}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestHalf")
	mustContain(t, "TestHalf", src, "its check failed when go test ran it (Half(7, false) = 3.5, want 3.4999).")
	if strings.Contains(src, "cannot be written") {
		t.Errorf("the note guesses a cause:\n%s", src)
	}
}

func TestUnverifiedWhat(t *testing.T) {
	for in, want := range map[string]string{
		"x_gentest_test.go:12: F(1) = 2, want 3": "F(1) = 2, want 3",
		"no position: F(1) = 2":                  "no position: F(1) = 2",
		"a.go:1: " + strings.Repeat("é", 60):     strings.Repeat("é", 50) + "...",
	} {
		if got := unverifiedWhat(in); got != want {
			t.Errorf("unverifiedWhat(%q) = %q, want %q", in, got, want)
		}
	}
}

// The note survives the emitter's rewriting of a case: inlined builds a
// new case whenever the judge recorded argument values (Case.Values), and
// one rebuilt field by field lost Unverified (stats' six notes read "cannot
// be written in a test" though verification had taken the checks out).
func TestUnverifiedNoteInlined(t *testing.T) {
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 600}
	weakened := b.cs(one("Half", flt(7), boolean(false)))
	weakened.Unverified = "p_gentest_test.go:12: Half(7, false) = 3.5, want 3.4999"
	weakened.Values = map[seq.ValueID]*rt.Tree{{Stmt: 0, Result: 0}: tree(3.5)}
	out, err := Render(prog, []*oracle.Case{weakened}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestHalf")
	mustContain(t, "TestHalf", src, "its check failed when go test ran it (Half(7, false) = 3.5, want 3.4999).")
}
