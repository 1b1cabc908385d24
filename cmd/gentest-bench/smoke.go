package main

// -smoke: one light run per package, o.jobs at a time, resumable.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/gentest-go/gentest/internal/bench/report"
	"github.com/gentest-go/gentest/internal/bench/result"
)

// smokeRun is the state of a smoke run: the result of each subject so far,
// in subject order.
type smokeRun struct {
	*bench
	mu   sync.Mutex // guards done and the report files
	done []*result.Subject
}

// runSmoke measures each subject with harness.Config.Smoke, o.jobs at a
// time, and rewrites the smoke reports after every package, in subject
// order, so an interrupted run keeps what it measured and -resume can go
// on from there.
func (b *bench) runSmoke(ctx context.Context) error {
	r := &smokeRun{bench: b, done: make([]*result.Subject, len(b.subjects))}
	if b.o.resume {
		if err := r.resume(); err != nil {
			return err
		}
	}
	if err := r.write(); err != nil {
		return fmt.Errorf("writing results: %w", err)
	}
	if err := r.measure(ctx); err != nil {
		return err
	}
	n := 0
	for _, d := range r.done {
		if d != nil {
			n++
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted after %d of %d packages (partial results in %s; -resume goes on): %w", n, len(b.subjects), b.o.out, err)
	}
	b.progress("wrote %s", filepath.Join(b.o.out, "results.md"))
	return nil
}

// resume takes the packages an earlier run of the same output directory
// measured.
func (r *smokeRun) resume() error {
	prev, err := readSmoke(filepath.Join(r.o.out, report.SmokeFile))
	if err != nil {
		return err
	}
	// Match on the package and its module version: a subject whose
	// version changed in the file is measured again.
	byKey := map[string]result.Subject{}
	for _, s := range prev {
		byKey[s.Name+" "+s.Package] = s
	}
	n := 0
	for i, s := range r.subjects {
		if p, ok := byKey[s.Name()+" "+s.ImportPath()]; ok {
			r.done[i] = &p
			n++
		}
	}
	r.progress("resuming: %d of %d packages already measured in %s", n, len(r.subjects), r.o.out)
	return nil
}

// write rewrites the smoke reports with the packages measured so far; the
// caller holds mu, or no worker runs.
func (r *smokeRun) write() error {
	var all []result.Subject
	for _, d := range r.done {
		if d != nil {
			all = append(all, *d)
		}
	}
	r.meta.Elapsed = time.Since(r.start)
	return report.WriteSmokeAll(r.o.out, all, r.meta)
}

// measure runs o.jobs workers over the packages not yet measured, until
// all are, ctx ends or the reports cannot be written.
func (r *smokeRun) measure(ctx context.Context) error {
	todo := make(chan int)
	errc := make(chan error, r.o.jobs)
	var wg sync.WaitGroup
	for range r.o.jobs {
		wg.Go(func() {
			for i := range todo {
				if err := r.measureOne(ctx, i); err != nil {
					errc <- err
					return
				}
			}
		})
	}
	var werr error
feed:
	for i := range r.subjects {
		if r.done[i] != nil {
			continue
		}
		select {
		case todo <- i:
		case <-ctx.Done():
			break feed
		case werr = <-errc:
			break feed
		}
	}
	close(todo)
	wg.Wait()
	if werr == nil {
		select {
		case werr = <-errc:
		default:
		}
	}
	return werr
}

// measureOne measures the i-th subject and rewrites the reports.
func (r *smokeRun) measureOne(ctx context.Context, i int) error {
	s := r.subjects[i]
	label := fmt.Sprintf("[%d/%d %s]", i+1, len(r.subjects), s.ImportPath())
	c := *r.cfg // each worker its own progress label
	c.Progress = func(step string) { r.progress("%s %s", label, step) }
	res := c.Smoke(ctx, i+1, s)
	run := res.Runs[0]
	r.progress("%s done: %s written %s compiles %s passes %s flaky %s gen %s%s", label, run.Class, yes(run.Written),
		yes(run.CompileOK), yes(run.Pass), run.Flaky.Format(0), percent(run.GenCov), detailSuffix(run.Detail))
	r.mu.Lock()
	defer r.mu.Unlock()
	if ctx.Err() == nil { // a run cut short by ^C is not a result
		r.done[i] = &res
	}
	if err := r.write(); err != nil {
		return fmt.Errorf("writing results: %w", err)
	}
	return nil
}

// readSmoke reads a smoke run's saved results; a missing file is an empty
// run.
func readSmoke(path string) ([]result.Subject, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return report.ReadSmokeJSONL(f, path)
}

func yes(v result.Value) string {
	f, ok := v.Get()
	switch {
	case !ok:
		return "NA"
	case f != 0:
		return "yes"
	}
	return "no"
}

func detailSuffix(d string) string {
	if d == "" {
		return ""
	}
	msg := []rune(d)
	if len(msg) > 200 {
		msg = append(msg[:200], '…')
	}
	return ": " + string(msg)
}
