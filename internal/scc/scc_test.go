package scc_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gentest-go/gentest/internal/scc"
)

func TestComponents(t *testing.T) {
	for _, test := range []struct {
		name      string
		roots     []int
		edges     map[int][]int
		want      [][]int
		recursive []bool
	}{
		{"empty", nil, nil, nil, []bool{}},
		{"single", []int{1}, nil, [][]int{{1}}, []bool{false}},
		{"self loop", []int{1}, map[int][]int{1: {1}}, [][]int{{1}}, []bool{true}},
		{
			"chain, callees first", []int{1}, map[int][]int{1: {2}, 2: {3}},
			[][]int{{3}, {2}, {1}}, []bool{false, false, false},
		},
		{
			"cycle in discovery order", []int{1}, map[int][]int{1: {2}, 2: {3}, 3: {1, 4}},
			[][]int{{4}, {1, 2, 3}}, []bool{false, true},
		},
		{
			"two cycles joined", []int{5, 1}, map[int][]int{1: {2}, 2: {1, 3}, 3: {4}, 4: {3}, 5: {}},
			[][]int{{5}, {3, 4}, {1, 2}}, []bool{false, true, true},
		},
		{
			"reached from a later root", []int{2, 1}, map[int][]int{1: {2}},
			[][]int{{2}, {1}}, []bool{false, false},
		},
		{
			"successors outside roots are visited", []int{1}, map[int][]int{1: {7}, 7: {1}},
			[][]int{{1, 7}}, []bool{true},
		},
	} {
		got, recursive := scc.Components(test.roots, func(n int) []int { return test.edges[n] })
		if diff := cmp.Diff(test.want, got); diff != "" {
			t.Errorf("%s: components (-want +got):\n%s", test.name, diff)
		}
		if diff := cmp.Diff(test.recursive, recursive); diff != "" {
			t.Errorf("%s: recursive (-want +got):\n%s", test.name, diff)
		}
	}
}
