package generator

// The file the run writes when it updates an earlier one (keep.go): the
// suite reduced beyond what the kept tests (and, in complement mode, the
// package's own tests) already do, verified, and put after the kept tests.

import (
	"context"
	"os"
	"path/filepath"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/minimize"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/verify"
)

// reduce picks the suite to write: every case suite reduction keeps, or,
// with tests of the package's own or kept from the earlier file, only
// those that cover a block or kill a mutant the others leave (offer).
func (r *pkgRun) reduce(judged *oracle.Judgement, own *ownTests) []*oracle.Case {
	ownOK := own != nil && own.report != nil && own.blocks != nil
	switch {
	case r.kept != nil:
		reduced := judged.ReducedOffered(r.offer(own))
		r.logf("keep: %d new tests cover a block or kill a mutant the kept tests leave", len(reduced))
		return reduced
	case ownOK:
		reduced := judged.ReducedOffered(r.offer(own))
		r.logf("complement: %d tests add coverage or kill a mutant the own tests leave", len(reduced))
		return reduced
	}
	return judged.Reduced()
}

// offer is how reduce offers each judged case to suite reduction: nil (as
// it is) without kept or own tests, else with only the blocks and kills
// they leave as goals (oracle.Beyond). The judge confirms the kills
// reduction would keep a test for alone under the same goals, so both
// stages must agree: both call this.
func (r *pkgRun) offer(own *ownTests) func(minimize.Candidate) minimize.Candidate {
	ownOK := own != nil && own.report != nil && own.blocks != nil
	switch {
	case r.kept != nil:
		blocks := r.keptBlocks()
		if ownOK {
			blocks = orBlocks(blocks, own.blocks)
		}
		return oracle.Beyond(blocks, r.goalsKilled())
	case ownOK:
		return oracle.Beyond(own.blocks, own.killed)
	}
	return nil
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
	if k != nil && len(reduced) == 0 {
		return r.keptOutput(ctx, prog, tf, sum)
	}
	out, err := r.verify(ctx, prog, tf, reduced, sum)
	if err != nil || k == nil {
		return out, err
	}
	merged, err := k.old.merge(k.decls, out.Src)
	if err == nil {
		err = r.checkMerged(ctx, tf, merged, sum)
	}
	if err == nil {
		// New tests may cover all that a kept test covers.
		if drops := r.earn(ctx, tf, merged, testNames(out.Src)); len(drops) > 0 {
			if err = r.dropKept(drops); err == nil {
				if merged, err = k.old.merge(k.decls, out.Src); err == nil {
					err = r.checkMerged(ctx, tf, merged, sum)
				}
			}
		}
	}
	if err != nil {
		// The new tests passed alone and the kept ones alone: a file of
		// both that fails is a conflict between them, and the new file
		// is still good.
		r.logf("keep: the kept and the new tests together: %v; writing the new tests only", err)
		return out, nil
	}
	sum.Kept = k.tests
	sum.Dropped = append(sum.Dropped, k.dropped...)
	merged2 := *out
	merged2.Src = merged
	sum.Tests += k.tests
	return &merged2, nil
}

// keptOutput is output when the search found nothing the kept tests
// miss: the kept tests alone, less those that no longer earn their place
// (keepearn.go), measured again when some were dropped.
func (r *pkgRun) keptOutput(ctx context.Context, prog *model.Program, tf *testFile, sum *Summary) (*emit.Output, error) {
	k := r.kept
	drops := r.earn(ctx, tf, k.src, nil)
	if len(drops) > 0 {
		if err := r.dropKept(drops); err != nil {
			return nil, err
		}
	}
	out, err := r.keptOnly(prog, tf)
	if err != nil {
		return nil, err
	}
	r.userTests, r.base = tf.userTests, tf.base
	r.final, r.profile = k.blocks, k.profile
	sum.Coverage, sum.Tests = k.coverage, k.tests
	sum.Kept = k.tests
	sum.Dropped = append(sum.Dropped, k.dropped...)
	if len(drops) > 0 {
		if err := r.checkMerged(ctx, tf, out.Src, sum); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// checkMerged runs the merged file once, with coverage, and on success
// makes its profile the written file's (sum.Coverage, the explanation's
// blocks).
func (r *pkgRun) checkMerged(ctx context.Context, tf *testFile, src []byte, sum *Summary) error {
	o, err := r.coverOnce(tf, src, "merged")
	if err != nil {
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
