package sysmem

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// The tree watcher sees a child's resident set while it runs, under its
// role (a *.test program is a "test binary"), beside the current
// process's own, and their sum.
func TestWatchTreeSeesChildren(t *testing.T) {
	// The child runs under another name: one that bears the current
	// process's name is taken for a child between fork and exec.
	bin, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	childBin := filepath.Join(t.TempDir(), "child.test")
	if err := os.WriteFile(childBin, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	w := WatchTree(20 * time.Millisecond)
	cmd := exec.Command(childBin, "-test.run=^$")
	cmd.Env = append(os.Environ(), envAlloc+"=1", envHold+"=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	p := w.Stop()
	if !treeSupported {
		if p.OK || len(p.ByName) != 0 {
			t.Errorf("without tree support: %+v, want nothing", p)
		}
		return
	}
	if !p.OK {
		t.Fatal("no sample succeeded")
	}
	child, self := p.ByName["test binary"], p.ByName[SelfName]
	if child < 60<<20 {
		t.Errorf("child peak %d MiB, want at least the 60 MiB it touched (peaks %v)", child>>20, p.ByName)
	}
	if self <= 0 {
		t.Errorf("no peak for the current process (peaks %v)", p.ByName)
	}
	if p.Total < child || p.Max() != max(child, self) {
		t.Errorf("total %d, max %d; child %d, self %d", p.Total, p.Max(), child, self)
	}
	// Peaks after Stop are a copy: noting into it leaves the watcher's
	// alone.
	p.Note("x", 1)
	if _, ok := w.Peaks().ByName["x"]; ok {
		t.Errorf("Peaks shares its map with the watcher")
	}
}

func TestRoleName(t *testing.T) {
	for comm, want := range map[string]string{"csv.test\n": "test binary", "executor\n": "executor", "compile": "compile", "": "unknown"} {
		if got := roleName(comm); got != want {
			t.Errorf("roleName(%q) = %q, want %q", comm, got, want)
		}
	}
}
