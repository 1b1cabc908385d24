package generator_test

import (
	"os/exec"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// TestDSEHardConds runs the hardconds fixture (conditions the AVM and
// input-to-state cannot solve: linear relations over several inputs,
// mixed bits, checksums over a string, narrow overflow) with DSE and
// without: with it the written file covers at least 90%, and DSE's runs
// covered goals; without it, less.
func TestDSEHardConds(t *testing.T) {
	endToEnd(t)
	if _, err := exec.LookPath("z3"); err != nil {
		t.Skip("z3 is not on PATH: DSE is off (.ci/run installs it)")
	}
	// Both runs in one copy, put back as it was before the second: its
	// executor comes from the cache.
	const mod = "example.com/hardconds"
	dir := scratchModule(t, "../testdata/gen/hardconds", mod)
	run := func(off map[generator.Component]bool) *generator.Summary {
		resetModule(t, dir, mod)
		sum, _ := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 30000, Seed: 1, Workers: 2,
			CallTimeout: 300 * time.Millisecond, Disable: off})
		return sum
	}
	with := run(nil)
	if with.DSE == nil || !with.DSE.Ran || with.DSE.Covered == 0 {
		t.Fatalf("DSE did not run or covered nothing: %+v", with.DSE)
	}
	if with.Coverage < 0.9 {
		t.Errorf("coverage with DSE %.1f%%, want >= 90%% (dse %+v)", 100*with.Coverage, with.DSE)
	}
	if !comparisons(t) {
		return
	}
	without := run(map[generator.Component]bool{generator.DSE: true})
	if without.DSE == nil || without.DSE.Ran || without.DSE.Off != "-no=dse" {
		t.Errorf("-no=dse: dse summary %+v, want off by -no=dse", without.DSE)
	}
	if without.Coverage >= with.Coverage {
		t.Errorf("coverage without DSE %.1f%% >= with it %.1f%%", 100*without.Coverage, 100*with.Coverage)
	}
}
