package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/generator"
)

// gentest gen -explain names the reason each function of
// testdata/gen/explain stays uncovered: Save is excluded by the safety
// policy (fs-write, where), Winner needs a Grid nothing builds, Checksum's
// condition is never satisfied (with the closest operands), encode is
// never called; Double is covered and not listed. The HTML view has the
// reasons beside the lines.
func TestGenExplain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gentest and an executor, runs go test")
	}
	t.Parallel()
	exe := buildGentest(t)
	dir := t.TempDir()
	src, err := os.ReadFile("../../testdata/gen/explain/explain.go")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/explain\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "explain.go"), src, 0o644)
	html := filepath.Join(dir, "explain.html")
	// Without DSE: z3 can solve Checksum's hash condition, and whether it
	// does within its per-query time limit depends on the machine's load
	// (two CI runs covered Checksum fully and explained nothing).
	cmd := exec.Command(exe, "gen", "-execs=3000", "-p=2", "-no=dse", "-json", "-explain", "-html", html, ".")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("gentest gen: %v\n%s", err, stderr.String())
	}
	var sum generator.Summary
	if err := json.Unmarshal(out, &sum); err != nil {
		t.Fatalf("-json: %v\n%s", err, out)
	}
	if sum.Explain == nil {
		t.Fatalf("no explanation in -json:\n%s", out)
	}
	reasons := map[string][]string{}
	for _, f := range sum.Explain.Functions {
		for _, r := range f.Reasons {
			reasons[f.Name] = append(reasons[f.Name], r.Kind+": "+r.Message)
		}
	}
	for name, want := range map[string][]string{
		"Save":     {"excluded: ", "fs-write", "os.WriteFile at explain.go:12"},
		"Winner":   {"unbuildable-input: ", "nothing builds Grid"},
		"Checksum": {"unsatisfied-condition: ", "explain.go:50: h == 0x9e3779b9 was never true", "closest: h = ", "against 2654435769"},
		"encode":   {"never-called: "},
	} {
		got := strings.Join(reasons[name], "\n")
		if len(reasons[name]) != 1 {
			t.Errorf("%s: %d reasons, want 1:\n%s", name, len(reasons[name]), got)
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: reason %q lacks %q", name, got, w)
			}
		}
	}
	if r, ok := reasons["Double"]; ok {
		t.Errorf("Double is covered but explained: %v", r)
	}
	if sum.Explain.Source != "go test" {
		t.Errorf("coverage from %q, want the written file's (go test)", sum.Explain.Source)
	}
	// The short report goes to stderr with -json (stdout is JSON).
	if !strings.Contains(stderr.String(), "example.com/explain: 4 functions not fully covered") {
		t.Errorf("no short report on stderr:\n%s", stderr.String())
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<td class="src">func Winner(g Grid) byte {</td><td class="why"><div><span class="kind">unbuildable-input</span>`) {
		t.Errorf("the HTML view does not show Winner's reason beside its line")
	}
}
