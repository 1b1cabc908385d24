package generator_test

import (
	"strings"
	"testing"
)

// A method that starts a goroutine which panics after the call returned
// (issue 34: robfig/cron's Start with a nil location killed the test
// binary after its test ended, and verification dropped 14 to 45 innocent
// cases): the ordinary functions keep their tests, and no written test
// calls Start on a Ticker that would kill the binary.
func TestLateGoroutinePanic(t *testing.T) {
	endToEnd(t)
	sum, src := genFixture(t, "latepanic", 2000)
	text := string(src)
	for _, want := range []string{"latepanic.Add(", "latepanic.Reverse("} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the tests:\n%s", want, text)
		}
	}
	if strings.Contains(text, ".Start()") && !strings.Contains(text, "Loc:") {
		t.Errorf("a test starts a Ticker with no location:\n%s", text)
	}
	// The case is pinned by the panic's "created by" frame, not found by
	// bisecting the file (which, on a larger file and a panic whose timing
	// varies, drops innocent cases).
	for _, d := range sum.Dropped {
		if strings.Contains(d.Reason, "(*Ticker).Start") && !strings.Contains(d.Reason, "a goroutine it started panicked") {
			t.Errorf("%s dropped as %q, want it blamed by its goroutine's creator", d.Test, d.Reason)
		}
	}
}
