package generator_test

import "testing"

// A binary decoder whose unchecked read lies past a fixed header is
// reached by inputs of about the header's size, which the search draws
// from the lengths the decoder's code compares len(data) with
// (search.lengthBytes; issue 32's dtls-serverhello-short): Record's
// Unmarshal panics on 42 bytes, and is a finding; Header's checks every
// read and gives none.
func TestLengthShapedFindings(t *testing.T) {
	endToEnd(t)
	sum, _ := genFixture(t, "lenbugs", 3000)
	got := findingKinds(sum)
	if got["Unmarshal"] != "index-out-of-range" {
		t.Errorf("Record.Unmarshal: finding %q, want index-out-of-range (findings %+v)", got["Unmarshal"], sum.Findings)
	}
	if len(sum.Findings) != 1 {
		t.Errorf("findings %+v, want Record.Unmarshal's only", sum.Findings)
	}
}
