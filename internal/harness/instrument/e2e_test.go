package instrument

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"
)

// goEnv is the environment of the go commands the tests run: no workspace,
// no toolchain download, no network.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOFLAGS=-mod=mod", "GOPROXY=off")
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(to, 0o777); err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// loadAndInstrument loads pattern in the module at dir and instruments it,
// returning the overlay (path -> contents) of instrumented files and runtime.
func loadAndInstrument(t *testing.T, dir, pattern, rtImport string) (map[string][]byte, *Table, *packages.Package) {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir: dir,
		Env: goEnv(),
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load %s: %v", pattern, pkgs[0].Errors)
	}
	p := pkgs[0]
	out, tab, err := Package(p.Fset, p.Syntax, p.TypesInfo, p.Types, rtImport)
	if err != nil {
		t.Fatal(err)
	}
	pkgDir := filepath.Dir(p.CompiledGoFiles[0])
	rtDir := filepath.Join(pkgDir, "zz_gentest_rt")
	probeSources(t, out, rtDir)
	out[filepath.Join(rtDir, "zz_size.go")] = []byte(fmt.Sprintf("package rt\n\nfunc init() { Init(%d, %d) }\n", len(tab.Blocks), len(tab.Conds)))
	return out, tab, p
}

// sizeSrc is the runtime's zz_size.go for tab, with InitMutants if
// mutate.
func sizeSrc(tab *Table, mutate bool) []byte {
	if !mutate {
		return []byte(fmt.Sprintf("package rt\n\nfunc init() { Init(%d, %d) }\n", len(tab.Blocks), len(tab.Conds)))
	}
	return []byte(fmt.Sprintf("package rt\n\nfunc init() { Init(%d, %d); InitMutants(%d, %#v) }\n",
		len(tab.Blocks), len(tab.Conds), len(tab.Mutants), tab.MutantConds()))
}

// writeOverlay writes the files of an overlay under dir and returns the
// overlay JSON file for go build -overlay.
func writeOverlay(t *testing.T, dir string, files map[string][]byte) string {
	t.Helper()
	repl := map[string]string{}
	i := 0
	for path, b := range files {
		i++
		p := filepath.Join(dir, fmt.Sprintf("%d_%s", i, filepath.Base(path)))
		if err := os.WriteFile(p, b, 0o666); err != nil {
			t.Fatal(err)
		}
		repl[path] = p
	}
	j, err := json.Marshal(map[string]interface{}{"Replace": repl})
	if err != nil {
		t.Fatal(err)
	}
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, j, 0o666); err != nil {
		t.Fatal(err)
	}
	return ov
}

func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

type condObs struct {
	ID                  int32
	NTrue, NFalse       uint32
	DistTrue, DistFalse float64
}

// operandObs is the driver's JSON form of the runtime's OperandStat.
type operandObs struct {
	Branch int32
	Kind   [2]uint8
	I      [2]int64
	U      [2]uint64
	F      [2]string // as printed by fmt
	S      [2]string
	Cut    [2]bool
}

type scenarioCov struct {
	Blocks   []int32
	Branches []int32
	Conds    []condObs
	Operands []operandObs
}

func runDriver(t *testing.T, bin string) (results map[string]string, order []string, cov map[string]*scenarioCov) {
	t.Helper()
	out, err := exec.Command(bin).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("%s: %v\n%s", bin, err, stderr)
	}
	results, cov = map[string]string{}, map[string]*scenarioCov{}
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			t.Fatalf("bad driver line %q", line)
		}
		results[parts[0]] = parts[1]
		order = append(order, parts[0])
		if parts[2] != "" {
			var c scenarioCov
			if err := json.Unmarshal([]byte(parts[2]), &c); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			cov[parts[0]] = &c
		}
	}
	return results, order, cov
}

func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds binaries")
	}
	tmp := t.TempDir()
	mod := filepath.Join(tmp, "mod")
	copyDir(t, filepath.Join("..", "..", "..", "testdata", "instrument", "fixture"), filepath.Join(mod, "fixture"))
	copyDir(t, filepath.Join("..", "..", "..", "testdata", "instrument", "driver"), filepath.Join(mod, "driver"))
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/fx\n\ngo 1.18\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	files, tab, pkg := loadAndInstrument(t, mod, "example.com/fx/fixture", "example.com/fx/fixture/zz_gentest_rt")

	// A file without probes is left alone, import included.
	for _, name := range pkg.CompiledGoFiles {
		if filepath.Base(name) == "empty.go" {
			orig, _ := os.ReadFile(name)
			if !bytes.Equal(files[name], orig) {
				t.Errorf("empty.go changed:\n%s", files[name])
			}
		}
	}

	ovDir := filepath.Join(tmp, "ov")
	if err := os.MkdirAll(ovDir, 0o777); err != nil {
		t.Fatal(err)
	}
	ov := writeOverlay(t, ovDir, files)
	plain, cov := filepath.Join(tmp, "plain"), filepath.Join(tmp, "cov")
	goCmd(t, mod, "build", "-o", plain, "./driver")
	goCmd(t, mod, "build", "-tags", "gentestcov", "-overlay", ov, "-o", cov, "./driver")

	want, order, _ := runDriver(t, plain)
	got, _, covs := runDriver(t, cov)
	for _, name := range order {
		if got[name] != want[name] {
			t.Errorf("scenario %s: instrumented result %q, original %q", name, got[name], want[name])
		}
		if covs[name] == nil {
			t.Fatalf("scenario %s: no coverage", name)
		}
	}

	// Conditions by function and text.
	condID := func(fn, text string) int {
		t.Helper()
		for _, c := range tab.Conds {
			if c.Func == fn && c.Text == text {
				return c.ID
			}
		}
		t.Fatalf("no condition %q in %s", text, fn)
		return -1
	}
	obs := func(scenario string, id int) condObs {
		for _, c := range covs[scenario].Conds {
			if int(c.ID) == id {
				return c
			}
		}
		return condObs{ID: int32(id), DistTrue: -1, DistFalse: -1} // not evaluated
	}
	const maxDist = 1e300
	notEval := condObs{DistTrue: -1, DistFalse: -1}
	checks := []struct {
		scenario, fn, text string
		want               condObs // ID ignored
		dist               bool
	}{
		{"eq40", "Eq42", "x == 42", condObs{NFalse: 1, DistTrue: 2}, true},
		{"eq42", "Eq42", "x == 42", condObs{NTrue: 1, DistFalse: 1}, true},
		{"eq45", "Eq42", "x == 42", condObs{NFalse: 1, DistTrue: 3}, true},
		{"kinds1", "Kinds", "u >= 1<<63", condObs{NTrue: 1, DistFalse: 1}, true},
		{"kinds2", "Kinds", "u >= 1<<63", condObs{NFalse: 1, DistTrue: 1}, true},
		{"kinds1", "Kinds", "f == 0.1", condObs{NTrue: 1, DistFalse: 1}, true},
		{"kinds1", "Kinds", "c > 36.6", condObs{NTrue: 1, DistFalse: 37 - 36.6}, true},
		{"kinds1", "Kinds", "id != 7", condObs{NFalse: 1, DistTrue: 1}, true},
		{"kinds0", "Kinds", "id != 7", condObs{NTrue: 1, DistFalse: 7}, true},
		{"kinds1", "Kinds", `n <= "m"`, condObs{NFalse: 1, DistTrue: 'z' - 'm'}, true},
		{"kinds2", "Kinds", `n <= "m"`, condObs{NTrue: 1, DistFalse: 1}, true},
		{"kinds1", "Kinds", "x < -100", condObs{NTrue: 1, DistFalse: 28}, true},
		{"kinds1", "Kinds", "x > 0", condObs{NFalse: 1, DistTrue: 129}, true},
		{"loop0", "Loop", "i < n", condObs{NFalse: 1, DistTrue: 1}, true},
		{"loop10", "Loop", "i < n", condObs{NTrue: 10, NFalse: 1}, true},
		{"loop10", "Loop", "i == 1", condObs{NTrue: 1, NFalse: 6}, true},
		{"loop10", "Loop", "i > 2", condObs{NTrue: 3, NFalse: 2, DistTrue: 0, DistFalse: 0}, true},
		{"sw1", "Sw", "y == 2", condObs{NTrue: 1, DistFalse: 1}, true},
		{"sw1", "Sw", "y == 4", notEval, true},
		{"sw5", "Sw", "y == 2", condObs{NFalse: 1, DistTrue: 8}, true},
		{"sw5", "Sw", "y == 4", condObs{NFalse: 1, DistTrue: 6}, true},
		{"sw5", "Sw", "y == 8", condObs{NFalse: 1, DistTrue: 2}, true},
		{"sw5", "Sw", "y == 10", condObs{NTrue: 1, DistFalse: 1}, true},
		{"swz", "SwNoInit", `get() == "a"`, condObs{NFalse: 1, DistTrue: 'z' - 'a'}, true},
		{"swc", "SwNoInit", `get() == "c"`, condObs{NTrue: 1, DistFalse: 1}, true},
		{"tswbytes", "TSw", "case string, []byte", condObs{NTrue: 1, DistFalse: 1}, false},
		{"tswbytes", "TSw", "case int", condObs{NFalse: 1, DistTrue: 1}, false},
		{"tswbytes", "TSw", "default", condObs{NFalse: 1, DistTrue: 1}, false},
		{"tswother", "TSw", "default", condObs{NTrue: 1, DistFalse: 1}, false},
		{"swifacea", "SwIface", `v == "a"`, condObs{NTrue: 1, DistFalse: 1}, false},
		{"swifacenil", "SwIface", `v == nil`, condObs{NTrue: 1, DistFalse: 1}, false},
		{"lsw0", "LabeledSwitch", "y == 1", condObs{NTrue: 1, DistFalse: 1}, true},
		{"lsw0", "LabeledSwitch", "r > 2", condObs{NTrue: 1, NFalse: 2, DistFalse: 0}, true},
		{"lessint", "Less", "a < b", condObs{NTrue: 1, DistFalse: 1}, false},
		{"stack", "(*Stack).Push", "x < 0", condObs{NTrue: 1, NFalse: 2}, true},
		{"stackempty", "Stack.Len", "len(s.items) == 0", condObs{NTrue: 1, DistFalse: 1}, true},
		{"inrange", "InRange.func1", "x >= lo", condObs{NTrue: 2, NFalse: 1}, true},
		{"inrange", "InRange.func1", "x < hi", condObs{NTrue: 1, NFalse: 1}, true},
		{"strs", "Strs", "a < b", condObs{NFalse: 1, DistTrue: 'h' - 'b' + 1}, true},
		{"strs", "Strs", `a == "hello"`, condObs{NFalse: 1, DistTrue: 1}, true},
		{"strs2", "Strs", "a < b", condObs{NTrue: 1, DistFalse: 1}, true},
		{"strs2", "Strs", `a == "hello"`, condObs{NTrue: 1, DistFalse: 1}, true},
		{"shift8", "Shift", "1<<s == 256", condObs{NTrue: 1, DistFalse: 1}, false},
		{"nan", "NaN", "a <= b", condObs{NFalse: 1, DistTrue: maxDist}, true},
		{"inf", "NaN", "a <= b", condObs{NFalse: 1, DistTrue: maxDist}, true},
		{"named", "Named", "a || !b", condObs{NTrue: 1, NFalse: 1}, false},
		{"consts", "Consts", "x > limit", condObs{NTrue: 1, NFalse: 1}, true},
		{"consts", "Consts", "debug", condObs{NFalse: 2, DistTrue: 1}, false},
		{"select", "Select", "n > 0", condObs{NTrue: 1, NFalse: 1}, true},
		{"strfns", "StrFns", `strings.HasPrefix(s, "go")`, condObs{NFalse: 1, DistTrue: 1}, true},
		{"strfns", "StrFns", `bytes.Contains(b, []byte("xyz"))`, condObs{NFalse: 1, DistTrue: 'z' - 'w'}, true},
		{"strfns", "StrFns", `strings.Index(s, ":") < 0`, condObs{NFalse: 1, DistTrue: 1}, true},
		// Two bytes missing, then g=g, p/o, ':'/l, x/a.
		{"strfns", "StrFns", `strings.EqualFold(s, "GOLANG")`, condObs{NFalse: 1, DistTrue: 512 + 1 + ('l' - ':') + ('x' - 'a')}, true},
		{"strfns", "StrFns", "errors.Is(err, ErrEmpty)", condObs{NFalse: 1, DistTrue: 1}, false},
		{"strfns", "StrFns", "i < len(s)", condObs{NTrue: 4, NFalse: 1}, true},
		{"strfns", "StrFns", "s[i] == 'q'", condObs{NFalse: 4, DistTrue: 1}, true},
		{"strfns2", "StrFns", `strings.HasPrefix(s, "go")`, condObs{NTrue: 1, DistFalse: 1}, true},
		{"strfns2", "StrFns", `bytes.Contains(b, []byte("xyz"))`, condObs{NTrue: 1, DistFalse: 1}, true},
		// Not found: the distance to found is the closest byte of "golang" to ':'.
		{"strfns2", "StrFns", `strings.Index(s, ":") < 0`, condObs{NTrue: 1, DistFalse: 'a' - ':'}, true},
		{"strfns2", "StrFns", `strings.EqualFold(s, "GOLANG")`, condObs{NTrue: 1, DistFalse: 1}, true},
		{"strfns2", "StrFns", "errors.Is(err, ErrEmpty)", condObs{NTrue: 1, DistFalse: 1}, false},
		{"strfnsloop", "StrFns", "s[i] == 'q'", condObs{NFalse: 5, DistTrue: 1}, true},
	}
	for _, c := range checks {
		id := condID(c.fn, c.text)
		if tab.Conds[id].Distance != c.dist {
			t.Errorf("%s %q: Distance = %v, want %v", c.fn, c.text, tab.Conds[id].Distance, c.dist)
		}
		got := obs(c.scenario, id)
		want := c.want
		want.ID = int32(id)
		if got.NTrue != want.NTrue || got.NFalse != want.NFalse ||
			!close(got.DistTrue, want.DistTrue) || !close(got.DistFalse, want.DistFalse) {
			t.Errorf("scenario %s, %s %q: got %+v, want %+v", c.scenario, c.fn, c.text, got, want)
		}
		// Covered branches agree with the counts.
		br := map[int32]bool{}
		for _, b := range covs[c.scenario].Branches {
			br[b] = true
		}
		if br[int32(2*id)] != (got.NTrue > 0) || br[int32(2*id+1)] != (got.NFalse > 0) {
			t.Errorf("scenario %s, %s %q: branches %v disagree with %+v", c.scenario, c.fn, c.text, covs[c.scenario].Branches, got)
		}
	}

	// Operand recording: per branch, the operands of the first evaluation
	// closest to it; conditions without distances record none.
	ops := func(scenario string, branch int) *operandObs {
		for i, o := range covs[scenario].Operands {
			if int(o.Branch) == branch {
				return &covs[scenario].Operands[i]
			}
		}
		return nil
	}
	const kU, kF, kS, kB = 3, 4, 5, 6 // operand kinds (rt.OperandUint, ...)
	for _, c := range []struct {
		scenario, fn, text string
		branch             int // 0 true, 1 false
		want               *operandObs
	}{
		{"strfns", "StrFns", `strings.HasPrefix(s, "go")`, 0, &operandObs{Kind: [2]uint8{kS, kS}, S: [2]string{"gp:x", "go"}}},
		{"strfns", "StrFns", `bytes.Contains(b, []byte("xyz"))`, 1, &operandObs{Kind: [2]uint8{kB, kB}, S: [2]string{"xyw", "xyz"}}},
		{"strfnsloop", "StrFns", "s[i] == 'q'", 0, &operandObs{Kind: [2]uint8{kU, kU}, U: [2]uint64{'r', 'q'}}},
		{"strfnsloop", "StrFns", "s[i] == 'q'", 1, &operandObs{Kind: [2]uint8{kU, kU}, U: [2]uint64{'a', 'q'}}},
		{"strfns", "StrFns", "errors.Is(err, ErrEmpty)", 0, nil},
		{"nan", "NaN", "a <= b", 0, &operandObs{Kind: [2]uint8{kF, kF}, F: [2]string{"NaN", "1"}}},
	} {
		br := 2*condID(c.fn, c.text) + c.branch
		got := ops(c.scenario, br)
		if c.want != nil {
			c.want.Branch = int32(br)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("scenario %s, %s %q branch %d operands (-want +got):\n%s", c.scenario, c.fn, c.text, c.branch, diff)
		}
	}

	// Blocks: Eq42 has three (body up to the if, then, rest).
	var eq []Block
	for _, b := range tab.Blocks {
		if b.Func == "Eq42" {
			eq = append(eq, b)
		}
	}
	sort.Slice(eq, func(i, j int) bool { return eq[i].StartLine < eq[j].StartLine })
	if len(eq) != 3 {
		t.Fatalf("Eq42 blocks: %+v", eq)
	}
	hit := func(scenario string, id int) bool {
		for _, b := range covs[scenario].Blocks {
			if int(b) == id {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		scenario string
		want     [3]bool
	}{{"eq40", [3]bool{true, false, true}}, {"eq42", [3]bool{true, true, false}}} {
		for i, b := range eq {
			if hit(tc.scenario, b.ID) != tc.want[i] {
				t.Errorf("scenario %s: block %+v hit = %v, want %v", tc.scenario, b, !tc.want[i], tc.want[i])
			}
		}
	}
	// Only Eq42's blocks run in eq40.
	for _, id := range covs["eq40"].Blocks {
		if tab.Blocks[id].Func != "Eq42" {
			t.Errorf("eq40 hit block %+v", tab.Blocks[id])
		}
	}
	// The package initialiser's closure is named and was reset away.
	found := false
	for _, b := range tab.Blocks {
		if b.Func == "glob..func1" {
			found = true
		}
	}
	if !found {
		t.Error("no block for the package-level closure")
	}
}

func close(a, b float64) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= 1e-9*(1+b)
}

func TestDumpFixture(t *testing.T) {
	if os.Getenv("GENTEST_DUMP") == "" {
		t.Skip("set GENTEST_DUMP=1 to print the instrumented fixture")
	}
	tmp := t.TempDir()
	copyDir(t, filepath.Join("..", "..", "..", "testdata", "instrument", "fixture"), filepath.Join(tmp, "fixture"))
	os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module example.com/fx\n\ngo 1.18\n"), 0o666)
	files, _, _ := loadAndInstrument(t, tmp, "example.com/fx/fixture", "example.com/fx/fixture/zz_gentest_rt")
	for p, b := range files {
		if strings.HasSuffix(p, "fixture.go") {
			t.Logf("%s", b)
		}
	}
}

// stdPackages are instrumented in place (through the overlay, GOROOT is not
// touched) and compiled, to show the rewrite copes with real code.
// The list is kept short: every package depending on one of them is
// recompiled on a cold cache. GENTEST_STD (package patterns) and
// GENTEST_STD_DIR (the module to load them in) select others for a manual
// run, e.g. GENTEST_STD="$(go list std | grep -v internal)".
var stdPackages = []string{
	"encoding/csv", "strconv", "text/tabwriter", "container/list",
	"bufio", "sort", "regexp/syntax", "regexp", "go/scanner",
	"text/template/parse", "encoding/json", "net/url",
	"encoding/base64", "math/big", "time",
}

func TestStdPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles std packages")
	}
	checkStd(t, Options{})
}

// TestStdPackagesMutated is TestStdPackages with every mutant compiled in:
// they compile, with no mutant active the packages behave as the
// originals, and running them infects mutants.
func TestStdPackagesMutated(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles std packages")
	}
	checkStd(t, Options{Mutate: true})
}

// checkStd instruments the std packages with opts, compiles them and runs
// code of them, comparing its output with the originals'.
func checkStd(t *testing.T, opts Options) {
	list := stdPackages
	if env := os.Getenv("GENTEST_STD"); env != "" {
		list = strings.Fields(env) // a wider manual run
	}
	tmp := t.TempDir()
	all := map[string][]byte{}
	dir := tmp
	if d := os.Getenv("GENTEST_STD_DIR"); d != "" {
		dir = d // the module GENTEST_STD's packages are in
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir: dir,
		Env: goEnv(),
	}
	pkgs, err := packages.Load(cfg, list...)
	if err != nil {
		t.Fatal(err)
	}
	nb, nc := 0, 0
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("load %s: %v", p.PkgPath, p.Errors)
		}
		rtImport := p.PkgPath + "/zz_gentest_rt"
		out, tab, err := PackageWith(p.Fset, p.Syntax, p.TypesInfo, p.Types, rtImport, opts)
		if err != nil {
			t.Fatalf("%s: %v", p.PkgPath, err)
		}
		for k, v := range out {
			all[k] = v
		}
		rtDir := filepath.Join(filepath.Dir(p.CompiledGoFiles[0]), "zz_gentest_rt")
		probeSources(t, all, rtDir)
		all[filepath.Join(rtDir, "zz_size.go")] = sizeSrc(tab, opts.Mutate)
		nd := 0
		for _, c := range tab.Conds {
			if c.Distance {
				nd++
			}
		}
		t.Logf("%s: %d files, %d blocks, %d conditions (%d with distances), %d mutants", p.PkgPath, len(out), len(tab.Blocks), len(tab.Conds), nd, len(tab.Mutants))
		nb += len(tab.Blocks)
		nc += len(tab.Conds)
	}
	ovDir := filepath.Join(tmp, "ov")
	if err := os.MkdirAll(ovDir, 0o777); err != nil {
		t.Fatal(err)
	}
	ov := writeOverlay(t, ovDir, all)
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module example.com/std\n\ngo 1.18\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	goCmd(t, dir, append([]string{"build", "-overlay", ov}, list...)...)
	t.Logf("compiled %d std packages: %d blocks, %d conditions", len(list), nb, nc)
	if os.Getenv("GENTEST_STD") != "" {
		return
	}

	// Run code of the instrumented packages: same output as the originals,
	// and the probes fire.
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), []byte(stdMain), 0o666); err != nil {
		t.Fatal(err)
	}
	probeCov := stdProbeCov
	if opts.Mutate {
		probeCov = strings.Replace(probeCov, `"end"`, `len(strconvrt.InfectedMutants(nil)), len(jsonrt.InfectedMutants(nil)), "end"`, 1)
	}
	if err := os.WriteFile(filepath.Join(tmp, "probe_cov.go"), []byte(probeCov), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "probe_plain.go"), []byte("//go:build !gentestcov\n\npackage main\n\nfunc probes() {}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	plain, cov := filepath.Join(tmp, "plain"), filepath.Join(tmp, "cov")
	goCmd(t, tmp, "build", "-o", plain, ".")
	goCmd(t, tmp, "build", "-tags", "gentestcov", "-overlay", ov, "-o", cov, ".")
	want, err := exec.Command(plain).Output()
	if err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(cov).Output()
	if err != nil {
		t.Fatal(err)
	}
	gotLines := strings.Split(strings.TrimRight(string(got), "\n"), "\n")
	probes := gotLines[len(gotLines)-1]
	if string(want) != strings.Join(gotLines[:len(gotLines)-1], "\n")+"\n" {
		t.Errorf("instrumented std packages behave differently:\n--- original\n%s\n--- instrumented\n%s", want, got)
	}
	if !strings.HasPrefix(probes, "probes ") || strings.Contains(probes, " 0 ") {
		t.Errorf("probes did not fire: %q", probes)
	}
	t.Log(probes)
}

const stdMain = `package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

func main() {
	for _, f := range []float64{0, 1, -2.5, 1e21, 1.0 / 3, 6.02e23, 5e-324} {
		fmt.Println(strconv.FormatFloat(f, 'g', -1, 64), strconv.Quote(fmt.Sprint(f)))
	}
	for _, s := range []string{"12", "-9223372036854775808", "0x1f", "abc", "1e5"} {
		n, err := strconv.ParseInt(s, 0, 64)
		fl, err2 := strconv.ParseFloat(s, 64)
		fmt.Println(n, err, fl, err2)
	}
	recs, err := csv.NewReader(strings.NewReader("a,b,c\n\"x,y\",2,3\n")).ReadAll()
	fmt.Println(recs, err)
	var v map[string]interface{}
	err = json.Unmarshal([]byte(` + "`" + `{"a":[1,2,{"b":null}],"c":"\u00e9"}` + "`" + `), &v)
	b, _ := json.Marshal(v)
	fmt.Println(string(b), err)
	re := regexp.MustCompile(` + "`" + `(\w+)@(\w+)\.com` + "`" + `)
	fmt.Println(re.FindAllStringSubmatch("ann@x.com, bob@y.com", -1))
	u, err := url.Parse("https://u:p@example.com:8080/a b?q=1&r=%20#frag")
	fmt.Println(u, err, u.Query())
	x, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	fmt.Println(new(big.Int).Exp(x, big.NewInt(3), big.NewInt(1000000007)), x.Text(36))
	s := []string{"pear", "apple", "fig"}
	sort.Strings(s)
	fmt.Println(s, bytes.Fields([]byte(" a  b c ")))
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 0, 8, 1, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "a\tbbb\tc\t")
	fmt.Fprintln(w, "aaaa\tb\tcc\t")
	w.Flush()
	fmt.Print(buf.String())
	tm := time.Date(2024, 2, 29, 13, 4, 5, 0, time.UTC)
	fmt.Println(tm.Format(time.RFC1123), tm.AddDate(1, 0, 0).Weekday())
	d, err := time.ParseDuration("1h2m3.5s")
	fmt.Println(d, err)
	probes()
}
`

const stdProbeCov = `//go:build gentestcov

package main

import (
	"fmt"

	strconvrt "strconv/zz_gentest_rt"
	jsonrt "encoding/json/zz_gentest_rt"
)

func probes() {
	fmt.Println("probes", len(strconvrt.CoveredBlocks(nil)), len(strconvrt.Conds(nil)), len(jsonrt.CoveredBlocks(nil)), "end")
}
`
