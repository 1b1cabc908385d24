package search

import (
	"regexp"
	"slices"
	"testing"
)

// groupPairs finds the bracket pairs whose both sides the package uses,
// and leaves the other characters as separators.
func TestGroupPairs(t *testing.T) {
	pairs, others := groupPairs([]string{"*", "[", "-", "]", "{", ",", "("})
	if len(pairs) != 1 || pairs[0] != [2]string{"[", "]"} {
		t.Errorf("pairs = %v, want only [ ]", pairs)
	}
	if want := []string{"*", "-", "{", ",", "("}; !slices.Equal(others, want) {
		t.Errorf("others = %v, want %v", others, want)
	}
}

// compose builds bracketed groups with separators inside when the
// package's characters hold a pair, among its other strings, and never
// when they hold none.
func TestComposeGroups(t *testing.T) {
	rng := testRand(7)
	c := &Constants{chars: []string{"[", "]", "{", "}", "-", ",", "!"}}
	groupRe := regexp.MustCompile(`\[[^\]]*[-,!][^\]]*\]|\{[^}]*[-,!][^}]*\}`)
	groups := 0
	for i := 0; i < 500; i++ {
		if groupRe.MatchString(c.compose(rng)) {
			groups++
		}
	}
	if groups < 100 || groups > 400 {
		t.Errorf("%d of 500 composed strings hold a group with a separator, want between 100 and 400", groups)
	}
	c = &Constants{chars: []string{"[", "-", ","}}
	for i := 0; i < 200; i++ {
		if s := c.compose(rng); groupRe.MatchString(s) {
			t.Fatalf("composed %q: a group with no closer among the characters", s)
		}
	}
}
