package search

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// A type's pool is trimmed when it passes its cap: the values whose
// sequences earned coverage all stay, the others go least-chosen first
// (most selected, then longest), and the survivors keep their order.
func TestPoolCapKeepsEarnedValues(t *testing.T) {
	prog := testProgram(t)
	newStack := opNamed(t, prog, model.Call, "NewStack")
	push := opNamed(t, prog, model.Method, "Stack.Push")
	key := types.TypeString(types.NewPointer(lookupType(prog, "Stack")), nil)

	v := newValues()
	v.limit = 8
	// Value i: a *Stack made by NewStack and i%3 pushes; every fourth
	// earned coverage.
	for i := 0; i < 9; i++ {
		s := &seq.Seq{Stmts: []seq.Stmt{call(newStack)}}
		for j := 0; j < i%3; j++ {
			s.Stmts = append(s.Stmts, call(push, seq.Ref(0, 0), intLit(int64(j))))
		}
		hashes := [][]uint64{{uint64(100 + i)}}
		v.addFrom(prog, s, normal(prog, s, hashes...), i%4 == 0)
		switch i {
		case 0:
			// Chosen most often, but it earned coverage.
			v.byType[key][0].selected = 9
		case 1:
			// Chosen often: orienteering weighs it least of the others.
			v.byType[key][1].selected = 5
		}
	}
	got := v.byType[key]
	if len(got) != 6 || v.evicted != 3 {
		t.Fatalf("after 9 values with a cap of 8: %d pooled, %d evicted; want 6 pooled (trimmed to 3/4 of the cap), 3 evicted", len(got), v.evicted)
	}
	// Values 0, 4 and 8 earned coverage; among the others, 1 (selected
	// five times) weighs least, then all weigh the same and 2 and 5 have
	// the longest sequences.
	want := map[int]bool{0: true, 3: true, 4: true, 6: true, 7: true, 8: true}
	i := 0
	for idx := 0; idx < 9; idx++ {
		if !want[idx] {
			continue
		}
		if got[i].stmt != 0 || !got[i].earned != (idx%4 != 0) {
			t.Errorf("pooled[%d]: earned=%v, want value %d (earned=%v)", i, got[i].earned, idx, idx%4 == 0)
		}
		if l := got[i].seq.Len(); l != 1+idx%3 {
			t.Errorf("pooled[%d] has %d statements, want value %d's %d", i, l, idx, 1+idx%3)
		}
		i++
	}
	// A pruned hash stays pruned: an evicted value is not pooled again.
	s := &seq.Seq{Stmts: []seq.Stmt{call(newStack)}}
	v.addFrom(prog, s, normal(prog, s, []uint64{101}), false)
	if len(v.byType[key]) != 6 {
		t.Errorf("an evicted value's hash was pooled again")
	}
}

// With the cap, a long search keeps at most PoolCap values per type, and
// the same seed still gives the same run.
func TestPoolCapBoundsLongSearch(t *testing.T) {
	r1, f1 := runSearch(t, 3, 6000)
	for _, typ := range r1.values.types {
		if n := len(r1.values.byType[types.TypeString(typ, nil)]); n > PoolCap {
			t.Errorf("pool of %s holds %d values, cap %d", typ, n, PoolCap)
		}
	}
	if r1.values.evicted == 0 {
		t.Fatalf("no value evicted in 6000 executions: the test does not reach the cap")
	}
	r2, f2 := runSearch(t, 3, 6000)
	l1, l2 := f1.runs(), f2.runs()
	if len(l1) != len(l2) || corpusKeys(r1) != corpusKeys(r2) {
		t.Fatalf("same seed with evictions: runs differ")
	}
	for i := range l1 {
		if l1[i] != l2[i] {
			t.Fatalf("same seed with evictions: sequence %d differs", i)
		}
	}
}
