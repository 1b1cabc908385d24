package generator

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"sync"

	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/sysmem"
	"golang.org/x/tools/go/packages"
)

// plan splits the executors among the packages run at once: jobs
// packages, each with per executors, so that jobs*per stays within
// cfg.Workers and the memory cap of each executor (when not set) is the
// default share for jobs*per executors: all of them together stay below
// the one memory budget of defaultMemLimit.
func plan(cfg Config, npkgs int) (jobs, per int, memLimit int64) {
	jobs = cfg.Jobs
	if jobs <= 0 {
		// Two executors per package keep a package's batches overlapping
		// with its generation; more packages than that only thrash.
		jobs = cfg.Workers / 2
	}
	if jobs < 1 {
		jobs = 1
	}
	if jobs > npkgs {
		jobs = npkgs
	}
	if jobs > cfg.Workers {
		jobs = cfg.Workers
	}
	per = cfg.Workers / jobs
	memLimit = cfg.MemLimit
	if memLimit <= 0 {
		memLimit = defaultMemLimit(jobs * per)
	}
	return jobs, per, memLimit
}

// runPackages runs the packages, jobs at a time, and returns their
// summaries in package order. When the patterns match several packages
// (before sharding: a shard of one is still part of a module run), a package gentest
// cannot work on (a load.Error: main, cgo, nothing to call, no test
// survived) becomes a skipped row and the others go on; any other error
// stops the run. With one package every error is returned, as before.
func runPackages(ctx context.Context, cfg Config, pkgs []*packages.Package, several bool, an *load.Analysis, roots []*packages.Package, watch *sysmem.TreeWatcher) ([]*Summary, error) {
	jobs, per, memLimit := plan(cfg, len(pkgs))
	sums := make([]*Summary, len(pkgs))
	errs := make([]error, len(pkgs))
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, p := range pkgs {
		wg.Add(1)
		sem <- struct{}{} // here, not in the goroutine: packages start in order
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			defer func() {
				// A bug of gentest's own in one package's run is that
				// package's error, with what a report needs, not a crash
				// of the whole run. The run's own defers (executors,
				// scratch directories) have run by now; nothing was
				// written, since writing is the last step.
				if v := recover(); v != nil {
					errs[i] = fmt.Errorf("%s: gentest internal error (please report it): %v\n%s", p.PkgPath, v, debug.Stack())
				}
			}()
			if ctx.Err() != nil {
				errs[i] = ctx.Err()
				return
			}
			c := cfg
			c.Workers, c.MemLimit = per, memLimit
			r := &pkgRun{cfg: c, pkg: p, an: an, roots: roots, watch: watch}
			sums[i], errs[i] = r.run(ctx)
			// One package's error is the run's error, printed once by the
			// caller; in a module run, the progress says which failed.
			if err := errs[i]; err != nil && ctx.Err() == nil && several {
				phase, detail := PhaseFailed, err.Error()
				var le *load.Error
				if errors.As(err, &le) {
					phase, detail = PhaseSkipped, le.Msg
				}
				cfg.progress(Progress{Package: p.PkgPath, Phase: phase, Detail: detail, Coverage: -1})
			}
		}()
	}
	wg.Wait()
	paths := make([]string, len(pkgs))
	for i, p := range pkgs {
		paths[i] = p.PkgPath
	}
	return collect(paths, sums, errs, several, ctx.Err() != nil)
}

// collect puts the packages' summaries in order. With several packages
// a package gentest could not work on (a load.Error) is a skipped row,
// and one whose run failed otherwise is a failed row: the packages after
// it keep their rows (their files are written by then), and the first
// such error is the run's, so that the exit status says a package
// failed. Returning at the first failure dropped every later package's
// summary from the table and -json, though their files were written.
// With one package, or once the run was interrupted, the error is
// returned as it is.
func collect(paths []string, sums []*Summary, errs []error, several, interrupted bool) ([]*Summary, error) {
	var out []*Summary
	var first error
	for i, path := range paths {
		err := errs[i]
		if err == nil {
			out = append(out, sums[i])
			continue
		}
		if !several || interrupted {
			return out, err
		}
		var le *load.Error
		if errors.As(err, &le) {
			out = append(out, skipped(path, le.Msg))
			continue
		}
		out = append(out, failedRow(path, err))
		if first == nil {
			first = err
		}
	}
	return out, first
}

// failedRow is the row of a package whose run failed in a module run.
func failedRow(path string, err error) *Summary {
	s := skipped(path, "")
	s.Failed = firstLine(err.Error())
	return s
}

// skipped is the summary of a package gentest did not generate tests for.
func skipped(path, reason string) *Summary {
	s := &Summary{Package: path, Skipped: reason, CoverageBefore: -1, CoverageAfter: -1, Asserted: -1}
	s.init()
	return s
}

// checkPackages drops the packages gentest cannot work on when the
// patterns match several, returning rows saying why; with one, its error
// is returned.
func checkPackages(pkgs []*packages.Package, several bool) (ok []*packages.Package, skip []*Summary, err error) {
	for _, p := range pkgs {
		err := load.CheckCompiles(p)
		if err == nil {
			err = load.CheckTestable(p)
		}
		if err == nil {
			ok = append(ok, p)
			continue
		}
		var le *load.Error
		if !several || !errors.As(err, &le) {
			return nil, nil, err
		}
		skip = append(skip, skipped(p.PkgPath, le.Msg))
	}
	return ok, skip, nil
}

// mergeSummaries returns the summaries of run and skipped packages in
// import path order.
func mergeSummaries(a, b []*Summary) []*Summary {
	out := append(append([]*Summary{}, a...), b...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Package < out[j].Package })
	return out
}
