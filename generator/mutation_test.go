package generator

import (
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/oracle"
)

// The mutation summary counts over the cases written only: the mutants
// they infect, ran against and kill, those killed only by timeout, and
// names the written tests that kill nothing, subtests by their full name.
func TestMutationSummary(t *testing.T) {
	cases := []*oracle.Case{
		{Key: 1, Mutation: &oracle.CaseMutation{Infected: []int32{1, 2, 3}, Run: []int32{1, 2, 3}, Killed: []int32{1, 3}, ByTimeout: []int32{3}}},
		{Key: 2, Mutation: &oracle.CaseMutation{Infected: []int32{2, 4}, Run: []int32{2, 4}}},
		{Key: 3}, // infected nothing: no mutation data
		{Key: 4, Mutation: &oracle.CaseMutation{Infected: []int32{5, 6}, Run: []int32{5, 6}, Killed: []int32{5, 6}, ByTimeout: []int32{5}}},
		{Key: 5, Mutation: &oracle.CaseMutation{Infected: []int32{6, 7}, Run: []int32{6, 7}, Killed: []int32{6, 7}}}, // not written
	}
	out := &emit.Output{Tests: []emit.TestInfo{
		{Func: "TestA", Subtests: []string{""}, Keys: []int{1}},
		{Func: "TestB", Subtests: []string{"empty", "nil"}, Keys: []int{2, 3}},
		{Func: "TestC", Subtests: []string{""}, Keys: []int{4}},
	}}
	got := mutationSummary(9, cases, out)
	want := MutationSummary{Mutants: 9, Infected: 6, Judged: 6, Killed: 4, KilledByTimeout: 2}
	if got == nil || got.Mutants != want.Mutants || got.Infected != want.Infected || got.Judged != want.Judged ||
		got.Killed != want.Killed || got.KilledByTimeout != want.KilledByTimeout {
		t.Errorf("summary %+v, want %+v", got, want)
	}
	if got != nil && !slices.Equal(got.KillNothing, []string{"TestB/empty", "TestB/nil"}) {
		t.Errorf("tests killing nothing: %v", got.KillNothing)
	}
	if mutationSummary(0, cases, out) != nil {
		t.Error("a summary without mutants")
	}
}
