package sysmem

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

// The sampler finds a child started after its first sample (a new PID
// makes it walk the children lists again), reads its name and resident
// set, and drops it, closing its files, once it has exited.
func TestTreeSamplerFollowsChildren(t *testing.T) {
	s := newTreeSampler(os.Getpid())
	defer s.close()
	before := s.sample()
	if len(before) == 0 || before[0].pid != os.Getpid() || before[0].rss <= 0 {
		t.Fatalf("first sample %+v: want this process first, with its RSS", before)
	}
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	pid := cmd.Process.Pid
	// Between fork and exec the child still has this binary's name, and
	// a loaded machine may take a while to exec: sample until it is
	// sleep (each sample rereads every process's stat).
	found := false
	for deadline := time.Now().Add(5 * time.Second); !found && time.Now().Before(deadline); {
		for _, p := range s.sample() {
			if p.pid == pid {
				found = p.comm == "sleep" && p.rss > 0
			}
		}
		if !found {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if !found {
		t.Errorf("the child %d is not in the sample, named sleep, with an RSS", pid)
	}
	cmd.Process.Kill()
	cmd.Wait()
	for _, p := range s.sample() {
		if p.pid == pid {
			t.Errorf("the child %d is still sampled after it was reaped", pid)
		}
	}
	if _, ok := s.procs[pid]; ok {
		t.Errorf("the sampler still holds the files of the reaped child %d", pid)
	}
}

// Without a new PID in the namespace the sampler reuses the children it
// found, and still reads every process's resident set.
func TestTreeSamplerNoNewPIDs(t *testing.T) {
	s := newTreeSampler(os.Getpid())
	defer s.close()
	s.sample()
	if s.loadavg == nil {
		t.Skip("no /proc/loadavg")
	}
	// The machine is shared: other processes start at any time, and then
	// a walk is due. Try until a sample comes with no new PID.
	for try := 0; try < 200; try++ {
		walks := s.walks
		if s.newPIDs() {
			continue
		}
		got := s.sample()
		if s.walks != walks {
			continue // a PID came between the check and the sample
		}
		if len(got) == 0 || got[0].rss <= 0 {
			t.Errorf("sample without a walk: %+v", got)
		}
		return
	}
	t.Skip("new PIDs at every try")
}

func TestParseStat(t *testing.T) {
	line := "4242 (a (b) c) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 7 0 123 1000000 250 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0 0 0 0 0 0\n"
	comm, threads, rss, ok := parseStat([]byte(line))
	if !ok || comm != "a (b) c" || threads != 7 || rss != 250*int64(os.Getpagesize()) {
		t.Errorf("parseStat = %q, %d, %d, %v; want \"a (b) c\", 7, 250 pages, true", comm, threads, rss, ok)
	}
	if _, _, _, ok := parseStat([]byte("4242 (x) S 1")); ok {
		t.Error("a short line parsed")
	}
}

// BenchmarkTreeSample is one sample of this process's tree with a child:
// go test -bench=TreeSample ./internal/sysmem.
func BenchmarkTreeSample(b *testing.B) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		b.Skip("no sleep command:", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	time.Sleep(10 * time.Millisecond)
	s := newTreeSampler(os.Getpid())
	defer s.close()
	for i := 0; i < b.N; i++ {
		s.sample()
	}
}
