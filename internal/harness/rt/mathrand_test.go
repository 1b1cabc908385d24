package rt

import (
	mathrand1 "math/rand"
	"sync/atomic"
	"testing"
)

// TestSeedMathRand: with a generator installed (in the executor it is
// math/rand's own, here a stand-in), what a run draws depends only on the
// sequence's ID and the run: not on what earlier runs drew, nor on bytes
// an earlier Read left over, nor on the code having replaced the
// generator; and the runs of one sequence draw differently.
func TestSeedMathRand(t *testing.T) {
	defer func(g *atomic.Pointer[mathrand1.Rand]) { globalRand = g }(globalRand)
	var g atomic.Pointer[mathrand1.Rand]
	InstallGlobalRand(&g)
	draw := func(id, run uint64) [2]uint64 {
		seedMathRand(id, run)
		var b [3]byte
		g.Load().Read(b[:])
		return [2]uint64{g.Load().Uint64(), uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16}
	}
	want := draw(5, 0)
	seedMathRand(9, 0)
	g.Load().Read(make([]byte, 3)) // leaves 5 bytes of a draw behind
	if got := draw(5, 0); got != want {
		t.Errorf("after another run's Read, sequence 5 drew %v, want %v", got, want)
	}
	seedMathRand(9, 0)
	g.Store(mathrand1.New(mathrand1.NewSource(1))) // rand.Seed under randseednop=0
	if got := draw(5, 0); got != want {
		t.Errorf("after the code replaced the generator, sequence 5 drew %v, want %v", got, want)
	}
	seedMathRand(9, 0) // a run that draws nothing keeps the Rand
	if got := draw(5, 0); got != want {
		t.Errorf("after a run that drew nothing, sequence 5 drew %v, want %v", got, want)
	}
	if got := draw(5, 1); got == want {
		t.Errorf("runs 0 and 1 of sequence 5 drew the same %v", got)
	}
	if got := draw(6, 0); got == want {
		t.Errorf("sequences 5 and 6 drew the same %v", got)
	}
}

// BenchmarkSeedMathRand is the cost of seeding a run that draws nothing,
// which most runs are.
func BenchmarkSeedMathRand(b *testing.B) {
	defer func(g *atomic.Pointer[mathrand1.Rand]) { globalRand = g }(globalRand)
	var g atomic.Pointer[mathrand1.Rand]
	InstallGlobalRand(&g)
	for i := 0; i < b.N; i++ {
		seedMathRand(uint64(i), 0)
	}
}
