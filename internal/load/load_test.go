package load_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/load"
)

// fixtureModule writes a module of small packages, one per kind of bad
// input, and a good one.
func fixtureModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":             "module example.com/bad\n\ngo 1.22\n",
		"good/g.go":          "package good\n\n// F is exported.\nfunc F() int { return 1 }\n",
		"methods/m.go":       "package methods\n\n// T has an exported method only.\ntype T struct{}\n\n// M is exported.\nfunc (T) M() {}\n",
		"broken/b.go":        "package broken\n\nfunc F() int { return \"x\" }\n",
		"usesbroken/u.go":    "package usesbroken\n\nimport \"example.com/bad/broken\"\n\nfunc G() int { return broken.F() }\n",
		"mainpkg/m.go":       "package main\n\nfunc main() {}\n",
		"cgo/c.go":           "package cgo\n\n// int x;\nimport \"C\"\n\nfunc F() {}\n",
		"noexp/n.go":         "package noexp\n\nfunc f() {}\n\ntype t struct{}\n\nfunc (t) M() {}\n",
		"onlytypes/o.go":     "package onlytypes\n\n// T has no methods.\ntype T struct{ X int }\n\n// C is a constant.\nconst C = 1\n",
		"notgo/README.md":    "not Go\n",
		"testonly/x_test.go": "package testonly\n",
	}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

// Each kind of bad package is a one-line *load.Error that names the
// package and says what is wrong; packages with exported functions or
// methods pass. One load for all of them keeps the test fast.
func TestCheckPackages(t *testing.T) {
	root := fixtureModule(t)
	tests := map[string]string{ // last path element -> error, "" for none
		"empty":      "not a Go package: no Go files in",
		"notgo":      "not a Go package: no Go files in",
		"testonly":   "has no Go files to test",
		"broken":     "does not compile: " + filepath.Join(root, "broken", "b.go") + ":3:23: cannot use",
		"usesbroken": "does not compile: " + filepath.Join(root, "broken", "b.go") + ":3:23: cannot use",
		"mainpkg":    "is a main package",
		"cgo":        "uses cgo (c.go)",
		"noexp":      "has no exported functions or methods",
		"onlytypes":  "has no exported functions or methods",
		"good":       "",
		"methods":    "",
	}
	var patterns []string
	for dir := range tests {
		patterns = append(patterns, "./"+dir)
	}
	pkgs, err := load.Packages(root, patterns)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(tests) {
		t.Fatalf("loaded %d packages, want %d", len(pkgs), len(tests))
	}
	for i := 1; i < len(pkgs); i++ {
		if pkgs[i-1].PkgPath >= pkgs[i].PkgPath {
			t.Errorf("packages not sorted by path: %s before %s", pkgs[i-1].PkgPath, pkgs[i].PkgPath)
		}
	}
	for _, p := range pkgs {
		name := p.PkgPath[strings.LastIndex(p.PkgPath, "/")+1:]
		want, ok := tests[name]
		if !ok {
			t.Errorf("unexpected package %s", p.PkgPath)
			continue
		}
		err := load.CheckCompiles(p)
		if err == nil {
			err = load.CheckTestable(p)
		}
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", p.PkgPath, err)
			}
			continue
		}
		checkError(t, err, p.PkgPath, want)
	}
}

// checkError checks that err is a one-line *load.Error about pkg saying
// want.
func checkError(t *testing.T, err error, pkg, want string) {
	t.Helper()
	var le *load.Error
	if !errors.As(err, &le) {
		t.Errorf("%s: error %v (%T), want a *load.Error", pkg, err, err)
		return
	}
	if le.Pkg != pkg {
		t.Errorf("error %q names %q, want %q", err, le.Pkg, pkg)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, pkg+": ") || !strings.Contains(msg, want) {
		t.Errorf("error %q, want %q: ...%s...", msg, pkg, want)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error spans several lines: %q", err)
	}
}

// Paths that do not exist are reported before the go command runs; an
// import path nothing provides is not a Go package.
func TestPackagesMissing(t *testing.T) {
	root := fixtureModule(t)
	for _, p := range []string{"./nope", "./nope/...", filepath.Join(root, "nope"), "../" + filepath.Base(root) + "/nope"} {
		_, err := load.Packages(root, []string{p})
		checkError(t, err, p, "no such directory")
		_, _, err = load.WithSupport(root, []string{p}, nil)
		checkError(t, err, p, "no such directory")
	}
	pkgs, err := load.Packages(root, []string{"example.com/bad/nosuch"})
	if err != nil {
		t.Fatal(err)
	}
	checkError(t, load.CheckCompiles(pkgs[0]), "example.com/bad/nosuch", "not a Go package: no required module provides package example.com/bad/nosuch")
}

// WithSupport loads the targets with the support packages in one type
// universe, the rest of the module only when asked to, and passes bad
// input on to the same errors.
func TestWithSupport(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the support packages with syntax")
	}
	root := fixtureModule(t)
	var asked int
	targets, roots, err := load.WithSupport(root, []string{"./good"}, func(targets, roots []*packages.Package) bool {
		asked++
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	if asked != 1 {
		t.Errorf("wantModule asked %d times, want once", asked)
	}
	if len(targets) != 1 || targets[0].PkgPath != "example.com/bad/good" {
		t.Fatalf("targets %v, want example.com/bad/good", targets)
	}
	var paths []string
	for _, r := range roots {
		paths = append(paths, r.PkgPath)
	}
	want := append([]string{}, load.SupportPackages...)
	want = append(want, "example.com/bad/good")
	slices.Sort(want)
	if !slices.Equal(paths, want) {
		t.Errorf("roots %v, want %v", paths, want)
	}
	if targets[0] != roots[slices.Index(paths, "example.com/bad/good")] {
		t.Errorf("the target is not the root of the same load")
	}

	// Asked for the module: its other library packages come too, but not
	// main packages.
	targets, roots, err = load.WithSupport(root, []string{"./good"}, func(targets, roots []*packages.Package) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	paths = paths[:0]
	for _, r := range roots {
		paths = append(paths, r.PkgPath)
	}
	if len(targets) != 1 || !slices.Contains(paths, "example.com/bad/methods") || slices.Contains(paths, "example.com/bad/mainpkg") {
		t.Errorf("with the module: targets %d, roots %v; want methods and not mainpkg among the roots", len(targets), paths)
	}

	// A directory without Go files: the listing fails and the full load
	// reports it.
	targets, _, err = load.WithSupport(root, []string{"./empty"}, nil)
	if err == nil {
		for _, p := range targets {
			if err = load.CheckCompiles(p); err != nil {
				break
			}
		}
	}
	checkError(t, err, "./empty", "not a Go package: no Go files in "+filepath.Join(root, "empty"))
}
