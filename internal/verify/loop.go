package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/oracle"
)

// Plan describes how to verify generated cases: how to render them, and
// the go test runs the rendered file must pass.
type Plan struct {
	// File is the path the generated file has while it is verified (in
	// the package directory).
	File string
	// Render renders a set of cases as a file; the cases in noSeed must
	// not seed fuzz targets.
	Render func(cases []*oracle.Case, noSeed map[int]bool) (*emit.Output, error)
	// Alone runs the generated file without the package's own tests; its
	// Files get the rendered file added. Its coverage is the file's.
	Alone Options
	// Together, when set, runs the generated file beside the package's
	// own tests, which must keep passing: a generated test that changes
	// package state they rely on is dropped.
	Together *Options
	// Orders lists further -shuffle values Together runs with, each its
	// own go test run with -count=1: one order repeated (Together's
	// Count) exposes a test that leaves state behind, but not a test that
	// passes only when another test ran before it in the same order;
	// other orders do.
	Orders []string
	// MaxRounds bounds the render-verify-drop rounds (default 12).
	MaxRounds int
	// Logf receives progress lines, Debugf details of each round; nil
	// discards them.
	Logf, Debugf func(format string, args ...any)
}

// Dropped is a test left out of the written file, and why.
type Dropped struct {
	// Test is the test function, or function/subtest, the case ran as.
	Test   string `json:"test"`
	Reason string `json:"reason"`
	Key    int    `json:"-"`
}

// Verified is the outcome of Cases.
type Verified struct {
	Out *emit.Output
	// Report is the last run of the file alone (its coverage).
	Report  *Report
	Dropped []Dropped
	// Rounds counts the go test runs.
	Rounds int
}

// ErrNoTests is wrapped by the error Cases returns when not one test
// survives verification.
var ErrNoTests = errors.New("no generated test passed verification")

// Cases renders cases, verifies the file and drops exactly the cases that
// fail — do not compile, do not pass go vet, fail, or break the package's
// own tests — then renders and verifies again, until the file verifies.
// A problem that cannot be pinned on a case (a diagnostic outside every
// test) is found by bisecting the file's test functions. Cases fails only
// when no case survives, or the file cannot verify for a reason no case
// explains.
func Cases(ctx context.Context, p Plan, cases []*oracle.Case) (*Verified, error) {
	v := &verifier{plan: p, base: filepath.Base(p.File)}
	if v.plan.MaxRounds <= 0 {
		v.plan.MaxRounds = 12
	}
	if v.plan.Logf == nil {
		v.plan.Logf = func(string, ...any) {}
	}
	if v.plan.Debugf == nil {
		v.plan.Debugf = func(string, ...any) {}
	}
	return v.run(ctx, cases)
}

type verifier struct {
	plan    Plan
	base    string
	res     Verified
	dropped map[int]bool
	noSeed  map[int]bool
	// weakened holds the cases whose checks were taken out (weaken).
	weakened map[int]bool
	// userFails are the package's own tests that fail without the
	// generated file (nil until measured).
	userFails   map[string]bool
	togetherOff bool
}

func (v *verifier) drop(out *emit.Output, key int, reason string) {
	if v.dropped == nil {
		v.dropped, v.noSeed = map[int]bool{}, map[int]bool{}
	}
	if IsSeedOnly(reason) {
		if !v.noSeed[key] && !v.dropped[key] {
			v.noSeed[key] = true
			v.res.Dropped = append(v.res.Dropped, Dropped{Test: testOf(out, key, true), Reason: reason, Key: key})
		}
		return
	}
	if v.dropped[key] {
		return
	}
	v.dropped[key] = true
	v.res.Dropped = append(v.res.Dropped, Dropped{Test: testOf(out, key, false), Reason: reason, Key: key})
}

func (v *verifier) render(cases []*oracle.Case) (*emit.Output, error) {
	return v.plan.Render(cases, v.noSeed)
}

func (v *verifier) run(ctx context.Context, cases []*oracle.Case) (*Verified, error) {
	for round := 0; ; round++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(cases) == 0 {
			return nil, v.noTests()
		}
		out, err := v.render(cases)
		if err != nil {
			return nil, err
		}
		for _, k := range out.Skipped {
			v.drop(out, k, "cannot be written in Go source outside the package")
		}
		cases = without(cases, v.dropped)
		if len(out.Tests) == 0 {
			return nil, v.noTests()
		}
		if round >= v.plan.MaxRounds {
			return nil, fmt.Errorf("generated tests still fail after %d rounds of dropping the failing ones", round)
		}
		rep, err := v.alone(ctx, out)
		if err != nil {
			return nil, err
		}
		bad, unmapped := Blame(out, v.base, rep)
		v.debugRound(round, out, rep, bad, unmapped)
		if len(bad) == 0 && len(unmapped) == 0 && !rep.BuildFailed {
			tbad, tunmapped, err := v.together(ctx, out)
			if err != nil {
				return nil, err
			}
			if len(tbad) == 0 && len(tunmapped) == 0 {
				v.res.Out, v.res.Report = out, rep
				return &v.res, nil
			}
			bad, unmapped = tbad, tunmapped
			if len(unmapped) > 0 {
				v.plan.Logf("the package's own tests fail beside the generated file: %s", strings.Join(unmapped, "; "))
				keep, err := v.bisect(ctx, cases, out, v.breaksNothing, "breaks the package's own tests: "+unmapped[0])
				if err != nil {
					return nil, err
				}
				cases = keep
				unmapped = nil
			}
		}
		if len(unmapped) > 0 {
			v.plan.Logf("verification problems no test explains; bisecting: %s", strings.Join(unmapped, "; "))
			keep, err := v.bisect(ctx, cases, out, v.verifiesAlone, unmapped[0])
			if err != nil {
				return nil, err
			}
			cases = keep
		}
		keys := make([]int, 0, len(bad))
		for k := range bad {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			if w := v.weaken(cases, k, bad[k]); w != nil {
				cases = w
				continue
			}
			v.drop(out, k, bad[k])
		}
		cases = without(cases, v.dropped)
	}
}

// weaken returns cases with case key's checks taken out, when all that
// failed was one of its checks (a t.Error line of the file): the calls
// stay, for the code they cover, and the test says the target must not
// panic. A value the executor saw that go test does not (uuid's
// NodeInterface, named after the host's first network interface) cost
// the whole test before. A case is weakened once; nil when it is not.
func (v *verifier) weaken(cases []*oracle.Case, key int, reason string) []*oracle.Case {
	what, text, _ := strings.Cut(reason, ": ")
	if what != "fails" || !strings.HasPrefix(text, v.base+":") || strings.Contains(text, "panic") || v.weakened[key] {
		return nil
	}
	for i, c := range cases {
		if c.Key != key || len(c.Asserts) == 0 || c.Panics {
			continue
		}
		w := *c
		w.Asserts = nil
		w.Unverified = firstLines(text, 1)
		out := append([]*oracle.Case(nil), cases...)
		out[i] = &w
		if v.weakened == nil {
			v.weakened = map[int]bool{}
		}
		v.weakened[key] = true
		v.plan.Logf("checks of a case taken out, its calls kept: %s", firstLines(text, 1))
		return out
	}
	return nil
}

// noTests is the error when nothing survives: one line saying why, from
// the most common reason.
func (v *verifier) noTests() error {
	if len(v.res.Dropped) == 0 {
		return ErrNoTests
	}
	count := map[string]int{}
	var order []string
	for _, d := range v.res.Dropped {
		r := reasonClass(d.Reason)
		if count[r] == 0 {
			order = append(order, r)
		}
		count[r]++
	}
	sort.SliceStable(order, func(i, j int) bool { return count[order[i]] > count[order[j]] })
	return fmt.Errorf("%w: all %d dropped; most for: %s", ErrNoTests, len(v.res.Dropped), firstLines(order[0], 1))
}

var positionRE = regexp.MustCompile(`^[^\s:]+\.go:\d+: `)

// reasonClass strips a reason of what is particular to one test.
func reasonClass(r string) string {
	what, rest, ok := strings.Cut(r, ": ")
	if !ok {
		return r
	}
	return what + ": " + positionRE.ReplaceAllString(rest, "")
}

func (v *verifier) files(o Options, src []byte) Options {
	files := map[string][]byte{v.plan.File: src}
	for k, d := range o.Files {
		files[k] = d
	}
	o.Files = files
	return o
}

func (v *verifier) alone(ctx context.Context, out *emit.Output) (*Report, error) {
	o := v.files(v.plan.Alone, out.Src)
	o.Run = RunPattern(out.Tests)
	v.res.Rounds++
	return Run(ctx, o)
}

// verifiesAlone reports whether a rendered file has no problem that
// cannot be pinned on a case when run alone.
func (v *verifier) verifiesAlone(ctx context.Context, out *emit.Output) (bool, error) {
	rep, err := v.alone(ctx, out)
	if err != nil {
		return false, err
	}
	_, unmapped := Blame(out, v.base, rep)
	return len(unmapped) == 0, nil
}

// together runs the file beside the package's own tests, in Together's
// order and then in each of Orders, and returns the generated cases that
// failed there, and the package's own tests that failed only because the
// file was there.
func (v *verifier) together(ctx context.Context, out *emit.Output) (map[int]string, []string, error) {
	if v.plan.Together == nil || v.togetherOff {
		return nil, nil, nil
	}
	opts := []Options{*v.plan.Together}
	for _, order := range v.plan.Orders {
		// Together's Count already repeats one order, which exposes
		// state left behind; the other orders run once each.
		o := *v.plan.Together
		o.Shuffle, o.Count = order, 1
		opts = append(opts, o)
	}
	if v.userFails == nil {
		// What fails without the generated file is not the file's
		// doing. The own tests may depend on their own order, and the
		// file's tests change the order a seed gives: what fails in any
		// order without the file is theirs.
		fails := map[string]bool{}
		for _, o := range opts {
			rep, err := Run(ctx, o)
			v.res.Rounds++
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			if err != nil {
				// Too slow, typically: the file is still verified alone.
				v.plan.Logf("cannot run the package's own tests (%v); verifying the generated file alone", err)
				v.togetherOff = true
				return nil, nil, nil
			}
			if rep.BuildFailed {
				v.plan.Logf("the package's own tests do not build; verifying the generated file alone")
				v.togetherOff = true
				return nil, nil, nil
			}
			for name := range rep.Failed {
				fails[name] = true
			}
		}
		v.userFails = fails
	}
	for _, o := range opts {
		rep, err := Run(ctx, v.files(o, out.Src))
		v.res.Rounds++
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		if err != nil {
			v.plan.Logf("running the package's own tests beside the file failed (%v); verifying the generated file alone", err)
			v.togetherOff = true
			return nil, nil, nil
		}
		bad, unmapped := Blame(out, v.base, rep)
		var theirs []string
		for _, u := range unmapped {
			name := strings.TrimPrefix(u, "fails: ")
			name, _, _ = strings.Cut(name, ": ")
			top, _, _ := strings.Cut(name, "/")
			if v.userFails[name] || v.userFails[top] {
				continue
			}
			theirs = append(theirs, u)
		}
		if len(theirs) > 0 {
			// Also when some generated cases failed: the own tests may
			// fail by their own order (uuid's TestSetRand leaves a
			// drained reader, and TestRandomUUID_Pooled panics after
			// it), and the generated cases with them. Blamed on the
			// file, the own failure was bisected at once, and 48 of
			// uuid's tests went; found theirs, only the cases that
			// failed go.
			theirs, err = v.notTheirOwn(ctx, o, out, theirs)
			if err != nil {
				return nil, nil, err
			}
		}
		if len(bad) > 0 || len(theirs) > 0 {
			// Enough to act on; the next check runs every order again.
			return bad, theirs, nil
		}
	}
	return nil, nil, nil
}

// confirmRuns is how many more runs a failure of the package's own tests
// beside the file must repeat in, and how many runs with the file's tests
// emptied it must pass in, before it is blamed on the file. What a
// generated test does to package state or to the order of tests repeats
// in every run with the same -shuffle seed; a test that fails by the
// machine's load (gobwas/glob's TestGlob fails a match slower than 5 ms)
// does not, and would otherwise make verification drop generated tests
// at random: the written file would depend on the load.
const confirmRuns = 3

// notTheirOwn keeps the failures of the package's own tests beside out, in
// the order of o, that are the file's doing: they fail again in each of
// confirmRuns runs with the file, and in none of confirmRuns runs with
// every test of out emptied (the same test names, so the same shuffled
// order). A test that fails without the file's effects is their own; one
// that passes once with the file is flaky, and so is every test under its
// top-level test: neither is blamed on any generated file from then on.
func (v *verifier) notTheirOwn(ctx context.Context, o Options, out *emit.Output, theirs []string) ([]string, error) {
	stub, err := emptied(out.Src)
	if err != nil {
		return theirs, nil // the file is checked as it is
	}
	names := func(u string) (name, top string) {
		name = strings.TrimPrefix(u, "fails: ")
		name, _, _ = strings.Cut(name, ": ")
		top, _, _ = strings.Cut(name, "/")
		return name, top
	}
	for range confirmRuns {
		rep, err := Run(ctx, v.files(o, stub))
		v.res.Rounds++
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil || rep.BuildFailed {
			return theirs, nil
		}
		var keep []string
		for _, u := range theirs {
			name, top := names(u)
			if rep.Failed[name] || rep.Failed[top] {
				v.userFails[name] = true
				continue
			}
			keep = append(keep, u)
		}
		if theirs = keep; len(theirs) == 0 {
			return nil, nil
		}
		rep, err = Run(ctx, v.files(o, out.Src))
		v.res.Rounds++
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil || rep.BuildFailed {
			return theirs, nil
		}
		keep = nil
		for _, u := range theirs {
			name, top := names(u)
			if !rep.Failed[name] && !rep.Failed[top] {
				v.plan.Logf("the package's own %s failed once beside the generated file and passed the next time: flaky, not blamed on the file", top)
				v.userFails[top] = true
				continue
			}
			keep = append(keep, u)
		}
		if theirs = keep; len(theirs) == 0 {
			return nil, nil
		}
	}
	return theirs, nil
}

// emptied returns a test file with the same package and the same test
// functions as src, in the same order, each with an empty body: go test
// -shuffle orders the tests of both files alike.
func emptied(src []byte) ([]byte, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parsing the generated file: %w", err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport \"testing\"\n\nvar _ testing.TB\n", f.Name.Name)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Recv == nil && fd.Name.Name != "TestMain" && strings.HasPrefix(fd.Name.Name, "Test") && fd.Type.Params.NumFields() == 1 {
			fmt.Fprintf(&b, "\nfunc %s(*testing.T) {}\n", fd.Name.Name)
		}
	}
	return b.Bytes(), nil
}

// breaksNothing reports whether a rendered file leaves the package's own
// tests passing.
func (v *verifier) breaksNothing(ctx context.Context, out *emit.Output) (bool, error) {
	_, theirs, err := v.together(ctx, out)
	return len(theirs) == 0, err
}

// bisect keeps the test functions of out that pass check, found by
// splitting the set of functions in halves; the others' cases are dropped
// with reason. When every half passes on its own but the whole does not
// (tests that interfere only together), the second half is dropped, so
// that each call makes progress.
func (v *verifier) bisect(ctx context.Context, cases []*oracle.Case, out *emit.Output,
	check func(context.Context, *emit.Output) (bool, error), reason string) ([]*oracle.Case, error) {
	byKey := map[int]*oracle.Case{}
	for _, c := range cases {
		byKey[c.Key] = c
	}
	var groups [][]*oracle.Case
	for _, ti := range out.Tests {
		var g []*oracle.Case
		for _, k := range ti.Keys {
			if c := byKey[k]; c != nil {
				g = append(g, c)
				delete(byKey, k)
			}
		}
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	var test func(gs [][]*oracle.Case) (bool, error)
	test = func(gs [][]*oracle.Case) (bool, error) {
		o, err := v.render(flatten(gs))
		if err != nil {
			return false, err
		}
		return check(ctx, o)
	}
	var keep func(gs [][]*oracle.Case, known bool) ([][]*oracle.Case, error)
	keep = func(gs [][]*oracle.Case, knownBad bool) ([][]*oracle.Case, error) {
		if len(gs) == 0 {
			return nil, nil
		}
		if !knownBad {
			ok, err := test(gs)
			if err != nil || ok {
				return gs, err
			}
		}
		if len(gs) == 1 {
			return nil, nil
		}
		h := len(gs) / 2
		a, err := keep(gs[:h], false)
		if err != nil {
			return nil, err
		}
		b, err := keep(gs[h:], false)
		if err != nil {
			return nil, err
		}
		if len(a)+len(b) == len(gs) {
			return a, nil // interfere only together: give up the second half
		}
		return append(a, b...), nil
	}
	kept, err := keep(groups, true)
	if err != nil {
		return nil, err
	}
	keepKey := map[int]bool{}
	for _, c := range flatten(kept) {
		keepKey[c.Key] = true
	}
	for _, c := range cases {
		if !keepKey[c.Key] {
			v.drop(out, c.Key, reason)
		}
	}
	return without(cases, v.dropped), nil
}

func flatten(gs [][]*oracle.Case) []*oracle.Case {
	var out []*oracle.Case
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}

func without(cases []*oracle.Case, drop map[int]bool) []*oracle.Case {
	var out []*oracle.Case
	for _, c := range cases {
		if !drop[c.Key] {
			out = append(out, c)
		}
	}
	return out
}

// testOf names the test (or with fuzz, the fuzz seed) a case ran as in
// out.
func testOf(out *emit.Output, key int, fuzz bool) string {
	for _, ti := range out.Tests {
		if strings.HasPrefix(ti.Func, "Fuzz") != fuzz {
			continue
		}
		for i, k := range ti.Keys {
			if k == key {
				if ti.Subtests[i] != "" {
					return ti.Func + "/" + ti.Subtests[i]
				}
				return ti.Func
			}
		}
	}
	return fmt.Sprintf("case %d", key)
}

// RunPattern is the -run pattern that selects exactly tests.
func RunPattern(tests []emit.TestInfo) string {
	var names []string
	for _, t := range tests {
		names = append(names, regexp.QuoteMeta(t.Func))
	}
	return "^(" + strings.Join(names, "|") + ")$"
}

func (v *verifier) debugRound(round int, out *emit.Output, rep *Report, bad map[int]string, unmapped []string) {
	v.plan.Debugf("verification round %d: %d tests, build failed %v, %d failed, %d cases blamed, %d problems unmapped",
		round, len(out.Tests), rep.BuildFailed, len(rep.Failed), len(bad), len(unmapped))
	for _, u := range unmapped {
		v.plan.Debugf("  unmapped: %s", u)
	}
	keys := make([]int, 0, len(bad))
	for k := range bad {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		v.plan.Debugf("  case %d: %s", k, bad[k])
	}
	if rep.BuildFailed && len(bad) == 0 {
		v.plan.Debugf("  output:\n%s", rep.Output)
	}
	if os.Getenv("GENTEST_DEBUG") != "" {
		// The rendered file of each round, for reading beside the log.
		path := filepath.Join(os.TempDir(), fmt.Sprintf("gentest-debug-round%d.go", round))
		if os.WriteFile(path, out.Src, 0o644) == nil {
			v.plan.Debugf("  rendered file: %s", path)
		}
	}
}
