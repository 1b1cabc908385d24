package rt

import (
	"bytes"
	"container/list"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strconv"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestBatchRoundTrip(t *testing.T) {
	seqs := []Request{{ID: 7, Flags: FlagDetail, Stmts: []Stmt{
		{Op: 3, Args: []Arg{
			{Kind: ArgLit, Lit: Lit{Kind: LitInt, I: -5}},
			{Kind: ArgLit, Lit: Lit{Kind: LitString, S: "héllo"}},
			{Kind: ArgLit, Lit: Lit{Kind: LitFloat, F: math.Inf(-1)}},
			{Kind: ArgLit, Lit: Lit{Kind: LitSlice, Elems: []Lit{{Kind: LitUint, U: math.MaxUint64}, {Kind: LitBool, B: true}}}},
		}},
		{Op: 1, Args: []Arg{{Kind: ArgRef, Stmt: 0, Result: 1}}},
	}}, {ID: 8, Flags: FlagRepeat, Mutant: 300, Stmts: []Stmt{{Op: 0}}}, {ID: 9, Mutant: math.MaxInt32}}
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	if err := enc.Batch(seqs); err != nil {
		t.Fatal(err)
	}
	enc.Flush()
	dec := NewDecoder(&buf)
	kind, err := dec.Next()
	if err != nil || kind != FrameBatch {
		t.Fatalf("Next = %d, %v", kind, err)
	}
	got, err := dec.Batch()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(seqs, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("batch round trip mismatch (-want +got):\n%s", diff)
	}
}

// Int literals and references take Decoder.fastArg's path when their
// numbers are short and the general one otherwise: both decode what was
// encoded, into arguments that held other literals before.
func TestBatchFastArgs(t *testing.T) {
	var args []Arg
	for _, x := range []int64{0, 1, -1, 63, -64, 64, -65, 99, -100, 8191, -8192, 8192, -8193, math.MaxInt64, math.MinInt64} {
		args = append(args, Arg{Kind: ArgLit, Lit: Lit{Kind: LitInt, I: x}})
	}
	for _, r := range [][2]int{{0, 0}, {127, 127}, {128, 0}, {3, 128}, {1 << 20, 5}} {
		args = append(args, Arg{Kind: ArgRef, Stmt: r[0], Result: r[1]})
	}
	seqs := []Request{{ID: 1, Stmts: []Stmt{{Op: 2, Args: args}}}}
	dec := frameOf(t, FrameBatch, func(e *Encoder) error { return e.Batch(seqs) })
	// Decode into arguments that held strings and slices.
	old := make([]Arg, len(args))
	for i := range old {
		old[i] = Arg{Kind: ArgLit, Stmt: 9, Result: 9, Lit: Lit{Kind: LitSlice, B: true, U: 7, F: 1.5, S: "old", Elems: []Lit{{Kind: LitBool}}}}
	}
	got, err := dec.BatchInto([]Request{{Stmts: []Stmt{{Args: old}}}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(seqs, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("batch round trip mismatch (-want +got):\n%s", diff)
	}
}

// Block deltas of one byte are decoded inline and longer ones by uvs:
// both give the blocks back.
func TestResultBlocksRoundTrip(t *testing.T) {
	want := NewResult()
	want.ID = 3
	want.Blocks = []int32{0, 1, 127, 255, 256, 70000, 70001, 1 << 30}
	got := resultRoundTrip(t, want)
	if diff := cmp.Diff(want.Blocks, got.Blocks); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
}

// resultRoundTrip encodes r as a result frame and decodes it.
func resultRoundTrip(t *testing.T, r *Result) *Result {
	t.Helper()
	got, err := frameOf(t, FrameResult, func(e *Encoder) error { return e.Result(r) }).Result()
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// frameOf writes one frame with write and returns a decoder that has
// read its kind, which must be kind.
func frameOf(t *testing.T, kind uint8, write func(*Encoder) error) *Decoder {
	t.Helper()
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	if err := write(enc); err != nil {
		t.Fatal(err)
	}
	enc.Flush()
	dec := NewDecoder(&buf)
	if k, err := dec.Next(); err != nil || k != kind {
		t.Fatalf("Next = %d, %v; want kind %d", k, err, kind)
	}
	return dec
}

func TestResultRoundTrip(t *testing.T) {
	tree := MakeTree(map[string][]int{"b": {2}, "a": nil})
	bytesTree := MakeTree([]byte{0xef, 0, 'x'}) // binary []byte, as a hash's Sum returns
	errTree := &Tree{Kind: TError, S: "bad", Is: []string{"ErrBad", "ErrInput"}}
	r := &Result{ID: 9, Blocks: []int32{1, 5, 9}, Conds: []CondObs{{ID: 2, NTrue: 1, DistFalse: 3.5}, {ID: 7, NFalse: 2, DistTrue: 1}},
		Operands: []OperandObs{
			{Branch: 4, Vals: [2]Lit{{Kind: LitInt, I: -3}, {Kind: LitInt, I: math.MaxInt64}}},
			{Branch: 5, Vals: [2]Lit{{Kind: LitFloat, F: math.Inf(1)}, {Kind: LitUint, U: 7}}},
			{Branch: 14, Vals: [2]Lit{{Kind: LitString, S: "héllo"}, {Kind: LitBytes, S: "\x00\xff"}}, Cut: [2]bool{true, false}},
		},
		Infected: []int32{1, 2, 127, 128, 4000, math.MaxInt32}}
	s := r.AddStmt(OutNormal, Value{Type: InternType("map[string][]int"), Hash: 42}, Value{Type: InternType("[]uint8"), Hash: 7},
		Value{Type: InternType("*errors.errorString")})
	for j, t := range []*Tree{tree, bytesTree, errTree} {
		s.SetTree(j, t)
	}
	s = r.AddStmt(OutPanic)
	s.PanicRuntime = true
	s.SetNote(StmtNote{PanicMsg: "boom", PanicSite: "x.go:3"})
	got := resultRoundTrip(t, r)
	if diff := cmp.Diff(r, got, cmpopts.EquateEmpty(), cmp.AllowUnexported(StmtResult{})); diff != "" {
		t.Errorf("result round trip mismatch (-want +got):\n%s", diff)
	}
}

// TestOperandKinds ties the runtime's operand kinds to the wire's literal
// kinds, which coverCollect copies without conversion.
func TestOperandKinds(t *testing.T) {
	pairs := [][2]int{{OperandInt, LitInt}, {OperandUint, LitUint}, {OperandFloat, LitFloat}, {OperandString, LitString}, {OperandBytes, LitBytes}}
	for _, p := range pairs {
		if p[0] != p[1] {
			t.Errorf("operand kind %d != literal kind %d", p[0], p[1])
		}
	}
}

// TestResultWithoutOperands checks that a result without operands decodes
// with none, and costs one byte more than before operands existed (and
// one more than before infected mutants did).
func TestResultWithoutOperands(t *testing.T) {
	r := &Result{ID: 1, Conds: []CondObs{{ID: 3, NTrue: 1}}}
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	enc.Result(r)
	enc.Flush()
	// id, 0 stmts, 0 values, 0 blocks, 1 cond (delta, counts, two float64
	// uvarints of 0 and 0), 0 operands, 0 infected; plus the length and
	// kind bytes.
	if n := buf.Len(); n != 2+1+1+1+1+1+1+1+1+1+1+1+1 {
		t.Errorf("encoded size %d", n)
	}
	dec := NewDecoder(&buf)
	if _, err := dec.Next(); err != nil {
		t.Fatal(err)
	}
	got, err := dec.Result()
	if err != nil || got.Operands != nil || got.Infected != nil {
		t.Errorf("Result = %+v, %v", got, err)
	}
}

// A request's mutant rides on a flag bit: a request without one encodes
// to the bytes it did before mutants existed, one with a small id costs
// one byte more, and a caller's stray flag bit neither leaks through nor
// invents a mutant.
func TestRequestMutantBytes(t *testing.T) {
	encode := func(r Request) []byte {
		var buf bytes.Buffer
		enc := NewEncoder(&buf)
		if err := enc.Batch([]Request{r}); err != nil {
			t.Fatal(err)
		}
		enc.Flush()
		return buf.Bytes()
	}
	// Length, kind, 1 request, ID 5, flags, 0 statements.
	if got, want := encode(Request{ID: 5, Flags: FlagDetail}), []byte{5, FrameBatch, 1, 5, FlagDetail, 0}; !bytes.Equal(got, want) {
		t.Errorf("no mutant: % x, want % x", got, want)
	}
	if got, want := encode(Request{ID: 5, Flags: FlagDetail, Mutant: 9}), []byte{6, FrameBatch, 1, 5, FlagDetail | flagMutant, 9, 0}; !bytes.Equal(got, want) {
		t.Errorf("mutant 9: % x, want % x", got, want)
	}
	for _, r := range []Request{{ID: 1, Flags: flagMutant | FlagFlush}, {ID: 2, Flags: flagMutant, Mutant: 4}} {
		dec := NewDecoder(bytes.NewReader(encode(r)))
		if _, err := dec.Next(); err != nil {
			t.Fatal(err)
		}
		got, err := dec.Batch()
		if err != nil || len(got) != 1 {
			t.Fatalf("Batch = %v, %v", got, err)
		}
		if got[0].Flags != r.Flags&^flagMutant || got[0].Mutant != r.Mutant {
			t.Errorf("request %d: flags %#x mutant %d, want %#x and %d", r.ID, got[0].Flags, got[0].Mutant, r.Flags&^flagMutant, r.Mutant)
		}
	}
	// Decoding into a request that had a mutant clears it.
	dec := NewDecoder(bytes.NewReader(encode(Request{ID: 3})))
	dec.Next()
	got, err := dec.BatchInto([]Request{{Mutant: 7}})
	if err != nil || got[0].Mutant != 0 {
		t.Errorf("reused request: mutant %d, %v; want 0", got[0].Mutant, err)
	}
}

func TestNormDist(t *testing.T) {
	for _, c := range []struct{ d, want float64 }{{0, 0}, {1, 0.5}, {3, 0.75}, {MaxDist, 1}} {
		if got := NormDist(c.d); got != c.want {
			t.Errorf("NormDist(%v) = %v, want %v", c.d, got, c.want)
		}
	}
}

func TestDecoderRejectsCorruptFrames(t *testing.T) {
	// A length that claims more elements than the frame holds must not
	// make the decoder allocate or panic.
	var buf bytes.Buffer
	buf.Write([]byte{4, FrameBatch, 0xff, 0xff, 0x7f})
	dec := NewDecoder(&buf)
	if _, err := dec.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := dec.Batch(); err == nil {
		t.Error("Batch accepted a corrupt frame")
	}
}

type node struct {
	V    int
	Next *node
}

func TestHashIsStructural(t *testing.T) {
	m1 := map[string]int{}
	m2 := map[string]int{}
	for i, k := range []string{"a", "b", "c", "d", "e"} {
		m1[k] = i
	}
	for i := 4; i >= 0; i-- {
		m2[[]string{"a", "b", "c", "d", "e"}[i]] = i
	}
	if Hash(m1) != Hash(m2) {
		t.Error("equal maps hash differently")
	}
	if Hash(&node{V: 1}) != Hash(&node{V: 1}) {
		t.Error("equal pointers to equal values hash differently")
	}
	if Hash(&node{V: 1}) == Hash(&node{V: 2}) {
		t.Error("different values hash the same")
	}
	if Hash(int(1)) == Hash(int64(1)) {
		t.Error("values of different types hash the same")
	}
	// Only the root's type and those of values in interfaces are hashed:
	// the rest follow from them, so these must still differ.
	if Hash([]any{int(1)}) == Hash([]any{int64(1)}) {
		t.Error("interfaces holding values of different types hash the same")
	}
	for _, pair := range [][2][]byte{{[]byte("abcdefgh1"), []byte("abcdefgh2")}, {[]byte("abcdefgh"), []byte("abcdefg")}, {nil, {}}, {{0}, {}}} {
		if Hash(pair[0]) == Hash(pair[1]) {
			t.Errorf("%q and %q hash the same", pair[0], pair[1])
		}
		if Hash(string(pair[0])) == Hash(string(pair[1])) && string(pair[0]) != string(pair[1]) {
			t.Errorf("strings %q and %q hash the same", pair[0], pair[1])
		}
	}
	if Hash(struct{ A, B string }{"ab", ""}) == Hash(struct{ A, B string }{"a", "b"}) {
		t.Error("moving a byte between fields keeps the hash")
	}
	cyc := &node{V: 1}
	cyc.Next = cyc
	_ = Hash(cyc) // must terminate
	if tr := MakeTree(cyc); tr.Kind != TPtr {
		t.Errorf("MakeTree(cycle).Kind = %d", tr.Kind)
	}
}

func TestMakeTreeBounds(t *testing.T) {
	big := make([]int, 1000)
	tr := MakeTree(big)
	if !tr.Truncated || len(tr.Elems) != maxTreeElems {
		t.Errorf("MakeTree of 1000 ints: truncated=%v elems=%d", tr.Truncated, len(tr.Elems))
	}
	type pt struct {
		X, y int
	}
	if tr := MakeTree(pt{1, 2}); tr.Exported || tr.Kind != TStruct || len(tr.Fields) != 2 {
		t.Errorf("MakeTree(struct with unexported field) = %+v", tr)
	}
}

// Shared structure is hashed once per pointer, not once per path: a
// doubly linked list, whose elements point back to their list, took
// maxHashNodes nodes for every hash (container/list: 500 sequences a
// second). Equal lists still hash the same, different ones differently.
func TestHashSharedStructure(t *testing.T) {
	build := func(n, last int) *list.List {
		l := list.New()
		for i := 0; i < n-1; i++ {
			l.PushBack(i)
		}
		l.PushBack(last)
		return l
	}
	h := &hasher{h: 1}
	h.value(reflect.ValueOf(build(100, 99)), 0)
	if h.nodes > 2000 {
		t.Errorf("hashing a 100-element list visited %d nodes", h.nodes)
	}
	if Hash(build(100, 99)) != Hash(build(100, 99)) {
		t.Error("equal lists hash differently")
	}
	if Hash(build(100, 99)) == Hash(build(100, 98)) {
		t.Error("lists differing in the last element hash the same")
	}
	// Map entries sharing a pointer hash the same in any order.
	shared := &node{V: 7}
	m := map[int]*node{1: shared, 2: shared, 3: {V: 7}}
	first := Hash(m)
	for i := 0; i < 20; i++ {
		if Hash(m) != first {
			t.Fatal("a map sharing pointers between entries hashes differently across iterations")
		}
	}
}

// Hash's fast path for unnamed basic types gives the hashes (and type
// names) of the general one.
func TestHashBasic(t *testing.T) {
	for _, v := range []any{0, -1, 1 << 62, int64(-5), int32(-7), 'x', uint(3), uint64(1 << 63), uint8(200),
		3.5, math.NaN(), math.Inf(-1), true, false, "", "hello", "a string longer than eight bytes",
		[]byte(nil), []byte{}, []byte("0123456789")} {
		h, typ, ok := hashBasic(v)
		if !ok {
			t.Errorf("%T %v: no fast path", v, v)
			continue
		}
		if want := hashReflect(v); h != want {
			t.Errorf("%T %v: hash %x, general path %x", v, v, h, want)
		}
		if want := reflect.TypeOf(v).String(); typ.String() != want {
			t.Errorf("%T %v: type %q, want %q", v, v, typ, want)
		}
	}
	type named int
	if _, _, ok := hashBasic(named(1)); ok {
		t.Error("a named type took the fast path")
	}
}

// Type names travel as numbers once sent, and every result decodes with
// its names; a decoder maps the encoder's numbers to its own process's.
func TestTypeNameTable(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	var want []*Result
	var sizes []int
	for i := 0; i < 2*maxInterned; i++ {
		name := InternType("T" + strconv.Itoa(i%maxInterned))
		r := &Result{ID: uint64(i)}
		r.AddStmt(OutNormal, Value{Type: name, Hash: 1}, Value{Type: InternType("int"), Hash: 2, Nil: true, Unstable: true})
		n := buf.Len() + enc.w.Buffered()
		enc.Result(r)
		sizes = append(sizes, buf.Len()+enc.w.Buffered()-n)
		want = append(want, r)
	}
	enc.Flush()
	if sizes[maxInterned] >= sizes[0] {
		t.Errorf("a result with names already sent takes %d bytes, the first %d", sizes[maxInterned], sizes[0])
	}
	dec := NewDecoder(&buf)
	for _, w := range want {
		if _, err := dec.Next(); err != nil {
			t.Fatal(err)
		}
		got, err := dec.Result()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(w.Stmts, got.Stmts) || !reflect.DeepEqual(w.Vals, got.Vals) {
			t.Fatalf("result %d: got %+v %+v, want %+v %+v", w.ID, got.Stmts, got.Vals, w.Stmts, w.Vals)
		}
	}

	// An encoder's number that this process gives another name: the
	// decoder goes by the name sent.
	other := InternType("TypeNameTableOther")
	// int's number, other's name
	got, err := decodeOneValue(uint64(InternType("int"))<<1|1, other.String())
	if err != nil {
		t.Fatal(err)
	}
	if v := got.Stmt(0).Values()[0]; v.Type != other || v.Type.String() != "TypeNameTableOther" {
		t.Errorf("value of type %d %q, want %d", v.Type, v.Type, other)
	}
}

// A number whose name was never sent is a malformed frame.
func TestTypeNameUnsent(t *testing.T) {
	if _, err := decodeOneValue(uint64(InternType("int"))<<1, ""); !errors.Is(err, ErrFrame) {
		t.Errorf("Result = %v, want ErrFrame", err)
	}
}

// decodeOneValue decodes a hand-made result frame of one statement with
// one value, whose type is sent as typeWord followed by name if it is not
// "".
func decodeOneValue(typeWord uint64, name string) (*Result, error) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	enc.uv(1) // ID
	enc.uv(1) // one statement
	enc.uv(1) // one value
	enc.buf = append(enc.buf, OutNormal)
	enc.str("") // no disagreement
	enc.uv(1)   // the statement's one value
	enc.uv(typeWord)
	if name != "" {
		enc.str(name)
	}
	enc.buf = append(enc.buf, 0) // flags
	enc.u64(5)                   // hash
	enc.uv(0)                    // blocks
	enc.uv(0)                    // conditions
	enc.uv(0)                    // operands
	enc.uv(0)                    // infected mutants
	enc.frame(FrameResult)
	enc.Flush()
	dec := NewDecoder(&buf)
	if _, err := dec.Next(); err != nil {
		return nil, err
	}
	return dec.Result()
}

// The arrays results are decoded into must not hold pointers, or the
// garbage collector scans them in the parent, where they were a good part
// of its cost (see Value).
func TestValueHasNoPointers(t *testing.T) {
	var walk func(reflect.Type) bool
	walk = func(t reflect.Type) bool {
		switch t.Kind() {
		case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Interface,
			reflect.Chan, reflect.Func, reflect.UnsafePointer:
			return true
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				if walk(t.Field(i).Type) {
					return true
				}
			}
		case reflect.Array:
			return walk(t.Elem())
		}
		return false
	}
	for _, v := range []any{Value{}, StmtResult{}, CondObs{}} {
		if walk(reflect.TypeOf(v)) {
			t.Errorf("%T holds pointers", v)
		}
		// cutRaw cuts them from an array of words.
		if a := reflect.TypeOf(v).Align(); a > 8 {
			t.Errorf("%T is aligned to %d bytes, more than a word", v, a)
		}
	}
}

// The arrays cut from the raw slab are zeroed, as long as asked, with
// their length as capacity, and do not overlap, whatever their types; a
// large one has its own array.
func TestCutRaw(t *testing.T) {
	var s slabs
	var all [][2]uintptr // each array's first and last byte
	var keep []any       // the arrays, so that no address is reused
	for i := 0; i < 200; i++ {
		n := i % 9
		var lo, hi uintptr
		switch i % 4 {
		case 0:
			lo, hi = checkCut(t, s.stmts(n), n, StmtResult{n: 7}, &keep)
		case 1:
			lo, hi = checkCut(t, s.values(n), n, Value{Hash: ^uint64(0)}, &keep)
		case 2:
			lo, hi = checkCut(t, s.blocks(n), n, -1, &keep)
		default:
			lo, hi = checkCut(t, s.conds(n), n, CondObs{DistTrue: 1}, &keep)
		}
		if n == 0 {
			continue
		}
		if lo%8 != 0 && i%4 != 2 {
			t.Fatalf("array %d at %#x: not aligned to a word", i, lo)
		}
		for _, r := range all {
			if lo <= r[1] && r[0] <= hi {
				t.Fatalf("array %d [%#x, %#x] overlaps [%#x, %#x]", i, lo, hi, r[0], r[1])
			}
		}
		all = append(all, [2]uintptr{lo, hi})
	}
	runtime.KeepAlive(keep)
	if got := s.conds(rawSlabBytes); len(got) != rawSlabBytes || cap(got) != rawSlabBytes {
		t.Fatalf("a large request: len %d cap %d", len(got), cap(got))
	}
	if got := s.stmts(0); got == nil {
		t.Fatal("stmts(0) is nil, not empty")
	}
}

// checkCut checks that a, asked for with length n, is zero, n long and
// n wide, fills it with set, keeps it in *keep, and returns the addresses
// of its first and last byte.
func checkCut[T comparable](t *testing.T, a []T, n int, set T, keep *[]any) (lo, hi uintptr) {
	t.Helper()
	var zero T
	if len(a) != n || cap(a) != n {
		t.Fatalf("%T(%d): len %d cap %d", a, n, len(a), cap(a))
	}
	for j := range a {
		if a[j] != zero {
			t.Fatalf("%T(%d)[%d] = %+v, not zero", a, n, j, a[j])
		}
		a[j] = set
	}
	*keep = append(*keep, a)
	if n == 0 {
		return 0, 0
	}
	return uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&a[n-1])) + unsafe.Sizeof(zero) - 1
}

// The cache of type-name hashes gives each type its own name and the
// hash it had without the cache, also when types share a slot.
func TestTypeNameHashCache(t *testing.T) {
	type a struct{ X int }
	type b struct{ X int }
	vals := []any{&a{1}, &b{1}, a{2}, b{2}, []a{{3}}, map[string]b{"k": {4}}, &[]int{5}, [2]uint16{6, 7},
		struct{ S string }{"x"}, new(int8), new(int16), new(int32), new(int64), new(uint), new(float32), new(complex64)}
	for round := 0; round < 3; round++ {
		for _, v := range vals {
			h, name := hashReflectNamed(v)
			if want := reflect.TypeOf(v).String(); name.String() != want {
				t.Errorf("%T: name %q, want %q", v, name, want)
			}
			hw := newHasher(0)
			hw.mixString(reflect.TypeOf(v).String())
			hw.value(reflect.ValueOf(v), 0)
			if h != hw.h {
				t.Errorf("%T: hash %x, without the cache %x", v, h, hw.h)
			}
			freeHasher(hw)
		}
	}
}

// A reflect.Type inside a value (json.UnmarshalTypeError's Type) hashes by
// its name, not by its descriptor's offsets into the binary, and its tree
// is opaque; two values with different types hash differently.
func TestHashTypeByName(t *testing.T) {
	type withType struct {
		T reflect.Type
		t reflect.Type // reached only through an unexported field
	}
	a := withType{reflect.TypeOf(0), reflect.TypeOf("")}
	b := withType{reflect.TypeOf(0), reflect.TypeOf("")}
	c := withType{reflect.TypeOf(0), reflect.TypeOf(0.5)}
	if Hash(a) != Hash(b) {
		t.Errorf("equal values hash differently")
	}
	if Hash(a) == Hash(c) {
		t.Errorf("values with different types hash alike")
	}
	var b2 treeBuilder
	if tr := b2.build(reflect.ValueOf(a).Field(1), 0); tr.Kind != TOpaque {
		t.Errorf("tree of an unexported reflect.Type field: kind %v, want opaque", tr.Kind)
	}
}

// TestResultClone checks that a clone equals its result, that each of its
// arrays is its own (a write to the clone does not show in the original)
// and exactly as long as the original's, and that nil arrays stay nil and
// empty ones empty: a clone must not keep the decoder's slabs alive.
func TestResultClone(t *testing.T) {
	var s slabs
	r := &Result{ID: 7, Stmts: s.stmts(2), Vals: s.values(3), Blocks: s.blocks(0), Conds: s.conds(1)}
	r.Stmts[0] = StmtResult{Outcome: OutNormal, off: 0, n: 2}
	r.Stmts[1] = StmtResult{Outcome: OutPanic, PanicRuntime: true, note: 1, off: 2, n: 1}
	r.Vals[0], r.Vals[1], r.Vals[2] = Value{Hash: 1, Type: 3}, Value{Nil: true}, Value{Hash: 2, Unstable: true}
	r.Notes = []StmtNote{{PanicMsg: "boom", Trees: []*Tree{nil}}}
	r.Conds[0] = CondObs{ID: 4, NTrue: 1, DistFalse: 2.5}
	r.Infected = s.mutants(2)
	r.Infected[0], r.Infected[1] = 3, 8
	c := r.Clone()
	if !reflect.DeepEqual(c, r) {
		t.Fatalf("clone %+v differs from %+v", c, r)
	}
	if c.Operands != nil || c.Blocks == nil {
		t.Fatalf("nil or empty not kept: Operands %v (want nil), Blocks %v (want empty)", c.Operands, c.Blocks)
	}
	if got := c.Stmt(1).PanicMsg(); got != "boom" {
		t.Fatalf("clone's panic message %q", got)
	}
	if len(c.Stmts) != cap(c.Stmts) || len(c.Vals) != cap(c.Vals) || len(c.Conds) != cap(c.Conds) || len(c.Notes) != cap(c.Notes) || len(c.Infected) != cap(c.Infected) {
		t.Fatal("a clone's array has spare capacity")
	}
	c.Stmts[0].Outcome = OutPanic
	c.Vals[2].Hash = 9
	c.Notes[0].PanicMsg = "other"
	c.Conds[0].NTrue = 5
	c.Infected[1] = 9
	if r.Stmts[0].Outcome != OutNormal || r.Vals[2].Hash != 2 || r.Notes[0].PanicMsg != "boom" || r.Conds[0].NTrue != 1 || r.Infected[1] != 8 {
		t.Fatal("a write to the clone changed the original: an array is shared")
	}
	ops := &Result{Operands: []OperandObs{{Branch: 3, Vals: [2]Lit{{Kind: LitString, S: "a"}, {Kind: LitInt, I: 2}}}}}
	if oc := ops.Clone(); !reflect.DeepEqual(oc, ops) || &oc.Operands[0] == &ops.Operands[0] {
		t.Fatalf("operands: clone %+v of %+v", oc.Operands, ops.Operands)
	}
}
