package oracle

import (
	"context"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const derefMsg = "runtime error: invalid memory address or nil pointer dereference"

// boomRunner is a fake executor in which Boom always panics with a nil
// dereference at p.go:10, whatever it is given.
func boomRunner(t *testing.T) *executortest.Runner {
	prog := testProgram(t)
	return fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if opName(prog, s, i) == "Boom" {
				res.Set(i, rt.StmtSpec{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: derefMsg, PanicSite: "p.go:10"}})
				for k := i + 1; k < len(res.Stmts); k++ {
					res.Set(k, rt.StmtSpec{Outcome: rt.OutSkipped})
				}
				return
			}
		}
	})
}

// failure returns a revealing failure of s as the search records it: the
// result of its run on f, with the last statement's panic site replaced
// by site.
func failure(f *executortest.Runner, s *seq.Seq, kind, site string) *corpus.Failure {
	out := f.Run([]rt.Request{s.Wire(0, 0)})[0]
	last := out.Result.Stmt(s.Len() - 1)
	n := rt.StmtNote{}
	if last.Note() != nil {
		n = *last.Note()
	}
	n.PanicSite = site
	last.SetNote(n)
	return &corpus.Failure{Seq: s, Result: out.Result, Message: last.PanicMsg(), Revealing: true, Kind: kind}
}

// Revealing keeps one finding per kind and panic site (crashes: per kind
// and function), leaves out illegal-input failures, minimizes the cases of
// panics and gives crashes none.
func TestRevealing(t *testing.T) {
	f := boomRunner(t)
	prog := f.Prog
	newStack, twice, load, boom := modeltest.Op(t, prog, "NewStack"), modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Load"), modeltest.Op(t, prog, "Boom")
	long := modeltest.Seq(modeltest.Call(newStack), modeltest.Call(twice, modeltest.Int(2)), modeltest.Call(newStack), modeltest.Call(boom, seq.Ref(0, 0)))
	failures := []*corpus.Failure{
		failure(f, long, "nil-dereference", "p.go:10"),
		// The same kind and site from another sequence: a duplicate.
		failure(f, modeltest.Seq(modeltest.Call(load, modeltest.Str("x")), modeltest.Call(boom, seq.Ref(0, 0))), "nil-dereference", "p.go:10"),
		// Another site: a finding of its own.
		failure(f, modeltest.Seq(modeltest.Call(newStack), modeltest.Call(twice, modeltest.Int(3)), modeltest.Call(boom, seq.Ref(0, 0))), "nil-dereference", "p.go:20"),
		// Not revealing: a precondition.
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(1))), Message: "index out of range", Kind: ""},
		// Crashes: per kind and function.
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(5))), Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 0}, Message: "stack-overflow", Revealing: true, Kind: "stack-overflow"},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(6))), Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 0}, Message: "stack-overflow", Revealing: true, Kind: "stack-overflow"},
		{Seq: modeltest.Seq(modeltest.Call(twice, modeltest.Int(7))), Crash: &executor.Crash{Kind: executor.CrashDeadlock, Stmt: 0}, Message: "deadlock", Revealing: true, Kind: "deadlock"},
	}
	before := len(f.Requests())
	got := Revealing(context.Background(), prog, f, failures, 2)
	var summary []string
	for _, fd := range got {
		summary = append(summary, fd.Kind+" "+fd.Function+" "+fd.Message)
	}
	want := []string{
		"nil-dereference example.com/p.Boom " + derefMsg + " at p.go:10",
		"nil-dereference example.com/p.Boom " + derefMsg + " at p.go:20",
		"stack-overflow example.com/p.Twice stack-overflow",
		"deadlock example.com/p.Twice deadlock",
	}
	if strings.Join(summary, "\n") != strings.Join(want, "\n") {
		t.Fatalf("findings:\n%s\nwant:\n%s", strings.Join(summary, "\n"), strings.Join(want, "\n"))
	}
	for _, fd := range got[2:] {
		if fd.Case == nil || fd.Check.Kind != CheckCrash {
			t.Errorf("crash finding %s: case %v, check %q; want its sequence, run in a child process", fd.Kind, fd.Case, fd.Check.Kind)
		}
	}
	if got[0].Case == nil || got[1].Case == nil || got[0].Case.Key == got[1].Case.Key || got[0].Case.Key >= 0 {
		t.Fatalf("panic findings' cases: %+v, %+v", got[0].Case, got[1].Case)
	}
	if len(f.Requests()) == before {
		t.Errorf("nothing was minimized")
	}
	// Minimized: the statements Boom does not need are gone, and the
	// stack it is given still comes from NewStack, not a nil literal: a
	// nil input would make the panic a precondition violation, not a
	// bug.
	c := got[0].Case
	if n := names(f, c.Seq); n != "NewStack Boom" || c.Target != 1 {
		t.Errorf("minimized case: %s %s (target %d), want NewStack Boom", n, c.Seq.Key(), c.Target)
	}
	// The p.go:20 failure does not reproduce on this fake (Boom now
	// panics at p.go:10): its case stays as it was.
	if got[1].Case.Seq.Len() != 3 {
		t.Errorf("the unreproducible failure was changed: %s", names(f, got[1].Case.Seq))
	}
}

// A stack overflow whose call takes an integer of 1<<16 or more, as a
// literal or as an earlier result, is the input's size, not a bug
// (NormMoment(Ncr(63, 18), ...) recursing n deep); one with small
// integers is a finding.
func TestRevealingOversizedStackOverflow(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if opName(prog, s, i) == "Now" && len(res.Stmt(i).Values()) > 0 {
				res.Stmt(i).SetTree(0, &rt.Tree{Kind: rt.TInt, I: 2_203_961_430_000_000, Type: "int"})
			}
		}
	})
	twice, now := modeltest.Op(t, prog, "Twice"), modeltest.Op(t, prog, "Now")
	overflow := func(s *seq.Seq) *corpus.Failure {
		return &corpus.Failure{Seq: s, Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: s.Len() - 1},
			Message: "stack-overflow", Revealing: true, Kind: "stack-overflow"}
	}
	for _, tc := range []struct {
		name string
		s    *seq.Seq
		want int
	}{
		{"small literal", modeltest.Seq(modeltest.Call(twice, modeltest.Int(5))), 1},
		{"huge literal", modeltest.Seq(modeltest.Call(twice, modeltest.Int(1<<20))), 0},
		{"huge computed", modeltest.Seq(modeltest.Call(now), modeltest.Call(twice, seq.Ref(0, 0))), 0},
	} {
		if got := Revealing(context.Background(), prog, f, []*corpus.Failure{overflow(tc.s)}, 1); len(got) != tc.want {
			t.Errorf("%s: %d findings, want %d", tc.name, len(got), tc.want)
		}
	}
}
