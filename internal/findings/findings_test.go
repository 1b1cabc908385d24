package findings

import (
	"errors"
	"reflect"
	"testing"
	"time"

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

// A deadline that ends the findings' runs (issue 32: runs of dtls and
// yaml.v3 outlived their budget by ten minutes in these runs) loses no
// finding a run reproduced: a test that failed every run it had is
// unconfirmed, one that had no run is unconfirmed without a test, one
// confirmed in an earlier round stays confirmed, and only a test that
// passed a run, here or alone, is dropped.
func TestVerdictsAtDeadline(t *testing.T) {
	tests := []emit.TestInfo{
		{Func: "TestFinding_A", Subtests: []string{""}, Keys: []int{-1000}},
		{Func: "TestFinding_B", Subtests: []string{""}, Keys: []int{-1001}},
		{Func: "TestFinding_C", Subtests: []string{""}, Keys: []int{-1002}},
		{Func: "TestFinding_D", Subtests: []string{""}, Keys: []int{-1003}},
		{Func: "TestFinding_E", Subtests: []string{""}, Keys: []int{-1004}},
		{Func: "TestFinding_F", Subtests: []string{""}, Keys: []int{-1005}},
	}
	rep := &verify.Report{
		Fails:  map[string]int{"TestFinding_A": Runs, "TestFinding_B": 1, "TestFinding_C": 2, "TestFinding_F": 1},
		Passed: map[string]bool{"TestFinding_C": true},
	}
	got := verdicts(tests, map[int]bool{-1003: true}, map[int]bool{-1005: true}, rep)
	want := map[int]verdict{-1000: vConfirmed, -1001: vOnce, -1002: vRefuted, -1003: vConfirmed, -1004: vUnrun, -1005: vRefuted}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("verdicts %v, want %v", got, want)
	}
	// The go test runs under a deadline get what is left of it, and
	// at least MinRound; without one, verify's default.
	o := Options{}
	if d := o.roundTimeout(); d != 0 {
		t.Errorf("no deadline: timeout %v, want 0", d)
	}
	if o.cut(errors.New("timed out")) {
		t.Error("no deadline: a failed run counted as cut")
	}
	o.Deadline = time.Now().Add(-time.Second)
	if d := o.roundTimeout(); d != MinRound {
		t.Errorf("past deadline: timeout %v, want %v", d, MinRound)
	}
	if !o.cut(errors.New("timed out")) || o.cut(nil) {
		t.Error("past deadline: a run that timed out is cut, one that ended is not")
	}
	o.Deadline = time.Now().Add(time.Hour)
	if d := o.roundTimeout(); d < 59*time.Minute {
		t.Errorf("an hour left: timeout %v", d)
	}
}
