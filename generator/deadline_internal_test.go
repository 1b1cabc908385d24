package generator

import (
	"io"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// With -execs the stages after the search have no deadline, so that a
// seed and -execs give the same file whatever the machine's load; with a
// budget they get half of it up to two minutes and a quarter beyond.
func TestAfterBudget(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want time.Duration
	}{
		{Config{Budget: 30 * time.Second}, 15 * time.Second},
		{Config{Budget: 30 * time.Second, Execs: 1000}, 0},
		{Config{Execs: 1000}, 0},
		{Config{Budget: 10 * time.Minute}, 3 * time.Minute},
	} {
		if got := c.cfg.afterBudget(); got != c.want {
			t.Errorf("afterBudget(budget %v, execs %d) = %v, want %v", c.cfg.Budget, c.cfg.Execs, got, c.want)
		}
	}
	var r pkgRun
	r.cfg.Execs = 1000
	r.cfg.Budget = time.Second
	c := r.newStageClock()
	c.start = c.start.Add(-time.Hour)
	if !c.minimizeBy().IsZero() || !c.judgeBy().IsZero() || c.late(0) {
		t.Errorf("with -execs: deadlines %v %v, late %v; want none", c.minimizeBy(), c.judgeBy(), c.late(0))
	}
	r.cfg.Execs = 0
	c = r.newStageClock()
	if want := c.start.Add(time.Second / 5); !c.minimizeBy().Equal(want) {
		t.Errorf("minimizeBy = %v, want %v (2/5 of half the budget)", c.minimizeBy(), want)
	}
	c.start = c.start.Add(-time.Hour)
	if !c.late(0) {
		t.Error("an hour after the search's end: want late")
	}
}

// The binary variants fit half of what is left of the judge's deadline
// at the search's rate: all four for a fast package, one (never none)
// for a slow one, and all of them with -execs.
func TestJudgeVariants(t *testing.T) {
	r := pkgRun{pkg: &packages.Package{PkgPath: "example.com/p"}}
	r.cfg.Log = io.Discard
	r.cfg.Budget = 20 * time.Second // 10 s after the search
	r.clock = r.newStageClock()
	if got := r.judgeVariants(4, 100, 10000, 10*time.Second); got != 4 {
		t.Errorf("100 candidates at 1000/s: %d variants, want 4", got)
	}
	if got := r.judgeVariants(4, 300, 500, 10*time.Second); got != 1 {
		t.Errorf("300 candidates at 50/s: %d variants, want 1", got)
	}
	if got := r.judgeVariants(4, 100, 500, 10*time.Second); got != 2 {
		t.Errorf("100 candidates at 50/s (2 s a pass, 5 s to fill): %d variants, want 2", got)
	}
	if len(r.times.Cut) != 1 || r.times.Cut[0] != "variants" {
		t.Errorf("cut = %v, want [variants] once", r.times.Cut)
	}
	r.cfg.Execs, r.cfg.Budget = 1000, 0
	r.clock = r.newStageClock()
	if got := r.judgeVariants(4, 300, 500, 10*time.Second); got != 4 {
		t.Errorf("with -execs: %d variants, want 4", got)
	}
}
