package minimize

import (
	"slices"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// BranchBit marks a branch side in a coverage item: blocks are encoded as
// their id, branch sides as BranchBit | 2*cond + side (side 0 for true, 1
// for false), the same numbering as the search's branch map, so one sorted
// []int64 holds both.
const BranchBit = int64(1) << 40

// CoverageOf returns the coverage items of an executor result, sorted
// ascending: every covered block, and every side of a condition that was
// taken at least once.
func CoverageOf(r *rt.Result) []int64 {
	if r == nil {
		return nil
	}
	out := make([]int64, 0, len(r.Blocks)+2*len(r.Conds))
	for _, b := range r.Blocks {
		out = append(out, int64(b))
	}
	for _, c := range r.Conds {
		if c.NTrue > 0 {
			out = append(out, BranchBit|int64(2*c.ID))
		}
		if c.NFalse > 0 {
			out = append(out, BranchBit|int64(2*c.ID+1))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// MutantBit marks an infected mutant in a goal item (GoalsOf): MutantBit |
// id, above every block and branch item.
const MutantBit = int64(1) << 41

// GoalsOf returns CoverageOf(r) and the mutants r infected (MutantBit |
// id), sorted ascending: what minimization keeps of a test. Keeping the
// infections keeps the inputs that make a mutated expression differ (n
// == 0 for n < 0 against n <= 0, operands that a + b and a - b tell
// apart), which coverage alone would shrink away to the smallest value
// reaching the same lines, and with them the mutants the judge can find
// the test killing.
func GoalsOf(r *rt.Result) []int64 {
	out := CoverageOf(r)
	if r == nil || len(r.Infected) == 0 {
		return out
	}
	for _, m := range r.Infected {
		out = append(out, MutantBit|int64(m)) // Infected is ascending
	}
	return out
}

// Minus returns the items of a that are not in b; both must be sorted
// (CoverageOf's order). The generator uses it for the coverage a test
// added over what earlier tests covered.
func Minus(a, b []int64) []int64 {
	var out []int64
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			continue
		}
		out = append(out, x)
	}
	return out
}

// subset reports whether every item of need (sorted) is in have (sorted).
func subset(need, have []int64) bool {
	j := 0
	for _, x := range need {
		for j < len(have) && have[j] < x {
			j++
		}
		if j == len(have) || have[j] != x {
			return false
		}
	}
	return true
}

// Class is the outcome class of a target statement: what a minimized test
// must still show. Two panics are the same class when they happen at the
// same site (the innermost frame in the package under test) and both are,
// or both are not, runtime errors; a returned error is a class apart from
// a nil one, since the test asserts which it is.
type Class struct {
	Outcome      uint8 // rt.OutNormal, rt.OutPanic, ...
	PanicSite    string
	PanicRuntime bool
	HasErr       bool // the operation returns an error...
	ErrNil       bool // ...and it was nil
	// Outputs holds the output class (corpus.OutputClass) of each result
	// beside the error of a target that returned normally, 4 bits each
	// (class+1; 0 for none): a Pop that returned (x, true) stays a Pop of
	// a non-empty stack, not the shorter Pop of an empty one that covers
	// the same lines, which no mutant of the popping could fail.
	Outputs uint32
}

// ClassOf returns the class of statement target of a trial in result res;
// ok is false when the result does not reach the target.
func ClassOf(prog *model.Program, t Trial, res *rt.Result) (c Class, ok bool) {
	if res == nil || t.Target >= len(res.Stmts) || t.Target >= len(t.Seq.Stmts) {
		return Class{}, false
	}
	sr := res.Stmt(t.Target)
	c.Outcome = sr.Outcome
	if sr.Outcome == rt.OutPanic {
		c.PanicSite, c.PanicRuntime = sr.PanicSite(), sr.PanicRuntime
	}
	op := prog.Ops[t.Seq.Stmts[t.Target].Op]
	if op.ErrResult && sr.Outcome == rt.OutNormal {
		n := len(op.Results)
		if len(sr.Values()) < n {
			return Class{}, false
		}
		c.HasErr, c.ErrNil = true, sr.Values()[n-1].Nil
	}
	if sr.Outcome == rt.OutNormal && (!c.HasErr || c.ErrNil) {
		c.Outputs = outputs(op, sr.Values())
	}
	return c, true
}

// outputs packs the output classes of a normal target's results (beside
// its error) as Class.Outputs does.
func outputs(op *model.Op, vals []rt.Value) uint32 {
	var out uint32
	for j, t := range op.Results {
		if j >= 8 || j >= len(vals) || op.ErrResult && j == len(op.Results)-1 {
			break
		}
		if cl, ok := corpus.OutputClass(t, vals[j]); ok {
			out |= uint32(cl+1) << (4 * j)
		}
	}
	return out
}

// Property judges one executed trial.
type Property func(t Trial, out executor.Outcome) bool

// KeepsCoverage is the property of a test written for its coverage: the
// candidate runs normally up to the target, the target's outcome class is
// the original's (orig run as origRes), statements after a normal target
// run normally too (the emitted test runs them all), and the candidate
// covers every item of need (GoalsOf's encoding: blocks, branch sides and
// infected mutants; typically the original's whole coverage, or only what
// it added over earlier tests, see Minus).
func KeepsCoverage(prog *model.Program, orig Trial, origRes *rt.Result, need []int64) Property {
	want, okOrig := ClassOf(prog, orig, origRes)
	need = slices.Clone(need)
	slices.Sort(need)
	return func(t Trial, out executor.Outcome) bool {
		if !okOrig || out.Crash != nil || !prefixNormal(t, out.Result) || usesErrorSiblings(prog, t.Seq, out.Result) {
			return false
		}
		if c, ok := ClassOf(prog, t, out.Result); !ok || c != want {
			return false
		}
		if want.Outcome == rt.OutNormal {
			for _, sr := range out.Result.Stmts[t.Target+1:] {
				if sr.Outcome != rt.OutNormal {
					return false
				}
			}
		}
		return subset(need, GoalsOf(out.Result))
	}
}

// KeepsFailure is the property of a test that shows a failure: the
// candidate crashes the executor the same way (same crash kind, at the
// target when the original crashed there), or its target panics at the
// same site as the original's, after a normal run up to it.
func KeepsFailure(prog *model.Program, orig Trial, origOut executor.Outcome) Property {
	if cr := origOut.Crash; cr != nil {
		atTarget := cr.Stmt == orig.Target
		return func(t Trial, out executor.Outcome) bool {
			return out.Crash != nil && out.Crash.Kind == cr.Kind && (!atTarget || out.Crash.Stmt == t.Target)
		}
	}
	want, okOrig := ClassOf(prog, orig, origOut.Result)
	return func(t Trial, out executor.Outcome) bool {
		if !okOrig || out.Crash != nil || !prefixNormal(t, out.Result) || usesErrorSiblings(prog, t.Seq, out.Result) {
			return false
		}
		c, ok := ClassOf(prog, t, out.Result)
		return ok && c == want
	}
}

// prefixNormal reports whether every statement before the target ran
// normally: a candidate that fails earlier shows something else.
func prefixNormal(t Trial, r *rt.Result) bool {
	if r == nil || len(r.Stmts) != len(t.Seq.Stmts) {
		return false
	}
	for i := 0; i < t.Target; i++ {
		if r.Stmts[i].Outcome != rt.OutNormal {
			return false
		}
	}
	return true
}

// ExecOracle runs each batch of trials on runner (an *executor.Pool, which
// spreads it over its executors) and judges each outcome with prop.
// Values are summarised without trees: a property needs outcomes and
// coverage, not what to assert.
func ExecOracle(runner executor.Runner, prop Property) Oracle {
	return func(trials []Trial) []bool {
		reqs := make([]rt.Request, len(trials))
		for i, t := range trials {
			reqs[i] = t.Seq.Wire(uint64(i), 0)
		}
		outs := runner.Run(reqs)
		ok := make([]bool, len(trials))
		for i, t := range trials {
			ok[i] = i < len(outs) && prop(t, outs[i])
		}
		return ok
	}
}

// BehaviourKey is a Reduce key for what a test asserts about its target:
// the operation, the outcome class, and the hashes of the target's stable
// result values. Tests with equal keys assert the same thing.
func BehaviourKey(prog *model.Program, t Trial, res *rt.Result) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		for i := 0; i < 8; i++ {
			h ^= x & 0xff
			h *= 1099511628211
			x >>= 8
		}
	}
	str := func(s string) {
		mix(uint64(len(s)))
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= 1099511628211
		}
	}
	c, ok := ClassOf(prog, t, res)
	if !ok {
		return 0
	}
	mix(uint64(t.Seq.Stmts[t.Target].Op))
	mix(uint64(c.Outcome))
	str(c.PanicSite)
	if c.HasErr {
		mix(2)
		if c.ErrNil {
			mix(1)
		}
	}
	for _, v := range res.Stmt(t.Target).Values() {
		if v.Unstable {
			mix(3)
			continue
		}
		str(v.Type.String()) // the name: numbers depend on arrival order
		mix(v.Hash)
	}
	if h == 0 {
		h = 1 // 0 means "no key" to Reduce
	}
	return h
}

// usesErrorSiblings reports whether a statement uses a result of a call
// that returned a non-nil error. Go leaves such results unspecified (a nil
// *Cart from a failed NewCart, say); a test built on one is misleading
// even when it happens to pass.
func usesErrorSiblings(prog *model.Program, s *seq.Seq, res *rt.Result) bool {
	for _, st := range s.Stmts {
		for _, a := range st.Args {
			if a.IsLit || a.Stmt >= len(res.Stmts) {
				continue
			}
			op := prog.Ops[s.Stmts[a.Stmt].Op]
			vals := res.Stmt(a.Stmt).Values()
			if op.ErrResult && len(vals) == len(op.Results) && !vals[len(vals)-1].Nil {
				return true
			}
		}
	}
	return false
}
