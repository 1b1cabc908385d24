package rt

import (
	"errors"
	"strconv"
)

// The wire protocol between gentest and an executor. Both sides use it:
// the executor as part of the overlay, gentest by importing this package.
// This file holds the frame kinds and what requests and frames carry;
// wire_result.go the result of a sequence, wire_encode.go and
// wire_decode.go the two directions of the encoding, and arena.go the
// memory the parent decodes results into. Frames are a uvarint length followed by the payload; payloads are
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
	// ArgIndex is a literal that call i of a repeated statement (Stmt.Repeat)
	// takes combined with i: see Lit.AtIndex. Encoded as ArgLit is.
	ArgIndex = 5
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
	// FlagNondet says the sequence calls an operation whose facts call it
	// nondeterministic (randomness, the clock): with FlagRepeat the
	// executor then repeats it as often as a run holding maps
	// (mapRepeatRuns), since the oracle checks what every run agreed on,
	// and a random choice between two errors agrees in three runs one
	// time in four.
	FlagNondet
)

// flagMutant is set on the wire, never by callers, when a request names a
// mutant: the mutant's id follows the flags. A request without one (the
// search's all but the judge's) then costs no byte more than before.
const flagMutant = 1 << 6

// flagRepeats is set on the wire when a request has a repeated statement:
// each statement's repeat count then follows its arguments. A request
// without loops costs no byte more than before.
const flagRepeats = 1 << 7

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

// Stmt is a statement on the wire. Repeat, when 2 or more, makes the
// executor call the operation Repeat times (all under one call limit, and
// stopped once they used half of it: run.go); the last call's results
// are the statement's.
type Stmt struct {
	Op     int
	Args   []Arg
	Repeat int
}

// MaxRepeat bounds Stmt.Repeat (seq.MaxRepeat mirrors it); a loop's time
// is bounded by the call limit, which all its calls share.
const MaxRepeat = 1024

// AtIndex returns the literal an ArgIndex argument takes in call i: numbers
// plus i, strings and byte slices with i's decimal digits appended (the
// same as seq.Lit.AtIndex, which the emitter writes).
func (l *Lit) AtIndex(i int) Lit {
	c := *l
	switch c.Kind {
	case LitInt:
		c.I += int64(i)
	case LitUint:
		c.U += uint64(i)
	case LitFloat:
		c.F += float64(i)
	case LitString, LitBytes:
		c.S += strconv.Itoa(i)
	}
	return c
}

// Request is a sequence to run.
type Request struct {
	ID    uint64
	Flags uint64
	// Mutant is the mutant the sequence runs under (see cover_mutant.go):
	// 0 for none, the original program.
	Mutant int32
	Stmts  []Stmt
}

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

// Flags of a value in a result frame.
const (
	valNil = 1 << iota
	valUnstable
	valTree
	valSame // Value.Same follows the hash, as a varint of Same+1
)
