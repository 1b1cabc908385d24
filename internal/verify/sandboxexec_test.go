package verify

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// A test binary run with Options.Sandbox writes in the allowed directory
// and is stopped by the kernel outside it, although nothing for the
// sandbox is compiled into it: go test runs it through this test binary,
// whose init confines itself and executes it (sandboxexec.go).
func TestSandboxedRun(t *testing.T) {
	goTestInParallel(t)
	if rt.LandlockABI() < 1 {
		t.Skip("no Landlock on this kernel")
	}
	outside := filepath.Join(t.TempDir(), "outside")
	scratch := t.TempDir()
	dir := scratchModule(t, map[string]string{
		"p.go": "package p\n",
		"p_test.go": `package p

import (
	"os"
	"path/filepath"
	"testing"
)

func TestInside(t *testing.T) {
	if err := os.WriteFile(filepath.Join(os.Getenv("HOME"), "inside"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestOutside(t *testing.T) {
	if err := os.WriteFile(` + strconv.Quote(outside) + `, []byte("x"), 0o644); err == nil {
		t.Fatal("wrote outside the sandbox")
	}
}
`,
	})
	rep, err := Run(context.Background(), Options{Dir: dir, Count: 1, WorkDir: t.TempDir(), Sandbox: []string{scratch}})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Passed["TestInside"] || !rep.Passed["TestOutside"] || len(rep.Failed) > 0 {
		t.Errorf("passed %v, failed %v (%s); want both tests passed", rep.Passed, rep.Failed, rep.Unexplained)
	}
	if _, err := os.Stat(outside); err == nil {
		t.Error("the test binary wrote outside the sandbox")
	}
	if _, err := os.Stat(filepath.Join(scratch, "inside")); err != nil {
		t.Errorf("the test binary's write inside the sandbox: %v", err)
	}
}
