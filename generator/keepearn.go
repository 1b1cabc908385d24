package generator

// Kept tests that no longer earn their place (issue 35, Deliver 2): a
// kept test stays while it covers a statement the file's other tests miss
// or is the test the kept tests' mutation analysis saw kill a mutant
// first. One that does neither is dropped, with the reason, when the
// change made it so: it covers a function changed since the file was
// written (the code it was written for changed under it), or a test
// covering changed code covers all it covers. On unchanged code with nothing
// new neither holds, so nothing is measured and nothing dropped: the file
// stays byte-identical.

import (
	"context"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/mutation"
	"github.com/gentest-go/gentest/internal/verify"
	"github.com/gentest-go/gentest/internal/write"
)

// sourceUnchanged says whether the package's sources are those the
// earlier file's stamp records.
func (r *pkgRun) sourceUnchanged(of *oldFile) bool {
	was, ok := write.ReadStamp(of.src)
	if !ok {
		return false
	}
	now, err := write.SourceStamp(r.pkg.GoFiles)
	return err == nil && now.Source == was.Source
}

// allMutants is every mutant of h's table.
func allMutants(h *harness.Harness) map[int32]bool {
	out := map[int32]bool{}
	for _, m := range h.Table.Mutants {
		out[int32(m.ID)] = true
	}
	return out
}

// notedKillers are the tests a mutation report names as the first to
// fail under a killed mutant ("FAIL: TestX (0.00s)", a subtest counting
// as its test). A mutant killed by a crash or a timeout names none; its
// killers are left to block coverage.
func notedKillers(rep *mutation.Report) map[string]bool {
	out := map[string]bool{}
	for _, m := range rep.Mutants {
		if m.Status != mutation.Killed || !strings.HasPrefix(m.Note, "FAIL: ") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(m.Note, "FAIL: "), " ")
		name, _, _ = strings.Cut(name, "/")
		out[name] = true
	}
	return out
}

// changedBlocks marks the probe blocks of the functions whose hash is
// not in the earlier file's stamp (new or changed since it was written);
// nil without a stamp.
func (r *pkgRun) changedBlocks(of *oldFile, t *instrument.Table) []bool {
	was, ok := write.ReadStamp(of.src)
	if !ok {
		return nil
	}
	changed := map[string]bool{}
	fset := token.NewFileSet()
	for _, file := range r.pkg.GoFiles {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil
		}
		for key, text := range write.FuncSources(fset, file, src) {
			if !slices.Contains(was.Funcs, write.FuncHash(key, text)) {
				changed[key] = true
			}
		}
	}
	out := make([]bool, len(t.Blocks))
	for i, b := range t.Blocks {
		out[i] = changed[probeKey(b.Func)]
	}
	return out
}

// earnSet is what earn measures: each kept test's blocks alone, the new
// tests' together, and the blocks of the functions changed since the file
// was written.
type earnSet struct {
	kept    []string
	alone   map[string][]bool
	fresh   []bool
	changed []bool
	newOnes bool
}

// earn returns the kept tests of src (the file about to be written: the
// kept tests, then newTests) that no longer earn their place, with the
// reason, in file order; nil when the change gives none a reason to be
// measured or a measurement fails (then every kept test stays).
func (r *pkgRun) earn(ctx context.Context, tf *testFile, src []byte, newTests []string) []verify.Dropped {
	k := r.kept
	if k == nil || r.focus != nil || r.cfg.Disable[Mutation] || r.cfg.Disable[MutationAsserts] {
		// -run keeps the other tests byte for byte; without the
		// mutation analysis a test's kills are unknown.
		return nil
	}
	changed := r.changedBlocks(k.old, k.h.Table)
	if !slices.Contains(changed, true) && len(newTests) == 0 {
		return nil
	}
	if k.noted == nil {
		// The analysis was skipped (the package unchanged: the package's
		// syntax, which it needs, is released by now) or failed: which
		// kept test kills what is unknown, and none is dropped.
		if len(newTests) > 0 {
			r.logf("keep: the kept tests' kills were not measured; none is dropped for the new tests")
		}
		return nil
	}
	es := &earnSet{alone: map[string][]bool{}, changed: changed, newOnes: len(newTests) > 0}
	cands := 0
	for _, d := range k.decls {
		if d.test {
			es.kept = append(es.kept, d.name)
			if !k.noted[d.name] {
				cands++
			}
		}
	}
	if cands == 0 {
		return nil
	}
	start := time.Now()
	if err := r.earnMeasure(ctx, tf, src, es, newTests); err != nil {
		r.logf("keep: measuring what each kept test adds: %v; keeping them all", err)
		return nil
	}
	drops := es.drops(k.noted)
	r.logf("keep: measured what each of the %d kept tests adds in %.1fs: %d no longer earn their place", len(es.kept), time.Since(start).Seconds(), len(drops))
	return drops
}

// earnMeasure runs src's kept tests one at a time, and its new tests
// together, each with coverage.
func (r *pkgRun) earnMeasure(ctx context.Context, tf *testFile, src []byte, es *earnSet, newTests []string) error {
	var err error
	for i, c := range es.kept {
		if es.alone[c], err = r.coverOf(ctx, tf, src, []string{c}, fmt.Sprintf("earn/%d", i)); err != nil {
			return err
		}
	}
	es.fresh, err = r.coverOf(ctx, tf, src, newTests, "earn/new")
	return err
}

// drops decides, last kept test first (so that of two tests covering the
// same, the earlier one stays), which go: those not noted as a mutant's
// first killer whose blocks the other remaining tests cover, with a
// reason the change gives: they or a test covering some of their code
// cover changed code, or, the package changed, they cover nothing. New
// tests covering all a kept test covers are no reason on their own: the
// kept test's code did not change, and dropping it would put tests of
// unedited functions into the diff (with a time budget the new search
// depends on the machine's load).
func (es *earnSet) drops(noted map[string]bool) []verify.Dropped {
	gone := map[string]bool{}
	var out []verify.Dropped
	for i := len(es.kept) - 1; i >= 0; i-- {
		c := es.kept[i]
		if noted[c] || !es.newOnes && len(gone) == len(es.kept)-1 {
			// Without new tests the file keeps at least one test.
			continue
		}
		mine := es.alone[c]
		others := slices.Clone(es.fresh)
		moved := intersects(es.fresh, mine) && intersects(es.fresh, es.changed)
		for _, o := range es.kept {
			if o != c && !gone[o] {
				others = orBlocks(others, es.alone[o])
				moved = moved || intersects(es.alone[o], mine) && intersects(es.alone[o], es.changed)
			}
		}
		if !subset(mine, others) {
			continue
		}
		var why string
		switch {
		case !slices.Contains(mine, true):
			if !slices.Contains(es.changed, true) {
				continue
			}
			why = "it covers no statement of the package"
		case intersects(mine, es.changed):
			why = "the code it covers changed, and the other tests cover all it covers"
		case moved:
			why = "a test covering changed code covers all it covers"
		default:
			continue // unchanged code, covered by unchanged tests as before: no churn
		}
		gone[c] = true
		out = append(out, verify.Dropped{Test: c, Reason: "no longer adds coverage or kills a mutant: " + why, Key: -1})
	}
	slices.Reverse(out)
	return out
}

// subset says whether every block a marks is marked in b.
func subset(a, b []bool) bool {
	for i, ok := range a {
		if ok && (i >= len(b) || !b[i]) {
			return false
		}
	}
	return true
}

// intersects says whether a and b mark a block in common.
func intersects(a, b []bool) bool {
	for i, ok := range a {
		if ok && i < len(b) && b[i] {
			return true
		}
	}
	return false
}

// coverOf runs the tests named of src, alone, with coverage, and returns
// the probe blocks they cover; none for no tests. A test that fails alone
// fails the measurement.
func (r *pkgRun) coverOf(ctx context.Context, tf *testFile, src []byte, tests []string, dir string) ([]bool, error) {
	if len(tests) == 0 {
		return nil, nil
	}
	o, err := r.coverOnce(tf, src, dir)
	if err != nil {
		return nil, err
	}
	o.Run = "^(" + strings.Join(tests, "|") + ")$"
	rep, err := verify.Run(ctx, o)
	if err != nil {
		return nil, err
	}
	if rep.BuildFailed || len(rep.Failed) > 0 || rep.Unexplained != "" {
		return nil, fmt.Errorf("%s alone: %s", strings.Join(tests, ", "), firstLine(rep.Output))
	}
	return explain.ProfileBlocks(filepath.Join(o.WorkDir, "cover.out"), r.kept.h.Table)
}

// focusStamp is the stamp of a file a -run updated: the earlier file's
// tests of other functions are still there, written for the code the
// earlier stamp records, so the stamp keeps its source hash and -run
// (check then still sees the other functions' changes) and adds the
// selected functions' hashes of now.
func (r *pkgRun) focusStamp(st write.Stamp) write.Stamp {
	if r.focus == nil || r.kept == nil || r.kept.tests == 0 {
		return st
	}
	was, ok := write.ReadStamp(r.kept.old.src)
	if !ok {
		return st
	}
	funcs := slices.Clone(was.Funcs)
	fset := token.NewFileSet()
	for _, file := range r.pkg.GoFiles {
		src, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		for key, text := range write.FuncSources(fset, file, src) {
			if r.focus.funcs[key] {
				funcs = append(funcs, write.FuncHash(key, text))
			}
		}
	}
	slices.Sort(funcs)
	st.Funcs, st.Source, st.Run = slices.Compact(funcs), was.Source, was.Run
	return st
}

// dropKept takes the tests of drops out of the kept ones, with the
// helpers only they used, and logs why.
func (r *pkgRun) dropKept(drops []verify.Dropped) error {
	k := r.kept
	out := map[*oldDecl]bool{}
	in := map[*oldDecl]bool{}
	for _, d := range k.decls {
		in[d] = true
	}
	gone := map[string]bool{}
	for _, d := range drops {
		gone[d.Test] = true
		r.logf("keep: dropped %s: %s", d.Test, d.Reason)
	}
	for _, d := range k.old.decls {
		if !in[d] || (d.test && gone[d.name]) {
			out[d] = true
		}
	}
	k.decls = closure(k.old.decls, out)
	k.tests = countTests(k.decls)
	k.dropped = append(k.dropped, drops...)
	var err error
	k.src, err = k.old.keptSource(k.decls)
	return err
}

// testNames are the test functions of a file gentest rendered.
func testNames(src []byte) []string {
	f, err := parseOld(src)
	if err != nil {
		return nil
	}
	var out []string
	for _, d := range f.decls {
		if d.test {
			out = append(out, d.name)
		}
	}
	return out
}
