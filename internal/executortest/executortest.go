// Package executortest provides a fake executor for the tests of the
// stages that run sequences (search, minimize, oracle, the generator's
// runner wrappers): an in-process interpreter of the wire form, with
// hooks for the behaviour a test needs (a panic, a crash, a hang, branch
// distances, mutants), so that no test of those stages builds a real
// executor.
package executortest

import (
	"fmt"
	"hash/fnv"
	"slices"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// Runner is a fake executor.FullRunner: a deterministic stand-in for an
// executor that "runs" the model's operations on the wire form. Every
// value's hash is a function of the operation and its inputs, so equal
// inputs give equal values; coverage is one block per operation and
// argument shape (ID*8 + hash%8), so new inputs cover new blocks. An
// operation with an error result returns a nil error. A statement after
// one that panicked is skipped, as the executor does. Mutants are
// simulated by Mutants: a result's Infected lists the mutants its
// statements infected, and a request's Mutant changes what the statements
// that infect it do.
//
// The zero Runner with Prog set is ready to use; it is safe for
// concurrent use.
type Runner struct {
	Prog *model.Program
	// Delay is slept once per batch, before it runs.
	Delay time.Duration
	// Stmt, when set, changes what statement i of req did, after the
	// default: it may panic it (Outcome rt.OutPanic, with a Note), give
	// values run-time types, or set them nil. hash is the statement's
	// input hash, from which its values' hashes derive. req.Mutant is
	// the mutant the request runs under; Mutants' changes come after.
	Stmt func(op *model.Op, i int, req rt.Request, hash uint64, spec *rt.StmtSpec)
	// Mutants are the simulated mutants of the program (see Mutant).
	Mutants []Mutant
	// Edit, when set, changes a request's outcome after it ran: a crash,
	// an unrun sequence, conditions and distances.
	Edit func(req rt.Request, out *executor.Outcome)

	mu    sync.Mutex
	calls int
	reqs  []rt.Request
}

// Run implements executor.Runner.
func (f *Runner) Run(reqs []rt.Request) []executor.Outcome {
	if f.Delay > 0 {
		time.Sleep(f.Delay)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	outs := make([]executor.Outcome, len(reqs))
	for i, q := range reqs {
		f.reqs = append(f.reqs, q)
		res, crash := f.run(q)
		outs[i] = executor.Outcome{Result: res, Crash: crash}
		if f.Edit != nil {
			f.Edit(q, &outs[i])
		}
	}
	return outs
}

// RunUntil implements executor.DeadlineRunner; the fake never runs long,
// so the deadline changes nothing.
func (f *Runner) RunUntil(reqs []rt.Request, _ time.Time) []executor.Outcome { return f.Run(reqs) }

// RunAlone implements executor.AloneRunner as a batch of one.
func (f *Runner) RunAlone(q rt.Request, _ time.Duration) executor.Outcome {
	return f.Run([]rt.Request{q})[0]
}

// Calls returns the number of batches run.
func (f *Runner) Calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

// Requests returns every request run, in order.
func (f *Runner) Requests() []rt.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]rt.Request(nil), f.reqs...)
}

// Log returns every request's statements as text (fmt's %v of
// rt.Request.Stmts), in order: for comparing two runs.
func (f *Runner) Log() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, len(f.reqs))
	for i, q := range f.reqs {
		out[i] = fmt.Sprint(q.Stmts)
	}
	return out
}

// run runs q: its result, or the crash a mutant caused.
func (f *Runner) run(q rt.Request) (*rt.Result, *executor.Crash) {
	res := &rt.Result{ID: q.ID}
	hashes := make([][]uint64, len(q.Stmts))
	panicked := false
	for i, st := range q.Stmts {
		if panicked {
			res.Add(rt.StmtSpec{Outcome: rt.OutSkipped})
			continue
		}
		op := f.Prog.Ops[st.Op]
		sum := inputHash(op, st, hashes)
		spec := rt.StmtSpec{}
		for j := range op.Results {
			v := rt.Value{Hash: sum + uint64(j)}
			if op.ErrResult && j == len(op.Results)-1 {
				v = rt.Value{Nil: true}
			}
			spec.Values = append(spec.Values, v)
		}
		if f.Stmt != nil {
			f.Stmt(op, i, q, sum, &spec)
		}
		if crash := f.mutate(op, i, q, sum, &spec, res); crash != nil {
			return nil, crash
		}
		for _, v := range spec.Values {
			hashes[i] = append(hashes[i], v.Hash)
		}
		if spec.Outcome == rt.OutPanic {
			panicked = true
			spec.Values = nil
		}
		res.Add(spec)
		res.Blocks = append(res.Blocks, int32(op.ID*8)+int32(sum%8))
	}
	if len(res.Infected) > 0 {
		slices.Sort(res.Infected)
		res.Infected = slices.Compact(res.Infected)
	}
	return res, nil
}

// inputHash hashes a statement's operation and inputs: literals by value,
// references by the hash of the value they name.
func inputHash(op *model.Op, st rt.Stmt, hashes [][]uint64) uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, op.ID)
	if st.Repeat > 1 {
		fmt.Fprintf(h, "x%d", st.Repeat) // a loop's last call differs from one call
	}
	for _, a := range st.Args {
		if a.Kind == rt.ArgLit || a.Kind == rt.ArgIndex {
			fmt.Fprintf(h, "|%v", a.Lit)
		} else if a.Stmt < len(hashes) && a.Result < len(hashes[a.Stmt]) {
			fmt.Fprintf(h, "|%d", hashes[a.Stmt][a.Result])
		}
	}
	return h.Sum64()
}

// PanicNilDeref makes spec a runtime nil-dereference panic, as the
// executor reports one.
func PanicNilDeref(spec *rt.StmtSpec) {
	spec.Outcome, spec.PanicRuntime = rt.OutPanic, true
	spec.Note = &rt.StmtNote{PanicMsg: "runtime error: invalid memory address or nil pointer dereference"}
}
