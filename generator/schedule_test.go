package generator

import "testing"

// The packages run at once share the executors of -p, and the default
// memory cap is the share of all executors running together.
func TestPlan(t *testing.T) {
	for _, c := range []struct {
		workers, jobs, npkgs int
		wantJobs, wantPer    int
	}{
		{2, 0, 5, 1, 2},
		{8, 0, 5, 4, 2},
		{8, 0, 2, 2, 4},
		{8, 3, 5, 3, 2},
		{2, 4, 5, 2, 1},
		{4, 0, 1, 1, 4},
	} {
		jobs, per, mem := plan(Config{Workers: c.workers, Jobs: c.jobs}, c.npkgs)
		if jobs != c.wantJobs || per != c.wantPer {
			t.Errorf("plan(workers %d, jobs %d, %d packages) = %d jobs x %d executors, want %d x %d",
				c.workers, c.jobs, c.npkgs, jobs, per, c.wantJobs, c.wantPer)
		}
		if jobs*per > c.workers {
			t.Errorf("plan(workers %d): %d executors at once", c.workers, jobs*per)
		}
		if want := defaultMemLimit(jobs * per); mem != want {
			t.Errorf("plan(workers %d): memory cap %d, want the share of %d executors, %d", c.workers, mem, jobs*per, want)
		}
	}
}
