package rt

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"unsafe"
)

// The wire protocol between gentest and an executor. Both sides use this
// file: the executor as part of the overlay, gentest by importing this
// package. Frames are a uvarint length followed by the payload; payloads are
// built from uvarints, zigzag varints, float bits and length-prefixed bytes.
// The encoding is hand-written because the executor must stay stdlib-only
// and fast: gob's per-stream type negotiation and reflection cost more than
// running a cheap sequence.

// Frame kinds sent by the executor.
const (
	FrameHello   = 1 // executor started: counts of ops, blocks, conditions
	FrameResult  = 2 // one sequence finished
	FrameTimeout = 3 // a call exceeded its time limit; the executor exits next
	FrameBatch   = 4 // a batch finished
	// FrameAlive says that a call past its limit on the wall clock is
	// still within its CPU budget and not blocked (a loaded machine
	// starves it): the parent must not take the silence for a hang.
	FrameAlive = 5
)

// Argument kinds on the wire.
const (
	ArgRef   = 0
	ArgLit   = 1
	ArgNil   = 2
	ArgZero  = 3
	ArgSlice = 4
)

// Literal kinds on the wire (see seq.LitKind, which mirrors these).
const (
	LitNil    = 0
	LitBool   = 1
	LitInt    = 2
	LitUint   = 3
	LitFloat  = 4
	LitString = 5
	LitBytes  = 6
	LitSlice  = 7
	LitZero   = 8
)

// Outcomes of a statement.
const (
	OutNormal  = 0
	OutPanic   = 1
	OutSkipped = 2 // not run because an earlier statement panicked
	OutTimeout = 3
	OutBadArg  = 4 // an argument could not be built (a bug in gentest, not in the code under test)
)

// Request flags.
const (
	FlagDetail      = 1 << iota // report value trees, not only hashes
	FlagRepeat                  // run the sequence twice and report values that differ
	FlagCheckPurity             // check that calls the analysis says are pure behave so
	// FlagOperands asks for the operands of the comparisons that came
	// closest to each branch (Result.Operands). Without it the probes do not
	// record them and the result carries none.
	FlagOperands
	// FlagFlush makes the executor flush the sequence's result before it
	// runs the next one. Without it results are flushed when the batch
	// ends, the buffer fills or the watchdog ticks, which saves a write
	// and a wake-up of the parent per sequence; the parent sets it when it
	// replays a batch to find which sequence killed the executor.
	FlagFlush
)

// Lit is a literal argument on the wire.
type Lit struct {
	Kind  uint8
	B     bool
	I     int64
	U     uint64
	F     float64
	S     string
	Elems []Lit
}

// Arg is an argument on the wire.
type Arg struct {
	Kind   uint8 // ArgRef or ArgLit
	Stmt   int
	Result int
	Lit    Lit
}

// Stmt is a statement on the wire.
type Stmt struct {
	Op   int
	Args []Arg
}

// Request is a sequence to run.
type Request struct {
	ID    uint64
	Flags uint64
	Stmts []Stmt
}

// Value summarises one result value. It holds no pointers (the type is a
// number, the tree is in the statement's Note), so that the arrays the
// parent decodes values into are not scanned by the garbage collector.
type Value struct {
	Hash uint64
	Type TypeID // run-time type, reflect's String form; 0 ("") for a nil interface
	Nil  bool
	// Unstable is set with FlagRepeat when a repeated run produced a
	// different value.
	Unstable bool
}

// StmtResult is the outcome of one statement. It holds no pointers: its
// values are a range of its Result's Vals and its rare strings a Result's
// Notes, so that the arrays the parent decodes statements into are not
// scanned by the garbage collector (the parent keeps tens of thousands of
// results, and their collection was a good part of its time). Read it
// through its Result: r.Stmt(i).Values(), .PanicMsg(), .Tree(j).
type StmtResult struct {
	Outcome uint8
	// PanicRuntime says whether a panic was a runtime.Error.
	PanicRuntime bool
	note         int32  // 1 + the index of its StmtNote in Result.Notes; 0 for none
	off, n       uint32 // its values are Result.Vals[off:off+n]
}

// StmtNote is the rare part of a StmtResult: what few statements have.
type StmtNote struct {
	// PanicMsg and PanicSite describe a panic: its message, and the
	// innermost frame of the package under test that was on the stack
	// (for de-duplicating findings).
	PanicMsg  string
	PanicSite string
	// Disagree, set with FlagCheckPurity, says how a call the analysis
	// called pure behaved otherwise: "mutated argument N" or "result
	// differs when repeated".
	Disagree string
	// Trees, only with FlagDetail, are the values' trees, by index
	// (value j's is Trees[j]); read them with StmtView.Tree.
	Trees []*Tree
}

// Result is the outcome of one sequence.
type Result struct {
	ID    uint64
	Stmts []StmtResult // read them with Stmt
	// Vals holds the values of all statements, each statement's a range
	// of it (StmtView.Values).
	Vals []Value
	// Notes holds the notes of the statements that have one.
	Notes  []StmtNote
	Blocks []int32 // covered blocks
	Conds  []CondObs
	// Operands, only with FlagOperands, ascending by branch: for each
	// branch of an evaluated condition with operands (a comparison or string
	// function probe, see instrument.Cond.Op), the operands of the first
	// evaluation that came closest to taking it.
	Operands []OperandObs
}

// StmtView is statement i of a result, with the result, through which its
// values, trees and note are read and set. It points into r.Stmts: one
// taken before r.Stmts grows does not see the new array.
type StmtView struct {
	*StmtResult
	r *Result
}

// Clone returns a copy of r whose arrays are its own, each exactly as
// long as r's: what a caller keeps for long (the search's corpus entries
// and failures) should be a clone, because a decoded result's arrays are
// cut from slabs shared with the results decoded around it (see slabs),
// and keeping the result would keep the whole slabs alive. Notes and
// Operands are copied element by element: the strings and trees they
// point to are shared, which is safe as nothing changes them in place.
// Nil arrays stay nil and empty ones empty.
func (r *Result) Clone() *Result {
	return &Result{
		ID:       r.ID,
		Stmts:    cloneExact(r.Stmts),
		Vals:     cloneExact(r.Vals),
		Notes:    cloneExact(r.Notes),
		Blocks:   cloneExact(r.Blocks),
		Conds:    cloneExact(r.Conds),
		Operands: cloneExact(r.Operands),
	}
}

// cloneExact copies s into a new array of capacity len(s), as the decoder
// makes them; nil stays nil.
func cloneExact[T any](s []T) []T {
	if s == nil {
		return nil
	}
	c := make([]T, len(s))
	copy(c, s)
	return c
}

// Stmt returns statement i's view.
func (r *Result) Stmt(i int) StmtView { return StmtView{&r.Stmts[i], r} }

// AddStmt appends a statement with the given outcome and values.
func (r *Result) AddStmt(outcome uint8, vals ...Value) StmtView {
	r.Stmts = append(r.Stmts, StmtResult{Outcome: outcome})
	s := r.Stmt(len(r.Stmts) - 1)
	s.SetValues(vals)
	return s
}

// StmtSpec is a statement's result with its values and note inline,
// which tests and fakes of the executor build results from (NewResult,
// Result.Add, Result.Set).
type StmtSpec struct {
	Outcome      uint8
	PanicRuntime bool
	Values       []Value
	Note         *StmtNote
}

// NewResult returns a result of the given statements.
func NewResult(stmts ...StmtSpec) *Result { return new(Result).Add(stmts...) }

// Add appends statements to r, and returns r.
func (r *Result) Add(stmts ...StmtSpec) *Result {
	for _, sp := range stmts {
		r.Stmts = append(r.Stmts, StmtResult{})
		r.Set(len(r.Stmts)-1, sp)
	}
	return r
}

// Set makes statement i what sp says.
func (r *Result) Set(i int, sp StmtSpec) {
	r.Stmts[i] = StmtResult{Outcome: sp.Outcome, PanicRuntime: sp.PanicRuntime}
	s := r.Stmt(i)
	s.SetValues(sp.Values)
	if sp.Note != nil {
		s.SetNote(*sp.Note)
	}
}

// Values are the statement's values. The slice is the result's: setting
// an element sets the value, but appending to it does not add one.
func (s StmtView) Values() []Value {
	return s.r.Vals[s.off : s.off+s.n : s.off+s.n]
}

// SetValues makes vals the statement's values, appending them to the
// result's Vals unless they are the statement's own.
func (s StmtView) SetValues(vals []Value) {
	if len(vals) == 0 {
		s.off, s.n = 0, 0
		return
	}
	s.off = uint32(len(s.r.Vals))
	s.n = uint32(len(vals))
	s.r.Vals = append(s.r.Vals, vals...)
}

// Note is the statement's note, nil if it has none.
func (s StmtView) Note() *StmtNote {
	if s.note == 0 {
		return nil
	}
	return &s.r.Notes[s.note-1]
}

// SetNote sets the statement's note.
func (s StmtView) SetNote(n StmtNote) { *s.makeNote() = n }

// makeNote returns the statement's note, adding an empty one first if it
// has none.
func (s StmtView) makeNote() *StmtNote {
	if s.note == 0 {
		s.r.Notes = append(s.r.Notes, StmtNote{})
		s.note = int32(len(s.r.Notes))
	}
	return &s.r.Notes[s.note-1]
}

// PanicMsg is the message of the statement's panic, or why it could not
// run (OutBadArg); "" otherwise.
func (s StmtView) PanicMsg() string {
	if n := s.Note(); n != nil {
		return n.PanicMsg
	}
	return ""
}

// PanicSite is "file:line" of the innermost frame of the package under
// test on the stack of the statement's panic, or "".
func (s StmtView) PanicSite() string {
	if n := s.Note(); n != nil {
		return n.PanicSite
	}
	return ""
}

// Disagree says how a call the analysis called pure behaved otherwise,
// with FlagCheckPurity; "" if it did not.
func (s StmtView) Disagree() string {
	if n := s.Note(); n != nil {
		return n.Disagree
	}
	return ""
}

// Tree is the tree of the statement's jth value, with FlagDetail; nil
// otherwise.
func (s StmtView) Tree(j int) *Tree {
	if n := s.Note(); n != nil && j < len(n.Trees) {
		return n.Trees[j]
	}
	return nil
}

// SetTree sets the tree of the statement's jth value.
func (s StmtView) SetTree(j int, t *Tree) {
	n := s.makeNote()
	if len(n.Trees) <= j {
		n.Trees = append(n.Trees, make([]*Tree, max(j+1, int(s.n))-len(n.Trees))...)
	}
	n.Trees[j] = t
}

// CondObs is what the sequence observed of one condition: evaluation counts
// per outcome and the smallest distance to each outcome. Distances are raw
// (0 for an outcome that happened, else >= 1 or a fraction of a float
// difference, at most MaxDist); a fitness function normalises them with
// NormDist.
type CondObs struct {
	ID        int32
	NTrue     uint32
	NFalse    uint32
	DistTrue  float64
	DistFalse float64
}

// OperandObs is, for one branch, the operands of the first evaluation of
// its condition with the smallest distance to that branch (CondObs's
// DistTrue or DistFalse): the values a search can copy from one side to the
// other (input-to-state) or show as the closest it came.
type OperandObs struct {
	Branch int32 // 2c: closest to condition c's true outcome; 2c+1: to its false outcome
	// Vals are the left and right operand: LitInt, LitUint, LitFloat,
	// LitString or LitBytes. For string functions the left one is the
	// searched string and the right one the prefix, suffix, substring,
	// byte (LitUint) or rune (LitInt). Strings and bytes are cut to
	// MaxOperandLen bytes.
	Vals [2]Lit
	Cut  [2]bool // Vals[i] was cut
}

// NormDist is the fitness normalisation of a raw branch distance,
// d/(d+1), in [0, 1). Probes and results carry raw distances; normalise
// once, where fitness is computed.
func NormDist(d float64) float64 { return d / (d + 1) }

// Hello is the executor's first frame.
type Hello struct {
	NumOps, NumBlocks, NumConds int
	PID                         int
	// Sandboxed is true when the executor runs confined (see sandbox.go).
	Sandboxed bool
}

// TimeoutInfo names the statement that exceeded its time limit.
type TimeoutInfo struct {
	ID   uint64
	Stmt int
	// Reason says which limit the call passed.
	Reason TimeoutReason
}

// TimeoutReason is the limit a call passed (see the executor's watchdog).
type TimeoutReason uint8

// Timeout reasons.
const (
	// TimeoutCPU: the call used its limit of CPU time (or of wall time
	// where the executor has no CPU clock).
	TimeoutCPU TimeoutReason = iota
	// TimeoutBlocked: the call waited past its limit with all its
	// goroutines blocked.
	TimeoutBlocked
	// TimeoutWall: the call ran past the wall-clock hard cap, a multiple
	// of the limit, within its CPU budget and not seen blocked.
	TimeoutWall
)

// ErrFrame reports a malformed frame.
var ErrFrame = errors.New("gentestrt: malformed frame")

// Encoder writes frames.
type Encoder struct {
	w   *bufio.Writer
	buf []byte
	hdr [binary.MaxVarintLen64 + 1]byte
	// sent says which of this process's type numbers have been sent
	// with their names (see typeName).
	sent []bool
}

// typeName writes a value's type as its number in the encoding process's
// table, twice it plus one followed by the name the first time the number
// is sent; the decoder maps the numbers to its own.
func (e *Encoder) typeName(t TypeID) {
	if t == 0 || int(t) < len(e.sent) && e.sent[t] {
		e.uv(uint64(t) << 1)
		return
	}
	if int(t) >= len(e.sent) {
		e.sent = append(e.sent, make([]bool, int(t)+1-len(e.sent))...)
	}
	e.sent[t] = true
	e.uv(uint64(t)<<1 | 1)
	e.str(t.String())
}

// Flags of a value in a result frame.
const (
	valNil = 1 << iota
	valUnstable
	valTree
)

// NewEncoder returns an encoder writing to w.
func NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: bufio.NewWriterSize(w, 64<<10)}
}

func (e *Encoder) uv(x uint64) {
	if x < 0x80 { // most numbers in a frame: no call
		e.buf = append(e.buf, byte(x))
		return
	}
	e.buf = binary.AppendUvarint(e.buf, x)
}
func (e *Encoder) iv(x int64) { e.buf = binary.AppendVarint(e.buf, x) }

// f64 writes a float's bits byte-reversed, as gob does: the exponent and
// the high bits of the mantissa come first, so small integers and simple
// fractions (the distances 1, 2, 256) take two or three bytes instead of
// nine, and 0, the distance of a taken branch, one.
func (e *Encoder) f64(x float64) { e.uv(bits.ReverseBytes64(math.Float64bits(x))) }
func (e *Encoder) u64(x uint64)  { e.buf = binary.LittleEndian.AppendUint64(e.buf, x) }
func (e *Encoder) str(s string)  { e.uv(uint64(len(s))); e.buf = append(e.buf, s...) }
func (e *Encoder) bool(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

func (e *Encoder) frame(kind uint8) error {
	hdr := e.hdr[:] // a field: a local array would escape to the heap
	n := binary.PutUvarint(hdr, uint64(len(e.buf)+1))
	hdr[n] = kind
	if _, err := e.w.Write(hdr[:n+1]); err != nil {
		return err
	}
	_, err := e.w.Write(e.buf)
	e.buf = e.buf[:0]
	return err
}

// Flush flushes buffered frames.
func (e *Encoder) Flush() error { return e.w.Flush() }

// Buffered reports whether frames are waiting to be flushed.
func (e *Encoder) Buffered() bool { return e.w.Buffered() > 0 }

// Batch writes a batch of sequences (parent to executor).
func (e *Encoder) Batch(seqs []Request) error {
	touchSeqs(seqs)
	e.uv(uint64(len(seqs)))
	for i := range seqs {
		s := &seqs[i]
		e.uv(s.ID)
		e.uv(s.Flags)
		e.uv(uint64(len(s.Stmts)))
		for j := range s.Stmts {
			st := &s.Stmts[j]
			e.uv(uint64(st.Op))
			e.uv(uint64(len(st.Args)))
			for k := range st.Args {
				a := &st.Args[k]
				e.buf = append(e.buf, a.Kind)
				switch {
				case a.Kind == ArgRef:
					e.uv(uint64(a.Stmt))
					e.uv(uint64(a.Result))
				case a.Lit.Kind == LitInt: // the most common literal: no call
					e.buf = binary.AppendVarint(append(e.buf, LitInt), a.Lit.I)
				default:
					e.lit(&a.Lit)
				}
			}
		}
	}
	return e.frame(FrameBatch)
}

// touchSink keeps touchSeqs's loads from being optimised away.
var touchSink uint64

// touchSeqs loads the statements and arguments of seqs before they are
// encoded. A search's sequences are spread over the heap, a few small
// arrays each, and the encoder's time was mostly the cache misses on them,
// taken one after the other as it walked them. These loads do not depend
// on each other, so the processor overlaps many of them; a batch's arrays
// (a few hundred kilobytes) then stay in the cache for the encoder.
func touchSeqs(seqs []Request) {
	var x uint64
	for i := range seqs {
		stmts := seqs[i].Stmts
		for j := range stmts {
			for k := range stmts[j].Args {
				a := &stmts[j].Args[k]
				x += uint64(a.Kind) + uint64(a.Lit.I)
			}
		}
	}
	if x == 1 {
		touchSink = x
	}
}

func (e *Encoder) lit(l *Lit) {
	e.buf = append(e.buf, l.Kind)
	switch l.Kind {
	case LitBool:
		e.bool(l.B)
	case LitInt:
		e.iv(l.I)
	case LitUint:
		e.uv(l.U)
	case LitFloat:
		e.f64(l.F)
	case LitString, LitBytes:
		e.str(l.S)
	case LitSlice:
		e.uv(uint64(len(l.Elems)))
		for i := range l.Elems {
			e.lit(&l.Elems[i])
		}
	}
}

// Hello writes the hello frame.
func (e *Encoder) Hello(h Hello) error {
	e.uv(uint64(h.NumOps))
	e.uv(uint64(h.NumBlocks))
	e.uv(uint64(h.NumConds))
	e.uv(uint64(h.PID))
	e.bool(h.Sandboxed)
	return e.frame(FrameHello)
}

// Timeout writes a timeout frame.
func (e *Encoder) Timeout(t TimeoutInfo) error {
	e.uv(t.ID)
	e.uv(uint64(t.Stmt))
	e.uv(uint64(t.Reason))
	return e.frame(FrameTimeout)
}

// Alive writes a frame that says a slow call is still working.
func (e *Encoder) Alive() error { return e.frame(FrameAlive) }

// BatchDone writes the end-of-batch frame.
func (e *Encoder) BatchDone() error { return e.frame(FrameBatch) }

// Result writes a result frame.
func (e *Encoder) Result(r *Result) error {
	e.uv(r.ID)
	e.uv(uint64(len(r.Stmts)))
	nv := 0
	for i := range r.Stmts {
		nv += int(r.Stmts[i].n)
	}
	e.uv(uint64(nv)) // so that the decoder allocates them at once
	for i := range r.Stmts {
		s := r.Stmt(i)
		if s.note == 0 && s.Outcome != OutPanic && s.n < 0x80 {
			// Most statements: no note (so no disagreement, no trees),
			// few values. Outcome, an empty string, the count.
			e.buf = append(e.buf, s.Outcome, 0, byte(s.n))
			for j := range s.Values() {
				e.value(&r.Vals[int(s.off)+j], nil)
			}
			continue
		}
		e.buf = append(e.buf, s.Outcome)
		if s.Outcome == OutPanic {
			e.str(s.PanicMsg())
			e.bool(s.PanicRuntime)
			e.str(s.PanicSite())
		}
		e.str(s.Disagree())
		vals := s.Values()
		e.uv(uint64(len(vals)))
		for j := range vals {
			e.value(&vals[j], s.Tree(j))
		}
	}
	e.uv(uint64(len(r.Blocks)))
	prev := int32(0)
	for _, b := range r.Blocks { // ascending: delta-encode
		e.uv(uint64(b - prev))
		prev = b
	}
	e.uv(uint64(len(r.Conds)))
	prev = 0
	for _, c := range r.Conds {
		e.uv(uint64(c.ID - prev))
		prev = c.ID
		e.uv(uint64(c.NTrue))
		e.uv(uint64(c.NFalse))
		e.f64(c.DistTrue)
		e.f64(c.DistFalse)
	}
	// Always a count, so that decoding needs no flags; 0 costs one byte.
	e.uv(uint64(len(r.Operands)))
	prev = 0
	for i := range r.Operands {
		o := &r.Operands[i]
		e.uv(uint64(o.Branch - prev))
		prev = o.Branch
		for k := 0; k < 2; k++ {
			e.lit(&o.Vals[k])
			e.bool(o.Cut[k])
		}
	}
	return e.frame(FrameResult)
}

// value writes a value of a result frame, with its tree if t is not nil.
func (e *Encoder) value(v *Value, t *Tree) {
	if int(v.Type) < len(e.sent) && e.sent[v.Type] || v.Type == 0 {
		e.uv(uint64(v.Type) << 1) // sent before: no call
	} else {
		e.typeName(v.Type)
	}
	var f byte
	if v.Nil {
		f |= valNil
	}
	if v.Unstable {
		f |= valUnstable
	}
	if t != nil {
		f |= valTree
	}
	e.buf = append(e.buf, f)
	e.u64(v.Hash) // uniform: a varint would take 9 or 10 bytes
	if t != nil {
		e.tree(t)
	}
}

func (e *Encoder) tree(t *Tree) {
	e.buf = append(e.buf, t.Kind)
	e.str(t.Type)
	e.str(t.Named)
	e.bool(t.Exported)
	switch t.Kind {
	case TBool:
		e.bool(t.B)
	case TInt:
		e.iv(t.I)
	case TUint:
		e.uv(t.U)
	case TFloat:
		e.f64(t.F)
	case TComplex:
		e.f64(t.F)
		e.f64(t.Imag)
	case TString, TBytes, TError, TOpaque, TFunc, TChan:
		e.str(t.S)
	}
	e.bool(t.Truncated)
	e.uv(uint64(len(t.Elems)))
	for i := range t.Elems {
		e.tree(&t.Elems[i])
	}
	e.uv(uint64(len(t.Fields)))
	for _, f := range t.Fields {
		e.str(f)
	}
	e.uv(uint64(len(t.Is)))
	for _, f := range t.Is {
		e.str(f)
	}
}

// Decoder reads frames.
type Decoder struct {
	r     *bufio.Reader
	buf   []byte // the payload being decoded: own's, or the reader's buffer
	own   []byte // the decoder's buffer, for frames that are not whole in r's
	pos   int
	err   error
	types []TypeID          // the encoder's type numbers, mapped to this process's
	lits  map[string]string // interned literal strings
	slabs *slabs            // where results are allocated: its own, or an arena's
}

// UseArena makes d cut the results it decodes from now on from a.
func (d *Decoder) UseArena(a *Arena) { d.slabs = &a.s }

// slabs are arrays that decoded results are cut from, a few kilobytes
// each, so that a result costs one allocation in tens, not five: the
// parent decodes tens of thousands of results a second, and their
// allocation and collection was most of its cost. The results themselves
// come from slabs of Results; their statements, values, blocks and
// conditions, which hold no pointers (TestValueHasNoPointers), from one
// slab of words, back to back. That is a third of the allocations of the
// five slabs of 2 KB each there used to be. A request larger than a
// quarter of a slab gets an array of its own.
//
// A result keeps alive its Results slab and, through the other results
// of that slab, the raw slabs they were cut from: about 10-17 KB. What a
// caller keeps for long is therefore a Result.Clone (the search's corpus
// entries and failures are); the results of a batch, kept for a short
// while, share their slabs anyway.
//
// The sizes are those of size classes of the Go allocator whose spans
// hold several objects (8 and 7): the allocator refills its cache once
// per span, and a class of one object per span (8 KB) took the heap's
// lock for every slab. Raw slabs of 32 KB made no difference that an
// alternated A/B could see (bench/results/2026-11-27-lean14i).
//
// With an Arena, the slabs are used again after Release instead of left
// to the collector: even one allocation in tens, with the collection it
// causes, was a third of the parent's time on cheap sequences.
type slabs struct {
	res []Result
	raw []uint64
	// The whole slabs res and raw are cut from.
	curRes []Result
	curRaw []uint64
	// For an Arena: the slabs used up since the last Release, and those
	// released, to be used again.
	arena            bool
	poison           bool
	usedRes, freeRes [][]Result
	usedRaw, freeRaw [][]uint64
}

// slabBytes is the size of a slab of Results, and rawSlabBytes that of a
// slab of words.
const (
	slabBytes    = 3072
	rawSlabBytes = 6912
)

// maxFree bounds the released slabs an arena keeps, of each kind (about
// 1.7 MB of words and 0.8 MB of Results): a batch of rare size must not
// keep its memory for the rest of the run.
const maxFree = 256

// resSlab is the length of a slab of Results.
var resSlab = slabBytes / int(unsafe.Sizeof(Result{}))

func (s *slabs) result() *Result {
	if len(s.res) == 0 {
		s.newRes()
	}
	r := &s.res[0]
	s.res = s.res[1:]
	return r
}

func (s *slabs) newRes() {
	if !s.arena {
		s.res = make([]Result, resSlab)
		return
	}
	s.res = nextSlab(&s.curRes, &s.usedRes, &s.freeRes, resSlab)
}

func (s *slabs) newRaw() {
	if !s.arena {
		s.raw = make([]uint64, rawSlabBytes/8)
		return
	}
	s.raw = nextSlab(&s.curRaw, &s.usedRaw, &s.freeRaw, rawSlabBytes/8)
}

// nextSlab moves an arena's slab *cur, used up, to *used, and makes a
// released one, cleared, or a new one of n elements the current one.
func nextSlab[T any](cur *[]T, used, free *[][]T, n int) []T {
	if *cur != nil {
		*used = append(*used, *cur)
	}
	if k := len(*free); k > 0 {
		*cur, *free = (*free)[k-1], (*free)[:k-1]
		clear(*cur)
	} else {
		*cur = make([]T, n)
	}
	return *cur
}

// An Arena is memory for decoded results that outlives a decoder (an
// executor's restart starts a new one, see Decoder.UseArena) and that is
// used again once its results are no longer used (Release). It reuses the
// Results themselves and their Stmts, Vals, Blocks and Conds; notes, trees
// and Operands are allocated as without an arena and never reused, so a
// pointer into them (a search's closest operands) stays valid.
type Arena struct {
	s slabs
}

// NewArena returns an empty arena. With poison set, Release overwrites
// what it releases, so that a result used after its release reads
// garbage (a test's way to find such a use: see exec's GENTEST_ARENA).
func NewArena(poison bool) *Arena {
	return &Arena{s: slabs{arena: true, poison: poison}}
}

// Release declares that no result cut from a so far is used any more:
// the slabs they filled are cut again for later results. The slab being
// cut stays in use; the part of it already cut is never reused before it
// fills up and is released in turn.
func (a *Arena) Release() {
	s := &a.s
	if s.poison {
		for _, r := range s.usedRes {
			for i := range r {
				r[i] = Result{ID: poisonID}
			}
		}
		for _, w := range s.usedRaw {
			for i := range w {
				w[i] = poisonWord
			}
		}
	}
	s.freeRes = appendUpTo(s.freeRes, s.usedRes)
	s.freeRaw = appendUpTo(s.freeRaw, s.usedRaw)
	clear(s.usedRes)
	clear(s.usedRaw)
	s.usedRes, s.usedRaw = s.usedRes[:0], s.usedRaw[:0]
}

// The marks of released memory under poison: a result's ID, and the words
// of its arrays (outcome 0xa5, counts and offsets in the billions).
const (
	poisonID   = 0xdead_dead_dead_dead
	poisonWord = 0xa5a5_a5a5_a5a5_a5a5
)

// appendUpTo appends what of add fits in maxFree slabs.
func appendUpTo[T any](free, add []T) []T {
	if n := maxFree - len(free); len(add) > n {
		add = add[:max(n, 0)]
	}
	return append(free, add...)
}

// The slices have their length as capacity, so that an append by the
// caller cannot write into the next result's part of the slab. Zero
// lengths give an empty, non-nil slice, as make did.

func (s *slabs) stmts(n int) []StmtResult { return cutRaw[StmtResult](s, n) }
func (s *slabs) values(n int) []Value     { return cutRaw[Value](s, n) }
func (s *slabs) blocks(n int) []int32     { return cutRaw[int32](s, n) }
func (s *slabs) conds(n int) []CondObs    { return cutRaw[CondObs](s, n) }

// cutRaw takes n elements of T, a type without pointers whose alignment
// is at most a word's, off the raw slab, starting a new one when it has
// too few words left; a request above a quarter of a slab gets its own
// slice. Words are zero when allocated, and so are the elements.
func cutRaw[T any](s *slabs, n int) []T {
	if n <= 0 {
		return []T{}
	}
	var zero T
	words := (n*int(unsafe.Sizeof(zero)) + 7) / 8
	if words > rawSlabBytes/8/4 {
		return make([]T, n)
	}
	if len(s.raw) < words {
		s.newRaw()
	}
	p := (*T)(unsafe.Pointer(&s.raw[0]))
	s.raw = s.raw[words:]
	return unsafe.Slice(p, n)
}

// NewDecoder returns a decoder reading from r.
func NewDecoder(r io.Reader) *Decoder {
	return &Decoder{r: bufio.NewReaderSize(r, 64<<10), slabs: new(slabs)}
}

// Next reads the next frame and returns its kind. The payload is read with
// the typed methods below.
//
// A frame that is already whole in the reader's buffer is decoded where it
// is, without a copy; the payload is read before the next call of Next,
// which is the only one to read from r again.
func (d *Decoder) Next() (uint8, error) {
	if b, _ := d.r.Peek(d.r.Buffered()); len(b) > 0 {
		if n, k := binary.Uvarint(b); k > 0 && n > 0 && n <= uint64(len(b)-k) {
			d.buf = b[k : k+int(n) : k+int(n)]
			// Discarding moves the read position only: the bytes stay
			// where they are until the next read fills the buffer.
			d.r.Discard(k + int(n))
			d.pos = 1
			d.err = nil
			return d.buf[0], nil
		}
	}
	n, err := binary.ReadUvarint(d.r)
	if err != nil {
		return 0, err
	}
	if n == 0 || n > 1<<30 {
		return 0, ErrFrame
	}
	if cap(d.own) < int(n) {
		d.own = make([]byte, n)
	}
	d.buf = d.own[:n]
	if _, err := io.ReadFull(d.r, d.buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return 0, err
	}
	d.pos = 1
	d.err = nil
	return d.buf[0], nil
}

// Buffered reports whether a whole frame is buffered, so that Next will
// not read from the underlying reader (which the caller may then not need
// to arm with a deadline).
func (d *Decoder) Buffered() bool {
	b, _ := d.r.Peek(d.r.Buffered())
	n, k := binary.Uvarint(b)
	return k > 0 && n <= uint64(len(b)-k)
}

func (d *Decoder) uv() uint64 {
	if d.pos < len(d.buf) && d.buf[d.pos] < 0x80 && d.err == nil {
		// Most numbers in a frame (counts, deltas, small IDs) are one
		// byte: no call.
		d.pos++
		return uint64(d.buf[d.pos-1])
	}
	return d.uvSlow()
}

// uvs reads len(out) numbers. uv is too big to be inlined (see -m=2):
// decoding a condition's five numbers with one call instead of five is a
// good part of the parent's decoding, which runs for every result.
func (d *Decoder) uvs(out []uint64) {
	if d.err != nil {
		clear(out)
		return
	}
	b, p := d.buf, d.pos
	for i := range out {
		if p < len(b) && b[p] < 0x80 {
			out[i] = uint64(b[p])
			p++
			continue
		}
		if p+1 < len(b) && b[p+1] < 0x80 {
			// Two bytes: the distances 1, 2, 256 (see Encoder.f64).
			out[i] = uint64(b[p]&0x7f) | uint64(b[p+1])<<7
			p += 2
			continue
		}
		d.pos = p
		out[i] = d.uvSlow() // 0 from the first error on
		p = d.pos
	}
	d.pos = p
}

func (d *Decoder) uvSlow() uint64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Uvarint(d.buf[d.pos:])
	if n <= 0 {
		d.err = ErrFrame
		return 0
	}
	d.pos += n
	return x
}

func (d *Decoder) iv() int64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Varint(d.buf[d.pos:])
	if n <= 0 {
		d.err = ErrFrame
		return 0
	}
	d.pos += n
	return x
}

func (d *Decoder) f64() float64 { return math.Float64frombits(bits.ReverseBytes64(d.uv())) }

func (d *Decoder) u64() uint64 {
	if d.err != nil || len(d.buf)-d.pos < 8 {
		d.err = ErrFrame
		return 0
	}
	x := binary.LittleEndian.Uint64(d.buf[d.pos:])
	d.pos += 8
	return x
}

// typeName reads a value's type (see Encoder.typeName) and returns its
// number in this process's table.
func (d *Decoder) typeName() TypeID {
	k := d.uv()
	id := k >> 1
	switch {
	case d.err != nil:
		return 0
	case k&1 != 0 && id != 0 && id <= maxTypeID:
		if id >= uint64(len(d.types)) {
			d.types = append(d.types, make([]TypeID, id+1-uint64(len(d.types)))...)
		}
		d.types[id] = InternType(d.str())
		return d.types[id]
	case id == 0 && k == 0:
		return 0
	case k&1 == 0 && id < uint64(len(d.types)) && d.types[id] != 0:
		return d.types[id]
	}
	d.err = ErrFrame // a number whose name was never sent
	return 0
}

// maxTypeID bounds the type numbers a decoder accepts, so that a corrupt
// frame cannot make it allocate without limit.
const maxTypeID = 1 << 20

// litString reads the string of a literal, interned when short: a batch
// repeats the search's few literal strings over and over, and the
// executor decodes a batch per round trip.
func (d *Decoder) litString() string { return d.interned(&d.lits, maxInternLen) }

// interned reads a string, returning the copy in *table when there is
// one, and adding it while the table holds fewer than maxInterned strings
// if it is at most maxLen bytes long.
func (d *Decoder) interned(table *map[string]string, maxLen int) string {
	n := d.uv()
	if d.err != nil || uint64(len(d.buf)-d.pos) < n {
		d.err = ErrFrame
		return ""
	}
	b := d.buf[d.pos : d.pos+int(n)]
	d.pos += int(n)
	if n > uint64(maxLen) {
		return string(b)
	}
	if s, ok := (*table)[string(b)]; ok {
		return s
	}
	s := string(b)
	if *table == nil {
		*table = map[string]string{}
	}
	if len(*table) < maxInterned {
		(*table)[s] = s
	}
	return s
}

// maxInterned bounds each of the decoder's tables of interned strings,
// and maxInternLen the strings they take.
const (
	maxInterned  = 4096
	maxInternLen = 256
)

func (d *Decoder) byte1() uint8 {
	if d.err != nil || d.pos >= len(d.buf) {
		d.err = ErrFrame
		return 0
	}
	b := d.buf[d.pos]
	d.pos++
	return b
}

func (d *Decoder) bool() bool { return d.byte1() != 0 }

func (d *Decoder) str() string {
	n := d.uv()
	if d.err != nil || uint64(len(d.buf)-d.pos) < n {
		d.err = ErrFrame
		return ""
	}
	s := string(d.buf[d.pos : d.pos+int(n)])
	d.pos += int(n)
	return s
}

// count reads a length and bounds it by the bytes left, so a corrupt frame
// cannot make the decoder allocate without limit.
func (d *Decoder) count() int {
	n := d.uv()
	if n > uint64(len(d.buf)-d.pos) {
		d.err = ErrFrame
		return 0
	}
	return int(n)
}

// Batch decodes a batch frame.
func (d *Decoder) Batch() ([]Request, error) { return d.BatchInto(nil) }

// BatchInto decodes a batch frame into seqs, reusing its slices (the
// executor decodes a batch per round trip; the previous one is done with).
func (d *Decoder) BatchInto(seqs []Request) ([]Request, error) {
	n, _ := d.BatchLen()
	if cap(seqs) < n {
		seqs = append(seqs[:cap(seqs)], make([]Request, n-cap(seqs))...)
	}
	seqs = seqs[:n]
	for i := range seqs {
		d.RequestInto(&seqs[i])
	}
	return seqs, d.err
}

// BatchLen reads the number of sequences of a batch frame, which SeqInto
// then decodes one by one.
func (d *Decoder) BatchLen() (int, error) {
	n := d.count()
	return n, d.err
}

// RequestInto decodes the next sequence of a batch frame into s, reusing its
// slices. The executor decodes each sequence right before it runs it, into
// the same Seq, which stays in the cache: decoding a whole batch first
// spread it over a few hundred kilobytes of arrays, which the run then
// read back from memory (building the arguments was mostly those misses).
func (d *Decoder) RequestInto(s *Request) error {
	s.ID = d.uv()
	s.Flags = d.uv()
	ns := d.count()
	if cap(s.Stmts) < ns {
		// Keep the statements' argument arrays, to be reused.
		s.Stmts = append(s.Stmts[:cap(s.Stmts)], make([]Stmt, ns-cap(s.Stmts))...)
	}
	s.Stmts = s.Stmts[:ns]
	for j := range s.Stmts {
		st := &s.Stmts[j]
		var na int
		if b, p := d.buf, d.pos; p+2 <= len(b) && b[p]|b[p+1] < 0x80 && int(b[p+1]) <= len(b)-p-2 && d.err == nil {
			// Most statements: a one-byte operation and count.
			st.Op, na = int(b[p]), int(b[p+1])
			d.pos = p + 2
		} else {
			st.Op = int(d.uv())
			na = d.count()
		}
		if cap(st.Args) < na {
			st.Args = make([]Arg, na)
		}
		st.Args = st.Args[:na]
		for k := range st.Args {
			a := &st.Args[k]
			if d.fastArg(a) {
				continue
			}
			kind := d.byte1()
			if kind == ArgRef {
				stmt := int(d.uv())
				a.Kind, a.Stmt, a.Result = kind, stmt, int(d.uv())
				a.Lit.clear()
			} else {
				// lit sets all of Lit: no need to clear it first.
				a.Kind, a.Stmt, a.Result = kind, 0, 0
				d.lit(&a.Lit)
			}
		}
	}
	return d.err
}

// fastArg decodes the most common arguments, a reference with one-byte
// numbers and an int literal of one or two bytes, with no call per field,
// and reports whether it did; otherwise it reads nothing.
func (d *Decoder) fastArg(a *Arg) bool {
	b, p := d.buf, d.pos
	if p+3 > len(b) || d.err != nil {
		return false
	}
	switch {
	case b[p] == ArgRef && b[p+1] < 0x80 && b[p+2] < 0x80:
		a.Kind, a.Stmt, a.Result = ArgRef, int(b[p+1]), int(b[p+2])
		a.Lit.clear()
		d.pos = p + 3
		return true
	case b[p] == ArgLit && b[p+1] == LitInt:
		// A zigzag varint, as binary.Varint reads it.
		ux, n := uint64(b[p+2]), 3
		if ux >= 0x80 {
			if p+4 > len(b) || b[p+3] >= 0x80 {
				return false
			}
			ux, n = ux&0x7f|uint64(b[p+3])<<7, 4
		}
		x := int64(ux >> 1)
		if ux&1 != 0 {
			x = ^x
		}
		a.Kind, a.Stmt, a.Result = ArgLit, 0, 0
		a.Lit.clear()
		a.Lit.Kind, a.Lit.I = LitInt, x
		d.pos = p + n
		return true
	}
	return false
}

// clear zeroes l, writing its string and slice only when they are set: a
// reused argument rarely had either, and each write of a pointer costs a
// write barrier while the collector runs.
func (l *Lit) clear() {
	l.Kind, l.B, l.I, l.U, l.F = 0, false, 0, 0, 0
	if l.S != "" {
		l.S = ""
	}
	if l.Elems != nil {
		l.Elems = nil
	}
}

func (d *Decoder) lit(l *Lit) {
	l.clear()
	l.Kind = d.byte1()
	switch l.Kind {
	case LitBool:
		l.B = d.bool()
	case LitInt:
		l.I = d.iv()
	case LitUint:
		l.U = d.uv()
	case LitFloat:
		l.F = d.f64()
	case LitString, LitBytes:
		l.S = d.litString()
	case LitSlice:
		l.Elems = make([]Lit, d.count())
		for i := range l.Elems {
			d.lit(&l.Elems[i])
		}
	}
}

// Hello decodes a hello frame.
func (d *Decoder) Hello() (Hello, error) {
	h := Hello{NumOps: int(d.uv()), NumBlocks: int(d.uv()), NumConds: int(d.uv()), PID: int(d.uv())}
	h.Sandboxed = d.bool()
	return h, d.err
}

// Timeout decodes a timeout frame.
func (d *Decoder) Timeout() (TimeoutInfo, error) {
	t := TimeoutInfo{ID: d.uv(), Stmt: int(d.uv()), Reason: TimeoutReason(d.uv())}
	return t, d.err
}

// Result decodes a result frame.
func (d *Decoder) Result() (*Result, error) {
	r := d.slabs.result()
	r.ID = d.uv()
	r.Stmts = d.slabs.stmts(d.count())
	r.Vals = d.slabs.values(d.count()) // the values of all statements
	off := 0
	for i := range r.Stmts {
		s := r.Stmt(i)
		if p := d.pos; p+3 <= len(d.buf) && d.err == nil && d.buf[p] != OutPanic && d.buf[p+1] == 0 && d.buf[p+2] < 0x80 {
			// Most statements (see Encoder.Result): the outcome, no
			// disagreement, a one-byte count of values.
			n := int(d.buf[p+2])
			d.pos = p + 3
			if len(r.Vals)-off < n {
				d.err = ErrFrame // more values than the frame said
				break
			}
			s.Outcome = d.buf[p]
			if n > 0 {
				s.off, s.n = uint32(off), uint32(n)
				off += n
			}
			vals := s.Values()
			for j := range vals {
				if !d.value(&vals[j]) {
					d.valueSlow(s, j)
				}
			}
			continue
		}
		s.Outcome = d.byte1()
		if s.Outcome == OutPanic {
			n := s.makeNote()
			n.PanicMsg = d.str()
			s.PanicRuntime = d.bool()
			n.PanicSite = d.str()
		}
		if x := d.str(); x != "" {
			s.makeNote().Disagree = x
		}
		n := d.count()
		if len(r.Vals)-off < n {
			d.err = ErrFrame // more values than the frame said
			break
		}
		if n > 0 { // an empty range is 0, 0, as SetValues makes it
			s.off, s.n = uint32(off), uint32(n)
			off += n
		}
		for j := range s.Values() {
			d.valueSlow(s, j)
		}
	}
	r.Vals = r.Vals[:off:off]
	r.Blocks = d.slabs.blocks(d.count())
	var w [5]uint64
	prev := int32(0)
	for i := range r.Blocks {
		d.uvs(w[:1])
		prev += int32(w[0])
		r.Blocks[i] = prev
	}
	r.Conds = d.slabs.conds(d.count())
	prev = 0
	for i := range r.Conds {
		c := &r.Conds[i]
		d.uvs(w[:])
		prev += int32(w[0])
		c.ID = prev
		c.NTrue = uint32(w[1])
		c.NFalse = uint32(w[2])
		c.DistTrue = math.Float64frombits(bits.ReverseBytes64(w[3])) // as f64
		c.DistFalse = math.Float64frombits(bits.ReverseBytes64(w[4]))
	}
	if n := d.count(); n > 0 {
		r.Operands = make([]OperandObs, n)
		prev = 0
		for i := range r.Operands {
			o := &r.Operands[i]
			prev += int32(d.uv())
			o.Branch = prev
			for k := 0; k < 2; k++ {
				d.lit(&o.Vals[k])
				o.Cut[k] = d.bool()
			}
		}
	}
	if d.err != nil {
		return nil, fmt.Errorf("decoding result: %w", d.err)
	}
	return r, nil
}

// value decodes a value without a tree whose type was sent before, the
// common case, and reports whether it did; otherwise it reads nothing and
// valueSlow decodes the value.
func (d *Decoder) value(v *Value) bool {
	b, p := d.buf, d.pos
	if p+10 > len(b) || d.err != nil || b[p]&0x81 != 0 || b[p+1]&valTree != 0 {
		return false // not one byte, a name follows, a tree follows, or too short
	}
	var t TypeID
	if id := b[p] >> 1; id != 0 {
		if int(id) >= len(d.types) || d.types[id] == 0 {
			return false
		}
		t = d.types[id]
	}
	f := b[p+1]
	*v = Value{Hash: binary.LittleEndian.Uint64(b[p+2:]), Type: t, Nil: f&valNil != 0, Unstable: f&valUnstable != 0}
	d.pos = p + 10
	return true
}

// valueSlow decodes statement s's jth value, in any form.
func (d *Decoder) valueSlow(s StmtView, j int) {
	v := &s.r.Vals[int(s.off)+j]
	v.Type = d.typeName()
	f := d.byte1()
	v.Nil, v.Unstable = f&valNil != 0, f&valUnstable != 0
	v.Hash = d.u64()
	if f&valTree != 0 {
		s.SetTree(j, d.tree(0))
	}
}

func (d *Decoder) tree(depth int) *Tree {
	if depth > 64 {
		d.err = ErrFrame
		return nil
	}
	t := &Tree{Kind: d.byte1(), Type: d.str(), Named: d.str(), Exported: d.bool()}
	switch t.Kind {
	case TBool:
		t.B = d.bool()
	case TInt:
		t.I = d.iv()
	case TUint:
		t.U = d.uv()
	case TFloat:
		t.F = d.f64()
	case TComplex:
		t.F = d.f64()
		t.Imag = d.f64()
	case TString, TBytes, TError, TOpaque, TFunc, TChan:
		t.S = d.str()
	}
	t.Truncated = d.bool()
	if n := d.count(); n > 0 {
		t.Elems = make([]Tree, n)
		for i := range t.Elems {
			if c := d.tree(depth + 1); c != nil {
				t.Elems[i] = *c
			}
		}
	}
	if n := d.count(); n > 0 {
		t.Fields = make([]string, n)
		for i := range t.Fields {
			t.Fields[i] = d.str()
		}
	}
	if n := d.count(); n > 0 {
		t.Is = make([]string, n)
		for i := range t.Is {
			t.Is[i] = d.str()
		}
	}
	return t
}
