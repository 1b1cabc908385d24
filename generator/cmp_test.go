package generator_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// The module is touched only when the user asks (issue 31): by default a
// module without go-cmp keeps its go.mod and gets no go.sum, and the file
// compiles with no network; -cmp=always adds the requirement and uses it;
// once the module requires go-cmp, the default uses it and changes
// nothing.
func TestCmpModes(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/readable", "example.com/readable")
	root := filepath.Dir(dir)
	modPath, sumPath := filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum")
	run := func(mode generator.CmpMode) (*generator.Summary, string) {
		sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 1500, Seed: 1, Workers: 2,
			CallTimeout: 300 * time.Millisecond, Cmp: mode, Disable: map[generator.Component]bool{generator.Fuzz: true}})
		return sum, string(src)
	}
	readMod := func() string {
		data, err := os.ReadFile(modPath)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	before := readMod()

	sum, src := run("")
	if got := readMod(); got != before || sum.AddedRequire != "" {
		t.Errorf("go.mod changed by default (added %q):\n%s", sum.AddedRequire, got)
	}
	if _, err := os.Stat(sumPath); err == nil {
		t.Error("go.sum written by default")
	}
	if strings.Contains(src, "go-cmp") {
		t.Errorf("the file imports go-cmp, which the module does not require:\n%s", src)
	}
	// Words' []string results are compared with the standard library.
	if !strings.Contains(src, "slices.Equal(") && !strings.Contains(src, "reflect.DeepEqual(") {
		t.Errorf("no standard-library comparison of a slice:\n%s", src)
	}
	cmd := exec.Command("go", "vet", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet on the default file, offline with go.mod read-only: %v\n%s", err, out)
	}

	if out, err := exec.Command("go", "mod", "download", "github.com/google/go-cmp@v0.7.0").CombinedOutput(); err != nil {
		t.Skipf("cannot download go-cmp (offline?): %v\n%s", err, out)
	}
	sum, src = run(generator.CmpAlways)
	mod := readMod()
	if !strings.Contains(mod, "github.com/google/go-cmp") || sum.AddedRequire == "" {
		t.Fatalf("-cmp=always: go.mod does not require go-cmp (added %q):\n%s", sum.AddedRequire, mod)
	}
	if !strings.Contains(src, `"github.com/google/go-cmp/cmp"`) || !strings.Contains(src, "cmp.Diff(") {
		t.Errorf("-cmp=always: the file does not use go-cmp:\n%s", src)
	}
	modSum, err := os.ReadFile(sumPath)
	if err != nil {
		t.Fatal(err)
	}

	// The module now requires go-cmp: the default uses it and leaves
	// go.mod and go.sum as they are.
	sum, src = run("")
	if got := readMod(); got != mod || sum.AddedRequire != "" {
		t.Errorf("go.mod changed by the default run after -cmp=always:\n%s", got)
	}
	if got, _ := os.ReadFile(sumPath); !bytes.Equal(got, modSum) {
		t.Errorf("go.sum changed by the default run after -cmp=always")
	}
	if !strings.Contains(src, "cmp.Diff(") {
		t.Errorf("the default does not use the go-cmp the module requires:\n%s", src)
	}
}

func TestParseCmp(t *testing.T) {
	for _, m := range generator.CmpModes {
		if got, err := generator.ParseCmp(string(m)); err != nil || got != m {
			t.Errorf("ParseCmp(%q) = %q, %v", m, got, err)
		}
	}
	for _, bad := range []string{"", "Always", "sometimes"} {
		if _, err := generator.ParseCmp(bad); err == nil || !strings.Contains(err.Error(), "-cmp") {
			t.Errorf("ParseCmp(%q): error %v, want one naming -cmp", bad, err)
		}
	}
}
