package generator

import (
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/oracle"
)

// The mutation summary counts over the cases written only: the mutants
// they infect, ran against and kill, those killed only by timeout, and
// names the written tests that kill nothing, subtests by their full name,
// and those that add nothing to the file (no kill, no block of their own).
func TestMutationSummary(t *testing.T) {
	cases := []*oracle.Case{
		{Key: 1, Blocks: []int64{1}, Mutation: &oracle.CaseMutation{Infected: []int32{1, 2, 3}, Run: []int32{1, 2, 3}, Killed: []int32{1, 3}, ByTimeout: []int32{3}}},
		{Key: 2, Blocks: []int64{1}, Mutation: &oracle.CaseMutation{Infected: []int32{2, 4}, Run: []int32{2, 4}}},
		{Key: 3, Blocks: []int64{1, 2}}, // infected nothing: no mutation data
		{Key: 4, Blocks: []int64{1}, Mutation: &oracle.CaseMutation{Infected: []int32{5, 6}, Run: []int32{5, 6}, Killed: []int32{5, 6}, ByTimeout: []int32{5}}},
		{Key: 5, Mutation: &oracle.CaseMutation{Infected: []int32{6, 7}, Run: []int32{6, 7}, Killed: []int32{6, 7}}}, // not written
	}
	out := &emit.Output{Tests: []emit.TestInfo{
		{Func: "TestA", Subtests: []string{""}, Keys: []int{1}},
		{Func: "TestB", Subtests: []string{"empty", "nil"}, Keys: []int{2, 3}},
		{Func: "TestC", Subtests: []string{""}, Keys: []int{4}},
		// A fuzz target's seed is the case of a table row again: it
		// makes neither copy idle (uuid's FuzzParse seeds).
		{Func: "FuzzB", Subtests: []string{"seed#0"}, Keys: []int{3}},
	}}
	got := mutationSummary(9, cases, out)
	want := MutationSummary{Mutants: 9, Infected: 6, Judged: 6, Killed: 4, KilledByTimeout: 2}
	if got == nil || got.Mutants != want.Mutants || got.Infected != want.Infected || got.Judged != want.Judged ||
		got.Killed != want.Killed || got.KilledByTimeout != want.KilledByTimeout {
		t.Errorf("summary %+v, want %+v", got, want)
	}
	if got != nil && !slices.Equal(got.KillNothing, []string{"TestB/empty", "TestB/nil", "FuzzB/seed#0"}) {
		t.Errorf("tests killing nothing: %v", got.KillNothing)
	}
	// TestB/empty covers only block 1, which the others cover too, and
	// kills nothing: it adds nothing. TestB/nil kills nothing but alone
	// covers block 2; TestA and TestC kill mutants no other test does.
	if got != nil && !slices.Equal(got.Idle, []string{"TestB/empty"}) {
		t.Errorf("idle tests: %v, want [TestB/empty]", got.Idle)
	}
	if mutationSummary(0, cases, out) != nil {
		t.Error("a summary without mutants")
	}
}
