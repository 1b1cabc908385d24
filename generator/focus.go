package generator

// Focus (-run): tests for the selected functions, methods and types only.
// The search may call every operation, since building the selection's
// inputs may need any of them, but its goals are the selection's own code:
// DynaMOSA's branches and mutants, Bloodhound's weights, and the early stop
// (focusRunner) all look at the selected functions' blocks and conditions
// only, and the written file keeps the cases whose target is selected.

import (
	"context"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/search"
	"github.com/gentest-go/gentest/internal/write"
)

// ParseRun checks a -run regexp.
func ParseRun(expr string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("-run: %w", err)
	}
	return re, nil
}

// focus is the selection of a -run run: the keys ("F", "T.M") of the
// selected functions, and the operations whose function is one of them.
type focus struct {
	funcs map[string]bool
	ops   map[int]bool // op ID -> selected
	// tests are the names emit gives the selected operations' tests
	// ("TestStack_Pop", "FuzzParse"), for an update to replace them.
	tests map[string]bool
}

// newFocus selects prog's operations under test by re: a function by its
// name; a method by "T.M" or "M"; and a type's methods and constructors
// (functions returning T or *T) by the type's name, as gotests -only does.
// It returns nil without -run, and an error (a load.Error: a skipped
// package among several) when re selects nothing.
func newFocus(expr string, pkgPath string, prog *model.Program) (*focus, error) {
	if expr == "" {
		return nil, nil
	}
	re, err := ParseRun(expr)
	if err != nil {
		return nil, err
	}
	f := &focus{funcs: map[string]bool{}, ops: map[int]bool{}, tests: map[string]bool{}}
	for _, op := range prog.Ops {
		if !op.UnderTest || op.Func == nil {
			continue
		}
		key := opKey(op.Func)
		if f.funcs[key] || selects(re, op.Func) {
			f.funcs[key] = true
			f.ops[op.ID] = true
			f.tests[emitTestName("Test", op.Name)] = true
			f.tests[emitTestName("Fuzz", op.Name)] = true
		}
	}
	if len(f.ops) == 0 {
		return nil, &load.Error{Pkg: pkgPath, Msg: fmt.Sprintf("-run %q selects no function, method or type of the package", expr)}
	}
	return f, nil
}

// emitTestName is the name emit gives the test (prefix "Test") or fuzz
// target ("Fuzz") of the operation named name: the name with dots as
// underscores, its first letter upper-cased (emit.testName, fuzz.go).
func emitTestName(prefix, name string) string {
	name = strings.ReplaceAll(name, ".", "_")
	r, size := utf8.DecodeRuneInString(name)
	return prefix + string(unicode.ToUpper(r)) + name[size:]
}

// testsTarget says whether the test named test is one emit wrote for a
// selected operation: its name, or its name with the number emit adds
// to a taken name (TestAbs2). False without -run.
func (f *focus) testsTarget(test string) bool {
	if f == nil {
		return false
	}
	if f.tests[test] {
		return true
	}
	base := strings.TrimRight(test, "0123456789")
	return base != test && f.tests[base] && test[len(base)] != '0' && test[len(base):] != "1"
}

// otherMutants is the mutants of t outside the selection: with -run, the
// kept tests count as killing them all, since they are no goal of the run.
func (f *focus) otherMutants(t *instrument.Table) map[int32]bool {
	out := map[int32]bool{}
	for _, m := range t.Mutants {
		if !f.funcs[probeKey(m.Func)] {
			out[int32(m.ID)] = true
		}
	}
	return out
}

// opKey names fn as a stamp and a probe do: "F" or "T.M".
func opKey(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return fn.Name()
	}
	if n := namedOf(sig.Recv().Type()); n != nil {
		return n.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// namedOf is t's named type, through one pointer.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// selects says whether re selects fn: by its key, its own name, its
// receiver's type, or, for a function, a type it returns.
func selects(re *regexp.Regexp, fn *types.Func) bool {
	if re.MatchString(opKey(fn)) || re.MatchString(fn.Name()) {
		return true
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return false
	}
	if sig.Recv() != nil {
		n := namedOf(sig.Recv().Type())
		return n != nil && re.MatchString(n.Obj().Name())
	}
	for i := range sig.Results().Len() {
		if n := namedOf(sig.Results().At(i).Type()); n != nil && n.Obj().Pkg() == fn.Pkg() && re.MatchString(n.Obj().Name()) {
			return true
		}
	}
	return false
}

// probeKey is the key of a probe's enclosing function (instrument's
// Block.Func: F, T.M, (*T).M, F.func1, glob..func1): closures count as
// their function's code.
func probeKey(fn string) string {
	fn = strings.NewReplacer("(*", "", "(", "", ")", "").Replace(fn)
	// Type parameters: T[K].M is T.M.
	for {
		i := strings.IndexByte(fn, '[')
		j := strings.IndexByte(fn, ']')
		if i < 0 || j < i {
			break
		}
		fn = fn[:i] + fn[j+1:]
	}
	parts := strings.Split(fn, ".")
	for i, p := range parts {
		if i > 0 && (p == "" || strings.HasPrefix(p, "func")) {
			parts = parts[:i]
			break
		}
	}
	return strings.Join(parts, ".")
}

// goals returns the search's view of the probe table: the probes outside
// the selection marked unsteady, which takes them out of DynaMOSA's
// branch and mutant goals and its templates (the executors' table is
// untouched: coverage is measured as ever), and the selection's blocks
// and branch sides, for the early stop.
func (f *focus) goals(t *instrument.Table) (view *instrument.Table, blocks []int32, conds []int32) {
	v := *t
	v.Blocks = slices.Clone(t.Blocks)
	v.Conds = slices.Clone(t.Conds)
	for i := range v.Blocks {
		if f.funcs[probeKey(v.Blocks[i].Func)] {
			if v.Blocks[i].Unsteady&instrument.UnsteadyState == 0 {
				blocks = append(blocks, int32(v.Blocks[i].ID))
			}
			continue
		}
		v.Blocks[i].Unsteady |= instrument.UnsteadyState
	}
	for i := range v.Conds {
		if f.funcs[probeKey(v.Conds[i].Func)] {
			if v.Conds[i].Unsteady&instrument.UnsteadyState == 0 {
				conds = append(conds, int32(v.Conds[i].ID))
			}
			continue
		}
		v.Conds[i].Unsteady |= instrument.UnsteadyState
	}
	return &v, blocks, conds
}

// restrict narrows the search's configuration to the selection: goals in
// the table's view, Bloodhound's weights for the selected operations only
// (the others keep its floor weight: they are called, mostly to build
// inputs), and the mutants outside the selection counted as killed.
func (f *focus) restrict(scfg *search.Config, t *instrument.Table) {
	view, _, _ := f.goals(t)
	scfg.Table = view
	code := map[int]search.OpCode{}
	for id, c := range scfg.Code {
		if f.ops[id] {
			code[id] = c
		}
	}
	scfg.Code = code
	killed := map[int32]bool{}
	for id := range scfg.Killed {
		killed[id] = true
	}
	for _, m := range t.Mutants {
		if !f.funcs[probeKey(m.Func)] {
			killed[int32(m.ID)] = true
		}
	}
	scfg.Killed = killed
}

// cases keeps the cases whose target is a selected operation.
func (f *focus) cases(prog *model.Program, cs []*oracle.Case) []*oracle.Case {
	if f == nil {
		return cs
	}
	var out []*oracle.Case
	for _, c := range cs {
		if c.Target >= 0 && c.Target < c.Seq.Len() && f.ops[prog.Ops[c.Seq.Stmts[c.Target].Op].ID] {
			out = append(out, c)
		}
	}
	return out
}

// findings keeps the findings whose case targets a selected operation.
func (f *focus) findings(prog *model.Program, fs []*oracle.Finding) []*oracle.Finding {
	if f == nil {
		return fs
	}
	var out []*oracle.Finding
	for _, x := range fs {
		if x.Case != nil && len(f.cases(prog, []*oracle.Case{x.Case})) == 1 {
			out = append(out, x)
		}
	}
	return out
}

// The early stop. With a time budget a focused search ends when the
// selection's blocks and branch sides are all covered, or when none was
// newly covered for focusStallExecs sequences and focusStallTime: a run
// on one function then takes seconds, not the budget. With -execs the
// search runs its executions, as the bound asks, and stays reproducible:
// the stop acts through the search's context, whose check races the
// batch in flight by one batch.
const (
	focusStallExecs = 2048
	focusStallTime  = time.Second
)

// focusRunner watches the search's results for the selection's coverage
// and cancels the search when it is complete or stalls.
type focusRunner struct {
	executor.FullRunner
	cancel context.CancelFunc

	mu       sync.Mutex
	blocks   map[int32]bool // selected, not yet covered
	branches map[int32]bool // selected branch sides, not yet covered
	since    int            // sequences since the last new one
	last     time.Time
}

func newFocusRunner(inner executor.FullRunner, cancel context.CancelFunc, blocks, conds []int32) *focusRunner {
	fr := &focusRunner{FullRunner: inner, cancel: cancel, blocks: map[int32]bool{}, branches: map[int32]bool{}, last: time.Now()}
	for _, b := range blocks {
		fr.blocks[b] = true
	}
	for _, c := range conds {
		fr.branches[2*c], fr.branches[2*c+1] = true, true
	}
	return fr
}

// Run implements executor.Runner.
func (fr *focusRunner) Run(reqs []rt.Request) []executor.Outcome {
	return fr.saw(fr.FullRunner.Run(reqs))
}

// RunUntil implements executor.DeadlineRunner.
func (fr *focusRunner) RunUntil(reqs []rt.Request, deadline time.Time) []executor.Outcome {
	return fr.saw(fr.FullRunner.RunUntil(reqs, deadline))
}

// Release implements executor.Releaser.
func (fr *focusRunner) Release() { executor.Release(fr.FullRunner) }

// saw takes the selection's newly covered probes off the goals and stops
// the search when none is left or they stall.
func (fr *focusRunner) saw(outs []executor.Outcome) []executor.Outcome {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	for _, o := range outs {
		if o.Result == nil {
			continue
		}
		fr.since++
		for _, b := range o.Result.Blocks {
			if fr.blocks[b] {
				delete(fr.blocks, b)
				fr.since, fr.last = 0, time.Now()
			}
		}
		for _, c := range o.Result.Conds {
			for side, hit := range [2]bool{c.NTrue > 0, c.NFalse > 0} {
				if b := 2*c.ID + int32(side); hit && fr.branches[b] {
					delete(fr.branches, b)
					fr.since, fr.last = 0, time.Now()
				}
			}
		}
	}
	done := len(fr.blocks) == 0 && len(fr.branches) == 0
	stalled := fr.since >= focusStallExecs && time.Since(fr.last) >= focusStallTime
	if done || stalled {
		fr.cancel()
	}
	return outs
}

// focusKeeps refuses a -run with -fresh that would replace a generated
// file holding more than the selection: -fresh keeps nothing, and the
// file -run writes has the selection's tests only. Without -fresh a -run
// updates the file (keep.go: the selection's tests are replaced, the
// others kept byte for byte). A file written by a -run of the same
// regexp is replaced (the editor's loop); so is any file when -o names
// it explicitly.
func (r *pkgRun) focusKeeps() error {
	if r.cfg.Run == "" || r.cfg.Output != "" || !r.cfg.Fresh {
		return nil
	}
	src, err := os.ReadFile(r.out)
	if err != nil {
		return nil // no file to lose
	}
	if st, ok := write.ReadStamp(src); ok && st.Run == r.cfg.Run {
		return nil
	}
	return &load.Error{Pkg: r.pkg.PkgPath, Msg: fmt.Sprintf("%s holds tests beyond -run %q's selection, which -fresh would replace; "+
		"run without -fresh to update the selection's tests in it, or write them elsewhere with -o", filepath.Base(r.out), r.cfg.Run)}
}

// focused returns the search's context and runner: with -run and a time
// budget, the runner stops the search early (focusRunner).
// The caller calls the function returned when the search is over.
func (r *pkgRun) focused(ctx context.Context, t *instrument.Table, inner executor.FullRunner) (context.Context, executor.FullRunner, context.CancelFunc) {
	if r.focus == nil || r.cfg.Execs > 0 {
		return ctx, inner, func() {}
	}
	_, blocks, conds := r.focus.goals(t)
	sctx, cancel := context.WithCancel(ctx)
	return sctx, newFocusRunner(inner, cancel, blocks, conds), cancel
}
