package generator_test

import (
	"strings"
	"testing"
)

// A method that returns nothing and, on the input the search found, did
// nothing (moving another queue's item, as container/list's MoveToFront
// does nothing for another list's element) is checked by a read of its
// receiver: the judge's mutation filter found every read idle, which left
// the test with "must not panic; it returns nothing, and no call here
// reads what it changes" (issue 31, testdata/gen/noopmove).
func TestNoopCallChecked(t *testing.T) {
	endToEnd(t)
	sum, src := genFixture(t, "noopmove", 3000)
	text := string(src)
	if strings.Contains(text, "no call here reads what it changes") {
		t.Errorf("a call that returns nothing is left unchecked:\n%s", text)
	}
	if sum.Asserted < 1 {
		t.Errorf("asserted fraction %v, want 1:\n%s", sum.Asserted, text)
	}
}
