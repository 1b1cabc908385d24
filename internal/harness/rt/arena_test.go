package rt

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// arenaResult is the i-th result of TestArena: a few statements with
// values, blocks, conditions, operands and infected mutants.
func arenaResult(i int) *Result {
	r := &Result{ID: uint64(i), Blocks: []int32{1, int32(i), int32(i) + 9},
		Conds:    []CondObs{{ID: 2, NTrue: uint32(i)}, {ID: 4, NFalse: 1, DistTrue: float64(i)}},
		Operands: []OperandObs{{Branch: 4, Vals: [2]Lit{{Kind: LitInt, I: int64(i)}, {Kind: LitString, S: "x"}}}},
		Infected: []int32{2, int32(i) + 3, int32(i) + 200}}
	r.AddStmt(OutNormal, Value{Hash: uint64(i)}, Value{Hash: 7})
	r.AddStmt(OutNormal)
	r.AddStmt(OutNormal, Value{Hash: uint64(i) * 3})
	return r
}

// decodeResults decodes results from..to-1 (arenaResult) with d.
func decodeResults(t *testing.T, d *Decoder, buf *bytes.Buffer, from, to int) []*Result {
	t.Helper()
	enc := NewEncoder(buf)
	for i := from; i < to; i++ {
		if err := enc.Result(arenaResult(i)); err != nil {
			t.Fatal(err)
		}
	}
	enc.Flush()
	var out []*Result
	for i := from; i < to; i++ {
		if k, err := d.Next(); err != nil || k != FrameResult {
			t.Fatalf("Next = %d, %v", k, err)
		}
		r, err := d.Result()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// An arena's released slabs are cut again for later results, which come
// out whole; a clone taken before the release and the operands of a
// released result are untouched, and with poison a released result reads
// as garbage.
func TestArena(t *testing.T) {
	var buf bytes.Buffer
	a := NewArena(true)
	d := NewDecoder(&buf)
	d.UseArena(a)
	const n = 200 // several slabs of each kind
	first := decodeResults(t, d, &buf, 0, n)
	clone := first[0].Clone()
	ops := &first[0].Operands[0]
	if len(a.s.usedRes) == 0 || len(a.s.usedRaw) == 0 {
		t.Fatalf("%d results filled %d Result slabs and %d raw slabs; want some", n, len(a.s.usedRes), len(a.s.usedRaw))
	}
	// Where the first results' memory is, to see it cut again.
	old := map[uintptr]bool{}
	for _, s := range a.s.usedRaw {
		old[uintptr(unsafe.Pointer(&s[0]))] = true
	}
	a.Release()
	if first[0].ID != poisonID {
		t.Errorf("a released result's ID is %#x, want the poison %#x", first[0].ID, uint64(poisonID))
	}
	if diff := cmp.Diff(arenaResult(0), clone, cmpopts.EquateEmpty(), cmp.AllowUnexported(StmtResult{})); diff != "" {
		t.Errorf("a clone changed with the release (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(arenaResult(0).Operands[0], *ops); diff != "" {
		t.Errorf("a released result's operands changed (-want +got):\n%s", diff)
	}
	second := decodeResults(t, d, &buf, n, 2*n)
	reused := 0
	for _, s := range a.s.usedRaw {
		if old[uintptr(unsafe.Pointer(&s[0]))] {
			reused++
		}
	}
	if reused == 0 {
		t.Errorf("no raw slab of the first results was cut again")
	}
	for k, r := range second {
		if diff := cmp.Diff(arenaResult(n+k), r, cmpopts.EquateEmpty(), cmp.AllowUnexported(StmtResult{})); diff != "" {
			t.Fatalf("result %d decoded into released memory (-want +got):\n%s", n+k, diff)
		}
	}
}

// An arena keeps at most maxFree released slabs of each kind.
func TestArenaKeepsFewSlabs(t *testing.T) {
	var buf bytes.Buffer
	a := NewArena(false)
	d := NewDecoder(&buf)
	d.UseArena(a)
	decodeResults(t, d, &buf, 0, 40*maxFree) // more than maxFree raw slabs' worth
	if len(a.s.usedRaw) <= maxFree {
		t.Fatalf("only %d raw slabs used; the test needs more than %d", len(a.s.usedRaw), maxFree)
	}
	a.Release()
	if len(a.s.freeRaw) != maxFree || len(a.s.freeRes) > maxFree {
		t.Errorf("%d raw and %d Result slabs kept; want %d and at most %d", len(a.s.freeRaw), len(a.s.freeRes), maxFree, maxFree)
	}
}

// Decoding into an arena that is released after every batch allocates
// nothing once the arena has grown; without an arena every result
// allocates its share of new slabs. (Operands, which are never reused,
// would cost an allocation per result: the result has none.)
func TestArenaAllocations(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	r := arenaResult(3)
	r.Operands = nil
	run := func(d *Decoder, a *Arena) {
		for i := 0; i < 64; i++ {
			enc.Result(r)
		}
		enc.Flush()
		for i := 0; i < 64; i++ {
			d.Next()
			d.Result()
		}
		if a != nil {
			a.Release()
		}
	}
	a := NewArena(false)
	withArena := NewDecoder(&buf)
	withArena.UseArena(a)
	if got := testing.AllocsPerRun(20, func() { run(withArena, a) }); got > 1 {
		t.Errorf("with an arena: %.1f allocations per 64 results, want at most 1", got)
	}
	plain := NewDecoder(&buf)
	if got := testing.AllocsPerRun(20, func() { run(plain, nil) }); got < 4 {
		t.Errorf("without an arena: %.1f allocations per 64 results, want some slabs", got)
	}
}
