package search

import (
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Smart selection's criteria beyond lines and branches (Zhou et al.,
// "Coverage Goal Selector for Combining Multiple Criteria in Search-Based
// Unit Test Generation"). The paper groups EvoSuite's eight criteria by
// correlation ({branch, line, weak mutation}, {method}, {exception},
// {output}), keeps one representative per group as the search's goals and,
// of the others, only the goals no representative subsumes. Here:
//
//   - Branches stay the primary goals, and lines are covered through the
//     branches that control them (dynamosa.go).
//   - Weak mutation (goals_mutant.go): a mutant is covered when a run
//     infects it. DynaMOSA targets only the mutants whose infection needs
//     more than reaching their block (relational boundaries, arithmetic
//     and logical operators: the paper's subsuming ROR, AOR and BOR
//     mutants), once the block is reached; the rest are infected by
//     reaching their block, which the branch goals already target (the
//     paper's "equal-to-line" UOI mutants), and are only collected.
//   - Output, exception and method (this file) are collected, not
//     targeted: the paper calls them weak guides (a method or exception
//     goal is 0 or 1, and the executor reports a result's hash, not its
//     value), and calling an operation is what the random search and the
//     branch goals of its body do anyway.
//
// Every criterion's goals are kept in the archive: the first clean run to
// cover one becomes a corpus entry, so that the judge can keep the tests
// that kill mutants though they add no coverage.

// A goalKind is a criterion collected by criteria.
type goalKind uint8

const (
	goalOutput goalKind = iota
	goalMethod
	goalPanic
	goalError
)

// goalKey names one collected goal: for output, the operation, the result
// and its class; for method, the operation; for exception, the operation
// and the panic site or the error's run-time type.
type goalKey struct {
	kind  goalKind
	op    int
	res   int
	class outClass
	site  string
}

// criteria collects the output, method and exception goals covered by the
// targets (the last statements) of the sequences that run.
type criteria struct {
	prog                      *model.Program
	output, exception, method bool
	covered                   map[goalKey]bool
	stats                     *Stats
}

// newCriteria returns the collector of the criteria cfg leaves on
// (Engine.setMutants switches all off in a build without mutants).
func newCriteria(prog *model.Program, cfg Config, stats *Stats) *criteria {
	return &criteria{prog: prog, output: !cfg.NoOutput, exception: !cfg.NoException,
		method: !cfg.NoMethod, covered: map[goalKey]bool{}, stats: stats}
}

// collect records the goals that the last statement of s covers in its
// clean run res, and returns how many no run covered before. normal says
// the last statement returned; otherwise it panicked (or did neither,
// which covers nothing).
func (c *criteria) collect(s *seq.Seq, res *rt.Result, normal bool) int {
	if !c.output && !c.exception && !c.method {
		return 0
	}
	last := s.Len() - 1
	op := c.prog.Ops[s.Stmts[last].Op]
	if !op.UnderTest {
		return 0 // a test is about an operation of the package
	}
	sr := res.Stmt(last)
	n := 0
	add := func(k goalKey, count *int) {
		if !c.covered[k] {
			c.covered[k] = true
			*count++
			n++
		}
	}
	if !normal {
		if c.exception && sr.Outcome == rt.OutPanic {
			add(goalKey{kind: goalPanic, op: op.ID, site: sr.PanicSite()}, &c.stats.Exceptions)
		}
		return n
	}
	if c.method {
		add(goalKey{kind: goalMethod, op: op.ID}, &c.stats.Methods)
	}
	vals := sr.Values()
	if len(vals) != len(op.Results) {
		return n // not a call's results (a composite, a variable)
	}
	if c.exception && op.ErrResult && !vals[len(vals)-1].Nil {
		// A returned error is the Go form of the paper's declared
		// exceptions: a goal per operation and error type.
		add(goalKey{kind: goalError, op: op.ID, site: vals[len(vals)-1].Type.String()}, &c.stats.Exceptions)
	}
	if c.output {
		for j, v := range vals {
			if cl, ok := classOf(op.Results[j], v); ok {
				add(goalKey{kind: goalOutput, op: op.ID, res: j, class: cl}, &c.stats.Outputs)
			}
		}
	}
	return n
}
