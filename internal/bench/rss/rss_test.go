package rss

import (
	"os"
	"os/exec"
	"testing"
	"time"
)

func TestTreeRSSIncludesChildren(t *testing.T) {
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc")
	}
	self, ok := TreeRSS(os.Getpid())
	if !ok || self <= 0 {
		t.Fatalf("TreeRSS(self) = %d, %v", self, ok)
	}
	cmd := exec.Command("sleep", "5")
	if err := cmd.Start(); err != nil {
		t.Skip("no sleep command:", err)
	}
	defer cmd.Process.Kill()
	w := Watch(os.Getpid(), 10*time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	peak, ok := w.Stop()
	if !ok || peak <= 0 {
		t.Fatalf("Stop() = %d, %v", peak, ok)
	}
	child, ok := TreeRSS(cmd.Process.Pid)
	if !ok {
		t.Fatal("cannot read the child's RSS")
	}
	if both, _ := TreeRSS(os.Getpid()); both < child {
		t.Errorf("tree RSS %d is less than the child's %d", both, child)
	}
}
