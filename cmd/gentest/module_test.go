package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// gentest gen ./... on a module of several packages ends with one table;
// -shard=1/2 and -shard=2/2 run disjoint parts that together are every
// package, a main package among them a skipped row.
func TestGenModuleShards(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gentest and executors, runs go test")
	}
	t.Parallel()
	exe := buildGentest(t)
	dir := t.TempDir()
	write := func(rel, data string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/mod\n\ngo 1.22\n")
	write("a/a.go", "package a\n\n// Abs is |n|.\nfunc Abs(n int) int {\n\tif n < 0 {\n\t\treturn -n\n\t}\n\treturn n\n}\n")
	write("b/b.go", "package b\n\n// Twice repeats s.\nfunc Twice(s string) string { return s + s }\n")
	write("c/c.go", "package c\n\n// Max is the larger.\nfunc Max(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n")
	write("tool/main.go", "package main\n\nfunc main() {}\n")
	all := map[string]string{}
	for _, shard := range []string{"1/2", "2/2"} {
		cmd := exec.Command(exe, "gen", "-execs=500", "-p=2", "-shard="+shard, "./...")
		cmd.Dir = dir
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("gentest gen -shard=%s: %v\n%s", shard, err, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) < 3 || !strings.HasPrefix(lines[0], "package ") || !strings.HasPrefix(lines[len(lines)-1], "total: ") {
			t.Fatalf("-shard=%s: no summary table on stdout:\n%s", shard, out)
		}
		for _, l := range lines[1 : len(lines)-1] {
			pkg := strings.Fields(l)[0]
			if prev, ok := all[pkg]; ok {
				t.Errorf("%s is in shard %s and shard %s", pkg, prev, shard)
			}
			all[pkg] = shard
			if pkg == "example.com/mod/tool" && !strings.Contains(l, "is a main package") {
				t.Errorf("the main package's row gives no skip reason: %q", l)
			}
			if pkg != "example.com/mod/tool" && !strings.Contains(l, "0.0% → 100.0%") {
				t.Errorf("row %q: want coverage 0.0%% → 100.0%%", l)
			}
		}
	}
	// A shard holding only the main package is still part of a module run:
	// a skipped row, not an error.
	cmd := exec.Command(exe, "gen", "-execs=500", "-shard=4/4", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil || !strings.Contains(string(out), "example.com/mod/tool") || !strings.Contains(string(out), "is a main package") {
		t.Errorf("-shard=4/4 (the main package alone): %v\n%s", err, out)
	}
	var got []string
	for p := range all {
		got = append(got, p)
	}
	sort.Strings(got)
	want := "example.com/mod/a example.com/mod/b example.com/mod/c example.com/mod/tool"
	if strings.Join(got, " ") != want {
		t.Errorf("the shards ran %v, want every package once: %s", got, want)
	}
}
