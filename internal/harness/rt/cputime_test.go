package rt

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessCPU: the CPU clock advances with work and stands still while
// the process sleeps, where the platform has one.
func TestProcessCPU(t *testing.T) {
	c0, ok := processCPU()
	if !ok {
		if runtime.GOOS == "linux" || runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
			t.Fatalf("no CPU clock on %s", runtime.GOOS)
		}
		t.Skip("no CPU clock on " + runtime.GOOS)
	}
	time.Sleep(200 * time.Millisecond)
	c1, _ := processCPU()
	if d := c1 - c0; d > 100*time.Millisecond {
		t.Errorf("200 ms asleep used %v of CPU", d)
	}
	x := uint64(1)
	start := time.Now()
	for c, _ := processCPU(); c-c1 < 50*time.Millisecond; c, _ = processCPU() {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("20 s of computing used %v of CPU", c-c1)
		}
		for i := 0; i < 1000; i++ {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
		}
	}
	if x == 0 {
		t.Log("unreachable")
	}
}
