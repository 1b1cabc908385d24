package findings

import (
	"reflect"
	"testing"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/verify"
)

// A run whose binary died part-way (jsonparser v1.1.0's findings file:
// three of its six tests ended the process) leaves the tests that had not had all their runs unsure, to be run
// alone, rather than dropped with the one that killed the binary; a test
// that passed once is refuted, one that failed every run is kept.
func TestJudgeBinaryDied(t *testing.T) {
	tests := []emit.TestInfo{
		{Func: "TestFinding_A", Subtests: []string{""}, Keys: []int{-1000}},
		{Func: "TestFinding_B", Subtests: []string{""}, Keys: []int{-1001}},
		{Func: "TestFinding_C", Subtests: []string{""}, Keys: []int{-1002}},
		{Func: "TestFinding_D", Subtests: []string{""}, Keys: []int{-1003}},
	}
	rep := &verify.Report{
		Fails:  map[string]int{"TestFinding_A": Runs, "TestFinding_B": 1, "TestFinding_C": 2},
		Passed: map[string]bool{"TestFinding_C": true},
	}
	kept, unsure := judge(tests, rep)
	if want := map[int]bool{-1000: true}; !reflect.DeepEqual(kept, want) {
		t.Errorf("kept %v, want %v", kept, want)
	}
	var names []string
	for _, ti := range unsure {
		names = append(names, ti.Func)
	}
	// B died with the binary after one run; D never ran.
	if want := []string{"TestFinding_B", "TestFinding_D"}; !reflect.DeepEqual(names, want) {
		t.Errorf("unsure %v, want %v", names, want)
	}
	// A run in which every test had its runs leaves nothing unsure.
	rep = &verify.Report{Fails: map[string]int{"TestFinding_A": Runs, "TestFinding_B": Runs, "TestFinding_C": Runs, "TestFinding_D": Runs}}
	if kept, unsure := judge(tests, rep); len(kept) != 4 || len(unsure) != 0 {
		t.Errorf("all failing: kept %v, unsure %v", kept, unsure)
	}
}
