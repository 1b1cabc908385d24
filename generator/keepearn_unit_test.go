package generator

import (
	"reflect"
	"testing"
)

// blocks marks the blocks of ids among n.
func blocks(n int, ids ...int) []bool {
	out := make([]bool, n)
	for _, i := range ids {
		out[i] = true
	}
	return out
}

// TestEarnDrops: a kept test goes only when the others cover all it
// covers, it is no noted killer, and the change gives a reason (changed
// code it or a test sharing its code covers, or covering nothing in a
// changed package; new tests covering it all are not one); of two equal
// tests the earlier stays.
func TestEarnDrops(t *testing.T) {
	for _, tc := range []struct {
		name    string
		kept    []string
		alone   map[string][]bool
		fresh   []bool
		changed []bool
		noted   map[string]bool
		want    []string
	}{
		{"unchanged, redundant: kept", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0, 1), "B": blocks(3, 1)}, nil, blocks(3), nil, nil},
		{"another test now covers it and changed code", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0, 1), "B": blocks(3, 1)}, nil, blocks(3, 0), nil, []string{"B"}},
		{"noted killer stays", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0, 1), "B": blocks(3, 1)}, nil, blocks(3, 0), map[string]bool{"B": true}, nil},
		{"equal tests on changed code: the later goes", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 2), "B": blocks(3, 2)}, nil, blocks(3, 2), nil, []string{"B"}},
		{"new tests cover it all, its code unchanged: kept (no churn)", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0), "B": blocks(3, 1)}, blocks(3, 1, 2), blocks(3), nil, nil},
		{"new tests cover it all and its code changed", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0), "B": blocks(3, 1)}, blocks(3, 1, 2), blocks(3, 1), nil, []string{"B"}},
		{"unique block stays", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0), "B": blocks(3, 1)}, nil, blocks(3, 0, 1), nil, nil},
		{"covers nothing in a changed package", []string{"A", "B"},
			map[string][]bool{"A": blocks(3, 0), "B": blocks(3)}, nil, blocks(3, 2), nil, []string{"B"}},
	} {
		es := &earnSet{kept: tc.kept, alone: tc.alone, fresh: tc.fresh, changed: tc.changed, newOnes: tc.fresh != nil}
		var got []string
		for _, d := range es.drops(tc.noted) {
			got = append(got, d.Test)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: dropped %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestFocusTestsTarget: a -run update replaces the tests emit names for
// the selection, numbered variants included, and no other.
func TestFocusTestsTarget(t *testing.T) {
	f := &focus{tests: map[string]bool{emitTestName("Test", "Stack.Pop"): true, emitTestName("Fuzz", "parse"): true}}
	for name, want := range map[string]bool{
		"TestStack_Pop": true, "TestStack_Pop2": true, "FuzzParse": true,
		"TestStack_Pop1": false, "TestStack_Push": false, "TestStack_PopAll": false, "TestParse": false,
	} {
		if got := f.testsTarget(name); got != want {
			t.Errorf("testsTarget(%s) = %v, want %v", name, got, want)
		}
	}
	if (*focus)(nil).testsTarget("TestStack_Pop") {
		t.Errorf("without -run a test was replaced")
	}
}
