// Package diag holds gentest's debugging switches, for its developers
// rather than its users, hence environment variables and not flags:
//
//   - GENTEST_DEBUG=1 logs each stage's decisions (Debugging);
//   - GENTEST_TRACE=path writes every sequence run and its result
//     (OpenTrace, a runner.Trace);
//   - GENTEST_STAGES=path accounts for the statements each stage after
//     the search loses (OpenStages);
//   - GENTEST_MEMPROFILE=prefix writes a heap profile after each phase
//     and logs the live heap (HeapCheckpoint).
//
// None of them changes a choice: a run with any of them set writes the
// same files as one without.
package diag

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/runner"
	"github.com/gentest-go/gentest/internal/sysmem"
)

// Debugging reports whether GENTEST_DEBUG asks for the stages' debug
// lines.
func Debugging() bool { return os.Getenv("GENTEST_DEBUG") != "" }

// OpenTrace opens the trace named by GENTEST_TRACE for the package pkg,
// instrumented as table; the trace is nil (Wrap then adds nothing) when
// the variable is unset. closeTrace flushes and closes the file.
func OpenTrace(pkg string, table *instrument.Table) (t *runner.Trace, closeTrace func(), err error) {
	path := os.Getenv("GENTEST_TRACE")
	if path == "" {
		return nil, func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, fmt.Errorf("opening the trace of %s: %w", pkg, err)
	}
	t = runner.NewTrace(f, table)
	return t, func() { t.Flush(); f.Close() }, nil
}

// MemProfileEnv names the environment variable that makes gentest write a
// heap profile of itself after each phase (load, analysis, model, search,
// verification) to "<value>.<phase>.pprof", after a collection, so that
// the profile shows what each phase leaves live.
const MemProfileEnv = "GENTEST_MEMPROFILE"

// HeapCheckpoint writes the heap profile of phase when MemProfileEnv is
// set, and logs the live heap and the process's peak RSS at that point.
func HeapCheckpoint(log io.Writer, phase string) {
	prefix := os.Getenv(MemProfileEnv)
	if prefix == "" {
		return
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(log, "gentest: heap after %s: %.0f MB live, %.0f MB from the OS, peak RSS %.0f MB\n",
		phase, float64(ms.HeapAlloc)/(1<<20), float64(ms.Sys)/(1<<20), float64(sysmem.SelfPeakRSS())/(1<<20))
	f, err := os.Create(prefix + "." + phase + ".pprof")
	if err != nil {
		fmt.Fprintf(log, "gentest: %s: %v\n", MemProfileEnv, err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		fmt.Fprintf(log, "gentest: %s: %v\n", MemProfileEnv, err)
	}
}
