package generator

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/gentest-go/gentest/internal/verify"
)

// coverageBefore measures the statement coverage of the package's own
// tests alone (gentest's files hidden), once, inside the same sandbox as
// verification: the "before" of the summary; and, from the union of that
// run's profile and the written file's, the "after" (own tests and the
// file together). Before is 0 without own tests (after is then the file's
// coverage, alone) and -1 when they do not build or the run fails to say.
func (r *pkgRun) coverageBefore(ctx context.Context, alone float64) (before, after float64) {
	var own []string
	for _, f := range r.userTests {
		if !verify.Generated(f) {
			own = append(own, f)
		}
	}
	if len(own) == 0 {
		return 0, alone
	}
	o := r.base
	// The file just written is on disk now, and no test file of r.userTests.
	o.Remove = append(verify.OnlyGenerated(r.userTests), r.out)
	o.Count, o.Shuffle, o.Race, o.Vet, o.Cover = 1, "", false, false, true
	o.Timeout = 3 * time.Minute
	o.WorkDir = filepath.Join(r.work, "before")
	if err := os.MkdirAll(o.WorkDir, 0o700); err != nil {
		return -1, -1
	}
	rep, err := verify.Run(ctx, o)
	if err != nil || rep.BuildFailed {
		return -1, -1
	}
	own0, err := os.ReadFile(filepath.Join(o.WorkDir, "cover.out"))
	if err != nil || r.profile == nil {
		return rep.Coverage, -1
	}
	// ProfileCoverage counts a block once however often it is listed, and
	// skips the second "mode:" line: the concatenation is the union.
	union := filepath.Join(o.WorkDir, "union.out")
	if err := os.WriteFile(union, append(append(own0, '\n'), r.profile...), 0o600); err != nil {
		return rep.Coverage, -1
	}
	after, err = verify.ProfileCoverage(union)
	if err != nil {
		return rep.Coverage, -1
	}
	return rep.Coverage, after
}
