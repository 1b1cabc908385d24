package generator_test

import (
	"os/exec"
	"strings"
	"testing"
)

// A decoder that validates keys in map order and returns the first
// failure (issue 31's review: toml.Decode's results were all left
// unchecked, "may differ between runs: it calls (*MetaData).unify") is
// nondeterministic only in which error it returns: a document that
// decodes gets its table checked, one that fails gets err != nil, and no
// note calls a value unstable. go test passes with map order shuffled
// over several runs.
func TestErrorChoiceAsserted(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/keyerrs", "example.com/keyerrs")
	sum, src := gen(t, dir, 3000, 1)
	text := string(src)
	for _, bad := range []string{"may differ between runs", "clock or on randomness", "not the same in two runs"} {
		if strings.Contains(text, bad) {
			t.Errorf("a note says %q:\n%s", bad, text)
		}
	}
	if !strings.Contains(text, "map[string]int{") {
		t.Errorf("no decoded table is checked:\n%s", text)
	}
	if sum.Asserted < 1 {
		t.Errorf("asserted fraction %v, want 1:\n%s", sum.Asserted, text)
	}
	cmd := exec.Command("go", "test", "-count=20", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test -count=20: %v\n%s\n%s", err, out, text)
	}
}

// A call of such a decoder that fails before its map loop (a line
// without "=", a target that is not a table) fails the same way on every
// run: its test checks the failure, where the steady runner's masking of
// every error the operation returned left it unchecked, "may differ
// between runs" (issue 31: toml.Decode("[-", ...), DecodeFile of a file
// that does not exist). go test passes with map order shuffled over
// several runs.
func TestErrorChoiceFailureChecked(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/choicefail", "example.com/choicefail")
	sum, src := gen(t, dir, 3000, 1)
	text := string(src)
	if strings.Contains(text, "must not panic;") {
		t.Errorf("a call is left unchecked:\n%s", text)
	}
	if !strings.Contains(text, "choicefail.ErrSyntax") && !strings.Contains(text, "err == nil") {
		t.Errorf("no failing decode is checked:\n%s", text)
	}
	if sum.Asserted < 1 {
		t.Errorf("asserted fraction %v, want 1:\n%s", sum.Asserted, text)
	}
	cmd := exec.Command("go", "test", "-count=20", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test -count=20: %v\n%s\n%s", err, out, text)
	}
}
