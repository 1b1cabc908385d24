package verify

import (
	"strings"
	"testing"
)

// A binary that died between tests is reported by its panic and the frame
// that made the goroutine, not by the tests that passed before.
func TestDeathLines(t *testing.T) {
	out := `=== RUN   TestA
--- PASS: TestA (0.00s)
=== RUN   TestB
--- PASS: TestB (0.00s)
panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x5f2a1b]

goroutine 31 [running]:
example.com/cron.FuncJob.Run(0x0)
	/src/cron/cron.go:120 +0x1b
created by example.com/cron.(*Cron).startJob in goroutine 27
	/src/cron/cron.go:300 +0x8d
FAIL	example.com/cron	1.012s`
	want := "panic: runtime error: invalid memory address or nil pointer dereference | created by example.com/cron.(*Cron).startJob in goroutine 27"
	if got := deathLines(out); got != want {
		t.Errorf("deathLines = %q, want %q", got, want)
	}
	if got := deathLines("=== RUN   TestA\n--- PASS: TestA (0.00s)\nexit status 3\nFAIL\texample.com/p\t0.01s"); !strings.Contains(got, "exit status 3") {
		t.Errorf("no panic: deathLines = %q, want the last lines", got)
	}
}
