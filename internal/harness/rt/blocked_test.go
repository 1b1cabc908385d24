package rt

import (
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestDumpBlocked(t *testing.T) {
	own := [][]byte{[]byte("pkg/zz_gentest_rt.watchMemCap(")}
	self := "goroutine 5 [running]:\npkg/zz_gentest_rt.(*executor).watchdog(0xc000010000)\n\t/x/watchdog.go:100 +0x1\n"
	memcap := "goroutine 6 [runnable]:\ntime.Sleep(0x989680)\n\t/go/time.go:1 +0x1\npkg/zz_gentest_rt.watchMemCap(0x1)\n\t/x/memcap.go:60 +0x1\n"
	cases := []struct {
		name string
		recs []string
		want bool
	}{
		{"call waits on a channel", []string{"goroutine 1 [chan receive]:\npkg.F()\n"}, true},
		{"extras after the state", []string{"goroutine 1 [chan receive, 2 minutes, locked to thread]:\npkg.F()\n"}, true},
		{"call locked, helper asleep", []string{"goroutine 1 [sync.Mutex.Lock]:\npkg.F()\n", "goroutine 9 [sleep]:\ntime.Sleep(0x1)\n"}, true},
		{"call in a system call", []string{"goroutine 1 [syscall]:\nsyscall.read()\n"}, true},
		{"call preempted", []string{"goroutine 1 [runnable]:\npkg.F()\n"}, false},
		{"call waits for a busy goroutine", []string{"goroutine 1 [semacquire]:\npkg.F()\n", "goroutine 9 [runnable]:\npkg.G()\n"}, false},
		{"call assists the collector", []string{"goroutine 1 [GC assist wait]:\npkg.F()\n"}, false},
		{"unknown state", []string{"goroutine 1 [something new]:\npkg.F()\n"}, false},
	}
	for _, c := range cases {
		dump := strings.Join(append([]string{self, memcap}, c.recs...), "\n")
		if got := dumpBlocked([]byte(dump), own); got != c.want {
			t.Errorf("%s: blocked %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCallBlockedLive reads this process's own goroutines: the test's
// goroutines wait (the testing package's on channels), then one spins.
func TestCallBlockedLive(t *testing.T) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(stop)
	wg.Add(2)
	go func() { defer wg.Done(); <-stop }()
	// The waiter parks when the scheduler gets to it, and under load a
	// Gosched may not be enough (2 failures in about 50 runs beside other
	// packages' tests): poll until it does, for up to 5 s.
	blocked := false
	for deadline := time.Now().Add(5 * time.Second); !blocked && time.Now().Before(deadline); {
		runtime.Gosched()
		if blocked, _ = callBlocked(nil); !blocked {
			time.Sleep(time.Millisecond)
		}
	}
	if !blocked {
		t.Errorf("with every other goroutine waiting on a channel: not blocked\n%s", dumpAll())
	}
	spinning := make(chan struct{})
	go func() {
		defer wg.Done()
		close(spinning)
		for {
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	<-spinning
	if blocked, _ := callBlocked(nil); blocked {
		t.Errorf("with a goroutine spinning: blocked\n%s", dumpAll())
	}
}

func dumpAll() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
