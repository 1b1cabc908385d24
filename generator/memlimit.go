package generator

import (
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
