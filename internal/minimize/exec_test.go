package minimize

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// TestMinimizeOnExecutor minimizes a long sequence ending in a
// (*Cart).Add that finds the cart full, on a real executor of
// testdata/demo, keeping the coverage the Add adds over the rest of the
// sequence and its outcome (a non-nil error).
func TestMinimizeOnExecutor(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an executor")
	}
	dir, err := filepath.Abs("../../testdata/demo")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := load.Packages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	prog := model.Build(pkgs[0].Types, model.Options{})
	h, err := harness.Build(context.Background(), pkgs[0], prog, harness.Options{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	pool, err := executor.Start(context.Background(), executor.Config{Exe: h.Exe, PkgPath: prog.Pkg.Path(), ScratchDir: t.TempDir(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	b := &builder{ops: modeltest.OpIDs(prog)}
	c1 := b.add("NewCart", modeltest.Int(5))
	c2 := b.add("NewCart", modeltest.Int(3))
	m1 := b.add("ParseMoney", modeltest.Str("$12.34"))
	b.add("Cart.Add", ref(c1), modeltest.Str("apple"), ref(m1), modeltest.Int(2))
	b.add("Cart.Add", ref(c2), modeltest.Str("pear"), modeltest.Int(250) /* Money */, modeltest.Int(1))
	b.add("Cart.Len", ref(c1))
	tot := b.add("Cart.Total", ref(c1))
	d := b.add("Discount", ref(tot), modeltest.Str("HALF"))
	b.add("Shipping", ref(d), modeltest.Int(700))
	b.add("Cart.Remove", ref(c2), modeltest.Str("pear"))
	m2 := b.add("ParseMoney", modeltest.Str("3"))
	b.add("Cart.Add", ref(c1), modeltest.Str("banana"), ref(m2), modeltest.Int(4))
	m3 := b.add("ParseMoney", modeltest.Str("0.99"))
	c3 := b.add("NewCart", modeltest.Int(2))
	b.add("Cart.Add", ref(c3), modeltest.Str("kiwi"), ref(m3), modeltest.Int(1))
	b.add("Cart.Add", ref(c3), modeltest.Str("fig"), ref(m3), modeltest.Int(1))
	b.add("Cart.Len", ref(c3))
	target := b.add("Cart.Add", ref(c3), modeltest.Str("plum"), ref(m2), modeltest.Int(3))
	s := &b.s

	run := func(s *seq.Seq) *rt.Result {
		out := pool.Run([]rt.Request{s.Wire(0, 0)})[0]
		if out.Result == nil {
			t.Fatalf("%s: %v", pretty(prog, s), out.Crash)
		}
		return out.Result
	}
	res := run(s)
	before, _ := s.Without(target)
	need := Minus(CoverageOf(res), CoverageOf(run(before)))
	if len(need) == 0 {
		t.Fatal("the target adds no coverage")
	}
	orig := Trial{Seq: s, Target: target}
	if c, _ := ClassOf(prog, orig, res); !c.HasErr || c.ErrNil {
		t.Fatalf("target class %+v, want a non-nil error", c)
	}
	prop := KeepsCoverage(prog, orig, res, need)
	r := MinimizeWith(prog, s, target, ExecOracle(pool, prop), Options{})
	t.Logf("%d statements -> %d in %d trials (%d accepted): %s", s.Len(), r.Seq.Len(), r.Trials, r.Accepted, pretty(prog, r.Seq))
	if r.Seq.Len() > 3 {
		t.Errorf("minimized to %d statements, want at most 3 (NewCart, Add, Add)", r.Seq.Len())
	}
	if op := prog.Ops[r.Seq.Stmts[r.Target].Op]; op.Name != "Cart.Add" {
		t.Errorf("target is %s", op.Name)
	}
	final := Trial{Seq: r.Seq, Target: r.Target}
	if !prop(final, executor.Outcome{Result: run(r.Seq)}) {
		t.Errorf("the minimized sequence does not keep the property")
	}
	again := MinimizeWith(prog, s, target, ExecOracle(pool, prop), Options{})
	if again.Seq.Key() != r.Seq.Key() {
		t.Errorf("not deterministic: %s vs %s", pretty(prog, again.Seq), pretty(prog, r.Seq))
	}
}
