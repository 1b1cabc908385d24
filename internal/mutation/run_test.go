package mutation

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestOutBuf(t *testing.T) {
	b := &outBuf{max: 64}
	// Written in pieces that split lines, as pipes deliver them.
	text := "=== RUN x\nsome output\n--- FA" + "IL: TestA (0.00s)\n    a_test.go:3: bad\n--- FAIL: TestB (0.00s)\nFAIL\n"
	for i := 0; i < len(text); i += 7 {
		b.Write([]byte(text[i:min(i+7, len(text))]))
	}
	if b.firstFail != "FAIL: TestA (0.00s)" {
		t.Errorf("first failure %q", b.firstFail)
	}
	long := strings.Repeat("y", 1000) + "\nend\n"
	b.Write([]byte(long))
	if got := b.tailString(); len(got) != 64 || !strings.HasSuffix(got, "y\nend\n") {
		t.Errorf("tail %q", got)
	}
	for line, want := range map[string]string{
		"panic: boom [recovered]":        "panic: boom [recovered]",
		"fatal error: stack overflow":    "fatal error: stack overflow",
		"ok  \tx\t0.1s":                  "",
		"    --- FAIL: TestA/sub (0.0s)": "",
	} {
		if got := failLine([]byte(line)); got != want {
			t.Errorf("failLine(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestChosen(t *testing.T) {
	for _, c := range []struct {
		base             string
		include, exclude []string
		want             bool
	}{
		{"a_test.go", nil, nil, true},
		{"a_test.go", []string{"b*"}, nil, false},
		{"p_gentest_test.go", []string{"*_gentest_test.go"}, nil, true},
		{"p_gentest_test.go", nil, []string{"*_gentest_test.go"}, false},
		{"a_test.go", []string{"a*"}, []string{"*_test.go"}, false},
	} {
		if got := chosen(c.base, c.include, c.exclude); got != c.want {
			t.Errorf("chosen(%s, %v, %v) = %v", c.base, c.include, c.exclude, got)
		}
	}
}

func TestReadInfected(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "inf")
	got, err := readInfected(f)
	if err != nil || len(got) != 0 {
		t.Fatalf("missing file: %v, %v", got, err)
	}
	// Duplicates (two goroutines' first infections) and a torn last line
	// are tolerated.
	os.WriteFile(f, []byte("3\n1\n3\nx\n7"), 0o644)
	got, err = readInfected(f)
	if want := map[int]bool{1: true, 3: true, 7: true}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, %v; want %v", got, err, want)
	}
}

func TestMutantTimeout(t *testing.T) {
	if got := mutantTimeout(200 * time.Millisecond); got != 10*time.Second {
		t.Errorf("short baseline: %v", got)
	}
	if got := mutantTimeout(3 * time.Second); got != 30*time.Second {
		t.Errorf("3 s baseline: %v", got)
	}
}

func TestTallyScore(t *testing.T) {
	rep := &Report{}
	if rep.Score() != 0 {
		t.Errorf("empty score %v", rep.Score())
	}
	for i, st := range []Status{Killed, KilledTimeout, Survived, NotCovered, Skipped, Killed} {
		m := MutantResult{Status: st}
		m.ID, m.Op = i+1, []string{"arith", "const"}[i%2]
		rep.Mutants = append(rep.Mutants, m)
	}
	rep.tally()
	if rep.Killed != 2 || rep.KilledTimeout != 1 || rep.Survived != 1 || rep.NotCovered != 1 || rep.Skipped != 1 {
		t.Errorf("counts %+v", rep)
	}
	if got := rep.Score(); got != 3.0/5 {
		t.Errorf("score %v, want 0.6", got)
	}
	if want := map[string]OpCount{
		"arith": {Mutants: 3, Killed: 1, Survived: 1, Skipped: 1},
		"const": {Mutants: 3, Killed: 1, KilledTimeout: 1, NotCovered: 1},
	}; !reflect.DeepEqual(rep.Operators, want) {
		t.Errorf("operators %v, want %v", rep.Operators, want)
	}
}

// Mutants whose runs cannot start before the budget ends are skipped, not
// judged.
func TestRunMutantsCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep := &Report{Timeout: time.Second}
	for id := 1; id <= 3; id++ {
		m := MutantResult{}
		m.ID = id
		rep.Mutants = append(rep.Mutants, m)
	}
	r := &runner{bin: filepath.Join(t.TempDir(), "missing"), dir: t.TempDir(), work: t.TempDir()}
	r.runMutants(ctx, rep, []int{0, 1, 2}, 2)
	for _, m := range rep.Mutants {
		if m.Status != Skipped {
			t.Errorf("mutant %d: %s, want skipped", m.ID, m.Status)
		}
	}
}

// A run that cannot start is no verdict on the tests: the mutant is
// skipped, not killed.
func TestRunMutantsBroken(t *testing.T) {
	rep := &Report{Timeout: time.Second}
	m := MutantResult{}
	m.ID = 1
	rep.Mutants = append(rep.Mutants, m)
	r := &runner{bin: filepath.Join(t.TempDir(), "missing"), dir: t.TempDir(), work: t.TempDir()}
	r.runMutants(context.Background(), rep, []int{0}, 1)
	if m := rep.Mutants[0]; m.Status != Skipped || !strings.Contains(m.Note, "cannot start") {
		t.Errorf("missing binary: %s (%s), want skipped", m.Status, m.Note)
	}
}
