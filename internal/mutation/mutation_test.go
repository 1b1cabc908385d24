package mutation

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/instrument"
)

// fixture loads testdata/mutate/name of the module.
func fixture(t *testing.T, name string) *packages.Package {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "mutate", name))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Mode: LoadMode, Dir: dir}, ".")
	if err != nil || len(pkgs) != 1 {
		t.Fatalf("loading %s: %v (%d packages)", name, err, len(pkgs))
	}
	return pkgs[0]
}

// find returns the result of the one mutant of function fn with operator
// op whose original text contains orig.
func find(t *testing.T, rep *Report, fn, op, orig string) MutantResult {
	t.Helper()
	var found []MutantResult
	for _, m := range rep.Mutants {
		if m.Func == fn && m.Op == op && strings.Contains(m.Orig, orig) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d mutants %s %s %q, want 1; all: %v", len(found), fn, op, orig, describe(rep))
	}
	return found[0]
}

func describe(rep *Report) []string {
	var out []string
	for _, m := range rep.Mutants {
		out = append(out, m.Func+" "+m.Op+" "+m.Orig+" -> "+m.Repl+": "+string(m.Status)+" "+m.Note)
	}
	return out
}

// The fixture's own tests kill the mutants they check, leave the boundary
// nobody tests alive and never infect the function nobody calls; a test
// file added through Extra (or chosen by the globs) kills the boundary.
func TestAnalyzeBasic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	pkg := fixture(t, "basic")
	rep, err := Analyze(context.Background(), pkg, Options{Exclude: []string{"extra_test.go"}, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Baseline.Passed || rep.Baseline.Infected == 0 {
		t.Fatalf("baseline %+v", rep.Baseline)
	}
	if len(rep.TestFiles) != 1 || filepath.Base(rep.TestFiles[0]) != "basic_test.go" {
		t.Errorf("test files %v, want basic_test.go", rep.TestFiles)
	}
	want := []struct {
		fn, op, orig string
		st           Status
	}{
		// No test tries 18: the boundary mutant is never infected.
		{"Adult", "rel-boundary", ">=", NotCovered},
		{"Adult", "rel-negate", ">=", Killed},
		{"Add", "arith", "+", Killed},
		// The tests check that Check(4) is nil, never that Check(-1) is
		// not: returning nil always survives.
		{"Check", "extreme", "Check", Survived},
	}
	for _, w := range want {
		if m := find(t, rep, w.fn, w.op, w.orig); m.Status != w.st {
			t.Errorf("%s %s %s: %s (%s), want %s", w.fn, w.op, w.orig, m.Status, m.Note, w.st)
		}
	}
	checkConsistent(t, rep)
	for _, m := range rep.Mutants {
		if m.Func == "Untested" && m.Status != NotCovered {
			t.Errorf("mutant %d of Untested (%s %s): %s, want not covered", m.ID, m.Op, m.Orig, m.Status)
		}
		if m.Status == Killed && m.Note == "" {
			t.Errorf("killed mutant %d has no note", m.ID)
		}
	}

	boundary := find(t, rep, "Adult", "rel-boundary", ">=").ID
	src, err := os.ReadFile(filepath.Join(rep.Dir, "extra_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The same test, as a file not on disk: Extra runs it although the
	// globs exclude every file on disk.
	extra := map[string][]byte{filepath.Join(rep.Dir, "gen_test.go"): src}
	rep2, err := Analyze(context.Background(), pkg, Options{Include: []string{"none"}, Extra: extra, Mutants: []int{boundary}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep2.Mutants) != 1 || rep2.Mutants[0].ID != boundary || rep2.Mutants[0].Status != Killed {
		t.Errorf("with the boundary test: %v, want mutant %d killed", describe(rep2), boundary)
	}
	if !strings.Contains(rep2.Mutants[0].Note, "TestAdultBoundary") {
		t.Errorf("note %q does not name the failing test", rep2.Mutants[0].Note)
	}
}

// Statuses do not depend on how many runs go at once.
func TestAnalyzeDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	pkg := fixture(t, "basic")
	statuses := func(jobs int) []Status {
		rep, err := Analyze(context.Background(), pkg, Options{Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		var out []Status
		for i, m := range rep.Mutants {
			if m.ID != i+1 {
				t.Fatalf("mutant %d at index %d", m.ID, i)
			}
			out = append(out, m.Status)
		}
		return out
	}
	a, b := statuses(1), statuses(3)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("statuses differ between 1 and 3 jobs:\n%v\n%v", a, b)
	}
}

// A mutant that makes a loop endless is killed by timeout, and counted so.
func TestAnalyzeTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a mutant for its 10 s timeout")
	}
	pkg := fixture(t, "loop")
	var id int
	for _, m := range mutantsOf(t, pkg) {
		if m.Op == "remove" && strings.Contains(m.Orig, "i++") {
			id = m.ID
		}
	}
	if id == 0 {
		t.Fatalf("no mutant removes i++: %v", mutantsOf(t, pkg))
	}
	start := time.Now()
	rep, err := Analyze(context.Background(), pkg, Options{Mutants: []int{id}})
	if err != nil {
		t.Fatal(err)
	}
	if m := rep.Mutants[0]; m.Status != KilledTimeout || rep.KilledTimeout != 1 || rep.Score() != 1 {
		t.Errorf("removed i++: %s (%s), %d by timeout, score %v; want killed by timeout", m.Status, m.Note, rep.KilledTimeout, rep.Score())
	}
	if rep.Timeout != 10*time.Second {
		t.Errorf("timeout %v, want the 10 s floor", rep.Timeout)
	}
	// The mutant's own run ends at the timeout (a kill, then its grace);
	// the analysis around it builds and runs the baseline, which take what
	// the machine's load makes them take (55.7 s in all at load 100).
	if el := rep.Mutants[0].Elapsed; el > rep.Timeout+killGrace+30*time.Second {
		t.Errorf("the mutant's run took %v (the whole analysis %v)", el, time.Since(start))
	}
}

// mutantsOf is the package's mutant table.
func mutantsOf(t *testing.T, pkg *packages.Package) []instrument.Mutant {
	t.Helper()
	_, table, err := harness.InstrumentedFiles(pkg, filepath.Dir(pkg.GoFiles[0]), harness.Options{Mutate: true})
	if err != nil {
		t.Fatal(err)
	}
	return table.Mutants
}

// checkConsistent checks the counts against the per-mutant statuses.
func checkConsistent(t *testing.T, rep *Report) {
	t.Helper()
	n := rep.Killed + rep.KilledTimeout + rep.Survived + rep.NotCovered + rep.Skipped
	if n != len(rep.Mutants) || len(rep.Mutants) == 0 {
		t.Errorf("counts sum to %d, %d mutants", n, len(rep.Mutants))
	}
	ops := 0
	for _, c := range rep.Operators {
		ops += c.Mutants
	}
	if ops != len(rep.Mutants) {
		t.Errorf("operators count %d mutants, want %d", ops, len(rep.Mutants))
	}
	if rep.Skipped != 0 {
		t.Errorf("%d skipped without a budget", rep.Skipped)
	}
}

// Bad inputs are errors that say what is wrong; failing tests are a
// baseline that did not pass.
func TestAnalyzeBadInputs(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		opts Options
		want string
		long bool
	}{
		{name: "notests", want: "no test files"},
		{name: "basic", opts: Options{Include: []string{"nothing*"}}, want: "exclude all 2 test files"},
		{name: "basic", opts: Options{Include: []string{"["}}, want: "bad test file glob"},
		{name: "basic", opts: Options{Extra: map[string][]byte{"/elsewhere/x_test.go": nil}}, want: "not a _test.go file in"},
		{name: "broken", want: "does not compile"},
		{name: "cmdmain", want: "main package"},
		{name: "badtest", want: "the package or its tests do not compile", long: true},
	} {
		if c.long && testing.Short() {
			continue
		}
		_, err := Analyze(ctx, fixture(t, c.name), c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: error %v, want %q", c.name, c.opts, err, c.want)
		}
	}
	if _, err := Analyze(ctx, fixture(t, "notests"), Options{}); !errors.Is(err, ErrNoTests) {
		t.Errorf("notests: %v is not ErrNoTests", err)
	}
	if testing.Short() {
		return
	}
	rep, err := Analyze(ctx, fixture(t, "failing"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline.Passed || !strings.Contains(rep.Baseline.Output, "TestF") || rep.Skipped != len(rep.Mutants) {
		t.Errorf("failing tests: baseline %+v, %d of %d skipped", rep.Baseline, rep.Skipped, len(rep.Mutants))
	}
}

// A budget that ends before the mutants run is an error in the baseline,
// or skips the mutants.
func TestAnalyzeBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary")
	}
	_, err := Analyze(context.Background(), fixture(t, "basic"), Options{Budget: time.Nanosecond})
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("1 ns budget: %v, want a deadline error", err)
	}
}

// A mutated build the compiler rejects costs the named file's mutants, or
// all of them, never the analysis (as harness.Build): the report says
// which files were dropped.
func TestAnalyzeDropsMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	pkg := fixture(t, "drop")
	dir := filepath.Dir(pkg.GoFiles[0])
	a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	const bad = "\nvar _ int = \"gentest-broken\"\n"
	defer func() { breakMutated = nil }()
	for _, c := range []struct {
		name    string
		broken  func(path string, dropped []string) bool
		dropped []string
	}{
		// a.go's mutated copy does not compile; without mutants it does.
		{"a.go", func(p string, dropped []string) bool { return p == a && !slices.Contains(dropped, a) }, []string{a}},
		// Every mutated build fails, even with a.go's and b.go's mutants
		// dropped (the runtime's size file breaks): no mutants at all.
		{"all", func(p string, dropped []string) bool {
			return filepath.Base(p) == "zz_size.go" && len(dropped) < 2
		}, []string{a, b}},
	} {
		breakMutated = func(files map[string][]byte, dropped []string) {
			for p, src := range files {
				if c.broken(p, dropped) {
					files[p] = append(append([]byte{}, src...), bad...)
				}
			}
		}
		rep, err := Analyze(context.Background(), pkg, Options{Jobs: 2})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !slices.Equal(rep.Dropped, c.dropped) || !strings.Contains(rep.MutateErr, "gentest-broken") {
			t.Errorf("%s: dropped %q, want %q; MutateErr %q", c.name, rep.Dropped, c.dropped, rep.MutateErr)
		}
		for _, m := range rep.Mutants {
			if slices.Contains(c.dropped, filepath.Join(dir, m.File)) || slices.Contains(c.dropped, m.File) {
				t.Errorf("%s: mutant %d of a dropped file %s", c.name, m.ID, m.File)
			}
		}
		if c.name == "a.go" {
			checkConsistent(t, rep)
			if rep.Killed == 0 || !rep.Baseline.Passed {
				t.Errorf("%s: b.go's mutants not killed: %v", c.name, describe(rep))
			}
		} else if len(rep.Mutants) != 0 || !rep.Baseline.Passed {
			t.Errorf("%s: %d mutants, baseline %+v", c.name, len(rep.Mutants), rep.Baseline)
		}
	}
}
