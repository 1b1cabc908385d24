package executortest

import (
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// Mutant is a simulated mutant: a place in one operation that some of its
// statements reach with a value the mutant changes (they infect it), and
// what those statements do instead when the mutant is the request's
// (rt.Request.Mutant). As in the executor, a statement infects a mutant
// whichever mutant is active, and under a mutant only the statements that
// infect it behave differently.
type Mutant struct {
	// ID is the mutant's id, 1 or more (0 means none on the wire).
	ID int32
	// Op is the operation (model.Op.ID) whose statements reach it.
	Op int
	// Infects, when set, says whether a statement of Op with input hash
	// hash (see Runner.Stmt) infects the mutant; nil: every one does.
	Infects func(hash uint64) bool
	// Change, when set, changes what an infecting statement did under the
	// mutant, after the Runner's Stmt hook: other values (OtherValues),
	// a panic (PanicNilDeref), nil values. Later statements see the
	// changed values' hashes. Nil leaves the statement as it was: the
	// mutant is infected but does not propagate there.
	Change func(spec *rt.StmtSpec)
	// Crash, when set, is what an infecting statement does under the
	// mutant instead: the request's outcome is a crash of this kind at
	// that statement, with no result, as the pool reports one
	// (executor.CrashTimeout for a mutant that hangs: the call limit kills
	// it).
	Crash executor.CrashKind
}

// mutate records in res the mutants statement i (of operation op, input
// hash sum) infects, and applies the request's mutant to spec if the
// statement infects it; it returns the crash that mutant makes, if any.
func (f *Runner) mutate(op *model.Op, i int, q rt.Request, sum uint64, spec *rt.StmtSpec, res *rt.Result) *executor.Crash {
	for k := range f.Mutants {
		m := &f.Mutants[k]
		if m.ID <= 0 || m.Op != op.ID || m.Infects != nil && !m.Infects(sum) {
			continue
		}
		res.Infected = append(res.Infected, m.ID)
		if m.ID != q.Mutant {
			continue
		}
		if m.Crash != "" {
			return &executor.Crash{Kind: m.Crash, Stmt: i}
		}
		if m.Change != nil {
			m.Change(spec)
		}
	}
	return nil
}

// OtherValues changes each value of spec that is not nil to another
// hash, as a mutant whose change reaches every result of the statement
// does.
func OtherValues(spec *rt.StmtSpec) {
	for j := range spec.Values {
		if !spec.Values[j].Nil {
			spec.Values[j].Hash = spec.Values[j].Hash*31 + 0x9e3779b9
		}
	}
}
