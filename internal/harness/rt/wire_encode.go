package rt

import (
	"bufio"
	"encoding/binary"
	"io"
	"math"
	"math/bits"
)

// The encoding of frames (see wire.go): the parent encodes batches, the
// executor everything else.

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
		f := s.Flags &^ (flagMutant | flagRepeats)
		repeats := hasRepeats(s.Stmts)
		if repeats {
			f |= flagRepeats
		}
		if s.Mutant == 0 {
			e.uv(f)
		} else {
			e.uv(f | flagMutant)
			e.uv(uint64(uint32(s.Mutant)))
		}
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
			if repeats {
				e.uv(uint64(max(st.Repeat, 0)))
			}
		}
	}
	return e.frame(FrameBatch)
}

// hasRepeats reports whether a statement of stmts repeats its call.
func hasRepeats(stmts []Stmt) bool {
	for i := range stmts {
		if stmts[i].Repeat > 1 {
			return true
		}
	}
	return false
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
	// A count as for Operands; ascending, so delta-encoded.
	e.uv(uint64(len(r.Infected)))
	prev = 0
	for _, m := range r.Infected {
		e.uv(uint64(m - prev))
		prev = m
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
	if v.Same != 0 {
		f |= valSame
	}
	e.buf = append(e.buf, f)
	e.u64(v.Hash) // uniform: a varint would take 9 or 10 bytes
	if v.Same != 0 {
		e.uv(uint64(v.Same + 1))
	}
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
