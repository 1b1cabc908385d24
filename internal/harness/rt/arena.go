package rt

import "unsafe"

// slabs are arrays that decoded results are cut from, a few kilobytes
// each, so that a result costs one allocation in tens, not five: the
// parent decodes tens of thousands of results a second, and their
// allocation and collection was most of its cost. The results themselves
// come from slabs of Results; their statements, values, blocks and
// conditions, which hold no pointers (TestValueHasNoPointers), from one
// slab of words, back to back. That is a third of the allocations of the
// five slabs of 2 KB each there used to be. A request larger than a
// quarter of a slab gets an array of its own.
//
// A result keeps alive its Results slab and, through the other results
// of that slab, the raw slabs they were cut from: about 10-17 KB. What a
// caller keeps for long is therefore a Result.Clone (the search's corpus
// entries and failures are); the results of a batch, kept for a short
// while, share their slabs anyway.
//
// The sizes are those of size classes of the Go allocator whose spans
// hold several objects (8 and 7): the allocator refills its cache once
// per span, and a class of one object per span (8 KB) took the heap's
// lock for every slab. Raw slabs of 32 KB made no difference that an
// alternated A/B could see (bench/results/2026-11-27-lean14i).
//
// With an Arena, the slabs are used again after Release instead of left
// to the collector: even one allocation in tens, with the collection it
// causes, was a third of the parent's time on cheap sequences.
type slabs struct {
	res []Result
	raw []uint64
	// The whole slabs res and raw are cut from.
	curRes []Result
	curRaw []uint64
	// For an Arena: the slabs used up since the last Release, and those
	// released, to be used again.
	arena            bool
	poison           bool
	usedRes, freeRes [][]Result
	usedRaw, freeRaw [][]uint64
}

// slabBytes is the size of a slab of Results, and rawSlabBytes that of a
// slab of words.
const (
	slabBytes    = 3072
	rawSlabBytes = 6912
)

// maxFree bounds the released slabs an arena keeps, of each kind (about
// 1.7 MB of words and 0.8 MB of Results): a batch of rare size must not
// keep its memory for the rest of the run.
const maxFree = 256

// resSlab is the length of a slab of Results.
var resSlab = slabBytes / int(unsafe.Sizeof(Result{}))

func (s *slabs) result() *Result {
	if len(s.res) == 0 {
		s.newRes()
	}
	r := &s.res[0]
	s.res = s.res[1:]
	return r
}

func (s *slabs) newRes() {
	if !s.arena {
		s.res = make([]Result, resSlab)
		return
	}
	s.res = nextSlab(&s.curRes, &s.usedRes, &s.freeRes, resSlab)
}

func (s *slabs) newRaw() {
	if !s.arena {
		s.raw = make([]uint64, rawSlabBytes/8)
		return
	}
	s.raw = nextSlab(&s.curRaw, &s.usedRaw, &s.freeRaw, rawSlabBytes/8)
}

// nextSlab moves an arena's slab *cur, used up, to *used, and makes a
// released one, cleared, or a new one of n elements the current one.
func nextSlab[T any](cur *[]T, used, free *[][]T, n int) []T {
	if *cur != nil {
		*used = append(*used, *cur)
	}
	if k := len(*free); k > 0 {
		*cur, *free = (*free)[k-1], (*free)[:k-1]
		clear(*cur)
	} else {
		*cur = make([]T, n)
	}
	return *cur
}

// An Arena is memory for decoded results that outlives a decoder (an
// executor's restart starts a new one, see Decoder.UseArena) and that is
// used again once its results are no longer used (Release). It reuses the
// Results themselves and their Stmts, Vals, Blocks, Conds and Infected;
// notes, trees and Operands are allocated as without an arena and never
// reused, so a pointer into them (a search's closest operands) stays
// valid.
type Arena struct {
	s slabs
}

// NewArena returns an empty arena. With poison set, Release overwrites
// what it releases, so that a result used after its release reads
// garbage (a test's way to find such a use: see GENTEST_ARENA in the
// executor package).
func NewArena(poison bool) *Arena {
	return &Arena{s: slabs{arena: true, poison: poison}}
}

// Release declares that no result cut from a so far is used any more:
// the slabs they filled are cut again for later results. The slab being
// cut stays in use; the part of it already cut is never reused before it
// fills up and is released in turn.
func (a *Arena) Release() {
	s := &a.s
	if s.poison {
		for _, r := range s.usedRes {
			for i := range r {
				r[i] = Result{ID: poisonID}
			}
		}
		for _, w := range s.usedRaw {
			for i := range w {
				w[i] = poisonWord
			}
		}
	}
	s.freeRes = appendUpTo(s.freeRes, s.usedRes)
	s.freeRaw = appendUpTo(s.freeRaw, s.usedRaw)
	clear(s.usedRes)
	clear(s.usedRaw)
	s.usedRes, s.usedRaw = s.usedRes[:0], s.usedRaw[:0]
}

// The marks of released memory under poison: a result's ID, and the words
// of its arrays (outcome 0xa5, counts and offsets in the billions).
const (
	poisonID   = 0xdead_dead_dead_dead
	poisonWord = 0xa5a5_a5a5_a5a5_a5a5
)

// appendUpTo appends what of add fits in maxFree slabs.
func appendUpTo[T any](free, add []T) []T {
	if n := maxFree - len(free); len(add) > n {
		add = add[:max(n, 0)]
	}
	return append(free, add...)
}

// The slices have their length as capacity, so that an append by the
// caller cannot write into the next result's part of the slab. Zero
// lengths give an empty, non-nil slice, as make did.

func (s *slabs) stmts(n int) []StmtResult { return cutRaw[StmtResult](s, n) }
func (s *slabs) values(n int) []Value     { return cutRaw[Value](s, n) }
func (s *slabs) blocks(n int) []int32     { return cutRaw[int32](s, n) }
func (s *slabs) conds(n int) []CondObs    { return cutRaw[CondObs](s, n) }
func (s *slabs) mutants(n int) []int32    { return cutRaw[int32](s, n) }

// cutRaw takes n elements of T, a type without pointers whose alignment
// is at most a word's, off the raw slab, starting a new one when it has
// too few words left; a request above a quarter of a slab gets its own
// slice. Words are zero when allocated, and so are the elements.
func cutRaw[T any](s *slabs, n int) []T {
	if n <= 0 {
		return []T{}
	}
	var zero T
	words := (n*int(unsafe.Sizeof(zero)) + 7) / 8
	if words > rawSlabBytes/8/4 {
		return make([]T, n)
	}
	if len(s.raw) < words {
		s.newRaw()
	}
	p := (*T)(unsafe.Pointer(&s.raw[0]))
	s.raw = s.raw[words:]
	return unsafe.Slice(p, n)
}
