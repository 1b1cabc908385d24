package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/gentest-go/gentest/internal/sysmem"
)

// TestTuneVetMemory: a vettool run relaxes the collector's pace under a
// soft memory limit of at most 2 GiB, and leaves a pace the user set alone.
func TestTuneVetMemory(t *testing.T) {
	if sysmem.TotalMemory() <= 0 {
		t.Skip("the machine's memory is unknown here: the pace is left alone")
	}
	pace, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(pace); debug.SetMemoryLimit(limit) })

	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		if v, ok := os.LookupEnv(name); ok {
			t.Cleanup(func() { os.Setenv(name, v) })
			os.Unsetenv(name)
		}
	}
	tuneVetMemory()
	if got := debug.SetGCPercent(100); got != vetGCPercent {
		t.Errorf("GC percent %d after tuneVetMemory, want %d", got, vetGCPercent)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got < 256<<20 || got > 2<<30 {
		t.Errorf("memory limit %d after tuneVetMemory, want between 256 MiB and 2 GiB", got)
	}

	t.Setenv("GOGC", "150")
	tuneVetMemory()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent %d with GOGC set, want the pace left at 100", got)
	}
}
