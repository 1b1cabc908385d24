package main

import (
	"os"
	"runtime"
	"runtime/debug"

	"github.com/gentest-go/gentest/internal/sysmem"
)

// vetGCPercent is the collector's pace in a vettool run (GOGC=400).
const vetGCPercent = 400

// tuneVetMemory sets the garbage collector's pace for one vettool run. go
// vet starts the tool once per package, dependencies included; each run
// type-checks the package, builds its SSA and facts, and exits, so most
// of its heap lives until the end, and collecting at the default pace
// spends a large share of the run's CPU (a quarter of it, with the
// runtime's scanning, in a profile of the suite over go-cty) tracing memory
// that the exit frees anyway. The pace is relaxed; a soft memory limit
// (the machine's memory shared by the runs go vet starts at once, one per
// CPU, and at most 2 GiB each) brings collection back before the runs
// together could exhaust memory. A GOGC or GOMEMLIMIT the user set wins.
func tuneVetMemory() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	total := sysmem.TotalMemory()
	if total <= 0 {
		return // unknown: keep the default pace
	}
	limit := total / int64(2*runtime.NumCPU())
	limit = min(max(limit, 256<<20), 2<<30)
	debug.SetMemoryLimit(limit)
	debug.SetGCPercent(vetGCPercent)
}
