package rt

import (
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
)

// Running one sequence: its statements in order, their panics, the state
// they change, the checks of FlagRepeat and FlagCheckPurity, and the
// summaries of their results.

// run runs s (again, with FlagRepeat, to mark the values that differ) and
// returns its result, which is the executor's until the next run.
func (e *executor) run(s *Request) *Result {
	seedCrypto(s.ID, 0)
	seedMathRand(s.ID, 0)
	r := e.runOnce(s, s.Flags&FlagDetail != 0, &e.results[0])
	if s.Flags&FlagRepeat != 0 {
		// Run again from scratch; values whose hash differs are not stable
		// enough to assert on. One repeat agrees by chance half the time
		// on a result that depends on the order of a two-key map (an
		// encoder writing a map literal's entries): each further repeat
		// halves that, for the few candidates that get here.
		runs := uint64(repeatRuns)
		if e.sawMaps || s.Flags&FlagNondet != 0 {
			runs = mapRepeatRuns
		}
		for run := uint64(1); run <= runs; run++ {
			seedCrypto(s.ID, run)
			seedMathRand(s.ID, run)
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
					if j < len(vals2) && vals2[j].Same != vals[j].Same {
						vals[j].Same = SameVaries
					}
				}
			}
		}
	}
	return r
}

// repeatRuns is how many times FlagRepeat runs a sequence again, and
// mapRepeatRuns how many times when the sequence's values hold a map of two
// or more entries, or it calls a nondeterministic operation (FlagNondet). Go randomizes where a range over a small map starts,
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
	detailFlags := s.Flags
	coverReset(s.Flags&FlagOperands != 0)
	mutantReset(s.Mutant)
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
	if detailFlags&FlagDetail != 0 {
		samePointers(r, vals)
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
	iter, times := 0, 1 // the call of a repeated statement that runs
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
		if iter < times-1 {
			// A loop that panics before its last call: the test written
			// for it (a loop, then the last call) would panic outside the
			// call it expects to panic in. The sequence is not run as
			// asked; a shorter loop (the search tunes the count) is.
			sr.Outcome = OutBadArg
			n.PanicMsg = "repeated call " + strconv.Itoa(iter) + " of " + strconv.Itoa(times) + " panicked: " + msg
		}
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
		iter, times = 0, max(st.Repeat, 1)
		args, err := e.args(op, st, vals, 0)
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
		start := len(e.resBuf)
		if times > 1 {
			// The calls before the last; their results are dropped, the
			// last call below is the statement's. The whole statement
			// runs under one call limit (one startCall, so the watchdog
			// times all its calls as one): a repeated call that hangs
			// costs one limit, not one per repeat, and a loop whose calls
			// each stay under the limit cannot run for n limits.
			inCall = true
			e.startCall(i)
			clock := startLoopClock()
			for ; iter < times-1; iter++ {
				inCall = true
				e.resBuf = op.Fn(args, e.resBuf[:start])
				inCall = false
				if args, err = e.args(op, st, vals, iter+1); err != nil {
					sr.Outcome = OutBadArg
					r.Stmt(i).makeNote().PanicMsg = err.Error()
					return i + 1
				}
				if clock.spent(e.timeout / loopShare) {
					// A loop of calls that are costly together: stopped
					// before it times out, and not run as asked (the
					// written test would run every call); the search
					// tunes a shorter count.
					sr.Outcome = OutBadArg
					r.Stmt(i).makeNote().PanicMsg = "repeated call " + strconv.Itoa(iter+1) + " of " + strconv.Itoa(times) +
						" not run: the loop used 1/" + strconv.Itoa(loopShare) + " of its call limit"
					return i + 1
				}
			}
			e.resBuf = e.resBuf[:start]
		}
		var before []uint64
		check := s.Flags&FlagCheckPurity != 0 && op.Pure
		if check {
			before = hashArgs(st, args)
		}
		inCall = true
		if times == 1 {
			e.startCall(i) // a loop's last call is timed with its others
		}
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

// samePointers sets Value.Same on the non-nil pointer values of r (whose
// runtime values are vals) that are the very pointer an earlier value of
// the sequence is: what a test checks with got == x. A linked structure's
// nodes (a ring, a list's elements, a tree's iterators) all look alike by
// value; which node a call returns shows only by identity.
func samePointers(r *Result, vals [][]any) {
	for i := range r.Stmts {
		if r.Stmts[i].Outcome != OutNormal {
			continue
		}
		sv := r.Stmt(i).Values()
		for j, v := range vals[i] {
			if j >= len(sv) || sv[j].Nil || v == nil || reflect.TypeOf(v).Kind() != reflect.Pointer {
				continue
			}
			sv[j].Same = firstSame(r, vals, i, j, v)
		}
	}
}

// firstSame returns Value.Same for value j of statement i, the pointer v.
// Comparing v with values of other types never panics: interfaces of
// different dynamic types are unequal, and pointers are comparable.
func firstSame(r *Result, vals [][]any, i, j int, v any) int32 {
	for k := 0; k <= i; k++ {
		if r.Stmts[k].Outcome != OutNormal {
			continue
		}
		for l, w := range vals[k] {
			if k == i && l >= j {
				break
			}
			if w == v {
				return sameID(k, l)
			}
		}
	}
	return 0
}

// panicInfo is a panic call recovered: its message, whether it was a
// runtime.Error, and its site (see panicSite).
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
		if e.pkgPath != "" && strings.HasPrefix(f.Function, SymbolPrefix(e.pkgPath)+".") && !strings.Contains(f.File, "_test.go") {
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

// SymbolPrefix is how the linker spells import path p in function names
// (runtime.Frame.Function): the dots of its last element, and bytes
// that are not printable ASCII, '%' and '"' anywhere, are %xx-escaped
// (cmd/internal/objabi.PathToPrefix). gopkg.in/yaml.v3's frames are
// "gopkg.in/yaml%2ev3.handleErr": matching the plain path found no frame
// of such a package, and every panic of it counted as outside the
// package (issue 32: yaml.v3's "unknown event" panics, dropped by the
// candidate gate).
func SymbolPrefix(p string) string {
	last := strings.LastIndexByte(p, '/')
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c <= ' ' || c == '%' || c == '"' || c >= 0x7F || c == '.' && i > last {
			fmt.Fprintf(&b, "%%%02x", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
