package harness

// gentest's own mutation engine, run as `gentest mutate -json` in a scratch
// copy, and the parsing of its report.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/scratch"
)

// TestFilter says which test files of a copy a gentest mutate run uses:
// Include keeps only the files matching it, Exclude drops those matching
// it; empty means no filter.
type TestFilter struct {
	Include, Exclude string
}

// mutateArgs are the arguments of one gentest mutate run over the package
// in the current directory.
func mutateArgs(f TestFilter) []string {
	args := []string{"mutate", "-json"}
	if f.Include != "" {
		args = append(args, "-include="+f.Include)
	}
	if f.Exclude != "" {
		args = append(args, "-exclude="+f.Exclude)
	}
	return append(args, ".")
}

// engine runs gentest mutate on the package of copy cp with the test files
// filter selects, and keeps its output beside the copy (prefix.json,
// prefix.stderr).
func (c *Config) engine(ctx context.Context, cp *scratch.Copy, prefix string, filter TestFilter) *result.Mutation {
	mctx, cancel := context.WithTimeout(ctx, mutationTimeout)
	defer cancel()
	args := mutateArgs(filter)
	c.progress("gentest %v", args)
	r := proc.Run(mctx, cp.PkgDir(), c.Env, c.Gentest, args...)
	_ = os.WriteFile(prefix+".json", r.Stdout, 0o644)
	_ = os.WriteFile(prefix+".stderr", r.Stderr, 0o644)
	m, err := ParseEngine(r.Stdout)
	if err != nil {
		// Without a report, the command's failure says more than the
		// parse error; with one, its exit status is only its verdict.
		if r.Err != nil {
			err = r.Failure("gentest", args...)
		}
		return &result.Mutation{Err: err.Error()}
	}
	return m
}

// engineReport is one package's object in gentest mutate -json's output.
type engineReport struct {
	Package       string          `json:"package"`
	Mutants       int             `json:"mutants"`
	Killed        int             `json:"killed"`
	KilledTimeout int             `json:"killed_timeout"`
	Survived      int             `json:"survived"`
	NotCovered    int             `json:"not_covered"`
	Skipped       int             `json:"skipped"`
	Score         *float64        `json:"score"`
	Operators     json.RawMessage `json:"operators"`
	TestFiles     []string        `json:"test_files"`
	Seconds       *float64        `json:"seconds"`
	Error         string          `json:"error"`
}

// engineOp is one operator class's counts in the report. A report may
// give only mutants and killed (timeouts included) per class; then
// Survived and NotCovered are absent.
type engineOp struct {
	Op            string `json:"op"`
	Mutants       int    `json:"mutants"`
	Killed        int    `json:"killed"`
	KilledTimeout int    `json:"killed_timeout"`
	Survived      *int   `json:"survived"`
	NotCovered    *int   `json:"not_covered"`
	Skipped       int    `json:"skipped"`
}

// ParseEngine reads gentest mutate -json's output for one package: a
// stream of JSON values, each a package's object or an array of them.
// The harness runs it on one package, so exactly one object is expected;
// an object whose "error" is set becomes the Mutation's Err (its counts are
// still read).
func ParseEngine(out []byte) (*result.Mutation, error) {
	reps, err := decodeEngine(out)
	if err != nil {
		return nil, err
	}
	switch len(reps) {
	case 0:
		return nil, errors.New("gentest mutate -json: no package in the output")
	case 1:
	default:
		return nil, fmt.Errorf("gentest mutate -json: %d packages in the output, want 1", len(reps))
	}
	rep := reps[0]
	m := &result.Mutation{
		Killed: rep.Killed, TimedOut: rep.KilledTimeout, Lived: rep.Survived,
		NotCovered: rep.NotCovered, Skipped: rep.Skipped, Err: rep.Error,
	}
	m.Score = result.ScoreOf(m.Killed, m.TimedOut, m.Lived, m.NotCovered)
	m.Efficacy = result.ScoreOf(m.Killed, m.TimedOut, m.Lived, 0)
	if rep.Score != nil {
		m.Reported = result.Of(*rep.Score)
	}
	if rep.Seconds != nil {
		m.Seconds = result.Of(*rep.Seconds)
	}
	m.TestFiles = rep.TestFiles
	if m.Operators, err = engineOps(rep.Operators); err != nil {
		return nil, err
	}
	return m, nil
}

// decodeEngine decodes every package object of the output.
func decodeEngine(out []byte) ([]engineReport, error) {
	var reps []engineReport
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return reps, nil
		}
		if err != nil {
			return nil, fmt.Errorf("gentest mutate -json: %w", err)
		}
		if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '[' {
			var many []engineReport
			if err := json.Unmarshal(raw, &many); err != nil {
				return nil, fmt.Errorf("gentest mutate -json: %w", err)
			}
			reps = append(reps, many...)
			continue
		}
		var one engineReport
		if err := json.Unmarshal(raw, &one); err != nil {
			return nil, fmt.Errorf("gentest mutate -json: %w", err)
		}
		reps = append(reps, one)
	}
}

// engineOps reads the operators breakdown: an array of objects with "op",
// or an object keyed by operator class, which is sorted by class since a
// JSON object has no order.
func engineOps(raw json.RawMessage) ([]result.OperatorMutation, error) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil, nil
	}
	var ops []engineOp
	if t[0] == '[' {
		if err := json.Unmarshal(t, &ops); err != nil {
			return nil, fmt.Errorf("gentest mutate -json: operators: %w", err)
		}
	} else {
		var byOp map[string]engineOp
		if err := json.Unmarshal(t, &byOp); err != nil {
			return nil, fmt.Errorf("gentest mutate -json: operators: %w", err)
		}
		for name, op := range byOp {
			op.Op = name
			ops = append(ops, op)
		}
		slices.SortFunc(ops, func(a, b engineOp) int { return strings.Compare(a.Op, b.Op) })
	}
	out := make([]result.OperatorMutation, len(ops))
	for i, op := range ops {
		o := result.OperatorMutation{Op: op.Op, Mutants: op.Mutants, Killed: op.Killed, TimedOut: op.KilledTimeout, Skipped: op.Skipped}
		if op.Survived == nil && op.NotCovered == nil {
			// Only the kills are given: every other mutant the class has
			// counts as alive, as it does in the score (not covered is a
			// survivor there too).
			o.Lived = max(0, op.Mutants-op.Killed-op.KilledTimeout-op.Skipped)
		} else {
			o.Lived, o.NotCovered = deref(op.Survived), deref(op.NotCovered)
		}
		o.Score = result.ScoreOf(o.Killed, o.TimedOut, o.Lived, o.NotCovered)
		out[i] = o
	}
	return out, nil
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// engineFilters are the three gentest mutate runs of a subject, on the copy
// that holds both the human tests and the generated file gen: the human
// tests alone, the generated file alone, both.
func engineFilters(gen string) (human, generated, both TestFilter) {
	name := filepath.Base(gen)
	return TestFilter{Exclude: name}, TestFilter{Include: name}, TestFilter{}
}
