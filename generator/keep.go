package generator

// Updating an existing generated file without churn (issue 35): the tests
// of the file gentest wrote before that still compile and pass on the new
// code are kept byte for byte; what they cover and kill seeds the search
// and suite reduction, so that new tests are written only for what is new
// or uncovered, after the kept ones. Config.Fresh regenerates instead.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/mutation"
	"github.com/gentest-go/gentest/internal/verify"
)

// keptTests is what is kept of the earlier generated file.
type keptTests struct {
	old *oldFile
	// decls are the kept declarations, in the file's order; src is the
	// file of them alone.
	decls []*oldDecl
	src   []byte
	// tests counts the kept test functions.
	tests int
	// names are the top-level names the kept declarations declare: the
	// new tests must not reuse them.
	names map[string]bool
	// blocks marks the probe blocks the kept tests cover, coverage is
	// their statement coverage, profile their cover profile.
	blocks   []bool
	coverage float64
	profile  []byte
	// killed are the mutants they kill, and those the analysis left
	// unrun (unrun counts these); nil when not measured.
	killed map[int32]bool
	unrun  int
	// noted are the kept tests the analysis names as a mutant's first
	// killer (keepearn.go); nil when the kills were not measured.
	noted map[string]bool
	// inferred says the kills were not measured but inferred from the
	// earlier file's stamp (sourceUnchanged): every mutant counts as
	// killed, and noted is measured only if earn needs it.
	inferred bool
	// h is the run's harness, for measuring the kills later.
	h *harness.Harness
	// dropped are the tests left out, with the reason.
	dropped []verify.Dropped
}

// errNothingKept says the earlier file holds no test to keep because
// -run replaces all of them: the run writes the selection's tests as if
// there were no earlier file.
var errNothingKept = errors.New("every test of the earlier file tests the -run selection")

// maxKeepRounds bounds the compile-and-run rounds that drop what no
// longer compiles or passes: each round drops at least one declaration.
const maxKeepRounds = 8

// keep reads the earlier generated file, if any, and keeps its tests that
// still compile and pass on the new code, measuring what they cover and
// kill. Anything that goes wrong costs only the keeping: the run then
// regenerates from scratch, as with Config.Fresh, and says why.
func (r *pkgRun) keep(ctx context.Context, h *harness.Harness, tf *testFile) *keptTests {
	if r.cfg.Fresh {
		return nil
	}
	src, err := os.ReadFile(r.out)
	if err != nil {
		return nil // no earlier file
	}
	r.phase(PhaseKept, 0, -1)
	start := time.Now()
	k, err := r.keepTests(ctx, h, tf, src)
	if errors.Is(err, errNothingKept) {
		r.logf("keep: %v; writing them anew", err)
		return nil
	}
	if err != nil {
		if r.focus != nil {
			// Regenerating would replace the whole file with the
			// selection's tests: the others would be lost.
			r.keepErr = &load.Error{Pkg: r.pkg.PkgPath, Msg: fmt.Sprintf("-run %q cannot update %s (%v); remove it or run without -run",
				r.cfg.Run, filepath.Base(r.out), err)}
			return nil
		}
		r.logf("keep: %v; regenerating from scratch", err)
		return nil
	}
	for _, d := range k.dropped {
		r.logf("keep: dropped %s: %s", d.Test, d.Reason)
	}
	if k.inferred {
		// The kills were not measured (see keepTests): say so rather
		// than print a count no analysis produced.
		r.logf("keep: kept %d of the earlier file's tests (%.1f%% statement coverage; mutants not analysed, taken as killed for the search's goals) in %.1fs",
			k.tests, 100*k.coverage, time.Since(start).Seconds())
		return k
	}
	r.logf("keep: kept %d of the earlier file's tests (%.1f%% statement coverage, %d mutants killed, %d more not run in the budget and counted as killed) in %.1fs",
		k.tests, 100*k.coverage, len(k.killed)-k.unrun, k.unrun, time.Since(start).Seconds())
	return k
}

// keepTests does keep's work on the earlier file's source.
func (r *pkgRun) keepTests(ctx context.Context, h *harness.Harness, tf *testFile, src []byte) (*keptTests, error) {
	of, err := parseOld(src)
	if err != nil {
		return nil, err
	}
	k := &keptTests{old: of, names: map[string]bool{}, h: h}
	dropped := map[*oldDecl]bool{}
	// -run replaces the selection's tests, keeping the others.
	for _, d := range of.decls {
		if d.test && r.focus.testsTarget(d.name) {
			dropped[d] = true
			k.dropped = append(k.dropped, verify.Dropped{Test: d.name, Reason: "replaced: -run " + r.cfg.Run + " selects what it tests"})
		}
	}
	if len(dropped) > 0 && countTests(closure(of.decls, dropped)) == 0 {
		return nil, errNothingKept
	}
	var rep *verify.Report
	for round := 0; ; round++ {
		k.decls = closure(of.decls, dropped)
		if countTests(k.decls) == 0 {
			return nil, errors.New("no test of the earlier file still compiles and passes")
		}
		if round == maxKeepRounds {
			return nil, fmt.Errorf("the earlier file still fails after %d rounds of dropping tests", round)
		}
		if k.src, err = of.keptSource(k.decls); err != nil {
			return nil, err
		}
		rep, err = r.runKept(ctx, tf, k.src, round)
		if err != nil {
			return nil, err
		}
		bad, err := failing(rep, k.src, k.decls)
		if err != nil {
			return nil, err
		}
		if len(bad) == 0 {
			break
		}
		for _, b := range bad {
			dropped[b.decl] = true
			k.dropped = append(k.dropped, verify.Dropped{Test: b.decl.name, Reason: b.reason})
		}
	}
	// A helper left out with the tests that used it is no test: report
	// only the tests, each once.
	k.dropped = droppedTests(of.decls, k.decls, k.dropped)
	k.tests = countTests(k.decls)
	for _, d := range k.decls {
		for _, n := range d.names {
			k.names[n] = true
		}
	}
	k.coverage = rep.Coverage
	prof := filepath.Join(r.work, "kept", "cover.out")
	if b, err := explain.ProfileBlocks(prof, h.Table); err == nil {
		k.blocks = b
		k.profile, _ = os.ReadFile(prof)
	} else {
		return nil, fmt.Errorf("the kept tests' cover profile: %w", err)
	}
	if r.focus != nil {
		// -run: the kept tests are the ones outside the selection, whose
		// mutants are no goal of this run anyway; the selection's mutants
		// count as alive, for its new tests to kill.
		k.killed, k.inferred = r.focus.otherMutants(h.Table), true
		return k, nil
	}
	if r.sourceUnchanged(of) && len(k.dropped) == 0 {
		// The code and the file are the ones the earlier run wrote and
		// verified: its search already went after their mutants with
		// this seed and budget. Every mutant counts as killed, so the
		// search adds tests only for blocks the file leaves, and the
		// analysis (40 to 78 s on a loaded machine) is skipped.
		k.killed, k.inferred = allMutants(h), true
		r.logf("keep: the package is unchanged since the file was written: its mutation analysis skipped, every mutant counted as killed")
		return k, nil
	}
	k.killed, k.unrun, k.noted = r.keptKills(ctx, h, tf, k.src)
	return k, nil
}

// runKept runs the kept tests once, alone, with coverage. Every round
// uses the same directory, so that the last round's profile is the one
// left.
func (r *pkgRun) runKept(ctx context.Context, tf *testFile, src []byte, round int) (*verify.Report, error) {
	o, err := r.coverOnce(tf, src, "kept")
	if err != nil {
		return nil, fmt.Errorf("round %d: %w", round, err)
	}
	rep, err := verify.Run(ctx, o)
	if err != nil {
		return nil, fmt.Errorf("running the earlier file's tests: %w", err)
	}
	return rep, nil
}

// badDecl is a declaration that does not compile or a test that fails.
type badDecl struct {
	decl   *oldDecl
	reason string
}

// failing returns the declarations of src that failed the run: those
// holding a compile error, else the tests that failed. An error it
// cannot pin on one declaration (an unexplained exit, a compile error
// outside every declaration) is an error.
func failing(rep *verify.Report, src []byte, decls []*oldDecl) ([]badDecl, error) {
	var bad []badDecl
	seen := map[*oldDecl]bool{}
	if rep.BuildFailed {
		for _, e := range rep.BuildErrors {
			d := declAt(src, decls, e.Line)
			if d == nil {
				return nil, fmt.Errorf("the earlier file does not compile: %s:%d: %s", e.File, e.Line, e.Msg)
			}
			if !seen[d] {
				seen[d] = true
				bad = append(bad, badDecl{d, "no longer compiles: " + e.Msg})
			}
		}
		if len(bad) == 0 {
			return nil, fmt.Errorf("the earlier file does not build: %s", firstLine(rep.Output))
		}
		return bad, nil
	}
	for _, d := range decls {
		if d.test && failed(rep, d.name) && !seen[d] {
			seen[d] = true
			bad = append(bad, badDecl{d, "fails: " + firstLine(rep.TestOutput[d.name])})
		}
	}
	if len(bad) == 0 && rep.Unexplained != "" {
		return nil, fmt.Errorf("the earlier file's tests failed: %s", firstLine(rep.Unexplained))
	}
	return bad, nil
}

// failed says whether test or one of its subtests failed.
func failed(rep *verify.Report, test string) bool {
	for name := range rep.Failed {
		if name == test || strings.HasPrefix(name, test+"/") {
			return true
		}
	}
	return false
}

// firstLine is s's first non-empty line, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "=== RUN") {
			return l
		}
	}
	return ""
}

// countTests counts the test functions among decls.
func countTests(decls []*oldDecl) int {
	n := 0
	for _, d := range decls {
		if d.test {
			n++
		}
	}
	return n
}

// droppedTests lists every test of all that kept leaves out, in file
// order, with the reason found for it (or, for a test left out with a
// helper that no longer compiles, the helper's).
func droppedTests(all, kept []*oldDecl, found []verify.Dropped) []verify.Dropped {
	in := map[*oldDecl]bool{}
	for _, d := range kept {
		in[d] = true
	}
	reason := map[string]string{}
	for _, f := range found {
		reason[f.Test] = f.Reason
	}
	var out []verify.Dropped
	for _, d := range all {
		if !d.test || in[d] {
			continue
		}
		why := reason[d.name]
		if why == "" {
			why = "uses a helper that was dropped"
			for _, f := range found {
				if d.refs[f.Test] {
					why = "uses " + f.Test + ", which " + f.Reason
					break
				}
			}
		}
		// Key -1: no case of this run's (the stage log maps keys to cases).
		out = append(out, verify.Dropped{Test: d.name, Reason: why, Key: -1})
	}
	return out
}

// keptKills measures which of the executor's mutants the kept tests kill,
// those the analysis left unrun counted in (nil with mutation off, or when
// the analysis fails: then the search and reduction count no kills of
// theirs, and new tests may kill what they already kill), and the tests
// named as a mutant's first killer.
func (r *pkgRun) keptKills(ctx context.Context, h *harness.Harness, tf *testFile, src []byte) (map[int32]bool, int, map[string]bool) {
	if r.cfg.Disable[Mutation] || r.cfg.Disable[MutationAsserts] {
		return nil, 0, nil
	}
	rep, err := mutation.Analyze(ctx, r.pkg, mutation.Options{
		// Only the kept file runs: it replaces the earlier one on disk.
		Include:   []string{filepath.Base(tf.inPkg)},
		Extra:     map[string][]byte{tf.inPkg: src},
		Jobs:      r.cfg.Workers,
		Budget:    r.ownBudget(),
		WorkDir:   filepath.Join(r.work, "kept-mutants"),
		NoSandbox: !r.sandbox,
		NoMutants: h.NoMutants,
	})
	if err != nil {
		r.logf("keep: mutation analysis of the kept tests: %v", err)
		return nil, 0, nil
	}
	// A mutant the analysis did not reach in its budget counts as killed
	// here: a new test is written only for a mutant the kept tests were
	// seen to leave alive. Counted alive, a busy machine's unfinished
	// analysis would add tests on every run of unchanged code.
	killed := killedSet(rep)
	for _, m := range rep.Mutants {
		if m.Status == mutation.Skipped {
			killed[int32(m.ID)] = true
		}
	}
	return killed, rep.Skipped, notedKillers(rep)
}

// keptBlocks is the probe blocks the kept tests cover, for the search's
// archive to start with; nil without kept tests.
func (r *pkgRun) keptBlocks() []bool {
	var out []bool
	add := func(b []bool) {
		if len(b) > len(out) {
			out = append(out, make([]bool, len(b)-len(out))...)
		}
		for i, ok := range b {
			out[i] = out[i] || ok
		}
	}
	if r.kept != nil {
		add(r.kept.blocks)
	}
	return out
}

// goalsKilled is the mutants other tests kill, for the search not to
// target and reduction not to count: the own tests' (complement mode) and
// the kept tests'.
func (r *pkgRun) goalsKilled() map[int32]bool {
	own := r.ownKilled()
	if r.kept == nil || r.kept.killed == nil {
		return own
	}
	out := map[int32]bool{}
	for m := range own {
		out[m] = true
	}
	for m := range r.kept.killed {
		out[m] = true
	}
	return out
}

// reserveKept adds the kept declarations' names to the names new tests
// may not take.
func (r *pkgRun) reserveKept(tf *testFile) {
	if r.kept == nil {
		return
	}
	res := make(map[string]bool, len(tf.reserved)+len(r.kept.names))
	for n := range tf.reserved {
		res[n] = true
	}
	for n := range r.kept.names {
		res[n] = true
	}
	tf.reserved = res
}

// keptOnly is the output when the search found nothing the kept tests
// miss: the kept tests alone, under the header a fresh render writes (so
// that the file records this run), byte for byte the earlier file when
// nothing was dropped and the header is the same.
func (r *pkgRun) keptOnly(prog *model.Program, tf *testFile) (*emit.Output, error) {
	k := r.kept
	prefix := k.old.prefix
	if fresh, err := emit.Render(prog, nil, emit.Options{Reserved: tf.reserved, Cmp: tf.cmp, GoVersion: tf.goVersion}); err == nil {
		if nf, err := parseOld(fresh.Src); err == nil {
			prefix = mergePrefix(k.old.prefix, nf.prefix, false)
		}
	}
	texts := make([]string, len(k.decls))
	for i, d := range k.decls {
		texts[i] = d.text
	}
	src, err := assemble(prefix, usedImports(k.old.imports, k.decls), texts)
	if err != nil {
		return nil, err
	}
	return &emit.Output{Src: src}, nil
}

// coverOnce returns tf's options for running src once, alone, with
// coverage, in the directory dir of the run's scratch space.
func (r *pkgRun) coverOnce(tf *testFile, src []byte, dir string) (verify.Options, error) {
	o := tf.base
	o.Files = map[string][]byte{tf.inPkg: src}
	for p, b := range tf.base.Files {
		o.Files[p] = b
	}
	o.Count, o.Shuffle, o.Race, o.Vet, o.Cover = 1, "", false, false, true
	o.Timeout = 3 * time.Minute
	o.WorkDir = filepath.Join(r.work, dir)
	return o, os.MkdirAll(o.WorkDir, 0o700)
}
