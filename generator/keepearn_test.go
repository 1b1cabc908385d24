package generator_test

// Kept tests that no longer earn their place, and -run updating a file
// (issue 35), end to end.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
	"github.com/gentest-go/gentest/internal/write"
)

// TestUpdateEarns: on testdata/gen/earn with its earlier file (stamped
// for the fixture's code), an edit making Twice call Double drops
// TestDouble, which then adds no coverage and kills no mutant TestTwice
// does not, saying why, and keeps the other tests byte for byte; deleting
// Half then drops TestHalf, which no longer compiles, and nothing else.
func TestUpdateEarns(t *testing.T) {
	comparative(t)
	dir := scratchModule(t, "../testdata/gen/earn", "example.com/earn")
	code := filepath.Join(dir, "earn.go")
	st, err := write.SourceStamp([]string{code})
	if err != nil {
		t.Fatal(err)
	}
	earlier, err := os.ReadFile("../testdata/gen/earn/earlier.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "earn_gentest_test.go")
	if err := os.WriteFile(out, write.WithStamp(earlier, st), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 500, Seed: 1, Workers: 2, CallTimeout: 300 * time.Millisecond}
	before := testFuncs(t, earlier)

	edit(t, code, "return n + n", "return Double(n)")
	sum, first := genConfig(t, cfg)
	after := testFuncs(t, first)
	if _, ok := after["TestDouble"]; ok {
		t.Errorf("TestDouble kept after Twice came to cover all it covers (dropped %+v):\n%s", sum.Dropped, first)
	}
	if !dropped(sum, "TestDouble", "no longer adds coverage") {
		t.Errorf("the summary does not say why TestDouble was dropped: %+v", sum.Dropped)
	}
	for _, name := range []string{"TestTwice", "TestHalf"} {
		if after[name] != before[name] {
			t.Errorf("%s changed, want it byte for byte:\n%s", name, first)
		}
	}

	edit(t, code, "// Half returns n halved, rounded toward zero.\nfunc Half(n int) int {\n\treturn n / 2\n}\n", "")
	sum, second := genConfig(t, cfg)
	final := testFuncs(t, second)
	if _, ok := final["TestHalf"]; ok || !dropped(sum, "TestHalf", "no longer compiles") {
		t.Errorf("TestHalf kept or dropped for another reason after Half was deleted (dropped %+v):\n%s", sum.Dropped, second)
	}
	if final["TestTwice"] != before["TestTwice"] {
		t.Errorf("TestTwice changed after Half was deleted:\n%s", second)
	}
	for name := range final {
		if name != "TestTwice" && !strings.Contains(name, "Twice") && !strings.Contains(name, "Double") {
			t.Errorf("after deleting Half the file holds %s, a test of no function left:\n%s", name, second)
		}
	}
}

// TestFocusUpdates: -run on a package whose generated file tests all its
// functions updates that file: the selection's tests are replaced in
// their place, every other test stays byte for byte and where it was (the
// diff touches only the selection's tests), and the stamp still records a file of
// the whole package.
func TestFocusUpdates(t *testing.T) {
	comparative(t)
	dir := scratchModule(t, "../testdata/gen/focus", "example.com/focus")
	cfg := generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 2000, Seed: 1, Workers: 2, CallTimeout: 300 * time.Millisecond}
	_, whole := genConfig(t, cfg)
	cfg.Run = "^Abs$"
	sum, focused := genConfig(t, cfg)
	before, after := testFuncs(t, whole), testFuncs(t, focused)
	if _, ok := before["TestAbs"]; !ok {
		t.Fatalf("the whole-package file has no TestAbs:\n%s", whole)
	}
	if _, ok := after["TestAbs"]; !ok {
		t.Errorf("-run ^Abs$ left no TestAbs:\n%s", focused)
	}
	for name, text := range before {
		if name != "TestAbs" && name != "FuzzAbs" && after[name] != text {
			t.Errorf("-run ^Abs$ changed or removed %s:\n%s", name, focused)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok && !strings.Contains(name, "Abs") {
			t.Errorf("-run ^Abs$ added %s, outside the selection", name)
		}
	}
	// The diff is the selection's tests, rewritten in their place (before
	// issue 35's fix TestAbs went to the end of the file), and no other
	// line.
	if moved := sameOrder(t, whole, focused); moved != "" {
		t.Errorf("-run ^Abs$ moved tests:\n%s", moved)
	}
	if extra := changedOutside(t, whole, focused, func(name string) bool { return strings.Contains(name, "Abs") }); len(extra) > 0 {
		t.Errorf("-run ^Abs$ changed lines outside Abs's tests:\n%s\nbefore:\n%s\nafter:\n%s", strings.Join(extra, "\n"), whole, focused)
	}
	if !dropped(sum, "TestAbs", "replaced") {
		t.Errorf("the summary does not say TestAbs was replaced: %+v", sum.Dropped)
	}
	if st, ok := write.ReadStamp(focused); !ok || st.Run != "" {
		t.Errorf("the updated file's stamp records -run %q, want the whole package's", st.Run)
	}
}

// edit replaces old by new in file, failing when old is not there.
func edit(t *testing.T, file, old, new string) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), old) {
		t.Fatalf("%s holds no %q: the fixture changed; update the edit", file, old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// dropped says whether sum reports test dropped with a reason holding why.
func dropped(sum *generator.Summary, test, why string) bool {
	for _, d := range sum.Dropped {
		if d.Test == test && strings.Contains(d.Reason, why) {
			return true
		}
	}
	return false
}
