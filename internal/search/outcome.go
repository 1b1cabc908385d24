package search

import (
	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/seq"
)

// outcome is what became of a sequence that ran, as the engine classified
// it for the learners.
type outcome struct {
	s *seq.Seq
	// by is the component that proposed s and waits for its outcome, or
	// nil.
	by listener
	// crash is set when the executor died running s; res is then nil.
	crash *executor.Crash
	// res is the result as the executor gave it: nil after a crash, and
	// possibly short of statements.
	res *rt.Result
	// clean: res holds every statement and all but the last ran normally;
	// normal: the last one did too.
	clean, normal bool
	// newCov counts the blocks and branch sides s was first to cover, when
	// clean.
	newCov int
}

// process classifies an executed sequence (the archive's coverage, corpus
// and failures, the value pool), then tells the learners and, last, the
// component that proposed it: after the classification, so that the
// coverage it reads is up to date.
func (e *Engine) process(s *seq.Seq, out executor.Outcome) {
	o := &outcome{s: s, by: e.tags[s], crash: out.Crash}
	if o.crash != nil {
		e.crashed(o)
	} else {
		o.res = out.Result
		e.ran(o)
	}
	for _, l := range e.learners {
		l.learn(o)
	}
	if o.by != nil {
		delete(e.tags, s)
		o.by.ran(s, o.res, o.clean)
	}
}

// crashed files a sequence whose executor died: a failure when the crash
// is error-revealing and, without a statement, attribution finds it again.
func (e *Engine) crashed(o *outcome) {
	e.Stats.Crashed++
	s, crash := o.s, o.crash
	fs := s
	if k := crash.Stmt; k >= 0 && k < s.Len()-1 {
		// The process died in an earlier statement than the last
		// (DynaMOSA's crossover and mutation, unlike the random search's
		// extension, put calls after one that crashes): the failure is
		// that statement's, and what follows it never ran.
		fs = &seq.Seq{Stmts: append([]seq.Stmt(nil), s.Stmts[:k+1]...)}
	}
	revealing := false
	switch crash.Kind {
	case executor.CrashStackOverflow, executor.CrashGoroutinePanic, executor.CrashConcurrentMap:
		// A deadlock or a hang is not among them: a call that blocks
		// forever (select {}, a channel nobody writes) is as often what
		// the API says it does as a bug.
		revealing = true
	}
	if !revealing && cpuBusyTimeout(crash) && crash.Stmt >= 0 {
		// A call that used its whole CPU-time limit is a candidate hang
		// (issue 32); the oracle judges its input's size and legality.
		e.fail(e.prog, &corpus.Failure{Seq: fs, Crash: crash, Message: crash.String(), Kind: corpus.KindHang, Candidate: true})
		return
	}
	if revealing && crash.Stmt < 0 {
		// The executor could not say which statement was running (or
		// whether this sequence was: see attribute). Never guess: a
		// crash that does not reproduce alone is dropped.
		if fs, crash = e.attrib.attribute(s, crash); fs == nil {
			return
		}
	}
	e.fail(e.prog, &corpus.Failure{Seq: fs, Crash: crash, Message: crash.String(), Kind: string(crash.Kind), Revealing: revealing})
}

// ran classifies a sequence the executor ran to its end or to a panic:
// illegal when a statement before the last failed (a precondition, or
// global state: not a clean sequence to build on) or the last did (a
// failure when revealing, a corpus entry when documented), normal
// otherwise; a clean run adds its coverage, a normal one its values.
func (e *Engine) ran(o *outcome) {
	s, res := o.s, o.res
	last := s.Len() - 1
	if res == nil || len(res.Stmts) != s.Len() {
		e.Stats.Illegal++
		return
	}
	for i := 0; i < last; i++ {
		if res.Stmts[i].Outcome != rt.OutNormal {
			e.Stats.Illegal++
			return
		}
	}
	o.clean = true
	o.newCov = e.cov.add(res)
	if e.mutants {
		e.Stats.Infected += e.cov.addInfected(res)
	}
	lastRes := res.Stmt(last)
	if lastRes.Outcome != rt.OutNormal {
		e.Stats.Illegal++
		if lastRes.Outcome == rt.OutPanic {
			e.panicked(s, res)
		}
		return
	}
	o.normal = true
	e.Stats.Normal++
	// The archive keeps the first test of each goal of every criterion:
	// a run that covers no new block or branch but infects a mutant or
	// gives an operation's result a new class is a candidate the judge
	// may keep for the mutants it kills.
	goals := e.crit.collect(s, res, true)
	if e.archive(res) > 0 || goals > 0 {
		e.Corpus = append(e.Corpus, &corpus.Entry{Seq: s, Result: res.Clone(), Target: last, NewCov: o.newCov})
	}
	e.values.addFrom(e.prog, s, res, o.newCov > 0)
}

// panicked files a sequence whose last call panicked: a failure, and a
// corpus entry when the call's documentation announces the panic.
func (e *Engine) panicked(s *seq.Seq, res *rt.Result) {
	last := s.Len() - 1
	lastRes := res.Stmt(last)
	// Kept: a clone, which does not keep the decoder's slabs alive
	// (rt.Result.Clone).
	kept := res.Clone()
	f := &corpus.Failure{Seq: s, Result: kept, Message: lastRes.PanicMsg()}
	f.Kind, f.Revealing = corpus.ClassifyPanic(lastRes, s.Stmts[last], res)
	if !f.Revealing {
		// A bounds, division, makeslice, conversion or internal-error
		// panic is kept as a candidate: a bug when the oracle finds the
		// call a parser, decoder or validator of legal input (issue 32).
		if k := corpus.ClassifyCandidate(lastRes, s.Stmts[last], res); k != "" {
			f.Kind, f.Candidate = k, true
		}
	}
	e.fail(e.prog, f)
	// Every panic site is an exception goal; only a documented panic is
	// a test, which the archive keeps for it as for new coverage.
	goals := e.crit.collect(s, res, false)
	if !f.Revealing && e.prog.Ops[s.Stmts[last].Op].DocPanics != "" && (e.archivePanic(res) > 0 || goals > 0) {
		// A panic the call's documentation announces is behaviour a test
		// can assert (the oracle's Case.Panics), and the statements that
		// lead to it are covered only so.
		e.Corpus = append(e.Corpus, &corpus.Entry{Seq: s, Result: kept, Target: last})
	}
}
