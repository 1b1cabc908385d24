package generator

// The file the run writes when it updates an earlier one (keep.go): the
// suite reduced beyond what the kept tests (and, in complement mode, the
// package's own tests) already do, verified, and put after the kept tests.

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/verify"
)

// reduce picks the suite to write: every case suite reduction keeps, or,
// with tests of the package's own or kept from the earlier file, only
// those that cover a block or kill a mutant the others leave.
func (r *pkgRun) reduce(judged *oracle.Judgement, own *ownTests) []*oracle.Case {
	ownOK := own != nil && own.report != nil && own.blocks != nil
	switch {
	case r.kept != nil:
		blocks := r.keptBlocks()
		if ownOK {
			blocks = orBlocks(blocks, own.blocks)
		}
		reduced := judged.ReducedBeyond(blocks, r.goalsKilled())
		r.logf("keep: %d new tests cover a block or kill a mutant the kept tests leave", len(reduced))
		return reduced
	case ownOK:
		reduced := judged.ReducedBeyond(own.blocks, own.killed)
		r.logf("complement: %d tests add coverage or kill a mutant the own tests leave", len(reduced))
		return reduced
	}
	return judged.Reduced()
}

// orBlocks is the union of two block sets.
func orBlocks(a, b []bool) []bool {
	out := make([]bool, max(len(a), len(b)))
	for i := range out {
		out[i] = (i < len(a) && a[i]) || (i < len(b) && b[i])
	}
	return out
}

// output verifies the reduced cases and returns the file to write: with
// kept tests, the kept tests first and the new ones after them, or the
// kept tests alone when there is nothing new; sum gets what it holds.
func (r *pkgRun) output(ctx context.Context, prog *model.Program, tf *testFile, reduced []*oracle.Case, sum *Summary) (*emit.Output, error) {
	k := r.kept
	if k != nil {
		sum.Kept = k.tests
		sum.Dropped = append(sum.Dropped, k.dropped...)
	}
	if k != nil && len(reduced) == 0 {
		out, err := r.keptOnly(prog, tf)
		if err != nil {
			return nil, err
		}
		r.userTests, r.base = tf.userTests, tf.base
		r.final, r.profile = k.blocks, k.profile
		sum.Coverage, sum.Tests = k.coverage, k.tests
		return out, nil
	}
	out, err := r.verify(ctx, prog, tf, reduced, sum)
	if err != nil || k == nil {
		return out, err
	}
	merged, err := k.old.merge(k.decls, out.Src)
	if err == nil {
		err = r.checkMerged(ctx, tf, merged, sum)
	}
	if err != nil {
		// The new tests passed alone and the kept ones alone: a file of
		// both that fails is a conflict between them, and the new file
		// is still good.
		r.logf("keep: the kept and the new tests together: %v; writing the new tests only", err)
		sum.Kept = 0
		return out, nil
	}
	merged2 := *out
	merged2.Src = merged
	sum.Tests += k.tests
	return &merged2, nil
}

// checkMerged runs the merged file once, with coverage, and on success
// makes its profile the written file's (sum.Coverage, the explanation's
// blocks).
func (r *pkgRun) checkMerged(ctx context.Context, tf *testFile, src []byte, sum *Summary) error {
	o := tf.base
	o.Files = map[string][]byte{tf.inPkg: src}
	for p, b := range tf.base.Files {
		o.Files[p] = b
	}
	o.Count, o.Shuffle, o.Race, o.Vet, o.Cover = 1, "", false, false, true
	o.Timeout = 3 * time.Minute
	o.WorkDir = filepath.Join(r.work, "merged")
	if err := os.MkdirAll(o.WorkDir, 0o700); err != nil {
		return err
	}
	rep, err := verify.Run(ctx, o)
	if err != nil {
		return err
	}
	if rep.BuildFailed || len(rep.Failed) > 0 || rep.Unexplained != "" {
		return &load.Error{Pkg: r.pkg.PkgPath, Msg: "fails: " + firstLine(rep.Output)}
	}
	sum.Coverage = rep.Coverage
	prof := filepath.Join(o.WorkDir, "cover.out")
	if r.table != nil {
		if final, err := explain.ProfileBlocks(prof, r.table); err == nil {
			r.final = final
			r.profile, _ = os.ReadFile(prof)
		}
	}
	return nil
}
