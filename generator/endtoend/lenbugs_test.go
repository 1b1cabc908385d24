package endtoend_test

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
	"github.com/gentest-go/gentest/internal/generatortest"
)

// A binary decoder whose unchecked read lies past a fixed header is
// reached by inputs of about the header's size, which the search draws
// from the lengths the decoder's code compares len(data) with
// (search.lengthBytes; issue 32's dtls-serverhello-short): Record's
// Unmarshal panics on 42 bytes, and is a finding; Header's checks every
// read and gives none. DSE is off: on this small fixture z3 solves the
// length too, while on pion/dtls it computed no condition at the
// header's check ("0 conjuncts at the line"), so the test isolates the
// draws, as they must reach such calls without it.
func TestLengthShapedFindings(t *testing.T) {
	generatortest.BenchBug(t)
	sum, _ := generatortest.GenConfig(t, generator.Config{Dir: generatortest.ScratchModule(t, "../../testdata/gen/lenbugs", "example.com/lenbugs"),
		Patterns: []string{"."}, Execs: 3000, Seed: 1, Workers: 2, CallTimeout: 300 * time.Millisecond,
		Disable: map[generator.Component]bool{generator.DSE: true}})
	got := findingKinds(sum)
	if got["Unmarshal"] != "index-out-of-range" {
		t.Errorf("Record.Unmarshal: finding %q, want index-out-of-range (findings %+v)", got["Unmarshal"], sum.Findings)
	}
	if len(sum.Findings) != 1 {
		t.Errorf("findings %+v, want Record.Unmarshal's only", sum.Findings)
	}
}
