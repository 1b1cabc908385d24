package executortest_test

import (
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const src = `package p

type T struct{ n int }

func New(n int) *T             { return &T{n} }
func (t *T) Get() int          { return t.n }
func Parse(s string) (int, error) { return len(s), nil }
func Deref(p *int) int         { return *p }
`

var _ executor.FullRunner = (*executortest.Runner)(nil)

func TestRunner(t *testing.T) {
	prog := modeltest.Program(t, src, model.Options{})
	newT, get, deref := modeltest.Op(t, prog, "New"), modeltest.Op(t, prog, "T.Get"), modeltest.Op(t, prog, "Deref")
	f := &executortest.Runner{Prog: prog, Stmt: func(op *model.Op, _ int, q rt.Request, _ uint64, spec *rt.StmtSpec) {
		if op == deref {
			executortest.PanicNilDeref(spec)
		}
	}}
	s1 := modeltest.Seq(modeltest.Call(newT, modeltest.Int(1)), modeltest.Call(get, seq.Ref(0, 0)))
	s2 := modeltest.Seq(modeltest.Call(newT, modeltest.Int(2)), modeltest.Call(get, seq.Ref(0, 0)))
	s3 := modeltest.Seq(modeltest.Call(deref, modeltest.Nil()), modeltest.Call(newT, modeltest.Int(1)))
	outs := f.Run([]rt.Request{s1.Wire(1, 0), s1.Wire(2, 0), s2.Wire(3, 0), s3.Wire(4, 0)})
	v := func(i, stmt int) rt.Value { return outs[i].Result.Stmt(stmt).Values()[0] }
	if v(0, 1) != v(1, 1) {
		t.Errorf("the same sequence gave different values: %v, %v", v(0, 1), v(1, 1))
	}
	if v(0, 1) == v(2, 1) {
		t.Errorf("different inputs gave the same value %v", v(0, 1))
	}
	if got := outs[0].Result.ID; got != 1 {
		t.Errorf("result ID = %d, want 1", got)
	}
	r3 := outs[3].Result
	if r3.Stmt(0).Outcome != rt.OutPanic || !r3.Stmt(0).PanicRuntime || r3.Stmt(1).Outcome != rt.OutSkipped {
		t.Errorf("Deref(nil): outcomes %v, %v; want a runtime panic, then skipped", r3.Stmt(0).Outcome, r3.Stmt(1).Outcome)
	}
	if f.Calls() != 1 || len(f.Requests()) != 4 || len(f.Log()) != 4 {
		t.Errorf("calls %d, requests %d, log %d; want 1, 4, 4", f.Calls(), len(f.Requests()), len(f.Log()))
	}
}

func TestEdit(t *testing.T) {
	prog := modeltest.Program(t, src, model.Options{})
	parse := modeltest.Op(t, prog, "Parse")
	f := &executortest.Runner{Prog: prog, Edit: func(q rt.Request, out *executor.Outcome) {
		if q.ID == 7 {
			*out = executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 0}}
		}
	}}
	s := modeltest.Seq(modeltest.Call(parse, modeltest.Str("x")))
	out := f.RunAlone(s.Wire(7, 0), 0)
	if out.Crash == nil || out.Result != nil {
		t.Errorf("edited outcome = %+v, want the crash", out)
	}
	out = f.RunUntil([]rt.Request{s.Wire(8, 0)}, time.Time{})[0]
	if vals := out.Result.Stmt(0).Values(); len(vals) != 2 || !vals[1].Nil {
		t.Errorf("Parse's values = %v, want a value and a nil error", vals)
	}
}
