package search

import (
	"testing"
)

// The random search alone proposes n fresh sequences, each calling an
// operation under test last and none waiting for an outcome, and counts
// them; what it proposed before is not proposed again.
func TestRandomSearchAlone(t *testing.T) {
	prog := testProgram(t)
	k := newKit(prog, 2, nil)
	x := k.extension(Config{})
	targets := map[int]bool{}
	for _, op := range x.targets {
		targets[op.ID] = true
	}
	r := &randomSearch{targets: x.targets, rng: k.rng, tmpl: k.templates(x, nil), gen: k.gen, maxLen: 40}
	seen := map[string]bool{}
	for round := 0; round < 3; round++ {
		props := r.propose(nil, 16)
		if len(props) != 16 {
			t.Fatalf("round %d: %d proposals, want 16", round, len(props))
		}
		for _, p := range props {
			if p.by != nil {
				t.Errorf("a random proposal waits for its outcome")
			}
			if !targets[p.s.Stmts[p.s.Len()-1].Op] {
				t.Errorf("%s does not end with an operation under test", p.s.Key())
			}
			if seen[p.s.Key()] {
				t.Errorf("%s proposed twice", p.s.Key())
			}
			seen[p.s.Key()] = true
		}
		// A pool to build on, as the engine fills it.
		for _, p := range props {
			k.pool(p.s)
		}
	}
	if k.stats.Generated != 48 {
		t.Errorf("Generated = %d, want 48", k.stats.Generated)
	}
}
