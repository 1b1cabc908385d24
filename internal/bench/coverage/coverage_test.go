package coverage

import (
	"math"
	"strings"
	"testing"
)

func TestPercent(t *testing.T) {
	prof := `mode: set
benchstd/container/ring/ring.go:10.2,12.3 2 1
benchstd/container/ring/ring.go:13.2,14.3 3 0
benchstd/container/ring/ring.go:13.2,14.3 3 1
benchstd/container/ring/ring.go:20.2,21.3 5 0
benchstd/container/ring/sub/x.go:1.1,2.2 7 1
other/pkg/a.go:1.1,2.2 9 1
`
	p, err := Parse(strings.NewReader(prof))
	if err != nil {
		t.Fatal(err)
	}
	covered, total := p.Statements("benchstd/container/ring")
	if covered != 5 || total != 10 {
		t.Errorf("Statements = %d/%d, want 5/10", covered, total)
	}
	pct, ok := p.Percent("benchstd/container/ring")
	if !ok || math.Abs(pct-50) > 1e-9 {
		t.Errorf("Percent = %v, %v; want 50, true", pct, ok)
	}
	if _, ok := p.Percent("absent/pkg"); ok {
		t.Error("Percent of an absent package is ok, want NA")
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{
		"",
		"a.go:1.1,2.2 1 1\n",
		"mode: set\na.go 1 1\n",
		"mode: set\na.go:1.1-2.2 1 1\n",
		"mode: set\na.go:1.1,2.2 x 1\n",
		"mode: set\nmode: count\n",
	} {
		if _, err := Parse(strings.NewReader(in)); err == nil {
			t.Errorf("Parse(%q) succeeded, want error", in)
		}
	}
}

func TestParseWindowsPath(t *testing.T) {
	p, err := Parse(strings.NewReader("mode: count\nC:/x/p/a.go:1.1,2.2 4 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c, tot := p.Statements("C:/x/p"); c != 4 || tot != 4 {
		t.Errorf("Statements = %d/%d, want 4/4", c, tot)
	}
}
