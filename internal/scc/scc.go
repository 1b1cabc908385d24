// Package scc computes the strongly connected components of a directed
// graph (Tarjan's algorithm), in the order bottom-up analyses need them:
// a component comes after every component it reaches. The analyzers that
// summarise functions (purity's effects, construct's writes and branch
// dependencies) walk the call graph in that order, callees before callers,
// and solve each recursive component by a fixpoint.
package scc

import "slices"

// Components returns the strongly connected components of the graph made
// of roots and the nodes reachable from them through succ, each component
// after every component it reaches, and whether each one is recursive
// (more than one node, or a node that is its own successor).
//
// The result depends only on the order of roots and of succ's results:
// components are found by depth-first search from each root in turn,
// visiting successors in order, and the nodes of a component are listed
// in the order the search first reached them.
func Components[N comparable](roots []N, succ func(N) []N) (components [][]N, recursive []bool) {
	t := tarjan[N]{
		succ:     succ,
		index:    make(map[N]int),
		low:      make(map[N]int),
		onStack:  make(map[N]bool),
		selfLoop: make(map[N]bool),
	}
	for _, n := range roots {
		if _, ok := t.index[n]; !ok {
			t.visit(n)
		}
	}
	recursive = make([]bool, len(t.out))
	for i, c := range t.out {
		recursive[i] = len(c) > 1 || t.selfLoop[c[0]]
	}
	return t.out, recursive
}

// tarjan is the state of one run of Tarjan's algorithm.
type tarjan[N comparable] struct {
	succ     func(N) []N
	index    map[N]int // order of discovery
	low      map[N]int // lowest index reachable from the node's subtree
	onStack  map[N]bool
	selfLoop map[N]bool
	stack    []N
	out      [][]N
}

func (t *tarjan[N]) visit(n N) {
	t.index[n] = len(t.index)
	t.low[n] = t.index[n]
	t.stack = append(t.stack, n)
	t.onStack[n] = true
	for _, m := range t.succ(n) {
		if m == n {
			t.selfLoop[n] = true
		}
		if _, ok := t.index[m]; !ok {
			t.visit(m)
			t.low[n] = min(t.low[n], t.low[m])
		} else if t.onStack[m] {
			t.low[n] = min(t.low[n], t.index[m])
		}
	}
	if t.low[n] != t.index[n] {
		return
	}
	var c []N
	for {
		m := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[m] = false
		c = append(c, m)
		if m == n {
			break
		}
	}
	slices.Reverse(c)
	t.out = append(t.out, c)
}
