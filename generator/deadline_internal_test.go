package generator

import (
	"testing"
	"time"
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
