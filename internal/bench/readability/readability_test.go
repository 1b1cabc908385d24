package readability

import (
	"os"
	"path/filepath"
	"testing"
)

// One file with a table (3 rows), two subtests and a plain test: the
// counts a reviewer would make by hand.
func TestFile(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"pkg.go", "pkg_gentest_test.go.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", "pkg", f))
		if err != nil {
			t.Fatal(err)
		}
		name := f
		if filepath.Ext(f) == ".txt" {
			name = f[:len(f)-len(".txt")]
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := File(filepath.Join(dir, "pkg_gentest_test.go"), dir)
	if err != nil {
		t.Fatal(err)
	}
	// Tests: 3 rows + 2 subtests + TestStack_Len.
	if rep.Tests != 6 {
		t.Errorf("Tests = %d, want 6", rep.Tests)
	}
	// Checks: 2 per row, 1 in "one", none in "discard", 2 in TestStack_Len.
	if rep.Assertions != 5 {
		t.Errorf("Assertions = %d, want 5", rep.Assertions)
	}
	if got, _ := rep.AssertionsPerTest.Get(); got != 9.0/6 {
		t.Errorf("AssertionsPerTest = %v, want 1.5", got)
	}
	// "discard" checks nothing after Push and says it must not panic;
	// TestStack_Len checks Len after its first call of Len.
	if rep.PanicOnly != 1 || rep.NoTarget != 0 {
		t.Errorf("PanicOnly, NoTarget = %d, %d; want 1, 0", rep.PanicOnly, rep.NoTarget)
	}
	// _ = s.Push(1) and _ = s.Len() are thrown away; _ = s.Push(2) is the
	// must-not-panic target.
	if rep.Discarded != 2 {
		t.Errorf("Discarded = %d, want 2", rep.Discarded)
	}
	// Statements: a row is its call and two checks (3), "one" 3,
	// "discard" 3 (the comment is none), TestStack_Len 5: median 3.
	if got, _ := rep.MedianStmts.Get(); got != 3 {
		t.Errorf("MedianStmts = %v, want 3", got)
	}
	if rep.ErrorChecks != 1 || rep.MessageErrors != 1 || !rep.SentinelsOrTypes {
		t.Errorf("ErrorChecks, MessageErrors, SentinelsOrTypes = %d, %d, %v; want 1, 1, true", rep.ErrorChecks, rep.MessageErrors, rep.SentinelsOrTypes)
	}
	// "a_2" beside "a".
	if rep.NumberedNames != 1 {
		t.Errorf("NumberedNames = %d, want 1", rep.NumberedNames)
	}
}

// A file that does not parse is an error naming it, not a panic.
func TestFileBad(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x_test.go")
	if err := os.WriteFile(p, []byte("package x\nfunc {"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := File(p, ""); err == nil {
		t.Fatal("no error for a file that does not parse")
	}
}

// An if/else that only checks (the error when one is wanted, else the
// value) counts once per check.
func TestCheckTree(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x_test.go")
	src := `package x
import "testing"
func TestF(t *testing.T) {
	got, err := F()
	if want := 1; want != 0 {
		if err == nil {
			t.Fatal("no error")
		}
	} else {
		if err != nil {
			t.Fatal(err)
		}
		if got != 1 {
			t.Error("got")
		}
	}
}
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := File(p, "")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := rep.MedianStmts.Get(); got != 4 {
		t.Errorf("MedianStmts = %v, want 4 (the call and three checks)", got)
	}
}
