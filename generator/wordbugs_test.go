package generator_test

import "testing"

// A method of fixed-size integer arrays alone (oracle.dataOnly, issue 32's
// uint256-mod-zero) owes an answer on any value of them: AddMod's index
// panic on a zero modulus is a finding, though it returns no error and
// decodes nothing. A division by zero (Div) and an index the caller gave
// (Word) stay out.
func TestWordFindings(t *testing.T) {
	endToEnd(t)
	sum, _ := genFixture(t, "wordbugs", 6000)
	got := findingKinds(sum)
	if got["AddMod"] != "index-out-of-range" {
		t.Errorf("AddMod: finding %q, want index-out-of-range (findings %+v)", got["AddMod"], sum.Findings)
	}
	if len(got) != 1 {
		t.Errorf("findings %+v, want only AddMod's (none in Div, Word)", sum.Findings)
	}
}
