package generator

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"

	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/internal/buildid"
	"github.com/gentest-go/gentest/internal/sysmem"
)

// defaultMemLimit keeps all executors together below a quarter of the
// machine's memory, and each at most maxExecutorMem.
func defaultMemLimit(workers int) int64 {
	total := sysmem.TotalMemory() // 0: unknown
	if total <= 0 {
		total = 8 << 30
	}
	per := total / 4 / int64(workers)
	if per > maxExecutorMem {
		per = maxExecutorMem
	}
	if per < 256<<20 {
		per = 256 << 20
	}
	return per
}

// maxExecutorMem is the default cap of one executor. No process of a run
// should pass 1 GB (issue 14): an executor is stopped only after the 10 ms
// watch sees it above its cap, and code that sizes an allocation from an
// input (make([]T, n), strings.Repeat) can add a few hundred megabytes in
// that time, so the cap leaves that much room below 1 GB. A unit test that
// needs more is not one gentest should write.
const maxExecutorMem = 768 << 20

// SelfSoftLimit is the soft memory limit gentest sets for itself
// (debug.SetMemoryLimit) unless GOMEMLIMIT says otherwise: the garbage
// collector works harder as the heap nears it, so that gentest stays below
// 1 GiB where its live data allows, beside executors of up to maxExecutorMem each.
const SelfSoftLimit = 1 << 30

func selfMaxRSS() int64 { return sysmem.SelfPeakRSS() }

// MemProfileEnv names the environment variable that makes gentest write a
// heap profile of itself after each phase (load, analysis, model, search,
// verification) to "<value>.<phase>.pprof", after a collection, so that
// the profile shows what each phase leaves live. It is a diagnostic for
// gentest's developers, hence not a flag.
const MemProfileEnv = "GENTEST_MEMPROFILE"

// heapCheckpoint writes the heap profile of phase when MemProfileEnv is
// set, and logs the live heap and the process's RSS at that point.
func heapCheckpoint(log io.Writer, phase string) {
	prefix := os.Getenv(MemProfileEnv)
	if prefix == "" {
		return
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(log, "gentest: heap after %s: %.0f MB live, %.0f MB from the OS, peak RSS %.0f MB\n",
		phase, float64(ms.HeapAlloc)/(1<<20), float64(ms.Sys)/(1<<20), float64(selfMaxRSS())/(1<<20))
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

// treePeriod is how often gentest samples its own and its children's
// resident sets for the summary. Executors are also sampled every 10 ms by
// the pool's memory watch; the compiler and test binaries live for
// seconds.
const treePeriod = 50 * time.Millisecond

// reportPeaks fills the summary's memory fields from the tree watcher's
// peaks so far, raised by the exact peak of gentest itself and the
// executor pool's faster watch.
func reportPeaks(sum *Summary, w *sysmem.TreeWatcher, execPeak int64, workers int) {
	p := w.Peaks()
	self := selfMaxRSS()
	p.Note(sysmem.SelfName, self)
	p.Note("executor", execPeak)
	const mib = 1 << 20
	sum.PeakRSSMB = float64(p.Max()) / mib
	total := p.Total
	if !p.OK {
		total = self + execPeak*int64(workers)
	}
	sum.PeakRSSTotalMB = float64(max(total, p.Max())) / mib
	sum.PeakRSSByProcess = map[string]float64{}
	for name, v := range p.ByName {
		sum.PeakRSSByProcess[name] = float64(v) / mib
	}
}

// factCacheSalt is what a dependency's facts depend on besides its files
// and its imports: gentest's own build (its analyzers), the Go version
// gentest was built with, and the analyzers' flags. gentest's build is
// identified by the hash of its executable, which changes with any change
// to the analyzers, released or not.
func factCacheSalt(analyzers []*analysis.Analyzer) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", runtime.Version(), buildid.Executable())
	for _, a := range analyzers {
		fmt.Fprintf(h, "analyzer %s", a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, " -%s=%s", f.Name, f.Value) })
		fmt.Fprintf(h, "\x00")
	}
	return hex.EncodeToString(h.Sum(nil))
}
