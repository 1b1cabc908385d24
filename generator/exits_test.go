package generator_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
	"github.com/gentest-go/gentest/internal/explain"
)

// A parser whose syntax errors go to an exported handler variable that
// defaults to log.Fatal (testdata/gen/exithandler) loses nothing to
// exits in the search: every sequence stores a returning handler first,
// and the written tests do too, restoring the default with t.Cleanup.
func TestExitHandlerSwapped(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/exithandler", "example.com/exithandler")
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 3000, Seed: 1, Workers: 2,
		CallTimeout: 500 * time.Millisecond})
	if sum.SearchLost.Exits != 0 {
		t.Errorf("search lost %.2fs to exits (%v), want none: the handler is swapped", sum.SearchLost.Exits, sum.Crashes)
	}
	for _, want := range []string{"t.Cleanup(func() {\n\t\texithandler.ErrorHandler = oldErrorHandler", "exithandler.ErrorHandler = func(error) {}"} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("written file lacks %q\n%s", want, src)
		}
	}
	if sum.Coverage < 0.8 {
		t.Errorf("coverage = %.2f, want at least 0.80\n%s", sum.Coverage, src)
	}
}

// A parser whose errors exit through a function value the package gives
// no way to replace (testdata/gen/exitonly) costs restarts: -json counts
// them and their seconds, and the explain report says which operation
// exited and how often.
func TestExitsCounted(t *testing.T) {
	waitBound(t)
	dir := scratchModule(t, "../testdata/gen/exitonly", "example.com/exitonly")
	sum, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 1000, Seed: 1, Workers: 2,
		CallTimeout: 500 * time.Millisecond})
	if sum.Crashes["exit"] == 0 || sum.SearchLost.Exits <= 0 {
		t.Errorf("crashes %v, lost %+v: want the exits and their seconds counted", sum.Crashes, sum.SearchLost)
	}
	found := false
	if sum.Explain != nil {
		for _, f := range sum.Explain.Functions {
			for _, r := range f.Reasons {
				found = found || f.Name == "Parse" && r.Kind == explain.Exits
			}
		}
	}
	if !found {
		t.Errorf("explain report %+v: want Parse's exits named\n%s", sum.Explain, src)
	}
}
