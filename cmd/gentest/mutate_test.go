package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/mutation"
)

// gentest mutate -json prints one object per package with the names the
// benchmark reads, consistent counts, and the error of a package it could
// not analyze; the exit status says only whether some package failed.
func TestMutateJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	var stdout, stderr bytes.Buffer
	f := &mutateFlags{jsonOut: true, jobs: 2}
	opts, err := f.options()
	if err != nil {
		t.Fatal(err)
	}
	code := runMutate(context.Background(), &stdout, &stderr,
		[]string{"../../testdata/mutate/basic", "../../testdata/mutate/notests"}, opts, f)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (notests has no tests)", code)
	}
	dec := json.NewDecoder(&stdout)
	var got []map[string]any
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		got = append(got, m)
	}
	if len(got) != 2 {
		t.Fatalf("%d objects, want 2:\n%s", len(got), stdout.String())
	}
	basic, notests := got[0], got[1]
	for _, k := range []string{"package", "mutants", "killed", "killed_timeout", "survived", "not_covered", "skipped", "score", "operators", "survivors", "dropped"} {
		if _, ok := basic[k]; !ok {
			t.Errorf("no %q in %v", k, basic)
		}
	}
	if basic["error"] != nil {
		t.Errorf("basic: error %v", basic["error"])
	}
	n := func(k string) float64 { v, _ := basic[k].(float64); return v }
	if sum := n("killed") + n("killed_timeout") + n("survived") + n("not_covered") + n("skipped"); sum != n("mutants") || sum == 0 {
		t.Errorf("counts sum to %v, mutants %v", sum, n("mutants"))
	}
	if want := 100 * (n("killed") + n("killed_timeout")) / (n("mutants") - n("skipped")); n("score") < want-0.01 || n("score") > want+0.01 {
		t.Errorf("score %v, want %v", n("score"), want)
	}
	for _, s := range basic["survivors"].([]any) {
		sv := s.(map[string]any)
		if sv["file"] != "basic.go" || sv["line"].(float64) < 1 || sv["op"] == "" {
			t.Errorf("survivor %v", sv)
		}
	}
	if e, _ := notests["error"].(string); !strings.Contains(e, "no test files") || notests["package"] != "github.com/gentest-go/gentest/testdata/mutate/notests" {
		t.Errorf("notests: %v", notests)
	}
}

// The files whose mutants a failed mutated build dropped are in -json's
// "dropped", relative to the package, with the compiler's error.
func TestMutateJSONDropped(t *testing.T) {
	dir := filepath.FromSlash("/m/p")
	rep := &mutation.Report{Package: "m/p", Dir: dir, Dropped: []string{filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")},
		MutateErr: "a.go:3:1: not enough return values"}
	b, err := json.Marshal(mutateJSON("m/p", rep, nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := `"dropped":["a.go","b.go"],"mutate_error":"a.go:3:1: not enough return values"`; !strings.Contains(string(b), want) {
		t.Errorf("-json %s lacks %s", b, want)
	}
	if b, _ := json.Marshal(mutateJSON("m/p", &mutation.Report{Dir: dir}, nil)); !strings.Contains(string(b), `"dropped":[]`) {
		t.Errorf("-json without drops: %s", b)
	}
}

// The text form: one line per package, and the survivors with -v.
func TestMutateText(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	var stdout, stderr bytes.Buffer
	f := &mutateFlags{verbose: true, jobs: 2, exclude: "extra_test.go"}
	opts, _ := f.options()
	if code := runMutate(context.Background(), &stdout, &stderr, []string{"../../testdata/mutate/basic"}, opts, f); code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if !strings.HasPrefix(lines[0], "github.com/gentest-go/gentest/testdata/mutate/basic  mutants ") || !strings.HasSuffix(lines[0], "%") {
		t.Errorf("first line %q", lines[0])
	}
	// The tests never check Check's error for a negative number.
	if !strings.Contains(stdout.String(), "\tbasic.go:27:6: extreme Check -> return *new(error)\n") {
		t.Errorf("the surviving extreme mutant of Check is not listed:\n%s", stdout.String())
	}
}

func TestMutateFlagErrors(t *testing.T) {
	for _, args := range [][]string{{"-jobs", "0"}, {"-mutants", "x"}, {"-mutants", "0"}, {"-nosuchflag"}} {
		if code := cmdMutate(args); code != 2 {
			t.Errorf("gentest mutate %v: exit status %d, want 2", args, code)
		}
	}
}
