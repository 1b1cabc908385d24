package executor

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
)

// A value one call returned is passed to another whose parameter has
// another type Go assigns it to without a conversion (testdata/gen/
// namedconv: the []float64 of Series.CumulativeSum as a Series receiver,
// the Series of Tail as Last's []float64): the call gets the value, not
// the zero value a comma-ok type assertion gave (issue 31: stats'
// AutoCorrelation of CumulativeSum's sums saw an empty series, and the
// check written from that run failed in go test).
func TestAssignableArguments(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds an executor")
	}
	dir, err := filepath.Abs("../../testdata/gen/namedconv")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	prog := model.Build(pkgs[0].Types, model.Options{})
	work, err := os.MkdirTemp("", "gentest-argconv-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	h, err := harness.Build(context.Background(), pkgs[0], prog, harness.Options{WorkDir: work, CacheDir: filepath.Join(work, "cache")})
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]int{}
	for _, op := range prog.Ops {
		ops[op.Name] = op.ID
	}
	p, err := start(Config{Exe: h.Exe, PkgPath: pkgs[0].PkgPath, Workers: 1, ScratchDir: t.TempDir()}, defaultHooks)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	op := func(name string) int {
		id, ok := ops[name]
		if !ok {
			t.Fatalf("namedconv has no operation %s (%v)", name, ops)
		}
		return id
	}
	series := rt.Arg{Kind: rt.ArgLit, Lit: rt.Lit{Kind: rt.LitSlice, Elems: []rt.Lit{{Kind: rt.LitFloat, F: 1}, {Kind: rt.LitFloat, F: 2}, {Kind: rt.LitFloat, F: 4}}}}
	ref := rt.Arg{Kind: rt.ArgRef, Stmt: 0}
	reqs := []rt.Request{
		// sums, _ := Series{1, 2, 4}.CumulativeSum(); Series(sums).Increasing()
		{ID: 1, Flags: rt.FlagDetail | rt.FlagRepeat | rt.FlagCheckPurity, Stmts: []rt.Stmt{
			{Op: op("Series.CumulativeSum"), Args: []rt.Arg{series}}, {Op: op("Series.Increasing"), Args: []rt.Arg{ref}}}},
		// Last(Series{1, 2, 4}.Tail())
		{ID: 2, Flags: rt.FlagDetail, Stmts: []rt.Stmt{
			{Op: op("Series.Tail"), Args: []rt.Arg{series}}, {Op: op("Last"), Args: []rt.Arg{ref}}}},
	}
	outs := p.Run(reqs)
	for i, want := range []struct {
		kind uint8
		b    bool
		f    float64
	}{{rt.TBool, true, 0}, {rt.TFloat, false, 4}} {
		o := outs[i]
		if o.Result == nil {
			t.Fatalf("request %d: no result: crash %v", i, o.Crash)
		}
		sr := o.Result.Stmt(1)
		if sr.Outcome != rt.OutNormal || len(sr.Values()) != 2 {
			t.Fatalf("request %d: outcome %d, values %+v", i, sr.Outcome, sr.Values())
		}
		if !sr.Values()[1].Nil {
			t.Errorf("request %d: the second call returned an error (%v): it got the zero value", i, sr.Tree(1))
		}
		if got := sr.Tree(0); got == nil || got.Kind != want.kind || got.B != want.b || got.F != want.f {
			t.Errorf("request %d: the second call returned %+v, want %v", i, got, want)
		}
	}
}
