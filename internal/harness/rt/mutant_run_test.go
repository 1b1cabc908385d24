package rt

import (
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// mutantOps are operations whose code carries mutants as instrumented code
// would: op 0 returns x+1 with mutant 1 (x-1) and a reached-only mutant 2;
// op 1 reaches mutant 3 only when x is negative; op 2 sets package state
// and records, when the executor restores it, which mutant was active.
func mutantOps(restoredUnder *[]int) []Op {
	var state int
	return []Op{{
		Name:   "inc",
		Params: []reflect.Type{intType},
		Fn: func(args, out []any) []any {
			x := args[0].(int)
			if MOn(2) {
				return append(out, 0)
			}
			return append(out, MArI(1, ArAdd, x, 1))
		},
	}, {
		Name:   "neg",
		Params: []reflect.Type{intType},
		Fn: func(args, out []any) []any {
			x := args[0].(int)
			if x < 0 && MOn(3) {
				x = -x
			}
			return append(out, x)
		},
	}, {
		Name: "set",
		Fn: func(_, out []any) []any {
			state = 1
			return out
		},
		Save: func() any { return state },
		Restore: func(v any) {
			*restoredUnder = append(*restoredUnder, ActiveMutant())
			state = v.(int)
		},
	}}
}

// The executor runs a request under its mutant, reports the mutants the
// sequence infected (and only that sequence), and leaves the original
// program active afterwards, also while it restores package state.
func TestRunMutant(t *testing.T) {
	InitMutants(3, nil)
	defer InitMutants(0, nil)
	var restored []int
	e := &executor{ops: mutantOps(&restored), timeout: time.Second}
	lit := func(i int64) []Arg { return []Arg{{Kind: ArgLit, Lit: Lit{Kind: LitInt, I: i}}} }
	seq := func(id uint64, mutant int32, x int64) *Request {
		return &Request{ID: id, Mutant: mutant, Flags: FlagRepeat, Stmts: []Stmt{{Op: 2}, {Op: 0, Args: lit(x)}, {Op: 1, Args: lit(x)}}}
	}
	for _, c := range []struct {
		mutant   int32
		x        int64
		hash     any // of statement 1's value
		infected []int32
	}{
		{0, 5, 6, []int32{1, 2}},
		{1, 5, 4, []int32{1, 2}},
		{2, 5, 0, []int32{2}}, // mutant 2 returns before mutant 1's place
		{0, -4, -3, []int32{1, 2, 3}},
		{3, -4, -3, []int32{1, 2, 3}},
		{0, 7, 8, []int32{1, 2}}, // 3 from the sequence before is forgotten
	} {
		restored = restored[:0]
		r := e.run(seq(1, c.mutant, c.x))
		if got := r.Stmt(1).Values(); len(got) != 1 || got[0].Hash != Hash(c.hash) || got[0].Unstable {
			t.Errorf("mutant %d, x=%d: value %+v, want the hash of %v, stable", c.mutant, c.x, got, c.hash)
		}
		if diff := cmp.Diff(c.infected, r.Infected); diff != "" {
			t.Errorf("mutant %d, x=%d: infected (-want +got):\n%s", c.mutant, c.x, diff)
		}
		if ActiveMutant() != 0 {
			t.Errorf("mutant %d still active after its sequence", ActiveMutant())
		}
		// FlagRepeat runs the sequence three times; each restores.
		if want := []int{0, 0, 0}; !reflect.DeepEqual(restored, want) {
			t.Errorf("mutant %d: package state restored under mutants %v, want %v", c.mutant, restored, want)
		}
	}
	r := e.run(seq(1, 3, -4))
	if neg := r.Stmt(2).Values(); len(neg) != 1 || neg[0].Hash != Hash(4) {
		t.Errorf("mutant 3 on -4: value %+v, want the hash of 4", neg)
	}
}

// An executor without mutants (InitMutants never called, or with 0)
// reports none, whatever the request says.
func TestRunWithoutMutants(t *testing.T) {
	InitMutants(0, nil)
	var restored []int
	e := &executor{ops: mutantOps(&restored), timeout: time.Second}
	r := e.run(&Request{ID: 1, Mutant: 2, Stmts: []Stmt{{Op: 0, Args: []Arg{{Kind: ArgLit, Lit: Lit{Kind: LitInt, I: 1}}}}}})
	if r.Infected != nil {
		t.Errorf("infected %v, want nil", r.Infected)
	}
	if ActiveMutant() != 0 {
		t.Errorf("mutant %d active after the sequence", ActiveMutant())
	}
}

// collectInfected finds what InfectedMutants finds, after what dst holds,
// whatever the number of mutants (words of eight and a rest) and the
// infected ones, but never mutant 0, which is none.
func TestCollectInfected(t *testing.T) {
	defer InitMutants(0, nil)
	x := uint32(7)
	for n := 0; n < 40; n++ {
		for round := 0; round < 20; round++ {
			InitMutants(n, nil)
			for i := range mutInfected {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				if x%uint32(1+round%4) == 0 {
					mutInfected[i] = uint8(1 + x%3) // any non-zero byte
				}
			}
			want := InfectedMutants([]int32{-1})
			if len(want) > 1 && want[1] == 0 {
				want = append(want[:1], want[2:]...)
			}
			if got := collectInfected([]int32{-1}); !reflect.DeepEqual(got, want) {
				t.Fatalf("%d mutants %v: collected %v, want %v", n, mutInfected, got, want)
			}
		}
	}
}

// BenchmarkMutantBookkeeping is what the executor adds to each sequence
// for mutants (mutantReset, and collectInfected in coverCollect), for an
// executor without mutants and with many, of which 2% or 25% are
// infected, different ones each time; "scan" collects with
// InfectedMutants instead.
// Each round copies in the infections of one of 64 patterns, which both
// variants pay.
func BenchmarkMutantBookkeeping(b *testing.B) {
	defer InitMutants(0, nil)
	for _, c := range []struct{ n, every int }{{0, 1}, {1000, 50}, {10000, 50}, {10000, 4}} {
		n := c.n
		var patterns [64][]uint8
		x := uint32(1)
		for p := range patterns {
			patterns[p] = make([]uint8, n+1)
			for k := 0; k < n/c.every; k++ {
				x ^= x << 13
				x ^= x >> 17
				x ^= x << 5
				patterns[p][1+int(x%uint32(n))] = 1
			}
		}
		for _, scan := range []bool{false, true} {
			name := strconv.Itoa(n)
			if n > 0 {
				name += "/" + strconv.Itoa(100/c.every) + "%"
			}
			if scan {
				name += "-scan"
			}
			b.Run(name, func(b *testing.B) {
				InitMutants(n, nil)
				var dst []int32
				defer startCPU(b).stop()
				for i := 0; i < b.N; i++ {
					mutantReset(0)
					copy(mutInfected, patterns[i%len(patterns)])
					SetMutant(0)
					if scan {
						dst = InfectedMutants(dst[:0])
					} else {
						dst = collectInfected(dst[:0])
					}
				}
			})
		}
	}
}
