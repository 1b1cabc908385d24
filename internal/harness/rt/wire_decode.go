package rt

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
)

// The decoding of frames (see wire.go and wire_encode.go).

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

// iv reads a zigzag varint, as binary.Varint does: a uvarint whose low
// bit is the sign.
func (d *Decoder) iv() int64 { return unzigzag(d.uv()) }

// unzigzag maps the uvarint of a zigzag varint to its value.
func unzigzag(ux uint64) int64 {
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
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
	b := d.bytes()
	if d.err != nil {
		return ""
	}
	if len(b) > maxLen {
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

func (d *Decoder) str() string { return string(d.bytes()) }

// bytes reads a length-prefixed string of bytes, which it returns as a
// part of the frame: nil on an error.
func (d *Decoder) bytes() []byte {
	n := d.uv()
	if d.err != nil || uint64(len(d.buf)-d.pos) < n {
		d.err = ErrFrame
		return nil
	}
	b := d.buf[d.pos : d.pos+int(n)]
	d.pos += int(n)
	return b
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

// BatchLen reads the number of sequences of a batch frame, which RequestInto
// then decodes one by one.
func (d *Decoder) BatchLen() (int, error) {
	n := d.count()
	return n, d.err
}

// RequestInto decodes the next sequence of a batch frame into s, reusing its
// slices. The executor decodes each sequence right before it runs it, into
// the same Request, which stays in the cache: decoding a whole batch first
// spread it over a few hundred kilobytes of arrays, which the run then
// read back from memory (building the arguments was mostly those misses).
func (d *Decoder) RequestInto(s *Request) error {
	s.ID = d.uv()
	// The flags, one byte, inline: the call of uv saved here pays for
	// the test of flagMutant.
	var f uint64
	if p := d.pos; p < len(d.buf) && d.buf[p] < 0x80 && d.err == nil {
		f, d.pos = uint64(d.buf[p]), p+1
	} else {
		f = d.uvSlow()
	}
	s.Flags, s.Mutant = f&^(flagMutant|flagRepeats), 0
	if f&flagMutant != 0 {
		s.Mutant = int32(uint32(d.uv()))
	}
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
		st.Repeat = 0
		if f&flagRepeats != 0 {
			// Not count(): a repeat count is not bounded by the bytes left.
			st.Repeat = int(min(d.uv(), MaxRepeat))
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
		a.Kind, a.Stmt, a.Result = ArgLit, 0, 0
		a.Lit.clear()
		a.Lit.Kind, a.Lit.I = LitInt, unzigzag(ux)
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
	if !d.zero() {
		d.operands(r)
	}
	if !d.zero() { // none (nil) for executors without mutants
		d.infected(r)
	}
	if d.err != nil {
		return nil, fmt.Errorf("decoding result: %w", d.err)
	}
	return r, nil
}

// zero reads a count of 0, the common case of the counts that end a
// result frame, and reports whether it did; otherwise it reads nothing.
// Unlike count it is inlined: a call per count was a few percent of the
// decoding of a cheap result.
func (d *Decoder) zero() bool {
	if p := d.pos; p < len(d.buf) && d.buf[p] == 0 && d.err == nil {
		d.pos = p + 1
		return true
	}
	return false
}

// operands decodes the operands of a result frame into r.
func (d *Decoder) operands(r *Result) {
	n := d.count()
	if n == 0 {
		return
	}
	r.Operands = make([]OperandObs, n)
	prev := int32(0)
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

// infected decodes the infected mutants of a result frame into r, cut
// from the slabs as its blocks are.
func (d *Decoder) infected(r *Result) {
	n := d.count()
	if n == 0 {
		return
	}
	r.Infected = d.slabs.mutants(n)
	var w [1]uint64
	prev := int32(0)
	for i := range r.Infected {
		d.uvs(w[:])
		prev += int32(w[0])
		r.Infected[i] = prev
	}
}

// value decodes a value without a tree whose type was sent before, the
// common case, and reports whether it did; otherwise it reads nothing and
// valueSlow decodes the value.
func (d *Decoder) value(v *Value) bool {
	b, p := d.buf, d.pos
	if p+10 > len(b) || d.err != nil || b[p]&0x81 != 0 || b[p+1]&(valTree|valSame) != 0 {
		return false // not one byte, a name follows, a tree or a Same follows, or too short
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
	v.Same = 0
	if f&valSame != 0 {
		v.Same = int32(d.uv()) - 1
	}
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
