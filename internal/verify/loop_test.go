package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/oracle"
)

// scratchModule writes a module example.com/p with files, and returns the
// package directory.
func scratchModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/p\n\ngo 1.21\n"
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fakeRender renders each case as one test function whose body is
// bodies[key], or, for keys in tables, as rows of one table test.
func fakeRender(bodies map[int]string) func([]*oracle.Case, map[int]bool) (*emit.Output, error) {
	return func(cases []*oracle.Case, _ map[int]bool) (*emit.Output, error) {
		var b strings.Builder
		b.WriteString("package p_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/p\"\n)\n\nvar _ = p.Abs\n")
		out := &emit.Output{}
		keys := make([]int, 0, len(cases))
		for _, c := range cases {
			keys = append(keys, c.Key)
		}
		sort.Ints(keys)
		for _, k := range keys {
			name := fmt.Sprintf("TestCase%d", k)
			fmt.Fprintf(&b, "\nfunc %s(t *testing.T) {\n%s\n}\n", name, bodies[k])
			out.Tests = append(out.Tests, emit.TestInfo{Func: name, Subtests: []string{""}, Keys: []int{k}})
		}
		out.Src = []byte(b.String())
		return out, nil
	}
}

func casesOf(keys ...int) []*oracle.Case {
	var out []*oracle.Case
	for _, k := range keys {
		out = append(out, &oracle.Case{Key: k})
	}
	return out
}

func testsOf(out *emit.Output) []string {
	var names []string
	for _, ti := range out.Tests {
		names = append(names, ti.Func)
	}
	return names
}

// goTestInParallel skips t with -short, and otherwise runs it in parallel
// with the other tests that run go test on a scratch module: much of
// their time is the go command's linking and waiting.
func goTestInParallel(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go test on a scratch module")
	}
	t.Parallel()
}

// One case that does not compile, one that fails and one that fails go
// vet cost exactly those cases: the others are written.
func TestCasesDropsExactlyTheBadOnes(t *testing.T) {
	goTestInParallel(t)
	dir := scratchModule(t, map[string]string{
		"p.go": "package p\n\n// Abs returns |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
	})
	bodies := map[int]string{
		1: "\tif p.Abs(-2) != 2 {\n\t\tt.Error(\"Abs(-2)\")\n\t}",
		2: "\tif p.Abs(undefinedThing) != 2 {\n\t\tt.Error(\"no\")\n\t}",
		3: "\tif p.Abs(3) != 4 {\n\t\tt.Errorf(\"Abs(3) = %d, want 4\", p.Abs(3))\n\t}",
		4: "\tt.Errorf(\"%d\")",
		5: "\tif p.Abs(0) != 0 {\n\t\tt.Error(\"Abs(0)\")\n\t}",
	}
	file := filepath.Join(dir, "p_gentest_test.go")
	plan := Plan{File: file, Render: fakeRender(bodies),
		Alone: Options{Dir: dir, Count: 2, Shuffle: "1", Vet: true, Cover: true, WorkDir: t.TempDir()}}
	v, err := Cases(context.Background(), plan, casesOf(1, 2, 3, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(testsOf(v.Out), ","), "TestCase1,TestCase5"; got != want {
		t.Errorf("written tests = %s, want %s", got, want)
	}
	reasons := map[string]string{}
	for _, d := range v.Dropped {
		reasons[d.Test] = d.Reason
	}
	for test, want := range map[string]string{"TestCase2": "does not compile", "TestCase3": "fails", "TestCase4": "go vet"} {
		if !strings.HasPrefix(reasons[test], want) {
			t.Errorf("%s dropped for %q, want a reason starting %q", test, reasons[test], want)
		}
	}
	if v.Report.Coverage != 1 {
		t.Errorf("coverage = %v, want 1", v.Report.Coverage)
	}
}

// A generated test that changes package state the package's own tests
// rely on is dropped; one that leaves it alone stays.
func TestCasesKeepsTheirTestsPassing(t *testing.T) {
	goTestInParallel(t)
	dir := scratchModule(t, map[string]string{
		"p.go":      "package p\n\nvar sep = \",\"\n\n// SetSep sets the separator.\nfunc SetSep(s string) { sep = s }\n\n// Join joins a and b.\nfunc Join(a, b string) string { return a + sep + b }\n\n// Abs returns |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
		"p_test.go": "package p_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/p\"\n)\n\nfunc TestJoin(t *testing.T) {\n\tif got := p.Join(\"a\", \"b\"); got != \"a,b\" {\n\t\tt.Errorf(\"Join = %q\", got)\n\t}\n}\n",
	})
	bodies := map[int]string{
		1: "\tp.SetSep(\";\")\n\tif p.Join(\"x\", \"y\") != \"x;y\" {\n\t\tt.Error(\"Join\")\n\t}",
		2: "\tif p.Abs(-1) != 1 {\n\t\tt.Error(\"Abs\")\n\t}",
	}
	file := filepath.Join(dir, "p_gentest_test.go")
	user := []string{filepath.Join(dir, "p_test.go")}
	alone := Options{Dir: dir, Remove: user, Count: 1, Shuffle: "1", Vet: true, WorkDir: t.TempDir()}
	together := Options{Dir: dir, Count: 3, Shuffle: "1", WorkDir: t.TempDir()}
	plan := Plan{File: file, Render: fakeRender(bodies), Alone: alone, Together: &together}
	v, err := Cases(context.Background(), plan, casesOf(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(testsOf(v.Out), ","), "TestCase2"; got != want {
		t.Errorf("written tests = %s, want %s", got, want)
	}
	if len(v.Dropped) != 1 || !strings.Contains(v.Dropped[0].Reason, "package's own tests") {
		t.Errorf("dropped = %+v, want TestCase1 for breaking the package's own tests", v.Dropped)
	}
}

// A generated test that passes only when another one ran before it in the
// same order is dropped: Orders runs the file beside the package's own
// tests in other orders, where it runs first.
func TestCasesOrders(t *testing.T) {
	goTestInParallel(t)
	dir := scratchModule(t, map[string]string{
		"p.go":      "package p\n\nvar ready bool\n\n// Init makes the package ready.\nfunc Init() { ready = true }\n\n// Ready reports whether Init ran.\nfunc Ready() bool { return ready }\n\n// Abs returns |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
		"p_test.go": "package p_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/p\"\n)\n\nfunc TestAbs(t *testing.T) {\n\tif p.Abs(-2) != 2 {\n\t\tt.Error(\"Abs\")\n\t}\n}\n",
	})
	bodies := map[int]string{
		1: "\tp.Init()",
		2: "\tif !p.Ready() {\n\t\tt.Error(\"not ready\")\n\t}",
		3: "\tif p.Abs(-1) != 1 {\n\t\tt.Error(\"Abs\")\n\t}",
	}
	file := filepath.Join(dir, "p_gentest_test.go")
	user := []string{filepath.Join(dir, "p_test.go")}
	// Declaration order, repeated: TestCase1 always runs before TestCase2.
	alone := Options{Dir: dir, Remove: user, Count: 2, Vet: true, WorkDir: t.TempDir()}
	together := Options{Dir: dir, Count: 2, WorkDir: t.TempDir()}
	plan := Plan{File: file, Render: fakeRender(bodies), Alone: alone, Together: &together}
	v, err := Cases(context.Background(), plan, casesOf(1, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(testsOf(v.Out), ","), "TestCase1,TestCase2,TestCase3"; got != want {
		t.Errorf("in declaration order only, written tests = %s, want %s", got, want)
	}
	plan.Orders = []string{"1", "2", "3", "4", "5", "6"}
	v, err = Cases(context.Background(), plan, casesOf(1, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(testsOf(v.Out), ","), "TestCase1,TestCase3"; got != want {
		t.Errorf("with other orders, written tests = %s, want %s", got, want)
	}
}

// The package's own tests that depend on their own order are not the
// file's doing: the file's tests change the order a seed gives, and the
// same order with the file's tests emptied shows the failure is theirs.
func TestCasesOwnOrderDependence(t *testing.T) {
	goTestInParallel(t)
	dir, bodies, keys := readyModule(t)
	file := filepath.Join(dir, "p_gentest_test.go")
	user := []string{filepath.Join(dir, "p_test.go")}
	alone := Options{Dir: dir, Remove: user, Count: 1, Vet: true, WorkDir: t.TempDir()}
	// Seed 1 runs TestNotReady before TestInit without the file, and
	// after it with the file's six tests (math/rand's Shuffle over 2 and
	// over 8 tests): without the emptied run the file would be blamed.
	together := Options{Dir: dir, Count: 1, Shuffle: "1", WorkDir: t.TempDir()}
	plan := Plan{File: file, Render: fakeRender(bodies), Alone: alone, Together: &together}
	v, err := Cases(context.Background(), plan, casesOf(keys...))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Dropped) != 0 {
		t.Errorf("dropped %+v, want nothing: TestNotReady fails by its own order", v.Dropped)
	}
}

// An own test that fails once beside the file and passes when the same
// run is repeated is flaky (a timing check under load), not broken by the
// file: no generated test is dropped for it. TestFlaky counts its runs in
// a file and fails only its second, the first with the generated file.
// Before failures were confirmed, the file was blamed and bisection
// dropped half of its tests.
func TestCasesFlakyOwnTest(t *testing.T) {
	goTestInParallel(t)
	count := filepath.Join(t.TempDir(), "count")
	dir := scratchModule(t, map[string]string{
		"p.go": "package p\n\n// Abs returns |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
		"p_test.go": `package p_test

import (
	"os"
	"strconv"
	"testing"
)

func TestFlaky(t *testing.T) {
	path := ` + strconv.Quote(count) + `
	b, _ := os.ReadFile(path)
	n, _ := strconv.Atoi(string(b))
	n++
	if err := os.WriteFile(path, []byte(strconv.Itoa(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	if n == 2 {
		t.Fatal("too slow")
	}
}
`,
	})
	bodies := map[int]string{}
	var keys []int
	for k := 1; k <= 4; k++ {
		bodies[k] = fmt.Sprintf("\tif p.Abs(-%d) != %d {\n\t\tt.Error(\"Abs\")\n\t}", k, k)
		keys = append(keys, k)
	}
	file := filepath.Join(dir, "p_gentest_test.go")
	user := []string{filepath.Join(dir, "p_test.go")}
	alone := Options{Dir: dir, Remove: user, Count: 1, Shuffle: "1", Vet: true, WorkDir: t.TempDir()}
	together := Options{Dir: dir, Count: 1, Shuffle: "1", WorkDir: t.TempDir()}
	plan := Plan{File: file, Render: fakeRender(bodies), Alone: alone, Together: &together}
	v, err := Cases(context.Background(), plan, casesOf(keys...))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(testsOf(v.Out), ","), "TestCase1,TestCase2,TestCase3,TestCase4"; got != want || len(v.Dropped) != 0 {
		t.Errorf("written tests = %s, dropped %+v; want %s and nothing dropped", got, v.Dropped, want)
	}
}

func TestEmptied(t *testing.T) {
	src := []byte("package p_test\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestMain(m *testing.M) { os.Exit(m.Run()) }\n\nfunc TestB(t *testing.T) { t.Fatal(1) }\n\nfunc helper() {}\n\nfunc TestA(t *testing.T) { t.Fatal(2) }\n\nfunc FuzzC(f *testing.F) {}\n")
	got, err := emptied(src)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p_test\n\nimport \"testing\"\n\nvar _ testing.TB\n\nfunc TestB(*testing.T) {}\n\nfunc TestA(*testing.T) {}\n"
	if string(got) != want {
		t.Errorf("emptied =\n%s\nwant\n%s", got, want)
	}
	if _, err := emptied([]byte("package")); err == nil {
		t.Error("no error for a file that does not parse")
	}
}

// When nothing survives, the error says why in one line.
func TestCasesNothingSurvives(t *testing.T) {
	goTestInParallel(t)
	dir := scratchModule(t, map[string]string{"p.go": "package p\n\n// Abs returns x.\nfunc Abs(x int) int { return x }\n"})
	bodies := map[int]string{1: "\tt.Fatal(\"no\")", 2: "\tt.Fatal(\"no\")"}
	plan := Plan{File: filepath.Join(dir, "p_gentest_test.go"), Render: fakeRender(bodies),
		Alone: Options{Dir: dir, Count: 1, WorkDir: t.TempDir()}}
	_, err := Cases(context.Background(), plan, casesOf(1, 2))
	if err == nil || !strings.Contains(err.Error(), "all 2 dropped") || strings.Contains(err.Error(), "\n") {
		t.Errorf("err = %v, want one line saying all 2 were dropped", err)
	}
}

// A case that fails only on its checks keeps its calls: its checks are
// taken out and the case verified again (weaken); a case that still
// fails without them is dropped, and so is one that panics.
func TestCasesWeakensFailingChecks(t *testing.T) {
	goTestInParallel(t)
	dir := scratchModule(t, map[string]string{
		"p.go": "package p\n\n// Abs returns |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
	})
	checked := map[int]string{
		1: "\tif p.Abs(-2) != 3 {\n\t\tt.Error(\"Abs(-2) != 3\")\n\t}",
		2: "\tif p.Abs(5) != 4 {\n\t\tt.Error(\"Abs(5) != 4\")\n\t}",
		3: "\tif p.Abs(1) != 2 {\n\t\tpanic(\"no\")\n\t}",
	}
	plain := map[int]string{
		1: "\tp.Abs(-2)",
		2: "\tt.Error(\"still fails\")",
		3: "\tp.Abs(1)",
	}
	render := func(cases []*oracle.Case, noSeed map[int]bool) (*emit.Output, error) {
		bodies := map[int]string{}
		for _, c := range cases {
			bodies[c.Key] = plain[c.Key]
			if len(c.Asserts) > 0 {
				bodies[c.Key] = checked[c.Key]
			}
		}
		return fakeRender(bodies)(cases, noSeed)
	}
	cases := casesOf(1, 2, 3)
	for _, c := range cases {
		c.Asserts = []oracle.Assertion{{Kind: oracle.Equal}}
	}
	plan := Plan{File: filepath.Join(dir, "p_gentest_test.go"), Render: render,
		Alone: Options{Dir: dir, Count: 2, Shuffle: "1", Vet: true, Cover: true, WorkDir: t.TempDir()}}
	v, err := Cases(context.Background(), plan, cases)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(testsOf(v.Out), ","), "TestCase1"; got != want {
		t.Errorf("written tests = %s, want %s", got, want)
	}
	if !strings.Contains(string(v.Out.Src), "\tp.Abs(-2)\n") {
		t.Errorf("TestCase1 is not the case without its checks:\n%s", v.Out.Src)
	}
	if len(v.Dropped) != 2 {
		t.Errorf("dropped = %+v, want TestCase2 (fails without its checks) and TestCase3 (panics)", v.Dropped)
	}
}

// The own tests' order dependence does not cost the file more than the
// cases that failed: uuid's TestSetRand leaves a drained reader, after
// which its own TestRandomUUID_Pooled panics, and so do generated tests
// that call New. The own failure used to be blamed on the file whenever a
// generated case failed in the same run, and bisection dropped 48 of
// uuid's tests. Here TestInit leaves the package ready, after which the
// own TestNotReady fails and so does case 7.
func TestCasesOwnOrderDependenceWithFailingCase(t *testing.T) {
	goTestInParallel(t)
	dir, bodies, keys := readyModule(t)
	bodies[7] = "\tif p.Ready() {\n\t\tt.Error(\"ready\")\n\t}"
	keys = append(keys, 7)
	file := filepath.Join(dir, "p_gentest_test.go")
	user := []string{filepath.Join(dir, "p_test.go")}
	alone := Options{Dir: dir, Remove: user, Count: 1, Vet: true, WorkDir: t.TempDir()}
	// Seed 5 runs TestInit before TestNotReady and case 7, with or
	// without the file; before the fix it also dropped case 6.
	together := Options{Dir: dir, Count: 1, Shuffle: "5", WorkDir: t.TempDir()}
	plan := Plan{File: file, Render: fakeRender(bodies), Alone: alone, Together: &together}
	v, err := Cases(context.Background(), plan, casesOf(keys...))
	if err != nil {
		t.Fatal(err)
	}
	var dropped []string
	for _, d := range v.Dropped {
		dropped = append(dropped, d.Test)
	}
	if len(dropped) != 1 || dropped[0] != "TestCase7" {
		t.Errorf("dropped %v, want only TestCase7: TestNotReady fails by its own order", dropped)
	}
}

// readyModule writes a package whose own tests depend on their order
// (TestNotReady fails after TestInit), and returns its directory with six
// generated cases that pass in any order, keys 1 to 6.
func readyModule(t *testing.T) (dir string, bodies map[int]string, keys []int) {
	t.Helper()
	dir = scratchModule(t, map[string]string{
		"p.go":      "package p\n\nvar ready bool\n\n// Init makes the package ready.\nfunc Init() { ready = true }\n\n// Ready reports whether Init ran.\nfunc Ready() bool { return ready }\n\n// Abs returns |x|.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
		"p_test.go": "package p_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/p\"\n)\n\nfunc TestNotReady(t *testing.T) {\n\tif p.Ready() {\n\t\tt.Error(\"ready\")\n\t}\n}\n\nfunc TestInit(t *testing.T) {\n\tp.Init()\n}\n",
	})
	bodies = map[int]string{}
	for k := 1; k <= 6; k++ {
		bodies[k] = "\tif p.Abs(-1) != 1 {\n\t\tt.Error(\"Abs\")\n\t}"
		keys = append(keys, k)
	}
	return dir, bodies, keys
}
