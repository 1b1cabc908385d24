package generator

import (
	"time"

	"github.com/gentest-go/gentest/internal/sysmem"
)

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
	self := sysmem.SelfPeakRSS()
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
