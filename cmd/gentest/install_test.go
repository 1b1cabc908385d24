package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// minGo is the lowest Go version users need: the go line of gentest's
// go.mod, which go get -tool carries into the user's module.
func minGo(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil || f.Go == nil {
		t.Fatalf("go.mod: no go line (%v)", err)
	}
	return f.Go.Version
}

// The README states the Go version users need, and it is go.mod's.
func TestReadmeGoVersion(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	v := minGo(t)
	if !strings.Contains(string(readme), "Go "+v+" or later") {
		t.Errorf("README does not say %q (go.mod's go line)", "Go "+v+" or later")
	}
	for _, cmd := range []string{
		"go install github.com/gentest-go/gentest/cmd/gentest@latest",
		"go get -tool github.com/gentest-go/gentest/cmd/gentest",
		"//go:generate go tool gentest gen",
	} {
		if !strings.Contains(string(readme), cmd) {
			t.Errorf("README does not show %q", cmd)
		}
	}
}

// .ci/run runs the first command the README gives for the project's own
// tests, so that the time the README says it takes is what CI runs.
func TestCIRunsReadmeTestCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "Run the project's own tests")
	if ok {
		_, rest, ok = strings.Cut(rest, "```sh\n")
	}
	if !ok {
		t.Fatal("README.md has no sh block after \"Run the project's own tests\"")
	}
	line, _, _ := strings.Cut(rest, "\n")
	command, _, _ := strings.Cut(line, "#")
	command = strings.TrimSpace(command)
	if !slices.Contains(strings.Split(string(ci), "\n"), command) {
		t.Errorf(".ci/run has no line %q, the README's test command", command)
	}
}

// The go tool flow works in a new module whose go line is the lowest
// version gentest needs: go get -tool (with a replace to this checkout, as
// a user's module would fetch gentest from the proxy), a //go:generate go
// tool gentest gen line, go generate, go test.
func TestGoToolFlow(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a module cache holding gentest's dependencies; builds gentest and an executor")
	}
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	v := minGo(t)
	dir := t.TempDir()
	gomod := "module example.com/user\n\ngo " + v + "\n\n" +
		"replace github.com/gentest-go/gentest => " + root + "\n"
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", gomod)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", string(sum))
	write("money.go", `package user

//go:generate go tool gentest gen -execs=2000 -q

// Cents converts an amount in whole units and cents to cents.
func Cents(units, cents int) int {
	if cents < 0 || cents > 99 {
		return -1
	}
	return units*100 + cents
}
`)
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		// The toolchain installed here, never one go would download:
		// the flow must work with the version the go line names.
		// GOPROXY=off: gentest comes from the replace, its dependencies
		// from the module cache that building this checkout filled (and
		// go.sum, copied from it), so the test needs no network; a
		// proxy would be asked for gentest's unpublished paths.
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// A version the replace stands in for: the module is not fetched.
	run("get", "-tool", "github.com/gentest-go/gentest/cmd/gentest@v0.0.0-00010101000000-000000000000")
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Go.Version != v {
		t.Errorf("go get -tool raised the go line to %s; gentest needs only %s", f.Go.Version, v)
	}
	if len(f.Tool) != 1 || f.Tool[0].Path != "github.com/gentest-go/gentest/cmd/gentest" {
		t.Errorf("go.mod has no tool line for gentest:\n%s", data)
	}
	if out := run("tool", "gentest", "help"); !strings.Contains(out, "gentest gen") {
		t.Errorf("go tool gentest help:\n%s", out)
	}
	// -q: nothing but errors, and there are none.
	if out := run("generate", "./..."); strings.TrimSpace(out) != "" {
		t.Errorf("go generate with gentest gen -q printed:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "user_gentest_test.go")); err != nil {
		t.Fatalf("go generate wrote no test file: %v", err)
	}
	out := run("test", "-count=1", "-cover", "./...")
	if m := regexp.MustCompile(`coverage: ([0-9.]+)% of statements`).FindStringSubmatch(out); m == nil || m[1] == "0.0" {
		t.Errorf("go test of the generated file:\n%s", out)
	}
}
