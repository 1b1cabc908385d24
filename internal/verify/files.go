package verify

import (
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// TestFiles lists the test files in dir other than except: the user's own
// and earlier outputs of gentest.
func TestFiles(dir string, except ...string) []string {
	all, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	skip := map[string]bool{}
	for _, e := range except {
		skip[e] = true
	}
	var out []string
	for _, f := range all {
		if !skip[f] {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// Generated reports whether a test file is one of gentest's outputs.
func Generated(path string) bool {
	return strings.HasSuffix(path, "_gentest_test.go") || strings.HasSuffix(path, "_gentest_findings_test.go")
}

// RaceAvailable reports whether go test -race works here: it needs cgo
// and a C compiler.
var RaceAvailable = sync.OnceValue(func() bool {
	out, err := exec.Command("go", "env", "CGO_ENABLED", "CC").Output()
	if err != nil {
		return false
	}
	f := strings.Fields(string(out))
	if len(f) < 2 || f[0] != "1" {
		return false
	}
	_, err = exec.LookPath(f[1])
	return err == nil
})

// OnlyGenerated keeps gentest's outputs from a list of test files.
func OnlyGenerated(files []string) []string {
	var out []string
	for _, f := range files {
		if Generated(f) {
			out = append(out, f)
		}
	}
	return out
}
