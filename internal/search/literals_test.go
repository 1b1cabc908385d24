package search

import (
	"go/types"
	"math/rand/v2"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// vetoLarge is a literalVeto that finds every integer of magnitude 10 or
// more too costly and no enum value outside its members.
type vetoLarge struct{}

func (vetoLarge) tooCostly(_ *model.Op, _ model.Param, l seq.Lit) bool {
	m, ok := litMagnitude(l)
	return ok && m >= 10
}

func (vetoLarge) outsideCostlyEnum(types.Type, seq.Lit) bool { return false }

// Literal drawing alone: the defaults, fuzzed unless -no=impurity; a
// literal the veto rejects is drawn again, up to costlyRetries times, so
// that large integers become fewer but stay possible.
func TestLiteralsDrawAndVeto(t *testing.T) {
	prog := testProgram(t)
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	p := other.Params[0]
	count := func(l *literals) (large, offDefaults int) {
		defaults := map[int64]bool{}
		for _, v := range defaultInts {
			defaults[v] = true
		}
		for i := 0; i < 4000; i++ {
			v := l.arg(other, p).Lit.I
			if v >= 10 || v <= -10 {
				large++
			}
			if !defaults[v] && (v < -100 || v > 100) {
				offDefaults++
			}
		}
		return large, offDefaults
	}
	plain := &literals{rng: rand.New(rand.NewPCG(1, 2)), fuzz: true, veto: newCostly(prog, nil, &Stats{})}
	vetoed := &literals{rng: rand.New(rand.NewPCG(1, 2)), fuzz: true, veto: vetoLarge{}}
	unfuzzed := &literals{rng: rand.New(rand.NewPCG(1, 2)), veto: vetoLarge{}}
	largePlain, fuzzedPlain := count(plain)
	largeVetoed, _ := count(vetoed)
	_, fuzzedOff := count(unfuzzed)
	if largePlain < 400 || largeVetoed == 0 || largeVetoed > largePlain/4 {
		t.Errorf("large integers: %d drawn freely, %d with the veto; want them rare with it, not gone", largePlain, largeVetoed)
	}
	if fuzzedPlain == 0 || fuzzedOff != 0 {
		t.Errorf("values beyond the defaults: %d fuzzed, %d unfuzzed; want some, then none", fuzzedPlain, fuzzedOff)
	}
}
