// Package rt is the executor runtime of gentest.
//
// Its source is embedded in the gentest binary and written, through the
// go build overlay, into the package under test as a new directory. The
// generated operation registry (an internal test file of the package) calls
// Main from TestMain; the test binary then runs sequences sent by gentest
// over a pipe instead of running tests. Instrumented copies of the package's
// files report coverage and branch distances through cover.go.
//
// The runtime must compile with old Go language versions (the user's go.mod
// decides), so it avoids generics, min/max, clear and range-over-int.
package rt

import (
	"fmt"
	"math"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Op is one operation of the registry: a typed Go closure taking its
// arguments as []any and appending its results to out.
type Op struct {
	Name   string
	Params []reflect.Type
	// Fn calls the operation with args and returns out with its results
	// appended: the executor passes one buffer for all the results of a
	// sequence instead of a new slice per call.
	Fn func(args, out []any) []any
	// Pure is true when the analysis found the operation pure; with
	// FlagCheckPurity the executor checks that it behaves so.
	Pure bool
	// Save and Restore, for an operation that sets package state, read
	// the state before the first call in a sequence and put it back after
	// the sequence, so that no sequence sees what another one set.
	Save    func() any
	Restore func(any)
}

// Environment variables the parent sets for an executor.
const (
	EnvExecutor    = "GENTEST_EXECUTOR"            // "1": run as an executor
	EnvCallTimeout = "GENTEST_CALL_TIMEOUT"        // per-call limit, a time.Duration
	EnvMemLimit    = "GENTEST_MEMLIMIT"            // soft memory limit in bytes
	EnvPkgPath     = "GENTEST_PKGPATH"             // import path of the package under test
	EnvCPUProfile  = "GENTEST_EXECUTOR_CPUPROFILE" // write a CPU profile of the executor here
)

// Main runs the executor loop when the process was started as an executor,
// and the package's tests otherwise. It never returns.
func Main(m *testing.M, ops []Op) {
	if os.Getenv(EnvExecutor) != "1" {
		os.Exit(m.Run())
	}
	os.Exit(serve(ops))
}

type executor struct {
	ops     []Op
	pkgPath string
	enc     *Encoder
	encMu   sync.Mutex

	// The watchdog reads these to tell which call is running for how long.
	curSeq atomic.Uint64
	// calls is the running call: the statement's index in the high 32
	// bits, and in the low ones a number that is odd while calls run and
	// new for each call (callNo|1), even once the sequence's calls are
	// done. The watchdog times a call from the first tick that sees its
	// value: one atomic store per call instead of reading the clock, at
	// the price of one tick of precision. A call's time runs until the
	// next call or the end of the sequence, so the executor's own work
	// between calls (building arguments, summarising values, which may
	// call Error methods) counts as the call's: it takes microseconds,
	// and a hanging Error method is then caught as well. Two atomic adds
	// and a store per call were a tenth of the executor's time on cheap
	// sequences.
	calls   atomic.Uint64
	callNo  uint32 // even; only the executor's goroutine uses it
	stmt    int    // the statement running, for the calls of save and restore
	timeout time.Duration

	// Buffers reused from one sequence to the next: a result is encoded
	// as soon as the sequence ran, so nothing else holds them.
	results [2]Result
	// sawMaps says whether the last run with FlagRepeat held a map of two
	// or more entries (see holdsMaps).
	sawMaps bool
	vals    [][]any
	argBuf  []any
	// resBuf holds the results of the statements of the sequence being
	// run; vals[i] are slices of it (of an earlier array, when an append
	// moved it).
	resBuf []any
}

func serve(ops []Op) int {
	in, out, err := protocolPipes()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentestrt: executor pipes: %v\n", err)
		return 2
	}
	e := &executor{ops: ops, pkgPath: os.Getenv(EnvPkgPath), enc: NewEncoder(out), timeout: time.Second}
	if d, err := time.ParseDuration(os.Getenv(EnvCallTimeout)); err == nil && d > 0 {
		e.timeout = d
	}
	if n, err := strconv.ParseInt(os.Getenv(EnvMemLimit), 10, 64); err == nil && n > 0 {
		debug.SetMemoryLimit(n)
	}
	// A deep recursion should fail fast instead of growing a 1 GB stack.
	debug.SetMaxStack(maxStack)
	if path := os.Getenv(EnvCPUProfile); path != "" {
		// For tuning the executor itself (see the executor benchmark).
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			defer func() {
				pprof.StopCPUProfile()
				f.Close()
			}()
		}
	}
	go e.watchdog()

	e.encMu.Lock()
	e.enc.Hello(Hello{NumOps: len(ops), NumBlocks: numBlocks(), NumConds: numConds(), PID: os.Getpid(), Sandboxed: sandboxed})
	err = e.enc.Flush()
	e.encMu.Unlock()
	if err != nil {
		return 2
	}
	dec := NewDecoder(in)
	var seq Request
	for {
		kind, err := dec.Next()
		if err != nil {
			return 0 // the parent closed the pipe: done
		}
		if kind != FrameBatch {
			fmt.Fprintf(os.Stderr, "gentestrt: unexpected frame kind %d\n", kind)
			return 2
		}
		// Each sequence is decoded right before it runs, into the same
		// Seq, which stays in the cache (see Decoder.SeqInto); the frame
		// stays in the decoder's buffer until the next Next. A malformed
		// frame, a bug of gentest's, ends the executor at the first
		// sequence that cannot be decoded, after the ones before it ran.
		n, err := dec.BatchLen()
		if err != nil {
			fmt.Fprintf(os.Stderr, "gentestrt: %v\n", err)
			return 2
		}
		for i := 0; i < n; i++ {
			if err := dec.RequestInto(&seq); err != nil {
				fmt.Fprintf(os.Stderr, "gentestrt: %v\n", err)
				return 2
			}
			r := e.run(&seq)
			e.encMu.Lock()
			e.enc.Result(r)
			// Results are flushed with the batch (or by the watchdog's
			// tick), not one by one: a write and a wake-up of the parent
			// per sequence cost more than a cheap sequence. When the
			// process dies, the parent replays the sequences it got no
			// result for with FlagFlush to learn which one killed it.
			if seq.Flags&FlagFlush != 0 {
				err = e.enc.Flush()
			}
			e.encMu.Unlock()
			if err != nil {
				return 0
			}
		}
		e.encMu.Lock()
		e.enc.BatchDone()
		err = e.enc.Flush()
		e.encMu.Unlock()
		if err != nil {
			return 0
		}
	}
}

// watchdog ends the process when a call runs past its limit. Goroutines
// cannot be killed, so the only clean way out of an infinite loop or a
// deadlock in the code under test is to report it and exit. On each tick
// it also flushes results waiting in the buffer, so that a batch of slow
// sequences still reports progress to the parent.
//
// The limit is CPU time: the CPU the executor used since the call began
// (processCPU), so that a call that needs 0.8 s of work under a 1 s limit
// finishes, and one that needs 1.2 s is stopped, however loaded the machine
// is; timed by the wall clock, which the neighbours' load stretches, the
// same call would pass in one run and time out in the next, and a fixed
// seed would not give the same tests. A call that uses no CPU is timed by
// the wall clock: when its limit has passed on the wall clock and all the
// goroutines of the code under test are blocked (callBlocked), it ends
// then, as a call waiting on a channel, a lock or a pipe always did, and
// the deadlock check follows (deadlock.go). A call that is neither (busy
// but starved of CPU, or in a state callBlocked does not know) ends at the
// wall-clock cap of HardCapFactor limits, so that nothing runs unbounded;
// until then the watchdog tells the parent each tick that it is alive.
func (e *executor) watchdog() {
	tick := e.timeout / 10
	if tick < 5*time.Millisecond {
		tick = 5 * time.Millisecond
	}
	var seen uint64         // the running call (an odd e.calls) last seen
	var seenAt time.Time    // when it was first seen
	var cpuAt time.Duration // the process's CPU time then
	cpuOK := false          // whether cpuAt could be read
	var growth stackGrowth  // on the CPU time axis
	extensions := 0         // of the CPU limit, for a deep recursion
	blockedSeen := 0        // consecutive ticks the call was seen blocked
	var dump []byte         // the goroutine dump's buffer, kept
	for {
		time.Sleep(tick)
		c := e.calls.Load()
		if c&1 == 0 || c != seen {
			// No call runs, or a new one started since the last tick.
			// The call is timed from here, not from its start: a clock
			// read per call costs more than a cheap call, and a call that
			// uses its limit plus at most one tick's CPU is stopped all
			// the same.
			seen, seenAt = c, time.Now()
			cpuAt, cpuOK = processCPU()
			growth = stackGrowth{}
			extensions, blockedSeen = 0, 0
			if c&1 != 0 {
				growth.sample(0, stackBytes())
			}
			e.encMu.Lock()
			if e.enc.Buffered() {
				e.enc.Flush()
			}
			e.encMu.Unlock()
			continue
		}
		wall := time.Since(seenAt)
		used := wall
		if now, ok := processCPU(); ok && cpuOK {
			used = now - cpuAt
		}
		growth.sample(used, stackBytes())
		reason, over := TimeoutCPU, false
		switch {
		case used >= e.timeout*time.Duration(1+extensions):
			if extensions < maxStackExtensions && growth.overflowBy(maxStack) <= e.timeout*(1+maxStackExtensions) {
				// Runaway recursion: give it the CPU time to reach the
				// stack limit, so that it is reported as the stack
				// overflow it is rather than as a timeout. Only when its
				// growth so far says it gets there within the
				// extensions: a recursion that does more work at each
				// level (a writer writing to itself re-formats a growing
				// buffer) would spend all of them, five times the limit,
				// and time out anyway.
				extensions++
			} else {
				over = true
			}
		case wall >= e.timeout*HardCapFactor:
			reason, over = TimeoutWall, true
		case wall+2*tick > e.timeout:
			// From shortly before the limit, look at the goroutines each
			// tick; two blocked looks in a row, the last at or past the
			// limit, end the call. One look could catch a busy call in a
			// short system call or a lock hand-off.
			var blocked bool
			blocked, dump = callBlocked(dump)
			if !blocked {
				blockedSeen = 0
			} else if blockedSeen++; blockedSeen >= 2 && wall >= e.timeout {
				reason, over = TimeoutBlocked, true
			}
		}
		if !over {
			if wall >= e.timeout {
				// Past its limit on the wall clock but not on the CPU
				// clock: the parent, which only sees the wall clock, must
				// hear that the executor lives (see exec.worker.send).
				e.encMu.Lock()
				e.enc.Alive()
				e.enc.Flush()
				e.encMu.Unlock()
			}
			continue
		}
		e.encMu.Lock()
		e.enc.Timeout(TimeoutInfo{ID: e.curSeq.Load(), Stmt: int(c >> 32), Reason: reason})
		e.enc.Flush()
		e.encMu.Unlock()
		awaitDeadlock() // see deadlock.go; the parent ends the process
	}
}

// HardCapFactor is the wall-clock cap on a call, in limits, for a call that
// is neither past its CPU limit nor seen blocked. A call that needs 0.9 of
// its limit in CPU finishes within the cap while the executor gets more
// than 3% of a CPU: a load of 30 runnable threads per core. Past that the
// wall clock decides again; a blocked call in a state callBlocked does not
// know costs the cap instead of the limit.
const HardCapFactor = 30

// maxStack is the executor's goroutine stack limit: a deep recursion
// should fail fast instead of growing a 1 GB stack.
const maxStack = 64 << 20

// maxStackExtensions bounds how often a call in deep recursion gets its
// time limit extended.
const maxStackExtensions = 4

// deepStack is the stack memory no ordinary call needs (the limit is
// maxStack): past it, a running call is taken for a recursion that has
// not stopped.
const deepStack = 8 << 20

// stackBytes is the memory of all goroutine stacks, read without stopping
// the world (runtime.ReadMemStats would, on every tick).
func stackBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// stackGrowth follows the stack memory of one running call, sampled on the
// watchdog's ticks. A goroutine's stack doubles when it fills, so a
// recursion shows as steps: the stack memory at a step is twice what the
// recursion had used just before it. The times of the last two steps give
// how fast it deepens.
type stackGrowth struct {
	bytes      uint64        // the stack memory at the last sample
	prev, last time.Duration // when the last two steps were seen (0: none)
}

func (g *stackGrowth) sample(at time.Duration, bytes uint64) {
	if bytes > g.bytes && g.bytes > 0 && bytes >= deepStack/4 {
		g.prev, g.last = g.last, at
	}
	g.bytes = bytes
}

// overflowBy projects when the recursion passes limit, timed from the
// call's start; a large duration when it is no deep recursion at all. At
// the last step the recursion had used half the stack it has now; each
// further doubling takes the last step's time times the ratio of the last
// two steps' times (2 for a recursion that deepens at a constant rate,
// more for one that slows down as it deepens). Ticks make the first steps
// look later than they were, which makes the ratio smaller and the
// projection earlier: on doubt, extend.
func (g *stackGrowth) overflowBy(limit uint64) time.Duration {
	const never = time.Duration(math.MaxInt64)
	if g.bytes <= deepStack || g.last <= 0 {
		return never
	}
	ratio := 2.0
	if g.prev > 0 {
		ratio = math.Max(float64(g.last)/float64(g.prev), 1)
	}
	at := float64(g.last)
	for used := g.bytes / 2; used < limit; used *= 2 {
		at *= ratio
		if at > float64(never/2) {
			return never
		}
	}
	return time.Duration(at)
}

func (e *executor) run(s *Request) *Result {
	seedCrypto(s.ID, 0)
	r := e.runOnce(s, s.Flags&FlagDetail != 0, &e.results[0])
	if s.Flags&FlagRepeat != 0 {
		// Run again from scratch; values whose hash differs are not stable
		// enough to assert on. One repeat agrees by chance half the time
		// on a result that depends on the order of a two-key map (an
		// encoder writing a map literal's entries): each further repeat
		// halves that, for the few candidates that get here.
		runs := uint64(repeatRuns)
		if e.sawMaps {
			runs = mapRepeatRuns
		}
		for run := uint64(1); run <= runs; run++ {
			seedCrypto(s.ID, run)
			r2 := e.runOnce(s, false, &e.results[1])
			for i := range r.Stmts {
				vals := r.Stmt(i).Values()
				if i >= len(r2.Stmts) || r2.Stmts[i].Outcome != r.Stmts[i].Outcome {
					for j := range vals {
						vals[j].Unstable = true
					}
					continue
				}
				vals2 := r2.Stmt(i).Values()
				for j := range vals {
					if j >= len(vals2) || vals2[j].Hash != vals[j].Hash {
						vals[j].Unstable = true
					}
				}
			}
		}
	}
	return r
}

// repeatRuns is how many times FlagRepeat runs a sequence again, and
// mapRepeatRuns how many times when the sequence's values hold a map of two
// or more entries. Go randomizes where a range over a small map starts,
// but a two-entry map comes out in its less likely order only about one
// time in eight, so two runs agree on a result built by ranging over it
// with probability 0.78; after 24 repeats a result that depends on the
// order still looks stable with probability 0.04 (0.875^24).
const (
	repeatRuns    = 2
	mapRepeatRuns = 24
)

// holdsMaps reports whether the values of a run reach a map with two or
// more entries, through pointers, interfaces, struct fields, slice and
// array elements and map values, to a bounded depth and breadth: results
// may then depend on map iteration order.
func holdsMaps(vals [][]any) bool {
	for _, vs := range vals {
		for _, v := range vs {
			if v != nil && reachesMap(reflect.ValueOf(v), 4) {
				return true
			}
		}
	}
	return false
}

func reachesMap(v reflect.Value, depth int) bool {
	if depth < 0 || !v.IsValid() {
		return false
	}
	switch v.Kind() {
	case reflect.Map:
		if v.Len() >= 2 {
			return true
		}
		it := v.MapRange()
		for it.Next() {
			if reachesMap(it.Value(), depth-1) {
				return true
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return reachesMap(v.Elem(), depth-1)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField() && i < 32; i++ {
			if reachesMap(v.Field(i), depth-1) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len() && i < 8; i++ {
			if reachesMap(v.Index(i), depth-1) {
				return true
			}
		}
	}
	return false
}

// runOnce runs s and fills r, reusing its slices.
func (e *executor) runOnce(s *Request, detail bool, r *Result) *Result {
	coverReset(s.Flags&FlagOperands != 0)
	r.ID = s.ID
	if cap(r.Stmts) < len(s.Stmts) {
		r.Stmts = make([]StmtResult, len(s.Stmts))
	}
	r.Stmts = r.Stmts[:len(s.Stmts)]
	clear(r.Stmts)
	r.Vals = r.Vals[:0]
	clear(r.Notes) // let the strings and trees go
	r.Notes = r.Notes[:0]
	if cap(e.vals) < len(s.Stmts) {
		e.vals = make([][]any, len(s.Stmts))
	}
	vals := e.vals[:len(s.Stmts)]
	var saved []savedState
	e.curSeq.Store(s.ID)
	for i := e.runStmts(s, r, vals, &saved); i < len(s.Stmts); i++ {
		r.Stmts[i].Outcome = OutSkipped
	}
	// Values are summarised once, after the whole sequence ran: later
	// statements may have changed them (Randoop's final-state semantics),
	// and the emitted assertions come after all calls.
	for i := range r.Stmts {
		if r.Stmts[i].Outcome != OutNormal {
			continue
		}
		s := r.Stmt(i)
		s.off = uint32(len(r.Vals))
		for j, v := range vals[i] {
			r.Vals = append(r.Vals, summarize(v))
			s.n++
			// Each tree right after its hash, as before trees moved out
			// of Value: making a tree calls the value's Error and String
			// methods, which may change what the next value hashes to.
			if detail {
				s.SetTree(j, MakeTree(v))
			}
		}
		if s.n == 0 {
			s.off = 0 // an empty range is 0, 0, as SetValues makes it
		}
	}
	coverCollect(r)
	// Put package state back last, so that restoring neither changes the
	// values summarised above nor counts as the sequence's coverage.
	for i := len(saved) - 1; i >= 0; i-- {
		e.restore(&e.ops[saved[i].op], saved[i].v)
	}
	if s.Flags&FlagRepeat != 0 && r == &e.results[0] {
		// Once, on the first run: the repeats reuse results[1].
		e.sawMaps = holdsMaps(vals)
	}
	// Drop the values, so that they can be collected before the buffer is
	// used again.
	// (Loops that stay loops, as in runStmts: a few elements each.)
	for i := 0; i < len(vals); i++ {
		vals[i] = nil
	}
	for i := 0; i < len(e.resBuf); i++ {
		e.resBuf[i] = nil
	}
	e.resBuf = e.resBuf[:0]
	e.callsDone()
	return r
}

// startCall tells the watchdog that statement stmt makes a new call.
func (e *executor) startCall(stmt int) {
	e.callNo += 2
	e.calls.Store(uint64(stmt)<<32 | uint64(e.callNo|1))
}

// callsDone tells the watchdog that no call runs: the executor is about
// to encode a result, or to wait for the next batch.
func (e *executor) callsDone() { e.calls.Store(uint64(e.callNo)) }

// runStmts runs the statements of s until one panics or cannot be run,
// filling their outcomes in r and their results in vals, and returns the
// index of the first statement it did not get to (len(s.Stmts) when all
// ran): those are skipped.
//
// A panic in a call is recovered here, once per sequence, rather than by a
// deferred function around each call: everything after a panicking
// statement is skipped anyway, and a deferred recover per call was a
// tenth of the executor's time on cheap sequences. A panic outside a call
// (in the executor itself) is not recovered: it is a bug of gentest's, not
// the code's.
func (e *executor) runStmts(s *Request, r *Result, vals [][]any, saved *[]savedState) (next int) {
	i := 0
	inCall := false
	defer func() {
		if !inCall {
			return
		}
		rec := recover()
		sr := r.Stmt(i)
		sr.Outcome = OutPanic
		// Formatted first, as call does, and both while the panicking
		// frames are still on the stack (panicSite reads them).
		msg := panicMessage(rec)
		n := sr.makeNote()
		n.PanicMsg, n.PanicSite = msg, e.panicSite()
		_, sr.PanicRuntime = rec.(runtime.Error)
		for k := range e.argBuf {
			e.argBuf[k] = nil
		}
		next = i + 1
	}()
	for ; i < len(s.Stmts); i++ {
		st := &s.Stmts[i]
		sr := &r.Stmts[i]
		if st.Op < 0 || st.Op >= len(e.ops) {
			sr.Outcome = OutBadArg
			r.Stmt(i).makeNote().PanicMsg = "no such operation"
			return i + 1
		}
		op := &e.ops[st.Op]
		args, err := e.args(op, st, vals)
		if err != nil {
			sr.Outcome = OutBadArg
			r.Stmt(i).makeNote().PanicMsg = err.Error()
			return i + 1
		}
		e.stmt = i
		if op.Save != nil && !hasSaved(*saved, st.Op) {
			if v, p := e.save(op); p == nil {
				*saved = append(*saved, savedState{op: st.Op, v: v})
			}
		}
		var before []uint64
		check := s.Flags&FlagCheckPurity != 0 && op.Pure
		if check {
			before = hashArgs(st, args)
		}
		start := len(e.resBuf)
		inCall = true
		e.startCall(i)
		res := op.Fn(args, e.resBuf)
		inCall = false
		e.resBuf = res
		res = res[start:len(res):len(res)] // an append by a later call cannot write here
		if check {
			if d := e.checkPure(op, st, args, before, res); d != "" {
				r.Stmt(i).makeNote().Disagree = d
			}
		}
		// Let the values go with the sequence. A loop the compiler does
		// not turn into a call of memclrHasPointers: for the one or two
		// arguments of a call, that call (and its bulk write barrier
		// while the collector runs) cost more than the stores.
		for k := 0; k < len(args); k++ {
			args[k] = nil
		}
		vals[i] = res
	}
	return len(s.Stmts)
}

// savedState is package state an operation's getter read before the
// operation first ran in a sequence.
type savedState struct {
	op int
	v  any
}

func hasSaved(saved []savedState, op int) bool {
	for _, s := range saved {
		if s.op == op {
			return true
		}
	}
	return false
}

// save reads the state op sets, under the watchdog like any call.
func (e *executor) save(op *Op) (v any, p *panicInfo) {
	res, p := e.call(&Op{Fn: func(_, out []any) []any { return append(out, op.Save()) }}, nil, nil)
	if p != nil {
		return nil, p
	}
	return res[0], nil
}

// restore puts saved state back; a panic leaves the state as it is.
func (e *executor) restore(op *Op, v any) {
	e.call(&Op{Fn: func(_, out []any) []any { op.Restore(v); return out }}, nil, nil)
}

// hashArgs hashes the arguments that refer to earlier values (literals
// are fresh copies: a change to them is invisible).
func hashArgs(st *Stmt, args []any) []uint64 {
	h := make([]uint64, len(args))
	for i, a := range args {
		if st.Args[i].Kind == ArgRef {
			h[i] = Hash(a)
		}
	}
	return h
}

// checkPure compares the arguments before and after a call of a pure
// operation, and repeats the call to compare results.
func (e *executor) checkPure(op *Op, st *Stmt, args []any, before []uint64, res []any) string {
	after := hashArgs(st, args)
	for i := range before {
		if before[i] != after[i] {
			return "mutated argument " + strconv.Itoa(i)
		}
	}
	again, p := e.call(op, args, nil)
	if p != nil {
		return "panicked when repeated"
	}
	for i := range res {
		if i < len(again) && Hash(res[i]) != Hash(again[i]) {
			return "result differs when repeated"
		}
	}
	return ""
}

// summarize hashes a result value (its tree, with FlagDetail, is made
// by the caller).
func summarize(v any) Value {
	if h, typ, ok := hashBasic(v); ok {
		// No reflection for the common unnamed basic types.
		b, isBytes := v.([]byte)
		return Value{Hash: h, Type: typ, Nil: v == nil || isBytes && b == nil}
	}
	rv := reflect.ValueOf(v)
	h, typ := hashReflectNamed(v)
	return Value{Hash: h, Type: typ, Nil: isNilable(rv) && rv.IsNil()}
}

type panicInfo struct {
	msg     string
	runtime bool
	site    string
}

// call calls op with args, appending its results to out.
func (e *executor) call(op *Op, args, out []any) (res []any, p *panicInfo) {
	defer func() {
		if r := recover(); r != nil {
			p = &panicInfo{msg: panicMessage(r), site: e.panicSite()}
			_, p.runtime = r.(runtime.Error)
		}
	}()
	e.startCall(e.stmt)
	return op.Fn(args, out), nil
}

// panicMessage formats a recovered value; String and Error methods are
// user code and may panic themselves.
func panicMessage(r any) (s string) {
	defer func() {
		if recover() != nil {
			s = fmt.Sprintf("panic of type %T", r)
		}
	}()
	switch v := r.(type) {
	case error:
		s = v.Error()
	case fmt.Stringer:
		s = v.String()
	default:
		s = fmt.Sprint(v)
	}
	if len(s) > 500 {
		s = s[:500]
	}
	return s
}

// panicSite returns the innermost frame of the package under test on the
// panicking stack, "file:line", which identifies the panic for
// de-duplication. It is called from the deferred function while the panic's
// frames are still on the stack.
func (e *executor) panicSite() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if e.pkgPath != "" && strings.HasPrefix(f.Function, e.pkgPath+".") && !strings.Contains(f.File, "_test.go") {
			file := f.File
			if i := strings.LastIndexByte(file, '/'); i >= 0 {
				file = file[i+1:]
			}
			return file + ":" + strconv.Itoa(f.Line)
		}
		if !more {
			return ""
		}
	}
}

// args builds the arguments of a statement.
func (e *executor) args(op *Op, st *Stmt, vals [][]any) ([]any, error) {
	if len(st.Args) != len(op.Params) {
		return nil, fmt.Errorf("%s: %d arguments for %d parameters", op.Name, len(st.Args), len(op.Params))
	}
	// The registry's closures copy their arguments out at once, so one
	// buffer serves every statement; runOnce clears it after the call.
	if cap(e.argBuf) < len(st.Args) {
		e.argBuf = make([]any, len(st.Args))
	}
	args := e.argBuf[:len(st.Args)]
	for k := range st.Args {
		a := &st.Args[k] // not a copy: an Arg with its literal is a hundred bytes
		if a.Kind == ArgRef {
			if a.Stmt < 0 || a.Stmt >= len(vals) || a.Result >= len(vals[a.Stmt]) {
				return nil, fmt.Errorf("%s: bad reference %d.%d", op.Name, a.Stmt, a.Result)
			}
			args[k] = vals[a.Stmt][a.Result]
			continue
		}
		v, err := litValue(&a.Lit, op.Params[k])
		if err != nil {
			return nil, fmt.Errorf("%s: argument %d: %w", op.Name, k, err)
		}
		args[k] = v
	}
	return args, nil
}

var (
	intType    = reflect.TypeOf(0)
	int64Type  = reflect.TypeOf(int64(0))
	stringType = reflect.TypeOf("")
	boolType   = reflect.TypeOf(false)
	floatType  = reflect.TypeOf(0.0)
)

// boxedInts holds the ints from -smallInts to smallInts-1 in interfaces:
// an int argument outside 0..255 (which the runtime boxes without
// allocating) would otherwise cost an allocation per call. Boxed ints are
// immutable, so calls can share them.
var boxedInts = func() []any {
	b := make([]any, 2*smallInts)
	for i := range b {
		b[i] = i - smallInts
	}
	return b
}()

const smallInts = 1024

// BoxInt returns x in an interface, shared with other calls for the ints
// from -1024 to 1023 (see boxedInts): the registry's closures box their
// int results with it.
func BoxInt(x int) any {
	if x >= -smallInts && x < smallInts {
		return boxedInts[x+smallInts]
	}
	return x
}

// litValue converts a literal to a value of type t.
func litValue(l *Lit, t reflect.Type) (any, error) {
	// The common unnamed types need no reflection.
	switch {
	case t == intType && l.Kind == LitInt:
		if l.I >= -smallInts && l.I < smallInts {
			return boxedInts[l.I+smallInts], nil
		}
		return int(l.I), nil
	case t == int64Type && l.Kind == LitInt:
		return l.I, nil
	case t == stringType && l.Kind == LitString:
		return l.S, nil
	case t == boolType && l.Kind == LitBool:
		return l.B, nil
	case t == floatType && l.Kind == LitFloat:
		return l.F, nil
	}
	if t.Kind() == reflect.Interface {
		// A literal for an interface parameter takes its default type.
		switch l.Kind {
		case LitNil, LitZero:
			return nil, nil
		case LitBool:
			return l.B, nil
		case LitInt:
			return int(l.I), nil
		case LitUint:
			return uint(l.U), nil
		case LitFloat:
			return l.F, nil
		case LitString:
			return l.S, nil
		case LitBytes:
			return []byte(l.S), nil
		}
		return nil, fmt.Errorf("literal kind %d for interface type %s", l.Kind, t)
	}
	v := reflect.New(t).Elem()
	if err := setLit(v, l); err != nil {
		return nil, err
	}
	return v.Interface(), nil
}

func setLit(v reflect.Value, l *Lit) error {
	t := v.Type()
	switch l.Kind {
	case LitNil, LitZero:
		return nil
	case LitBool:
		if t.Kind() == reflect.Bool {
			v.SetBool(l.B)
			return nil
		}
	case LitInt, LitUint:
		x := l.I
		if l.Kind == LitUint {
			x = int64(l.U)
		}
		// A literal the parameter's type cannot hold is refused, not
		// truncated: the generated test writes the literal as it is, and
		// Go rejects 91820 as a uint8.
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if (l.Kind == LitUint && l.U > math.MaxInt64) || v.OverflowInt(x) {
				return fmt.Errorf("literal %s overflows %s", litText(l), t)
			}
			v.SetInt(x)
			return nil
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			u := l.U
			if l.Kind == LitInt {
				if x < 0 {
					return fmt.Errorf("literal %d overflows %s", x, t)
				}
				u = uint64(x)
			}
			if v.OverflowUint(u) {
				return fmt.Errorf("literal %d overflows %s", u, t)
			}
			v.SetUint(u)
			return nil
		case reflect.Float32, reflect.Float64:
			v.SetFloat(float64(x))
			return nil
		}
	case LitFloat:
		switch t.Kind() {
		case reflect.Float32, reflect.Float64:
			if v.OverflowFloat(l.F) {
				return fmt.Errorf("literal %g overflows %s", l.F, t)
			}
			v.SetFloat(l.F)
			return nil
		}
	case LitString:
		if t.Kind() == reflect.String {
			v.SetString(l.S)
			return nil
		}
	case LitBytes:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			v.SetBytes([]byte(l.S))
			return nil
		}
	case LitSlice:
		if t.Kind() == reflect.Slice {
			s := reflect.MakeSlice(t, len(l.Elems), len(l.Elems))
			for i := range l.Elems {
				if err := setLit(s.Index(i), &l.Elems[i]); err != nil {
					return err
				}
			}
			v.Set(s)
			return nil
		}
	}
	return fmt.Errorf("literal kind %d does not fit type %s", l.Kind, t)
}

func litText(l *Lit) string {
	if l.Kind == LitUint {
		return strconv.FormatUint(l.U, 10)
	}
	return strconv.FormatInt(l.I, 10)
}
