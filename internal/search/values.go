package search

import (
	"go/types"
	"sort"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// pooled is one reusable value: result Result of statement Stmt of Seq,
// whose static type is Type.
type pooled struct {
	seq      *seq.Seq
	stmt     int
	result   int
	typ      types.Type
	selected int    // times chosen as an input (orienteering)
	earned   bool   // its sequence, or a later one making an equal value, added coverage: kept when the pool is full (bound)
	hash     uint64 // the pruning hash (addFrom), to find it again
	// Memos the learners keep on the value itself, so that they go
	// with it when the pool evicts it: wired caches costly.wired's
	// answer, valid while the search knows wiredSeen costly self-wirings
	// and enums together (costly.go).
	wired     bool
	wiredSeen int
	// pathCoarse and pathFine are the value's construction paths, once
	// pathSet (hang_keys.go's valuePath, for hangs.prone).
	pathCoarse, pathFine uint64
	pathSet              bool
}

// Values is the pool of reusable values, keyed by static type, with index
// pruning by structural hash (thesis §7.4): a value equal to one already
// pooled for its type is not pooled again.
type Values struct {
	byType map[string][]*pooled
	types  []types.Type // distinct pooled types, in order of first appearance
	hashes map[string]*recentHashes
	assign map[string][]*pooled // cache: parameter type -> candidates, rebuilt when pools grow
	// funcs caches holdsFunc per result type: pooling asks for every
	// result of every executed sequence.
	funcs map[types.Type]bool
	dirty bool
	// limit, when positive, replaces PoolCap; evicted counts the values
	// bound dropped.
	limit   int
	evicted int
}

func newValues() *Values {
	return &Values{byType: map[string][]*pooled{}, hashes: map[string]*recentHashes{}, assign: map[string][]*pooled{},
		funcs: map[types.Type]bool{}}
}

// addFrom pools the values the normal run res of s made, except nil
// values and the results beside a non-nil error; earned says whether s
// added coverage.
func (v *Values) addFrom(prog *model.Program, s *seq.Seq, res *rt.Result, earned bool) {
	var shared []bool // model.SharedResults(s), once a value is pooled
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		sr := res.Stmt(i)
		errReturned := op.ErrResult && len(sr.Values()) == len(op.Results) && !sr.Values()[len(op.Results)-1].Nil
		for j, val := range sr.Values() {
			if j >= len(op.Results) || val.Nil {
				continue
			}
			t := op.Results[j]
			// With a non-nil error, Go leaves the other results
			// unspecified: not reused. The error itself is: an error
			// package's Wrap, Append or Cause takes the package's own
			// errors, and its Format (model.FormatVerb) runs only on
			// them.
			isErr := op.ErrResult && j == len(op.Results)-1
			if errReturned && !isErr {
				continue
			}
			key := types.TypeString(t, nil)
			h := val.Hash
			hf, known := v.funcs[t]
			if !known {
				hf = holdsFunc(t, 0)
				v.funcs[t] = hf
			}
			if hf {
				// Every func hashes alike: WithTimeout(3) and a func
				// literal, or []Option{WithTimeout(3)} and
				// []Option{WithTLS(true)}, are told apart by the calls
				// that made them.
				h ^= (&seq.Seq{Stmts: s.Stmts[:i+1]}).Hash()
			}
			if shared == nil {
				shared = prog.SharedResults(s)
			}
			if shared[i] {
				// A package singleton (settings.Default()) often equals a
				// fresh value (NewFormatter()) at first: pruned as one
				// value, the one that ran first was kept, and when that
				// was the singleton every mutator taking the type was
				// vetoed (sharedWrites) for the whole run.
				h ^= sharedValueSalt
			}
			if !v.fresh(key, h) {
				if earned {
					v.markEarned(key, h)
				}
				continue
			}
			// The whole sequence: the calls after the value's own may
			// have changed it, and its hash is its state at the end.
			v.add(key, &pooled{seq: &seq.Seq{Stmts: s.Stmts}, stmt: i, result: j, typ: t, earned: earned, hash: h})
		}
	}
}

// markEarned marks earned the pooled value of the type of key whose
// pruning hash is h, made again by a sequence that added coverage. A
// value is often pooled first from a sequence that added nothing (a
// Money{Amount: 100, Currency: "JPY"} alone) and pruned when the sequence
// that reaches a branch with it comes (its Equal on "JPY"): unmarked, it
// was evicted first and the contracts, which check earned values first
// and a dozen per type, never saw it (planted's Money.Equal at seed 2 on
// main). Only sequences that add coverage look, so the scan is rare.
func (v *Values) markEarned(key string, h uint64) {
	vals := v.byType[key]
	for i := len(vals) - 1; i >= 0; i-- {
		if p := vals[i]; p.hash == h {
			p.earned = true
			return
		}
	}
}

// sharedValueSalt sets a shared value's pruning hash apart from an equal
// unshared one's.
const sharedValueSalt = 0x9e3779b97f4a7c15

// fresh reports whether no value of hash h was pooled for the type of key
// (index pruning), and records h.
func (v *Values) fresh(key string, h uint64) bool {
	hs := v.hashes[key]
	if hs == nil {
		hs = newRecentHashes(pooledGeneration)
		v.hashes[key] = hs
	}
	if hs.has(h) {
		return false
	}
	hs.add(h)
	return true
}

// add pools p under key, the key of p.typ, and keeps the pool within its
// cap (bound).
func (v *Values) add(key string, p *pooled) {
	if _, ok := v.byType[key]; !ok {
		v.types = append(v.types, p.typ)
	}
	v.byType[key] = append(v.byType[key], p)
	v.dirty = true
	v.bound(key)
}

// assignable returns the pooled values assignable to t, in a deterministic
// order.
func (v *Values) assignable(t types.Type) []*pooled {
	key := types.TypeString(t, nil)
	if v.dirty {
		v.assign = map[string][]*pooled{}
		v.dirty = false
	}
	if c, ok := v.assign[key]; ok {
		return c
	}
	var out []*pooled
	var keys []string
	for _, pt := range v.types {
		if types.AssignableTo(pt, t) {
			keys = append(keys, types.TypeString(pt, nil))
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, v.byType[k]...)
	}
	v.assign[key] = out
	return out
}

// holdsFunc reports whether values of t may hold a func, whose structural
// hash says nothing of what it does.
func holdsFunc(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Pointer:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Slice:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Array:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Map:
		return holdsFunc(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsFunc(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// PoolCap bounds the values pooled per static type. Without a bound the
// pool, and the sequences its values keep alive, grows with the budget
// (several MB per second of search); with it, gentest's memory stops
// growing once the pools are full. A value whose sequence added coverage
// is never evicted: those are bounded by the coverage items, and they are
// the inputs the search has learned the most from.
const PoolCap = 1024

// bound evicts values of the pool of type key when it holds more than its
// cap: never those that earned coverage; among the others, first those
// orienteering would choose least (the most selected, the latest in their
// sequence), then those of the longest sequences, the oldest first among
// equals. The rest keep their order, so the pool
// stays deterministic.
func (v *Values) bound(key string) {
	limit := v.limit
	if limit <= 0 {
		limit = PoolCap
	}
	vals := v.byType[key]
	if len(vals) <= limit {
		return
	}
	// Trim to three quarters of the cap at once, so that eviction (a sort
	// of the pool) runs once per cap/4 new values rather than for every
	// one.
	target := limit - limit/4
	var victims []int
	for i, p := range vals {
		if !p.earned {
			victims = append(victims, i)
		}
	}
	sort.SliceStable(victims, func(a, b int) bool {
		pa, pb := vals[victims[a]], vals[victims[b]]
		if wa, wb := poolWeight(pa), poolWeight(pb); wa != wb {
			return wa < wb
		}
		// Equal weights: the longer sequence first, it holds more memory.
		return pa.seq.Len() > pb.seq.Len()
	})
	n := len(vals) - target
	if n > len(victims) {
		n = len(victims)
	}
	evict := make(map[int]bool, n)
	for _, i := range victims[:n] {
		evict[i] = true
	}
	// A fresh slice, so that the evicted values' sequences are not kept
	// alive by the old backing array.
	kept := make([]*pooled, 0, len(vals)-n)
	for i, p := range vals {
		if !evict[i] {
			kept = append(kept, p)
		}
	}
	v.byType[key] = kept
	v.evicted += n
	v.dirty = true
}
