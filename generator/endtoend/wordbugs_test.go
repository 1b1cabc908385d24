package endtoend_test

import (
	"testing"

	"github.com/gentest-go/gentest/internal/generatortest"
)

// A method of fixed-size integer arrays alone (oracle.dataOnly, issue 32's
// uint256-mod-zero) owes an answer on any value of them: AddMod's index
// panic on a zero modulus is a finding, though it returns no error and
// decodes nothing. A division by zero (Div) and an index the caller gave
// (Word) stay out.
func TestWordFindings(t *testing.T) {
	generatortest.BenchBug(t)
	sum, _ := generatortest.GenFixture(t, "wordbugs", 6000)
	got := findingKinds(sum)
	if got["AddMod"] != "index-out-of-range" {
		t.Errorf("AddMod: finding %q, want index-out-of-range (findings %+v)", got["AddMod"], sum.Findings)
	}
	if len(got) != 1 {
		t.Errorf("findings %+v, want only AddMod's (none in Div, Word)", sum.Findings)
	}
}

// A package whose import path's last element has a dot (gopkg.in/yaml.v3)
// is spelt with the dot escaped in its frames' function names
// (gopkg.in/yaml%2ev3.handleErr): its panics have a site in the package
// all the same, and its runtime-panic findings are reported (issue 32:
// every candidate of yaml.v3 was dropped as "outside the package").
func TestDottedPathFindings(t *testing.T) {
	generatortest.BenchBug(t)
	sum, _ := generatortest.Gen(t, generatortest.CopyTree(t, "../../testdata/gen/wordbugs", "example.com/wordbugs.v2"), 6000, 1)
	if got := findingKinds(sum); got["AddMod"] != "index-out-of-range" || len(got) != 1 {
		t.Errorf("findings %+v, want AddMod's index-out-of-range only", sum.Findings)
	}
}
