package sysmem

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"
)

// envAlloc makes the test binary, re-executed as a child, touch this many
// MiB and exit.
const envAlloc = "SYSMEM_TEST_ALLOC_MIB"

// envHold makes that child wait before it exits.
const envHold = "SYSMEM_TEST_HOLD"

func TestMain(m *testing.M) {
	if os.Getenv(envAlloc) != "" {
		allocAndTouch(64)
		if os.Getenv(envHold) != "" {
			// Stay alive to be sampled by a TreeWatcher.
			time.Sleep(500 * time.Millisecond)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var sink [][]byte

// allocAndTouch makes mib MiB resident: each page is written.
func allocAndTouch(mib int) {
	for i := 0; i < mib; i++ {
		b := make([]byte, 1<<20)
		for j := 0; j < len(b); j += 4096 {
			b[j] = 1
		}
		sink = append(sink, b)
	}
}

func TestTotalMemory(t *testing.T) {
	total := TotalMemory()
	switch runtime.GOOS {
	case "linux", "darwin", "windows":
		// Any machine that runs the Go toolchain has more than 64 MiB and
		// less than 64 TiB; a unit error (pages, KiB) lands outside.
		if total < 64<<20 || total > 64<<40 {
			t.Errorf("TotalMemory() = %d, not a plausible byte count", total)
		}
	default:
		if total != 0 {
			t.Errorf("TotalMemory() = %d on %s, want 0 (unknown)", total, runtime.GOOS)
		}
	}
}

func TestSelfPeakRSSGrows(t *testing.T) {
	before := SelfPeakRSS()
	if before <= 0 {
		t.Skipf("SelfPeakRSS() = %d: not available on %s", before, runtime.GOOS)
	}
	allocAndTouch(64)
	defer func() { sink = nil }()
	after := SelfPeakRSS()
	// 64 MiB were touched; in kilobytes-for-bytes confusion the growth
	// would read as 64 KiB or 64 GiB.
	if after-before < 32<<20 && after < 64<<20 {
		t.Errorf("SelfPeakRSS grew from %d to %d after touching 64 MiB", before, after)
	}
	if after > 64<<30 {
		t.Errorf("SelfPeakRSS() = %d, implausible", after)
	}
}

func TestProcessRSS(t *testing.T) {
	rss, err := ProcessRSS(os.Getpid())
	if !CanWatch() {
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("ProcessRSS without CanWatch: err = %v, want ErrUnsupported", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	peak := SelfPeakRSS()
	if rss <= 0 || (peak > 0 && rss > peak+(16<<20)) {
		t.Errorf("ProcessRSS(self) = %d, SelfPeakRSS() = %d", rss, peak)
	}
}

func TestExitedPeakRSS(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), envAlloc+"=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	peak, ok := ExitedPeakRSS(cmd.ProcessState)
	if !ok {
		if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
			return
		}
		t.Fatal("ExitedPeakRSS: not available")
	}
	// The child touched 64 MiB.
	if peak < 64<<20 || peak > 64<<30 {
		t.Errorf("ExitedPeakRSS = %d, want at least 64 MiB", peak)
	}
}

// A Process samples the same process again and again, and sees memory
// it touches between two samples.
func TestOpenProcess(t *testing.T) {
	p, err := OpenProcess(os.Getpid())
	if !CanWatch() {
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("OpenProcess without CanWatch: err = %v, want ErrUnsupported", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	before, err := p.RSS()
	if err != nil || before <= 0 {
		t.Fatalf("RSS() = %d, %v", before, err)
	}
	b := make([]byte, 64<<20)
	for i := range b {
		if i%4096 == 0 {
			b[i] = 1
		}
	}
	after, err := p.RSS()
	if err != nil {
		t.Fatal(err)
	}
	if after-before < 32<<20 {
		t.Errorf("RSS grew from %d to %d after touching 64 MiB", before, after)
	}
	runtime.KeepAlive(b)
}
