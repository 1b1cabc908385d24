package oracle

import (
	"context"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

const derefMsg = "runtime error: invalid memory address or nil pointer dereference"

// boomRunner is a fake executor in which Boom always panics with a nil
// dereference at p.go:10, whatever it is given.
func boomRunner(t *testing.T) *fakeRunner {
	f := &fakeRunner{prog: testProgram(t)}
	f.edit = func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if f.opName(s, i) == "Boom" {
				res.Set(i, rt.StmtSpec{Outcome: rt.OutPanic, PanicRuntime: true, Note: &rt.StmtNote{PanicMsg: derefMsg, PanicSite: "p.go:10"}})
				for k := i + 1; k < len(res.Stmts); k++ {
					res.Set(k, rt.StmtSpec{Outcome: rt.OutSkipped})
				}
				return
			}
		}
	}
	return f
}

// failure returns a revealing failure of s as the search records it: the
// result of its run on f, with the last statement's panic site replaced
// by site.
func failure(f *fakeRunner, s *seq.Seq, kind, site string) *corpus.Failure {
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
	prog := f.prog
	newStack, twice, load, boom := opNamed(t, prog, "NewStack"), opNamed(t, prog, "Twice"), opNamed(t, prog, "Load"), opNamed(t, prog, "Boom")
	long := mkSeq(call(newStack), call(twice, intLit(2)), call(newStack), call(boom, seq.Ref(0, 0)))
	failures := []*corpus.Failure{
		failure(f, long, "nil-dereference", "p.go:10"),
		// The same kind and site from another sequence: a duplicate.
		failure(f, mkSeq(call(load, strLit("x")), call(boom, seq.Ref(0, 0))), "nil-dereference", "p.go:10"),
		// Another site: a finding of its own.
		failure(f, mkSeq(call(newStack), call(twice, intLit(3)), call(boom, seq.Ref(0, 0))), "nil-dereference", "p.go:20"),
		// Not revealing: a precondition.
		{Seq: mkSeq(call(twice, intLit(1))), Message: "index out of range", Kind: ""},
		// Crashes: per kind and function.
		{Seq: mkSeq(call(twice, intLit(5))), Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 0}, Message: "stack-overflow", Revealing: true, Kind: "stack-overflow"},
		{Seq: mkSeq(call(twice, intLit(6))), Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: 0}, Message: "stack-overflow", Revealing: true, Kind: "stack-overflow"},
		{Seq: mkSeq(call(twice, intLit(7))), Crash: &executor.Crash{Kind: executor.CrashDeadlock, Stmt: 0}, Message: "deadlock", Revealing: true, Kind: "deadlock"},
	}
	f.reqs = nil
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
	if len(f.reqs) == 0 {
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
	f := &fakeRunner{prog: testProgram(t)}
	f.edit = func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if f.opName(s, i) == "Now" && len(res.Stmt(i).Values()) > 0 {
				res.Stmt(i).SetTree(0, &rt.Tree{Kind: rt.TInt, I: 2_203_961_430_000_000, Type: "int"})
			}
		}
	}
	prog := f.prog
	twice, now := opNamed(t, prog, "Twice"), opNamed(t, prog, "Now")
	overflow := func(s *seq.Seq) *corpus.Failure {
		return &corpus.Failure{Seq: s, Crash: &executor.Crash{Kind: executor.CrashStackOverflow, Stmt: s.Len() - 1},
			Message: "stack-overflow", Revealing: true, Kind: "stack-overflow"}
	}
	for _, tc := range []struct {
		name string
		s    *seq.Seq
		want int
	}{
		{"small literal", mkSeq(call(twice, intLit(5))), 1},
		{"huge literal", mkSeq(call(twice, intLit(1<<20))), 0},
		{"huge computed", mkSeq(call(now), call(twice, seq.Ref(0, 0))), 0},
	} {
		if got := Revealing(context.Background(), prog, f, []*corpus.Failure{overflow(tc.s)}, 1); len(got) != tc.want {
			t.Errorf("%s: %d findings, want %d", tc.name, len(got), tc.want)
		}
	}
}
