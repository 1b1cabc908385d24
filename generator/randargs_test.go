package generator_test

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// A randomized function called with arguments that make it draw nothing
// returns the same value on every run: nil for a sample of size 0, an
// error chosen before any draw for a sample larger than its data without
// replacement, and what a function computes from such a value. Their
// tests check them; no note says that what they return "depends on the
// clock or on randomness" (issue 31: stats' NormPpfRvs(0, 1, 0),
// StandardDeviationPopulation of it, Sample(3, false) of two values). A
// value computed from a draw that ignores it (width 0) is checked too once
// every one of the judge's repeats agreed on it (oracle.drewAlike), and
// suite reduction may then keep that test instead of the size-0 one: one
// of the two must be checked. go test passes over several runs.
func TestRandomArgumentsThatDrawNothing(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/randargs", "example.com/randargs")
	_, src := gen(t, dir, 3000, 1)
	text := string(src)
	note := regexp.MustCompile(`// (.*) must not panic; (.*)`)
	for _, m := range note.FindAllStringSubmatch(text, -1) {
		if !strings.HasPrefix(m[1], "Uniform(") {
			t.Errorf("%s is left unchecked: %s", m[1], m[2])
		}
	}
	sizeZero := regexp.MustCompile(`Uniform\([^)]*, 0\)[\s\S]{0,120}want nil`).MatchString(text) ||
		strings.Contains(text, "size: 0, want: nil")
	widthZero := regexp.MustCompile(`Uniform\([^,]*, 0(\.0)?, [1-9][0-9]*\) = %v, want`).MatchString(text)
	if !sizeZero && !widthZero {
		t.Errorf("no call of Uniform that draws nothing (size 0) or ignores its draws (width 0) is checked:\n%s", text)
	}
	if !strings.Contains(text, "randargs.ErrBounds") {
		t.Errorf("no Sample that fails before drawing is checked:\n%s", text)
	}
	cmd := exec.Command("go", "test", "-count=5", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test -count=5: %v\n%s\n%s", err, out, text)
	}
}
