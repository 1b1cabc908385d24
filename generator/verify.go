package generator

// The verify stage: the cases rendered as a test file and run with go test,
// alone and beside the package's own tests, until what is left passes.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/gomod"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/verify"
)

// testFile is what the file gentest writes must fit in the package.
type testFile struct {
	// inPkg is where verification puts the file: in the package, where
	// -o may put it elsewhere.
	inPkg string
	// cmp says the file may use go-cmp (chooseCmp). With -cmp=always,
	// modFiles are go.mod and go.sum with go-cmp required (only those
	// that change), cmpVersion the version, and required whether the
	// module lacked it (or go.sum the hash of its source).
	cmp        bool
	modFiles   map[string][]byte
	cmpVersion string
	required   bool
	// goVersion is the module's go line ("" without one).
	goVersion string
	// userTests are the package's test files, gentest's earlier ones
	// included, and humanTests those gentest did not write.
	userTests, humanTests []string
	// reserved are the names the package's own tests declare.
	reserved map[string]bool
	// base are the options of every verification run.
	base verify.Options
}

// testFile finds what the written file must fit: whether it may use
// go-cmp, the module's go line, and the package's own tests.
func (r *pkgRun) testFile(ctx context.Context) (*testFile, error) {
	tf := &testFile{inPkg: filepath.Join(r.dir, filepath.Base(r.out))}
	if r.pkg.Module != nil {
		tf.goVersion = r.pkg.Module.GoVersion
	}
	r.chooseCmp(ctx, tf)
	tf.userTests = verify.TestFiles(r.dir, r.out)
	for _, f := range tf.userTests {
		// gentest's earlier outputs are hidden, and their names are not
		// reserved: the new files replace them.
		if !verify.Generated(f) {
			tf.humanTests = append(tf.humanTests, f)
		}
	}
	tf.reserved = emit.ReservedNames(tf.humanTests, r.pkg.Types.Name()+"_test")
	var err error
	if tf.base, err = r.verifyOptions(tf.userTests, tf.modFiles); err != nil {
		return nil, err
	}
	return tf, nil
}

// chooseCmp decides whether the file may use go-cmp (Config.Cmp):
//
//   - never in a standard-library package (or a copy of one, as
//     gentest-bench makes): the standard library cannot require a module,
//     so not even with -cmp=always, which says so in the log;
//   - with -cmp=never, never;
//   - with -cmp=always, always, go.mod and go.sum getting the requirement
//     the module lacks (written only if the verified file imports go-cmp);
//   - by default (auto), where the module can already import it
//     (gomod.Usable: required, directly or not, with its source's hash
//     in go.sum), so that the file changes nothing else in the module.
//
// A module whose go.mod cannot be read or edited costs go-cmp, not the
// package: the checks then use the standard library.
func (r *pkgRun) chooseCmp(ctx context.Context, tf *testFile) {
	mode := r.cfg.Cmp
	if mode == CmpNever {
		return
	}
	modPath := ""
	if r.pkg.Module != nil {
		modPath = r.pkg.Module.Path
	}
	if gomod.Standard(ctx, r.pkg.PkgPath, modPath) {
		if mode == CmpAlways {
			r.logf("-cmp=always: %s is a standard-library package, whose tests use the standard library only", r.pkg.PkgPath)
		}
		return
	}
	if mode == CmpAlways {
		tf.cmpVersion = gomod.CmpVersion(tf.goVersion, r.cfg.CmpVersion)
		files, required, err := gomod.Requirement(ctx, r.dir, gomod.CmpPath, tf.cmpVersion)
		if err != nil {
			r.logf("-cmp=always: %s: %v; its tests use the standard library", r.pkg.PkgPath, err)
			return
		}
		tf.cmp, tf.modFiles, tf.required = true, files, required
		return
	}
	v, err := gomod.Usable(r.dir, gomod.CmpPath, emit.CmpPath, emit.CmpoptsPath)
	if err != nil {
		r.debugf("go-cmp: %v", err)
	}
	tf.cmp = v != ""
}

// verify renders the cases as tf and keeps those whose tests pass
// (verify.Cases); sum gets what the file holds.
func (r *pkgRun) verify(ctx context.Context, prog *model.Program, tf *testFile, cases []*oracle.Case, sum *Summary) (*emit.Output, error) {
	plan := verify.Plan{
		File: tf.inPkg,
		Render: func(cs []*oracle.Case, noSeed map[int]bool) (*emit.Output, error) {
			return emit.Render(prog, cs, emit.Options{Reserved: tf.reserved, Fuzz: !r.cfg.Disable[Fuzz], NoSeed: noSeed,
				Cmp: tf.cmp, GoVersion: tf.goVersion})
		},
		Alone:  tf.base,
		Logf:   r.logf,
		Debugf: r.debugf,
	}
	if len(tf.humanTests) > 0 {
		// The package's own tests must keep passing beside the file,
		// in shuffled order.
		together := tf.base
		together.Remove = verify.OnlyGenerated(tf.userTests)
		// The seed's order runs twice: the second pass exposes a test
		// that leaves state behind; the two further orders (once each),
		// derived from the seed so that the verdict stays reproducible,
		// expose a test that passes only when another one ran before it
		// (logrus: a test asserting what an earlier test left in the
		// package's logger).
		together.Count, together.Race, together.Cover, together.Timeout = 2, false, false, 3*time.Minute
		plan.Together = &together
		plan.Orders = []string{fmt.Sprint(r.cfg.Seed + 1000003), fmt.Sprint(r.cfg.Seed + 2000006)}
	}
	v, err := verify.Cases(ctx, plan, cases)
	if err != nil {
		if errors.Is(err, verify.ErrNoTests) {
			return nil, &load.Error{Pkg: r.pkg.PkgPath, Msg: err.Error() + "; nothing written"}
		}
		return nil, fmt.Errorf("%s: %w", r.pkg.PkgPath, err)
	}
	r.userTests, r.base = tf.userTests, tf.base
	r.keepVerified(v, sum)
	return v.Out, nil
}

// keepVerified keeps what the report needs of the verified file: its
// profile's blocks and the cases it runs, and in sum what it holds.
func (r *pkgRun) keepVerified(v *verify.Verified, sum *Summary) {
	if h := r.table; h != nil {
		// The profile of the last verification run, the written file's
		// (later runs do not measure coverage); without it the
		// explanation falls back to the search's coverage.
		prof := filepath.Join(r.base.WorkDir, "cover.out")
		if final, err := explain.ProfileBlocks(prof, h); err == nil {
			r.final = final
			r.profile, _ = os.ReadFile(prof)
		} else {
			r.debugf("%v", err)
		}
	}
	r.written = map[int]bool{}
	for _, t := range v.Out.Tests {
		for _, k := range t.Keys {
			r.written[k] = true
		}
	}
	sum.Dropped = append(sum.Dropped, v.Dropped...)
	sum.Coverage = v.Report.Coverage
	sum.Tests = len(v.Out.Tests)
	for _, t := range v.Out.Tests {
		sum.Cases += len(t.Keys)
	}
	sum.Asserted = assertedFraction(sum.Cases, len(v.Out.Unchecked))
}

// assertedFraction is Summary.Asserted for a file of cases of which
// unchecked check nothing of their target; -1 for no cases.
func assertedFraction(cases, unchecked int) float64 {
	if cases == 0 {
		return -1
	}
	return float64(cases-unchecked) / float64(cases)
}

// verifyOptions are the base options of every verification run: the
// user's tests hidden, go.mod and go.sum overlaid when go-cmp is added,
// five shuffled runs with the race detector where it works, inside the
// sandbox when the executors had one.
func (r *pkgRun) verifyOptions(userTests []string, modFiles map[string][]byte) (verify.Options, error) {
	o := verify.Options{Dir: r.dir, Files: map[string][]byte{}, Remove: userTests, Count: 5,
		Shuffle: fmt.Sprint(r.cfg.Seed), Race: verify.RaceAvailable(), Cover: true, Vet: true, WorkDir: r.work}
	for k, v := range modFiles {
		o.Files[k] = v
	}
	if !r.sandbox {
		return o, nil
	}
	// The generated tests run confined too: verification is the first
	// time they run outside an executor. verify runs the test binary
	// through gentest's own executable, which enters the sandbox first,
	// so the binary carries no runtime that every package would compile
	// again with -race.
	vdir := filepath.Join(r.work, "verify-scratch")
	if err := os.MkdirAll(vdir, 0o700); err != nil {
		return o, err
	}
	o.Sandbox = []string{vdir}
	return o, nil
}
