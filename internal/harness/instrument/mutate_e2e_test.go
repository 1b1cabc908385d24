package instrument

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// mutRun is one line of the mutant driver's output (testdata/mutate).
type mutRun struct {
	M        int
	S        string
	R        string
	Infected []int32
	Blocks   []int32
}

// mutantsKilled are the mutants testdata/mutate's scenarios are written to
// kill, by function, class and original and mutated text.
var mutantsKilled = []struct{ fn, op, orig, repl string }{
	{"Scale", OpArith, "x * k", "x / k"},
	{"Scale", OpArith, "x*k + 1", "x*k - 1"},
	{"Scale", OpConst, "1", "0"},
	{"Scale", OpConst, "1", "2"},
	{"Scale", OpExtreme, "Scale", "return *new(int)"},
	{"Avg", OpArith, "(a + b) / 2", "(a + b) * 2"},
	{"Avg", OpConst, "2", "3"},
	{"Clamp", OpRelNegate, "x < lo", "x >= lo"},
	{"Clamp", OpRelNegate, "x > hi", "x <= hi"},
	{"Adult", OpRelBoundary, "age >= 18", "age > 18"},
	{"Adult", OpRelNegate, "age >= 18", "age < 18"},
	{"Adult", OpConst, "18", "19"},
	{"Clamp", OpReturnZero, "return lo", "return *new(int)"},
	{"Clamp", OpExtreme, "Clamp", "return x"},
	{"Both", OpLogical, "a && b", "a || b"},
	{"Either", OpLogical, "a || b", "a && b"},
	{"Sum", OpBreakContinue, "continue", "break"},
	{"Sum", OpBreakContinue, "break", "continue"},
	{"Sum", OpRemove, "s += x", ""},
	{"Check", OpReturnError, "ErrNeg", "nil <-> non-nil error"},
	{"Check", OpReturnError, "nil", "nil <-> non-nil error"},
	{"(*Counter).Inc", OpRemove, "c.n++", ""},
	{"(*Counter).Inc", OpRemove, `c.note("inc")`, ""},
	{"(*Counter).note", OpRemove, "c.log = append(c.log, s)", ""},
	{"IsEmpty", OpCondNegate, "ok", "!(ok)"},
	{"Double", OpConst, "2", "0"},
	{"Next", OpExtreme, "Next", "return x"},
	{"Mask", OpArith, "x&^0x0f | 1", "x&^0x0f & 1"},
	{"Mask", OpArith, "x &^ 0x0f", "x & 0x0f"},
	{"Grade", OpRelNegate, "n == 1", "n != 1"},
	{"Grade", OpConst, "3", "4"},
	{"Walk", OpRemove, "r = r.Next", ""},
	{"Set", OpRemove, "xs[i] = v", ""},
	{"Get", OpReturnZero, "return xs[i]", "return *new(int)"},
	{"First", OpReturnZero, "return xs[0]", "return *new(T)"},
}

// runMutantDriver builds testdata/mutate's driver over the fixture
// instrumented with mutants, runs it and returns the table and the runs by
// mutant and scenario.
func runMutantDriver(t *testing.T) (*Table, map[int]map[string]mutRun) {
	t.Helper()
	tmp := t.TempDir()
	mod := filepath.Join(tmp, "mod")
	copyDir(t, filepath.Join("..", "..", "..", "testdata", "mutate", "fixture"), filepath.Join(mod, "fixture"))
	copyDir(t, filepath.Join("..", "..", "..", "testdata", "mutate", "driver"), filepath.Join(mod, "driver"))
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/mx\n\ngo 1.18\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir: mod, Env: goEnv(),
	}
	pkgs, err := packages.Load(cfg, "example.com/mx/fixture")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load: %v %v", err, pkgs)
	}
	p := pkgs[0]
	files, tab, err := PackageWith(p.Fset, p.Syntax, p.TypesInfo, p.Types, "example.com/mx/fixture/zz_gentest_rt", Options{Mutate: true})
	if err != nil {
		t.Fatal(err)
	}
	rtDir := filepath.Join(filepath.Dir(p.CompiledGoFiles[0]), "zz_gentest_rt")
	probeSources(t, files, rtDir)
	files[filepath.Join(rtDir, "zz_size.go")] = sizeSrc(tab, true)
	ovDir := filepath.Join(tmp, "ov")
	if err := os.MkdirAll(ovDir, 0o777); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "driver")
	goCmd(t, mod, "build", "-overlay", writeOverlay(t, ovDir, files), "-o", bin, "./driver")
	outb, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	out := string(outb)

	runs := map[int]map[string]mutRun{}
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var r mutRun
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		if runs[r.M] == nil {
			runs[r.M] = map[string]mutRun{}
		}
		runs[r.M][r.S] = r
	}
	if len(runs) != len(tab.Mutants)+1 {
		t.Fatalf("driver ran %d mutants, table has %d", len(runs)-1, len(tab.Mutants))
	}
	return tab, runs
}

// TestMutantsEndToEnd compiles testdata/mutate/fixture with every mutant
// and runs its scenarios with each mutant active (rt.SetMutant): with none
// the results are the original's; a mutant that changes a result was
// infected by that scenario in the original run (weak mutation is
// necessary for strong), and an infected mutant's block was covered; and
// the mutants the fixture is written to kill are killed.
func TestMutantsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds binaries")
	}
	tab, runs := runMutantDriver(t)
	orig := runs[0]
	killed := map[int]bool{}
	for _, m := range tab.Mutants {
		for s, r := range runs[m.ID] {
			o := orig[s]
			if r.R == o.R {
				continue
			}
			killed[m.ID] = true
			if !slices.Contains(o.Infected, int32(m.ID)) {
				t.Errorf("mutant %d (%s %q -> %q) changes %s (%s -> %s) but the original run did not infect it", m.ID, m.Op, m.Orig, m.Repl, s, o.R, r.R)
			}
		}
	}
	for s, o := range orig {
		for _, id := range o.Infected {
			m := tab.Mutants[id-1]
			if m.Block >= 0 && !slices.Contains(o.Blocks, int32(m.Block)) {
				t.Errorf("%s infects mutant %d (%s %q) but does not cover its block %d", s, id, m.Op, m.Orig, m.Block)
			}
		}
	}
	want := mutantsKilled
	for _, w := range want {
		found := false
		for _, m := range tab.Mutants {
			if m.Func == w.fn && m.Op == w.op && m.Orig == w.orig && m.Repl == w.repl {
				found = true
				if !killed[m.ID] {
					t.Errorf("mutant %d (%s %s %q -> %q) not killed", m.ID, w.fn, w.op, w.orig, w.repl)
				}
			}
		}
		if !found {
			t.Errorf("no mutant %s %s %q -> %q", w.fn, w.op, w.orig, w.repl)
		}
	}
	// A removed assignment that would store what the variable holds is
	// not infected (rt.MSet): walking a ring of one node, or storing 2
	// where 2 is; walking three nodes and storing 5 over 1 are. Nor is
	// returning the zero value where the value is zero (rt.MZero).
	for _, m := range tab.Mutants {
		for _, c := range []struct {
			fn, scen string
			want     bool
			op       string
		}{{"Walk", "walk1", false, OpRemove}, {"Walk", "walk3", true, OpRemove}, {"Set", "setSame", false, OpRemove},
			{"Set", "setNew", true, OpRemove}, {"Get", "getZero", false, OpReturnZero}, {"Get", "getFive", true, OpReturnZero},
			{"First", "firstEmpty", false, OpReturnZero}, {"First", "firstA", true, OpReturnZero}} {
			if m.Func == c.fn && m.Op == c.op {
				if got := slices.Contains(orig[c.scen].Infected, int32(m.ID)); got != c.want {
					t.Errorf("%s: mutant %d (%s %q) infected = %v, want %v", c.scen, m.ID, m.Op, m.Orig, got, c.want)
				}
			}
		}
	}
	// Trivially equivalent mutants are not made: x + 1 has no x + 0, and a
	// return of zero values no return-zero mutant.
	var buf bytes.Buffer
	for _, m := range tab.Mutants {
		if m.Func == "IsEmpty" && m.Op == OpReturnZero && m.Orig == "return false" {
			t.Errorf("mutant %d returns zero values in place of zero values", m.ID)
		}
		if !killed[m.ID] {
			buf.WriteString("\n  " + m.Func + " " + m.Op + " " + m.Orig + " -> " + m.Repl)
		}
	}
	t.Logf("%d mutants, %d killed; alive:%s", len(tab.Mutants), len(killed), buf.String())
}
