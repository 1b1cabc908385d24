package harness

import (
	"strings"
	"testing"
)

// A report as gentest mutate -json writes it for one package, operators
// keyed by class with mutants and kills only.
const engineJSON = `{"package":"benchstd/container/ring","mutants":40,"killed":25,"killed_timeout":2,"survived":6,"not_covered":5,"skipped":2,"score":0.7105,
"operators":{"rel-boundary":{"mutants":10,"killed":9},"arith":{"mutants":20,"killed":12},"remove":{"mutants":10,"killed":6}},
"survivors":[{"id":3,"op":"arith","file":"ring.go","line":10,"orig":"a + b","repl":"a - b"}],
"test_files":["ring_test.go"],"seconds":12.5,"error":""}
`

func TestParseEngine(t *testing.T) {
	m, err := ParseEngine([]byte(engineJSON))
	if err != nil {
		t.Fatal(err)
	}
	if m.Killed != 25 || m.TimedOut != 2 || m.Lived != 6 || m.NotCovered != 5 || m.Skipped != 2 || m.Err != "" {
		t.Errorf("counts = %+v", m)
	}
	// (25+2) / (25+2+6+5): skipped mutants do not count.
	if got := m.Score.Format(2); got != "71.05" {
		t.Errorf("score = %s, want 71.05", got)
	}
	if got := m.Efficacy.Format(2); got != "81.82" {
		t.Errorf("efficacy = %s, want 81.82 (27 of 33 reached)", got)
	}
	if got := m.Reported.Format(4); got != "0.7105" {
		t.Errorf("reported = %s", got)
	}
	if m.Seconds.Format(1) != "12.5" || strings.Join(m.TestFiles, ",") != "ring_test.go" {
		t.Errorf("seconds %s, test files %q", m.Seconds.Format(1), m.TestFiles)
	}
	// An object has no order: the classes come sorted.
	var ops []string
	for _, o := range m.Operators {
		ops = append(ops, o.Op+":"+o.Score.Format(0))
	}
	if got := strings.Join(ops, " "); got != "arith:60 rel-boundary:90 remove:60" {
		t.Errorf("operators = %s", got)
	}
	if a := m.Operators[0]; a.Mutants != 20 || a.Killed != 12 || a.Lived != 8 {
		t.Errorf("arith = %+v", a)
	}
}

// An array of classes keeps its order and its full counts; an error in the
// report becomes the run's error with its counts kept.
func TestParseEngineArrayAndError(t *testing.T) {
	out := `[{"package":"p","mutants":4,"killed":1,"survived":1,"not_covered":2,"error":"tests fail without a mutant",
"operators":[{"op":"remove","mutants":3,"killed":1,"survived":0,"not_covered":2},{"op":"arith","mutants":1,"survived":1}]}]`
	m, err := ParseEngine([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if m.Err != "tests fail without a mutant" || m.Score.Format(0) != "25" || !m.Reported.IsNA() {
		t.Errorf("m = %+v", m)
	}
	if len(m.Operators) != 2 || m.Operators[0].Op != "remove" || m.Operators[0].NotCovered != 2 || m.Operators[0].Lived != 0 || m.Operators[1].Score.Format(0) != "0" {
		t.Errorf("operators = %+v", m.Operators)
	}
}

func TestParseEngineBad(t *testing.T) {
	for _, out := range []string{"", "not json", `{"package":"a"}{"package":"b"}`, `{"package":"a","operators":3}`} {
		if m, err := ParseEngine([]byte(out)); err == nil {
			t.Errorf("ParseEngine(%q) = %+v, want an error", out, m)
		}
	}
}

func TestMutateArgs(t *testing.T) {
	human, gen, both := engineFilters("/tmp/x/ring_gentest_test.go")
	for _, c := range []struct {
		f    TestFilter
		want string
	}{
		{human, "mutate -json -exclude=ring_gentest_test.go ."},
		{gen, "mutate -json -include=ring_gentest_test.go ."},
		{both, "mutate -json ."},
	} {
		if got := strings.Join(mutateArgs(c.f), " "); got != c.want {
			t.Errorf("mutateArgs(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}
