package policy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
)

// The fixture module: a target with a function of each effect class the
// policy decides on, and an implementation of its interface in another
// package of the module that the target does not import.
var fixtureFiles = map[string]string{
	"go.mod": "module example.com/pol\n\ngo 1.22\n",
	"target/target.go": `package target

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"time"
)

func Add(a, b int) int { return a + b }

func Save(name string) error { return os.WriteFile(name, nil, 0o644) }

func Quit(code int) { os.Exit(code) }

var hook = func() {}

// Indirect calls a function value that is not a parameter: its effects
// are unknown.
func Indirect() { hook() }

func Call(f func()) { f() }

func Read(r io.Reader) int {
	b := make([]byte, 1)
	n, _ := r.Read(b)
	return n
}

type Counter struct{ n int }

func Bump(c *Counter) { c.n++ }

func Now() int64 { return time.Now().UnixNano() }

type Stack struct{ xs []int }

func (s *Stack) Push(x int)     { s.xs = append(s.xs, x) }
func (s *Stack) Fill(dst []int) { copy(dst, s.xs) }
func (s *Stack) Len() int       { return len(s.xs) }

type Fn func()

func (f Fn) Do() { f() }

type Shape interface{ Area() int }

// Where depends on its call site: no side effect, but not pure either.
func Where() int {
	_, _, line, _ := runtime.Caller(1)
	return line
}

// Tick starts a ticker that goes on after the call.
func Tick() *time.Ticker { return time.NewTicker(time.Hour) }

// Trace starts the execution tracer.
func Trace() error { return runtime.StartTrace() }

// Queue's Offer sends on a channel the receiver holds: a mutator.
type Queue struct{ ch chan int }

func (q *Queue) Offer(x int) bool {
	select {
	case q.ch <- x:
		return true
	default:
		return false
	}
}

// Point's String formats plain fields: a pure observer.
type Point struct {
	X, Y int
	Name string
}

func (p Point) String() string { return fmt.Sprintf("%s(%d, %d)", p.Name, p.X, p.Y) }

// Show formats its argument: String is the caller's to choose.
func Show(s fmt.Stringer) string { return fmt.Sprintf("<%v>", s) }

func Classify(s Shape) string {
	if s.Area() > 100 {
		return "big"
	}
	return "small"
}
`,
	"impl/impl.go": `package impl

type Square struct{ Side int }

func (q *Square) Area() int { return q.Side * q.Side }
`,
	"cmd/main.go": "package main\n\nfunc main() {}\n",
}

const targetPath = "example.com/pol/target"

var (
	fixDir   string
	fixOnce  sync.Once
	fixErr   error
	fixture  *loaded
	analyzed = suite.Analyzers()
)

type loaded struct {
	targets, roots []*packages.Package
	an             *load.Analysis
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixDir != "" {
		os.RemoveAll(fixDir)
	}
	os.Exit(code)
}

// loadFixture loads the fixture as the generator does, with the support
// packages and, since the target needs a Shape nothing loaded provides,
// the rest of its module, and analyses policy.AnalysisRoots; once for all
// tests.
func loadFixture(t *testing.T) *loaded {
	t.Helper()
	if testing.Short() {
		t.Skip("loads and analyses packages")
	}
	fixOnce.Do(func() {
		fixDir, fixErr = os.MkdirTemp("", "policy-test-")
		if fixErr != nil {
			return
		}
		for rel, content := range fixtureFiles {
			p := filepath.Join(fixDir, rel)
			if fixErr = os.MkdirAll(filepath.Dir(p), 0o755); fixErr != nil {
				return
			}
			if fixErr = os.WriteFile(p, []byte(content), 0o644); fixErr != nil {
				return
			}
		}
		l := &loaded{}
		l.targets, l.roots, fixErr = load.WithSupport(fixDir, []string{"./target"}, NeedsModule)
		if fixErr != nil {
			return
		}
		l.an, fixErr = load.Analyze(analyzed, AnalysisRoots(l.targets, l.roots))
		fixture = l
	})
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	return fixture
}

func (l *loaded) target() *packages.Package { return l.targets[0] }

func (l *loaded) fn(t *testing.T, pkgPath, name string) *types.Func {
	t.Helper()
	for _, r := range l.roots {
		var found *types.Func
		packages.Visit([]*packages.Package{r}, nil, func(p *packages.Package) {
			if p.PkgPath != pkgPath || found != nil {
				return
			}
			recv, meth, ok := strings.Cut(name, ".")
			if !ok {
				found, _ = p.Types.Scope().Lookup(name).(*types.Func)
				return
			}
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(p.Types.Scope().Lookup(recv).Type()), true, p.Types, meth)
			found, _ = obj.(*types.Func)
		})
		if found != nil {
			return found
		}
	}
	t.Fatalf("no function %s.%s", pkgPath, name)
	return nil
}

// foreign is a function type-checked outside the loaded universe: no
// facts exist for it.
func foreign(t *testing.T) *types.Func {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", "package x\n\nfunc Make() int { return 1 }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/x", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg.Scope().Lookup("Make").(*types.Func)
}

// The safety policy on real facts: dangerous effects and unknown ones are
// excluded with reasons, -allow and the sandbox opt in.
func TestSafety(t *testing.T) {
	l := loadFixture(t)
	fn := func(name string) *types.Func { return l.fn(t, targetPath, name) }
	type want struct {
		name string
		has  string // "" keeps the function
	}
	check := func(label string, ex func(*types.Func) string, wants []want) {
		t.Helper()
		for _, w := range wants {
			got := ex(fn(w.name))
			if w.has == "" && got != "" || w.has != "" && !strings.Contains(got, w.has) {
				t.Errorf("%s: %s excluded for %q, want %q", label, w.name, got, w.has)
			}
		}
	}
	check("default", Safety(l.an, targetPath, 0, false), []want{
		{"Add", ""}, {"Call", ""}, {"Read", ""}, {"Bump", ""}, {"Now", ""}, {"Stack.Push", ""},
		{"Save", "io:fs-write: "}, {"Save", "os.WriteFile"}, {"Save", "(use -allow to call it)"},
		{"Quit", "exits: "}, {"Quit", "os.Exit"},
		{"Indirect", "effects unknown (conservative summary); not called by default"},
	})
	check("sandboxed", Safety(l.an, targetPath, 0, true), []want{
		{"Indirect", ""}, {"Save", "io:fs-write"}, {"Quit", "exits"}, {"Add", ""},
	})
	check("-allow fs-write", Safety(l.an, targetPath, purity.FSWrite, false), []want{
		{"Save", ""}, {"Quit", "exits"}, {"Indirect", "effects unknown"},
	})
	check("-allow io,exit", Safety(l.an, targetPath, Dangerous, false), []want{
		{"Save", ""}, {"Quit", ""}, {"Indirect", ""},
	})

	// A producer from another package: its own facts decide; a function
	// with no facts at all is kept out unless the sandbox confines it.
	outside := Safety(l.an, targetPath, 0, false)
	if got := outside(l.fn(t, "strings", "NewReader")); got != "" {
		t.Errorf("strings.NewReader excluded: %q", got)
	}
	if got := outside(foreign(t)); got != "no effect facts for this function; not called outside the sandbox" {
		t.Errorf("function without facts: %q", got)
	}
	if got := Safety(l.an, targetPath, 0, true)(foreign(t)); got != "" {
		t.Errorf("function without facts, sandboxed: %q", got)
	}
	// Without the purity analyzer's results nothing is excluded.
	if got := Safety(l.an, "example.com/pol/nosuch", 0, false)(fn("Save")); got != "" {
		t.Errorf("no purity result for the package, yet %q", got)
	}
}

// The detective's producers must be exactly known to do nothing but
// compute (mutating their arguments or panicking is fine).
func TestSideEffectFree(t *testing.T) {
	l := loadFixture(t)
	ok := SideEffectFree(l.an)
	for _, tc := range []struct {
		pkg, name string
		want      bool
	}{
		{"strings", "NewReader", true},
		{targetPath, "Add", true},
		{targetPath, "Bump", true},
		{targetPath, "Save", false},     // I/O
		{targetPath, "Quit", false},     // exits
		{targetPath, "Now", false},      // nondeterministic
		{targetPath, "Indirect", false}, // conservative
		{targetPath, "Where", true},     // depends on the call site only
		{targetPath, "Tick", false},     // a ticker outlives the call
		{targetPath, "Trace", false},    // so does the tracer
		{"time", "AfterFunc", false},
		{"time", "NewTimer", false},
		{"time", "Now", false},
		{"os", "WriteFile", false},
	} {
		if got := ok(l.fn(t, tc.pkg, tc.name)); got != tc.want {
			t.Errorf("SideEffectFree(%s.%s) = %v, want %v", tc.pkg, tc.name, got, tc.want)
		}
	}
	if ok(foreign(t)) {
		t.Errorf("a function without facts is side-effect free")
	}
}

// Effects read the purity facts; calls through a parameter (a function
// value, an interface's methods) count as mutating that argument, with
// the receiver at index 0 for methods.
func TestEffects(t *testing.T) {
	l := loadFixture(t)
	eff := Effects(l.an, targetPath)
	tests := []struct {
		name string
		want model.Effects
	}{
		{"Add", model.Effects{Known: true, Pure: true}},
		{"Bump", model.Effects{Known: true, MutatesParams: []int{0}}},
		{"Call", model.Effects{Known: true, MutatesParams: []int{0}}},
		{"Read", model.Effects{Known: true, MutatesParams: []int{0}}},
		{"Now", model.Effects{Known: true, Nondeterministic: true}},
		{"Stack.Push", model.Effects{Known: true, MutatesRecv: true}},
		{"Stack.Fill", model.Effects{Known: true, MutatesParams: []int{1}}},
		{"Stack.Len", model.Effects{Known: true, Pure: true}},
		{"Fn.Do", model.Effects{Known: true, MutatesRecv: true}},
		{"Where", model.Effects{Known: true, Nondeterministic: true}},
		{"Queue.Offer", model.Effects{Known: true, MutatesRecv: true}},
		{"Point.String", model.Effects{Known: true, Pure: true}},
		{"Show", model.Effects{Known: true, MutatesParams: []int{0}}},
	}
	for _, tc := range tests {
		got := eff(l.fn(t, targetPath, tc.name))
		if got.Known != tc.want.Known || got.Pure != tc.want.Pure || got.MutatesRecv != tc.want.MutatesRecv ||
			got.Nondeterministic != tc.want.Nondeterministic || !slices.Equal(got.MutatesParams, tc.want.MutatesParams) {
			t.Errorf("Effects(%s) = %+v, want %+v", tc.name, got, tc.want)
		}
	}
	// A dependency's function: from its fact.
	if got := eff(l.fn(t, "strings", "NewReader")); !got.Known || !got.Pure {
		t.Errorf("Effects(strings.NewReader) = %+v, want known and pure", got)
	}
	if got := eff(foreign(t)); got.Known {
		t.Errorf("Effects of a function without facts = %+v, want unknown", got)
	}
}

// Options wires the policy into the model: the excluded operations carry
// their reasons, the detective gets the support packages and effects are
// filled in.
func TestModelOptions(t *testing.T) {
	l := loadFixture(t)
	m := Model{Analysis: l.an, Pkg: l.target()}
	if o := m.Options(); o.Support != nil || o.Exclude == nil || o.ProducerOK == nil || o.Effects == nil {
		t.Fatalf("Options without support: %+v", o)
	}
	m.Support = l.roots
	o := m.Options()
	if len(o.Support) != len(l.roots) || o.Support[len(o.Support)-1] != l.target().Types {
		t.Errorf("support: %d packages, want the %d roots with the target last", len(o.Support), len(l.roots))
	}
	prog := model.Build(l.target().Types, o)
	excluded := map[string]string{}
	for _, e := range prog.Excluded {
		excluded[e.Name] = e.Reason
	}
	if !strings.HasPrefix(excluded["Save"], "io:fs-write") || !strings.HasPrefix(excluded["Quit"], "exits") ||
		!strings.HasPrefix(excluded["Indirect"], "effects unknown") {
		t.Errorf("excluded: %v", excluded)
	}
	producers := map[string]bool{}
	for _, op := range prog.Ops {
		if op.Detective && op.Func != nil {
			producers[op.Func.FullName()] = true
		}
		if op.Func != nil && op.Func.Name() == "Add" && !op.Effects.Pure {
			t.Errorf("Add's effects not filled in: %+v", op.Effects)
		}
	}
	if !producers["strings.NewReader"] {
		t.Errorf("producers %v, want strings.NewReader for io.Reader", producers)
	}
	// Sandboxed, the conservative function comes back.
	m.Sandboxed = true
	for _, e := range model.Build(l.target().Types, m.Options()).Excluded {
		if e.Name == "Indirect" {
			t.Errorf("Indirect excluded in the sandbox: %s", e.Reason)
		}
	}
}

// The targets need an io.Reader (strings provides one) and a Shape (only
// impl, elsewhere in the module, does): the module is loaded, and then
// nothing more is needed. The analysis roots are the targets and the
// loaded packages that can supply an input and are not dependencies.
func TestNeedsModuleAndAnalysisRoots(t *testing.T) {
	l := loadFixture(t)
	var paths []string
	var withoutImpl []*packages.Package
	for _, r := range l.roots {
		paths = append(paths, r.PkgPath)
		if r.PkgPath != "example.com/pol/impl" {
			withoutImpl = append(withoutImpl, r)
		}
	}
	if !slices.Contains(paths, "example.com/pol/impl") || slices.Contains(paths, "example.com/pol/cmd") {
		t.Fatalf("roots %v: want the module's impl (NeedsModule asked for it), not its main package", paths)
	}
	if !NeedsModule(l.targets, withoutImpl) {
		t.Errorf("NeedsModule = false without impl, want true: nothing else makes a Shape")
	}
	if NeedsModule(l.targets, l.roots) {
		t.Errorf("NeedsModule = true with impl loaded, want false")
	}
	var impl []*packages.Package
	for _, r := range l.roots {
		if r.PkgPath == "example.com/pol/impl" {
			impl = append(impl, r)
		}
	}
	if NeedsModule(impl, impl) {
		t.Errorf("NeedsModule = true for a package that needs nothing")
	}

	var got []string
	for _, r := range AnalysisRoots(l.targets, l.roots) {
		got = append(got, r.PkgPath)
	}
	// bytes and strings make io.Readers, impl a Shape; errors and
	// context supply neither; the target's own dependencies get facts
	// anyway.
	want := []string{targetPath, "bytes", "example.com/pol/impl", "strings"}
	if !slices.Equal(got, want) {
		t.Errorf("AnalysisRoots = %v, want %v", got, want)
	}
}

// Constant facts for mining: the target's pool, the corpus for idf, and
// each function's own constants.
func TestConstants(t *testing.T) {
	l := loadFixture(t)
	cf := Constants(l.an, l.target())
	if cf == nil || cf.Target == nil || len(cf.Corpus) == 0 || cf.Corpus[0] != cf.Target {
		t.Fatalf("Constants = %+v, want the target's pool first in the corpus", cf)
	}
	fc := cf.Func(l.fn(t, targetPath, "Classify"))
	if fc == nil {
		t.Fatal("no constants for Classify")
	}
	found := false
	for _, c := range fc.Consts {
		found = found || c.Kind == constpool.KindInt && c.Value == "100" && c.Origin&constpool.Compared != 0
	}
	if !found {
		t.Errorf("Classify's constants %v, want 100, compared", fc.Consts)
	}
	none, err := load.Analyze(nil, l.targets)
	if err != nil {
		t.Fatal(err)
	}
	if Constants(none, l.target()) != nil {
		t.Errorf("Constants without the constpool analyzer: want nil")
	}
}
