package ctrldep_test

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/gentest-go/gentest/internal/ssautil/ctrldep"
)

type e = ctrldep.Edge

// TestShapes checks hand-built graphs of the control structures a Go
// function lowers to; comments give the source shape, nodes in order.
func TestShapes(t *testing.T) {
	cases := []struct {
		name  string
		succs [][]int
		deps  map[int][]e // nodes not listed depend on nothing
		ipdom []int       // per node, optional; -1 unreachable, len(succs) the exit
		fake  []int
	}{{
		// if c { A } else { B }; C
		name:  "if-else",
		succs: [][]int{{1, 2}, {3}, {3}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{0, 1}}},
		ipdom: []int{3, 3, 3, 4},
	}, {
		// if c { return }; if d { A } else { B }; C
		name:  "early return",
		succs: [][]int{{1, 2}, {}, {3, 4}, {5}, {5}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{0, 1}}, 3: {{2, 0}}, 4: {{2, 1}}, 5: {{0, 1}}},
		ipdom: []int{6, 6, 5, 5, 5, 6},
	}, {
		// for c { A }; B — the header depends on its own true side.
		name:  "while loop",
		succs: [][]int{{1}, {2, 3}, {1}, {}},
		deps:  map[int][]e{1: {{1, 0}}, 2: {{1, 0}}},
		ipdom: []int{1, 3, 1, 4},
	}, {
		// for c { if d { continue }; A; if f { break } }; B
		name:  "loop with continue and break",
		succs: [][]int{{1}, {2, 6}, {1, 3}, {4}, {6, 1}, {}, {}},
		// Node 5 is unreachable (a statement after break).
		// The header depends on continue and on the loop-back side of f,
		// not on itself: its body can leave through break.
		deps:  map[int][]e{1: {{2, 0}, {4, 1}}, 2: {{1, 0}}, 3: {{2, 1}}, 4: {{2, 1}}},
		ipdom: []int{1, 6, 6, 4, 6, -1, 7},
	}, {
		// if a && b { T } else { F }; J — b depends on a's true side.
		name:  "and chain",
		succs: [][]int{{1, 3}, {2, 3}, {4}, {4}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{1, 0}}, 3: {{0, 1}, {1, 1}}},
	}, {
		// if a || b { T } else { F }; J — b depends on a's false side.
		name:  "or chain",
		succs: [][]int{{2, 1}, {2, 3}, {4}, {4}, {}},
		deps:  map[int][]e{1: {{0, 1}}, 2: {{0, 0}, {1, 0}}, 3: {{1, 1}}},
	}, {
		// x := a && b; J — both sides of b lead to J: nothing depends on b.
		name:  "and value",
		succs: [][]int{{1, 2}, {2, 2}, {}},
		deps:  map[int][]e{1: {{0, 0}}},
	}, {
		// switch { case c1: A; case c2: B; default: D }; J
		name:  "switch",
		succs: [][]int{{1, 2}, {5}, {3, 4}, {5}, {5}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{0, 1}}, 3: {{2, 0}}, 4: {{2, 1}}},
	}, {
		// switch { case c1: A; fallthrough; case c2: B }; J
		name:  "fallthrough",
		succs: [][]int{{1, 2}, {3}, {3, 4}, {4}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{0, 1}}, 3: {{0, 0}, {2, 0}}},
	}, {
		// three-way select or type switch node
		name:  "multiway",
		succs: [][]int{{1, 2, 3}, {4}, {4}, {4}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{0, 1}}, 3: {{0, 2}}},
	}, {
		// if c { panic(x) }; A — A depends on c's false side.
		name:  "panic",
		succs: [][]int{{1, 2}, {}, {3}, {}},
		deps:  map[int][]e{1: {{0, 0}}, 2: {{0, 1}}, 3: {{0, 1}}},
	}, {
		// defer f(); if c { panic() }; return — a defer is a plain
		// statement: the deferred call runs on every exit.
		name:  "defer",
		succs: [][]int{{1}, {2, 3}, {}, {}},
		deps:  map[int][]e{2: {{1, 0}}, 3: {{1, 1}}},
		ipdom: []int{1, 4, 4, 4},
	}, {
		// for { if c { A } else { B } } — never exits: the loop header
		// gets a fake exit edge.
		name:  "infinite loop",
		succs: [][]int{{1}, {2, 3}, {1}, {1}},
		deps:  map[int][]e{1: {{1, 0}, {1, 1}}, 2: {{1, 0}}, 3: {{1, 1}}},
		ipdom: []int{1, 4, 1, 1},
		fake:  []int{1},
	}, {
		// for { if c { return } } — the loop exits through the return:
		// no fake edge, and the return post-dominates the loop.
		name:  "loop left by return",
		succs: [][]int{{1}, {2, 1}, {}},
		deps:  map[int][]e{1: {{1, 1}}},
		ipdom: []int{1, 2, 3},
	}, {
		// L: A; if c { goto L }; B
		name:  "goto loop",
		succs: [][]int{{1}, {1, 2}, {}},
		deps:  map[int][]e{1: {{1, 0}}},
	}, {
		name:  "single node",
		succs: [][]int{{}},
		ipdom: []int{1},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := ctrldep.Compute(c.succs)
			for n := range c.succs {
				if diff := cmp.Diff(c.deps[n], d.On(n), cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("node %d dependences (-want +got):\n%s", n, diff)
				}
			}
			if c.ipdom != nil {
				got := make([]int, len(c.succs))
				for i := range got {
					got[i] = d.IPDom(i)
				}
				if diff := cmp.Diff(c.ipdom, got); diff != "" {
					t.Errorf("ipdom (-want +got):\n%s", diff)
				}
				if x := d.Exit(); d.IPDom(x) != x {
					t.Errorf("IPDom(exit) = %d", d.IPDom(x))
				}
			}
			if diff := cmp.Diff(c.fake, d.FakeExits(), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("fake exits (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRandomAgainstDefinition checks random graphs against the
// definitions: a post-dominates b iff every path from b to the exit passes
// through a; b depends on edge (a, k) iff b post-dominates a's k-th
// successor and does not strictly post-dominate a.
func TestRandomAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		n := 1 + rng.IntN(9)
		succs := make([][]int, n)
		for a := range succs {
			k := rng.IntN(4) // 0..3 successors; 0 makes an exit
			for j := 0; j < k; j++ {
				succs[a] = append(succs[a], rng.IntN(n))
			}
		}
		d := ctrldep.Compute(succs)
		exitOf := make([]bool, n) // the nodes with an edge to the exit
		for a := range succs {
			exitOf[a] = len(succs[a]) == 0
		}
		for _, f := range d.FakeExits() {
			exitOf[f] = true
		}
		reach := reachable(succs, 0, -1)
		// pdom reports whether every path from b to the exit passes a,
		// by searching for an exit from b avoiding a.
		pdom := func(a, b int) bool {
			if a == b {
				return true
			}
			r := reachable(succs, b, a)
			for x := range succs {
				if r[x] && exitOf[x] {
					return false
				}
			}
			return true
		}
		for b := 0; b < n; b++ {
			if d.Reachable(b) != reach[b] {
				t.Fatalf("graph %v: Reachable(%d) = %v", succs, b, !reach[b])
			}
			if !reach[b] {
				if len(d.On(b)) != 0 {
					t.Fatalf("graph %v: unreachable node %d has dependences %v", succs, b, d.On(b))
				}
				continue
			}
			// Every reachable node can reach the exit once fake edges are added.
			if !canExit(succs, exitOf, b) {
				t.Fatalf("graph %v: node %d cannot reach the exit (fake exits %v)", succs, b, d.FakeExits())
			}
			for a := 0; a < n; a++ {
				if !reach[a] {
					continue
				}
				if got, want := d.PostDominates(a, b), pdom(a, b); got != want {
					t.Fatalf("graph %v (fake exits %v): PostDominates(%d, %d) = %v, want %v", succs, d.FakeExits(), a, b, got, want)
				}
			}
			var want []e
			for a := 0; a < n; a++ {
				if !reach[a] {
					continue
				}
				for k, s := range succs[a] {
					if pdom(b, s) && !(b != a && pdom(b, a)) {
						want = append(want, e{a, k})
					}
				}
			}
			if diff := cmp.Diff(want, d.On(b), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("graph %v (fake exits %v): node %d dependences (-want +got):\n%s", succs, d.FakeExits(), b, diff)
			}
		}
		// The immediate post-dominator is the closest strict one.
		for b := 0; b < n; b++ {
			if !reach[b] {
				continue
			}
			ip := d.IPDom(b)
			if ip == b || !d.PostDominates(ip, b) {
				t.Fatalf("graph %v: IPDom(%d) = %d does not strictly post-dominate it", succs, b, ip)
			}
			for a := 0; a < n; a++ {
				if a != b && reach[a] && pdom(a, b) && a != ip && !pdom(a, ip) {
					t.Fatalf("graph %v: %d post-dominates %d but not its IPDom %d", succs, a, b, ip)
				}
			}
		}
	}
}

// reachable returns the nodes reachable from start without passing avoid.
func reachable(succs [][]int, start, avoid int) []bool {
	r := make([]bool, len(succs))
	if start == avoid {
		return r
	}
	r[start] = true
	work := []int{start}
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range succs[a] {
			if b != avoid && !r[b] {
				r[b] = true
				work = append(work, b)
			}
		}
	}
	return r
}

func canExit(succs [][]int, exitOf []bool, b int) bool {
	r := reachable(succs, b, -1)
	for x := range succs {
		if r[x] && exitOf[x] {
			return true
		}
	}
	return false
}

func TestOutOfRangePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a successor out of range")
		}
	}()
	ctrldep.Compute([][]int{{1}})
}

func TestEmpty(t *testing.T) {
	d := ctrldep.Compute(nil)
	if d.Len() != 0 || d.Exit() != 0 || d.Reachable(0) {
		t.Errorf("empty graph: Len %d Exit %d", d.Len(), d.Exit())
	}
}

// TestSSA analyses a go/ssa function: the block of the panic depends on
// the true side of x < 0, the final block on its false side, and the
// recover block is unreachable.
func TestSSA(t *testing.T) {
	const src = `package p

func F(x int) (r int) {
	defer func() { recover() }()
	if x < 0 {
		panic("negative")
	}
	for i := 0; i < x; i++ {
		r += i
	}
	return r
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	fn := pkg.Func("F")
	d := ctrldep.Compute(ctrldep.SSA(fn))
	var ifBlock, loopHead *ssa.BasicBlock
	for _, b := range fn.Blocks {
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if bin, ok := iff.Cond.(*ssa.BinOp); ok && bin.Op == token.LSS {
				if c, ok := bin.Y.(*ssa.Const); ok && c.Int64() == 0 {
					ifBlock = b
				} else {
					loopHead = b
				}
			}
		}
	}
	if ifBlock == nil || loopHead == nil {
		t.Fatalf("no if or loop block in\n%s", fnText(fn))
	}
	panicBlock := ifBlock.Succs[0]
	if _, ok := panicBlock.Instrs[len(panicBlock.Instrs)-1].(*ssa.Panic); !ok {
		t.Fatalf("true side of x < 0 is not the panic block:\n%s", fnText(fn))
	}
	if got := d.On(panicBlock.Index); !cmp.Equal(got, []e{{ifBlock.Index, 0}}) {
		t.Errorf("panic block depends on %v", got)
	}
	if got := d.On(loopHead.Index); !cmp.Equal(got, []e{{ifBlock.Index, 1}, {loopHead.Index, 0}}) {
		t.Errorf("loop head depends on %v, want the if's false side and its own true side", got)
	}
	if !d.PostDominates(ifBlock.Index, 0) {
		t.Error("the if block does not post-dominate the entry")
	}
	if fn.Recover == nil || d.Reachable(fn.Recover.Index) {
		t.Errorf("recover block %v reachable", fn.Recover)
	}
}

func fnText(fn *ssa.Function) string {
	var b bytes.Buffer
	ssa.WriteFunction(&b, fn)
	return b.String()
}
