package generator

import "github.com/gentest-go/gentest/generator/exec/sysmem"

// defaultMemLimit keeps all executors together below a quarter of the
// machine's memory, and each below 1 GiB: a unit test that needs more is
// not one gentest should write.
func defaultMemLimit(workers int) int64 {
	total := sysmem.TotalMemory() // 0: unknown
	if total <= 0 {
		total = 8 << 30
	}
	per := total / 4 / int64(workers)
	if per > 1<<30 {
		per = 1 << 30
	}
	if per < 256<<20 {
		per = 256 << 20
	}
	return per
}

func selfMaxRSS() int64 { return sysmem.SelfPeakRSS() }
