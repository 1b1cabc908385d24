// Package ctrldep computes post-dominators and control dependence of a
// control-flow graph.
//
// A graph is given as the successor lists of its nodes; node 0 is the
// entry. Nodes without successors (returns, panics, calls that never
// return) lead to a virtual exit node, numbered len(succs), which
// post-dominates every node. The k-th successor of a node is its k-th
// outgoing edge: for a two-way branch edge 0 is conventionally the true
// side and edge 1 the false side, so control dependences name branch sides.
//
// Node b is control dependent on edge (a, k) when taking edge k out of a
// decides that b runs: b post-dominates a's k-th successor but not a itself
// (Ferrante, Ottenstein and Warren). Nodes that post-dominate the entry run
// on every call that returns and depend on no edge; a node may depend on
// its own edges (a loop header on its back edge's side).
//
// Infinite loops: a region that cannot reach the exit (for {} without
// break) has no post-dominators. As in common compiler practice, one node
// of each such region, a node on a cycle found by following first
// successors, gets an extra edge to the exit, and the region is then
// analysed as if that node could leave. The extra edges are not edges of
// the graph: nothing depends on them (see FakeExits).
//
// Nodes not reachable from the entry are not analysed: they have no
// post-dominator and no dependences.
//
// The package works on plain successor lists so that any CFG can use it:
// go/ssa functions through SSA, source-level graphs built by their users.
// Results are deterministic: they depend only on the successor lists and
// their order.
package ctrldep

import (
	"fmt"

	"golang.org/x/tools/go/ssa"
)

// Edge is the Succ-th outgoing edge of node From.
type Edge struct {
	From, Succ int
}

// Deps is the post-dominator tree and the control dependences of a graph.
type Deps struct {
	succs     [][]int
	exit      int
	ipdom     []int // immediate post-dominator; exit for the exit's children; -1 if unreachable
	deps      [][]Edge
	fakeExits []int
}

// Compute analyses the graph whose node n has successors succs[n]; node 0
// is the entry. It panics if a successor is not a node of the graph.
func Compute(succs [][]int) *Deps {
	n := len(succs)
	for a, ss := range succs {
		for _, b := range ss {
			if b < 0 || b >= n {
				panic(fmt.Sprintf("ctrldep: successor %d of node %d out of range [0, %d)", b, a, n))
			}
		}
	}
	d := &Deps{succs: succs, exit: n, ipdom: make([]int, n+1), deps: make([][]Edge, n)}
	for i := range d.ipdom {
		d.ipdom[i] = -1
	}
	if n == 0 {
		d.ipdom[n] = n
		return d
	}
	reach, pre := reachable(succs)
	preds := predecessors(succs, pre)
	fake := d.addFakeExits(pre, preds)
	d.postDominators(preds, fake)
	d.controlDependences(reach)
	return d
}

// reachable returns which nodes the entry reaches, and them in the
// preorder of a depth-first search visiting first successors first, which
// picks the fake exits deterministically.
func reachable(succs [][]int) (reach []bool, pre []int) {
	reach = make([]bool, len(succs))
	stack := []int{0}
	reach[0] = true
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pre = append(pre, a)
		ss := succs[a]
		for i := len(ss) - 1; i >= 0; i-- { // first successor visited first
			if b := ss[i]; !reach[b] {
				reach[b] = true
				stack = append(stack, b)
			}
		}
	}
	return reach, pre
}

// predecessors returns the predecessors of each node among the reachable
// nodes pre, the exit (numbered len(succs)) included, whose are the nodes
// without successors. In the reverse graph these are the successors.
func predecessors(succs [][]int, pre []int) [][]int {
	n := len(succs)
	preds := make([][]int, n+1)
	for _, a := range pre {
		if len(succs[a]) == 0 {
			preds[n] = append(preds[n], a)
		}
		for _, b := range succs[a] {
			preds[b] = append(preds[b], a)
		}
	}
	return preds
}

// addFakeExits gives one node of each region that cannot reach the exit
// an extra edge to it (see the package documentation), adding it to the
// exit's predecessors and to d.fakeExits, and returns which nodes got one.
func (d *Deps) addFakeExits(pre []int, preds [][]int) []bool {
	n := d.exit
	fake := make([]bool, n)
	exits := make([]bool, n+1) // can reach the exit
	exits[n] = true
	mark := func(from int) {
		work := []int{from}
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			for _, a := range preds[b] {
				if !exits[a] {
					exits[a] = true
					work = append(work, a)
				}
			}
		}
	}
	mark(n)
	for _, u := range pre {
		if exits[u] {
			continue
		}
		// u cannot reach the exit, so neither can its successors: follow
		// first successors until a node repeats, which is on a cycle.
		seen := map[int]bool{}
		w := u
		for !seen[w] {
			seen[w] = true
			w = d.succs[w][0] // non-empty: a node without successors exits
		}
		fake[w] = true
		d.fakeExits = append(d.fakeExits, w)
		preds[n] = append(preds[n], w)
		exits[w] = true
		mark(w)
	}
	return fake
}

// postDominators computes d.ipdom: the dominators of the reverse graph
// rooted at the exit (Cooper, Harvey and Kennedy, "A Simple, Fast
// Dominance Algorithm"), whose predecessors are the graph's successors,
// the fake exits' extra edges included.
func (d *Deps) postDominators(preds [][]int, fake []bool) {
	n := d.exit
	po, order := postorder(preds, n)
	ipdom := d.ipdom
	ipdom[n] = n
	intersect := func(x, y int) int {
		for x != y {
			for po[x] < po[y] {
				x = ipdom[x]
			}
			for po[y] < po[x] {
				y = ipdom[y]
			}
		}
		return x
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- { // reverse postorder, exit excluded
			v := order[i]
			nd := -1
			rpreds := d.succs[v]
			if fake[v] || len(rpreds) == 0 {
				nd = n
			}
			for _, p := range rpreds {
				if ipdom[p] < 0 {
					continue // not processed yet
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if ipdom[v] != nd {
				ipdom[v] = nd
				changed = true
			}
		}
	}
}

// postorder numbers the nodes of the reverse graph (whose successors are
// preds) in the postorder of a depth-first search from root: po[v] is v's
// number, -1 if the search does not reach it, and order lists the nodes
// by number.
func postorder(preds [][]int, root int) (po, order []int) {
	po = make([]int, len(preds))
	for i := range po {
		po[i] = -1
	}
	type frame struct{ v, i int }
	visited := make([]bool, len(preds))
	visited[root] = true
	st := []frame{{root, 0}}
	for len(st) > 0 {
		f := &st[len(st)-1]
		if f.i < len(preds[f.v]) {
			w := preds[f.v][f.i]
			f.i++
			if !visited[w] {
				visited[w] = true
				st = append(st, frame{w, 0})
			}
			continue
		}
		po[f.v] = len(order)
		order = append(order, f.v)
		st = st[:len(st)-1]
	}
	return po, order
}

// controlDependences fills d.deps: for each edge a->b of a reachable
// node, the nodes from b up the post-dominator tree to a's immediate
// post-dominator, excluded, depend on it.
func (d *Deps) controlDependences(reach []bool) {
	for a := 0; a < d.exit; a++ {
		if !reach[a] {
			continue
		}
		for k, b := range d.succs[a] {
			for r := b; r != d.ipdom[a] && r != d.exit; r = d.ipdom[r] {
				d.deps[r] = append(d.deps[r], Edge{a, k})
			}
		}
	}
}

// Len is the number of nodes of the graph, the virtual exit excluded.
func (d *Deps) Len() int { return d.exit }

// Exit is the number of the virtual exit node, Len().
func (d *Deps) Exit() int { return d.exit }

// Reachable reports whether node n is reachable from the entry.
func (d *Deps) Reachable(n int) bool { return n >= 0 && n < d.exit && d.ipdom[n] >= 0 }

// IPDom is the immediate post-dominator of node n: Exit() if only the exit
// post-dominates it, -1 if n is not reachable from the entry.
func (d *Deps) IPDom(n int) int { return d.ipdom[n] }

// PostDominates reports whether a post-dominates b: every path from b to
// the exit passes through a. Every reachable node post-dominates itself.
func (d *Deps) PostDominates(a, b int) bool {
	if !d.Reachable(b) || (a != d.exit && !d.Reachable(a)) {
		return false
	}
	for r := b; ; r = d.ipdom[r] {
		if r == a {
			return true
		}
		if r == d.exit {
			return false
		}
	}
}

// On returns the edges node n is control dependent on, ordered by From
// then Succ. The slice belongs to d.
func (d *Deps) On(n int) []Edge { return d.deps[n] }

// FakeExits returns the nodes that were given an extra edge to the exit
// because their region of the graph never reaches it, in the order chosen.
func (d *Deps) FakeExits() []int { return d.fakeExits }

// SSA returns the successor lists of fn's basic blocks, indexed by block
// index, for Compute. Blocks ending in a panic have no successors. The
// recover block, reached only by panicking, is not reachable from the
// entry. A function without blocks (external or not built) gives an empty
// graph.
func SSA(fn *ssa.Function) [][]int {
	out := make([][]int, len(fn.Blocks))
	for i, b := range fn.Blocks {
		for _, s := range b.Succs {
			out[i] = append(out[i], s.Index)
		}
	}
	return out
}
