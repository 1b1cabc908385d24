package rt

import (
	"bytes"
	crand "crypto/rand"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func condOf(t *testing.T, id int) CondObs {
	t.Helper()
	for _, c := range Conds(nil) {
		if int(c.ID) == id {
			return c
		}
	}
	return CondObs{ID: int32(id), DistTrue: -1, DistFalse: -1}
}

func TestDistances(t *testing.T) {
	Init(0, 1)
	defer Init(0, 0)
	type want struct {
		r      bool
		dt, df float64
	}
	cases := []struct {
		name string
		eval func() bool
		want want
	}{
		{"int == false", func() bool { return CmpI(0, OpEq, 40, 42) }, want{false, 2, 0}},
		{"int == true", func() bool { return CmpI(0, OpEq, 42, 42) }, want{true, 0, 1}},
		{"int != true", func() bool { return CmpI(0, OpNe, 40, 42) }, want{true, 0, 2}},
		{"int != false", func() bool { return CmpI(0, OpNe, 42, 42) }, want{false, 1, 0}},
		{"int < false", func() bool { return CmpI(0, OpLt, 5, 3) }, want{false, 3, 0}},
		{"int < eq", func() bool { return CmpI(0, OpLt, 3, 3) }, want{false, 1, 0}},
		{"int < true", func() bool { return CmpI(0, OpLt, 1, 3) }, want{true, 0, 2}},
		{"int <= false", func() bool { return CmpI(0, OpLe, 5, 3) }, want{false, 2, 0}},
		{"int <= true", func() bool { return CmpI(0, OpLe, 3, 3) }, want{true, 0, 1}},
		{"int > false", func() bool { return CmpI(0, OpGt, 3, 5) }, want{false, 3, 0}},
		{"int > true", func() bool { return CmpI(0, OpGt, 6, 5) }, want{true, 0, 1}},
		{"int >= false", func() bool { return CmpI(0, OpGe, 3, 5) }, want{false, 2, 0}},
		{"int >= true", func() bool { return CmpI(0, OpGe, 5, 5) }, want{true, 0, 1}},
		{"int extremes", func() bool { return CmpI(0, OpEq, math.MinInt64, math.MaxInt64) }, want{false, math.MaxUint64, 0}},
		{"int huge close", func() bool { return CmpI(0, OpEq, 1<<62+1, 1<<62) }, want{false, 1, 0}},
		{"uint", func() bool { return CmpU(0, OpGe, 1<<63, math.MaxUint64) }, want{false, 1<<63 - 1, 0}},
		{"uint < true", func() bool { return CmpU(0, OpLt, 0, 10) }, want{true, 0, 10}},
		{"float", func() bool { return CmpF(0, OpLt, 1.5, 1) }, want{false, 1.5, 0}},
		{"float nan", func() bool { return CmpF(0, OpLe, math.NaN(), 1) }, want{false, MaxDist, 0}},
		{"float nan ne", func() bool { return CmpF(0, OpNe, math.NaN(), math.NaN()) }, want{true, 0, MaxDist}},
		{"float inf", func() bool { return CmpF(0, OpEq, math.Inf(1), 0) }, want{false, MaxDist, 0}},
		{"float inf eq", func() bool { return CmpF(0, OpEq, math.Inf(-1), math.Inf(-1)) }, want{true, 0, 1}},
		{"string ==", func() bool { return CmpS(0, OpEq, "hellp", "hello") }, want{false, 1, 0}},
		{"string == len", func() bool { return CmpS(0, OpEq, "ab", "abcd") }, want{false, 512, 0}},
		{"string != true", func() bool { return CmpS(0, OpNe, "a", "c") }, want{true, 0, 2}},
		{"string <", func() bool { return CmpS(0, OpLt, "hellp", "b") }, want{false, 'h' - 'b' + 1, 0}},
		{"string < prefix", func() bool { return CmpS(0, OpLt, "ab", "abc") }, want{true, 0, 1}},
		{"string >= eq", func() bool { return CmpS(0, OpGe, "x", "x") }, want{true, 0, 1}},
		{"br true", func() bool { return Br(0, true) }, want{true, 0, 1}},
		{"br false", func() bool { return Br(0, false) }, want{false, 1, 0}},
	}
	for _, c := range cases {
		Reset()
		if r := c.eval(); r != c.want.r {
			t.Errorf("%s: result %v, want %v", c.name, r, c.want.r)
		}
		got := condOf(t, 0)
		if got.DistTrue != c.want.dt || got.DistFalse != c.want.df {
			t.Errorf("%s: distances (%v, %v), want (%v, %v)", c.name, got.DistTrue, got.DistFalse, c.want.dt, c.want.df)
		}
		if (got.NTrue == 1) != c.want.r || got.NTrue+got.NFalse != 1 {
			t.Errorf("%s: counts %d/%d", c.name, got.NTrue, got.NFalse)
		}
	}
}

func TestMinimumAndCounts(t *testing.T) {
	Init(3, 3)
	defer Init(0, 0)
	for _, x := range []int64{10, 45, 41, 50} {
		CmpI(1, OpEq, x, 42)
	}
	CmpI(1, OpEq, 42, 42)
	Blk(2)
	c := condOf(t, 1)
	if c.NTrue != 1 || c.NFalse != 4 || c.DistTrue != 0 || c.DistFalse != 0 {
		t.Errorf("cond 1: %+v", c)
	}
	Reset()
	CmpI(1, OpEq, 45, 42)
	CmpI(1, OpEq, 41, 42)
	if c := condOf(t, 1); c.NFalse != 2 || c.DistTrue != 1 || c.DistFalse != 0 {
		t.Errorf("after reset: %+v", c)
	}
	if n := len(Conds(nil)); n != 1 {
		t.Errorf("%d conditions reported, want 1", n)
	}
	if b := CoveredBlocks(nil); len(b) != 0 {
		t.Errorf("blocks after reset: %v", b)
	}
	Blk(0)
	Blk(2)
	if b := CoveredBlocks(nil); len(b) != 2 || b[0] != 0 || b[1] != 2 {
		t.Errorf("blocks %v", b)
	}
	Case(0, 3, 2)
	// Conditions 0 and 1 false, 2 true.
	if br := CoveredBranches(nil); len(br) != 3 || br[0] != 1 || br[1] != 3 || br[2] != 4 {
		t.Errorf("branches %v", br)
	}
}

func TestOutOfRange(t *testing.T) {
	Init(1, 1)
	defer Init(0, 0)
	Blk(-1)
	Blk(1)
	Blk(1 << 40)
	Br(-5, true)
	CmpI(7, OpEq, 1, 2)
	CmpS(1, OpEq, "a", "b")
	Case(0, 5, 3)
	if len(CoveredBlocks(nil)) != 0 {
		t.Error("out-of-range block recorded")
	}
	Init(0, 0)
	Blk(0)
	Br(0, true) // not initialised: dropped, no panic
}

func TestNoAllocs(t *testing.T) {
	Init(10, 20)
	defer Init(0, 0)
	long := []byte(strings.Repeat("x", 200))
	probes := func() {
		Blk(3)
		Br(1, true)
		CmpI(2, OpLt, 3, 4)
		CmpU(3, OpGe, 3, 4)
		CmpF(4, OpEq, 3, 4)
		CmpS(5, OpLe, "abc", "abd")
		Case(6, 3, 1)
		StrCall(9, FnContains, strings.Contains, "hello world", "wrld")
		BytesCall(10, FnEqual, bytes.Equal, long, long[1:])
		StrIndex(11, FnIndex, true, strings.Index, "abc", "x")
		BytesIndexRune(12, false, bytes.IndexRune, long, 'é')
		StrIndexByte(13, true, strings.IndexByte, "abc", 'z')
		StrContainsRune(14, strings.ContainsRune, "abc", 'z')
	}
	if a := testing.AllocsPerRun(100, func() { probes(); Reset() }); a != 0 {
		t.Errorf("%v allocations per run", a)
	}
	// With operand recording, only improvements record, and only []byte
	// operands are copied: repeating the same evaluations allocates
	// nothing.
	KeepOperands(true)
	defer KeepOperands(false)
	if a := testing.AllocsPerRun(100, probes); a != 0 {
		t.Errorf("%v allocations per run with operand recording", a)
	}
}

// TestStringFunctions checks the string-function probes: their result is
// the function's, and the distances follow the table in cover.go.
func TestStringFunctions(t *testing.T) {
	Init(0, 1)
	defer Init(0, 0)
	type want struct {
		r      bool
		dt, df float64
	}
	cases := []struct {
		name string
		eval func() bool
		want want
	}{
		{"prefix true", func() bool { return StrCall(0, FnHasPrefix, strings.HasPrefix, "golang", "go") }, want{true, 0, DistK}},
		{"prefix one off", func() bool { return StrCall(0, FnHasPrefix, strings.HasPrefix, "gplang", "go") }, want{false, 1, 0}},
		{"prefix too short", func() bool { return StrCall(0, FnHasPrefix, strings.HasPrefix, "g", "go") }, want{false, 256, 0}},
		{"prefix empty s", func() bool { return StrCall(0, FnHasPrefix, strings.HasPrefix, "", "ab") }, want{false, 512, 0}},
		{"suffix", func() bool { return StrCall(0, FnHasSuffix, strings.HasSuffix, "file.gp", ".go") }, want{false, 1, 0}},
		{"suffix short", func() bool { return StrCall(0, FnHasSuffix, strings.HasSuffix, "o", ".go") }, want{false, 512, 0}},
		{"contains", func() bool { return StrCall(0, FnContains, strings.Contains, "xx-abd-xx", "abc") }, want{false, 1, 0}},
		{"contains best window", func() bool { return StrCall(0, FnContains, strings.Contains, "zzzz abb", "abc") }, want{false, 1, 0}},
		{"contains longer sub", func() bool { return StrCall(0, FnContains, strings.Contains, "bc", "abc") }, want{false, 256, 0}},
		{"contains true", func() bool { return StrCall(0, FnContains, strings.Contains, "abc", "b") }, want{true, 0, DistK}},
		{"contains any", func() bool { return StrCall(0, FnContainsAny, strings.ContainsAny, "hello", "az") }, want{false, 'e' - 'a', 0}},
		{"contains any empty", func() bool { return StrCall(0, FnContainsAny, strings.ContainsAny, "hello", "") }, want{false, 256, 0}},
		{"equal fold", func() bool { return StrCall(0, FnEqualFold, strings.EqualFold, "GoLang", "golanh") }, want{false, 1, 0}},
		{"equal fold true", func() bool { return StrCall(0, FnEqualFold, strings.EqualFold, "GO", "go") }, want{true, 0, DistK}},
		{"equal fold unicode", func() bool { return StrCall(0, FnEqualFold, strings.EqualFold, "é", "É") }, want{true, 0, DistK}},
		{"bytes equal", func() bool { return BytesCall(0, FnEqual, bytes.Equal, []byte("ab"), []byte("ac")) }, want{false, 1, 0}},
		{"bytes equal len", func() bool { return BytesCall(0, FnEqual, bytes.Equal, []byte("ab"), nil) }, want{false, 512, 0}},
		{"bytes prefix", func() bool { return BytesCall(0, FnHasPrefix, bytes.HasPrefix, []byte("ab"), []byte("b")) }, want{false, 1, 0}},
		{"bytes suffix", func() bool { return BytesCall(0, FnHasSuffix, bytes.HasSuffix, []byte("ab"), []byte("a")) }, want{false, 1, 0}},
		{"bytes contains", func() bool { return BytesCall(0, FnContains, bytes.Contains, []byte("abcd"), []byte("ce")) }, want{false, 1, 0}},
		{"bytes fold", func() bool { return BytesCall(0, FnEqualFold, bytes.EqualFold, []byte("A"), []byte("c")) }, want{false, 2, 0}},
		{"index found", func() bool { return StrIndex(0, FnIndex, true, strings.Index, "a:b", ":") }, want{true, 0, DistK}},
		{"index not found", func() bool { return StrIndex(0, FnIndex, true, strings.Index, "a;b", ":") }, want{false, 1, 0}},
		{"index negated", func() bool { return StrIndex(0, FnIndex, false, strings.Index, "a;b", ":") }, want{true, 0, 1}},
		{"last index", func() bool { return StrIndex(0, FnIndex, true, strings.LastIndex, "abab", "abc") }, want{false, 2, 0}},
		{"index any", func() bool { return StrIndex(0, FnIndexAny, true, strings.IndexAny, "abc", "xy") }, want{false, 'x' - 'c', 0}},
		{"bytes index", func() bool { return BytesIndex(0, FnIndex, true, bytes.Index, []byte("abc"), []byte("bd")) }, want{false, 1, 0}},
		{"index byte", func() bool { return StrIndexByte(0, true, strings.IndexByte, "abc", 'e') }, want{false, 2, 0}},
		{"index byte empty", func() bool { return StrIndexByte(0, true, strings.IndexByte, "", 'e') }, want{false, 256, 0}},
		{"last index byte", func() bool { return StrIndexByte(0, false, strings.LastIndexByte, "abc", 'b') }, want{false, DistK, 0}},
		{"bytes index byte", func() bool { return BytesIndexByte(0, true, bytes.IndexByte, []byte("abc"), 'd') }, want{false, 1, 0}},
		{"index rune", func() bool { return StrIndexRune(0, true, strings.IndexRune, "aé", 'ê') }, want{false, 1, 0}},
		{"bytes index rune", func() bool { return BytesIndexRune(0, true, bytes.IndexRune, []byte("aé"), 'c') }, want{false, 2, 0}},
		{"contains rune", func() bool { return StrContainsRune(0, strings.ContainsRune, "abc", 'c') }, want{true, 0, DistK}},
		{"bytes contains rune", func() bool { return BytesContainsRune(0, bytes.ContainsRune, nil, 'c') }, want{false, 256, 0}},
	}
	for _, c := range cases {
		Reset()
		if r := c.eval(); r != c.want.r {
			t.Errorf("%s: result %v, want %v", c.name, r, c.want.r)
		}
		got := condOf(t, 0)
		if got.DistTrue != c.want.dt || got.DistFalse != c.want.df {
			t.Errorf("%s: distances (%v, %v), want (%v, %v)", c.name, got.DistTrue, got.DistFalse, c.want.dt, c.want.df)
		}
	}
	// Long inputs: the scans stop at their bounds, and the distance stays
	// positive when the difference is beyond them.
	long := strings.Repeat("a", 3*maxStrScan)
	Reset()
	if StrCall(0, FnHasPrefix, strings.HasPrefix, long+"b", long+"c") {
		t.Error("prefix differing past the scan bound is a prefix")
	}
	if c := condOf(t, 0); c.DistTrue != 1 {
		t.Errorf("distance past the scan bound %v, want 1", c.DistTrue)
	}
	Reset()
	StrCall(0, FnContains, strings.Contains, long, long[:maxStrScan]+"b")
	if c := condOf(t, 0); c.DistTrue < 1 {
		t.Errorf("bounded window distance %v, want >= 1", c.DistTrue)
	}
}

func TestOperands(t *testing.T) {
	Init(0, 4)
	defer Init(0, 0)
	KeepOperands(true)
	defer KeepOperands(false)
	for _, x := range []int64{10, 45, 41, 50, 41} {
		CmpI(1, OpEq, x, 42)
	}
	long := strings.Repeat("é", 40)
	CmpS(2, OpEq, long, "x")
	b := []byte("mutable")
	BytesCall(3, FnHasPrefix, bytes.HasPrefix, b, []byte("mu"))
	b[0] = 'M' // recorded operands are copies
	CmpF(0, OpLt, 2.5, 1)
	got := Operands(nil)
	want := []OperandStat{
		// Condition 0: one evaluation, false; 2.5 < 1.
		{Branch: 0, Kind: [2]uint8{OperandFloat, OperandFloat}, F: [2]float64{2.5, 1}},
		{Branch: 1, Kind: [2]uint8{OperandFloat, OperandFloat}, F: [2]float64{2.5, 1}},
		// Condition 1: closest to true is the first 41, to false the
		// first evaluation (all are false, distance 0).
		{Branch: 2, Kind: [2]uint8{OperandInt, OperandInt}, I: [2]int64{41, 42}},
		{Branch: 3, Kind: [2]uint8{OperandInt, OperandInt}, I: [2]int64{10, 42}},
		{Branch: 4, Kind: [2]uint8{OperandString, OperandString}, S: [2]string{long[:MaxOperandLen], "x"}, Cut: [2]bool{true, false}},
		{Branch: 5, Kind: [2]uint8{OperandString, OperandString}, S: [2]string{long[:MaxOperandLen], "x"}, Cut: [2]bool{true, false}},
		{Branch: 6, Kind: [2]uint8{OperandBytes, OperandBytes}, S: [2]string{"mutable", "mu"}},
		{Branch: 7, Kind: [2]uint8{OperandBytes, OperandBytes}, S: [2]string{"mutable", "mu"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("operands (-want +got):\n%s", diff)
	}
	// Reset invalidates them; without KeepOperands nothing is recorded.
	Reset()
	if got := Operands(nil); len(got) != 0 {
		t.Errorf("operands after Reset: %+v", got)
	}
	KeepOperands(false)
	CmpI(1, OpEq, 1, 2)
	if got := Operands(nil); len(got) != 0 {
		t.Errorf("operands recorded while off: %+v", got)
	}
	// The generation counter wraps without resurrecting old entries.
	KeepOperands(true)
	CmpI(1, OpEq, 1, 2)
	opGen = ^uint32(0)
	CmpI(2, OpLt, 7, 8)
	Reset()
	if got := Operands(nil); len(got) != 0 {
		t.Errorf("operands after the generation wrapped: %+v", got)
	}
	CmpU(0, OpGe, 3, 4)
	if got := Operands(nil); len(got) != 2 || got[0].U != [2]uint64{3, 4} || got[0].Kind[0] != OperandUint {
		t.Errorf("operands after wrap: %+v", got)
	}
}

// TestConcurrentProbes fires probes from several goroutines. Each uses its
// own ids so that the test is also clean under -race (racing probes on the
// same id are accepted by design, but -race would report them).
func TestConcurrentProbes(t *testing.T) {
	Init(100, 100)
	defer Init(0, 0)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 10000; i++ {
				id := g*25 + i%25
				Blk(id)
				CmpI(id, OpEq, int64(i), int64(g))
			}
		}(g)
	}
	wg.Wait()
	if n := len(CoveredBlocks(nil)); n != 100 {
		t.Errorf("%d blocks covered, want 100", n)
	}
	for _, c := range Conds(nil) {
		if c.NTrue+c.NFalse != 400 {
			t.Errorf("cond %d evaluated %d times, want 400", c.ID, c.NTrue+c.NFalse)
		}
	}
}

func TestCoverCollect(t *testing.T) {
	Init(4, 4)
	defer Init(0, 0)
	if NumBlocks() != 4 || NumConds() != 4 {
		t.Fatalf("sizes %d, %d", NumBlocks(), NumConds())
	}
	Blk(1)
	CmpI(2, OpEq, 40, 42)
	r := &Result{}
	coverCollect(r)
	if len(r.Blocks) != 1 || r.Blocks[0] != 1 {
		t.Errorf("blocks %v", r.Blocks)
	}
	if len(r.Conds) != 1 || r.Conds[0] != (CondObs{ID: 2, NFalse: 1, DistTrue: 2}) {
		t.Errorf("conds %+v", r.Conds)
	}
	if len(r.Operands) != 0 {
		t.Errorf("operands without FlagOperands: %+v", r.Operands)
	}
	coverReset(false)
	coverCollect(r)
	if len(r.Blocks) != 0 || len(r.Conds) != 0 {
		t.Errorf("after reset: %+v", r)
	}

	coverReset(true)
	CmpS(1, OpEq, "abc", "abd")
	BytesCall(3, FnHasPrefix, bytes.HasPrefix, []byte("xyz"), []byte("xa"))
	coverCollect(r)
	want := []OperandObs{
		{Branch: 2, Vals: [2]Lit{{Kind: LitString, S: "abc"}, {Kind: LitString, S: "abd"}}},
		{Branch: 3, Vals: [2]Lit{{Kind: LitString, S: "abc"}, {Kind: LitString, S: "abd"}}},
		{Branch: 6, Vals: [2]Lit{{Kind: LitBytes, S: "xyz"}, {Kind: LitBytes, S: "xa"}}},
		{Branch: 7, Vals: [2]Lit{{Kind: LitBytes, S: "xyz"}, {Kind: LitBytes, S: "xa"}}},
	}
	if diff := cmp.Diff(want, r.Operands); diff != "" {
		t.Errorf("operands (-want +got):\n%s", diff)
	}
	coverReset(false)
	CmpS(1, OpEq, "abc", "abd")
	coverCollect(r)
	if len(r.Operands) != 0 {
		t.Errorf("operands kept after coverReset(false): %+v", r.Operands)
	}
}

func BenchmarkProbes(b *testing.B) {
	Init(1000, 1000)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		Blk(i & 511)
		CmpI(i&511, OpLt, int64(i), 500)
		Br(i&255, i&1 == 0)
	}
}

func BenchmarkReset(b *testing.B) {
	Init(10000, 5000)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		Reset()
	}
}

// TestBytesProbesAsStrings: the bytes probes record what the strings
// probes record for the same bytes, invalid UTF-8 included (a byte that
// starts no rune counts as U+FFFD, as utf8.DecodeRune has it).
func TestBytesProbesAsStrings(t *testing.T) {
	Init(0, 2)
	defer Init(0, 0)
	inputs := []string{"", "a", "abc", "golang", "Go", "é", "aé€😀", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\xc0\x80", "\xf0\x9f\x98", "x\xffy", strings.Repeat("ab", 3000)}
	fns := []struct {
		fn StrFn
		s  func(string, string) bool
		b  func([]byte, []byte) bool
	}{
		{FnHasPrefix, strings.HasPrefix, bytes.HasPrefix},
		{FnHasSuffix, strings.HasSuffix, bytes.HasSuffix},
		{FnContains, strings.Contains, bytes.Contains},
		{FnEqualFold, strings.EqualFold, bytes.EqualFold},
		{FnEqual, func(a, b string) bool { return a == b }, bytes.Equal},
	}
	// both runs a strings probe on condition 0 and its bytes form on
	// condition 1, and compares what they record.
	both := func(what string, str, byt func() bool) {
		t.Helper()
		Reset()
		rs, rb := str(), byt()
		cs, cb := condOf(t, 0), condOf(t, 1)
		if rs != rb || cs.DistTrue != cb.DistTrue || cs.DistFalse != cb.DistFalse {
			t.Errorf("%s: strings %v (%v, %v), bytes %v (%v, %v)", what, rs, cs.DistTrue, cs.DistFalse, rb, cb.DistTrue, cb.DistFalse)
		}
	}
	runes := []rune{'a', 'c', 0xFFFC, 0x10000, 0x1F600}
	for _, a := range inputs {
		for _, b := range inputs {
			for _, f := range fns {
				both(fmt.Sprintf("fn %d (%q, %q)", f.fn, a, b),
					func() bool { return StrCall(0, f.fn, f.s, a, b) },
					func() bool { return BytesCall(1, f.fn, f.b, []byte(a), []byte(b)) })
			}
			both(fmt.Sprintf("index (%q, %q)", a, b),
				func() bool { return StrIndex(0, FnIndex, true, strings.Index, a, b) },
				func() bool { return BytesIndex(1, FnIndex, true, bytes.Index, []byte(a), []byte(b)) })
		}
		for _, c := range []byte{'a', 'd', 0xff} {
			both(fmt.Sprintf("index byte (%q, %q)", a, c),
				func() bool { return StrIndexByte(0, false, strings.IndexByte, a, c) },
				func() bool { return BytesIndexByte(1, false, bytes.IndexByte, []byte(a), c) })
		}
		for _, r := range runes {
			both(fmt.Sprintf("index rune (%q, %q)", a, r),
				func() bool { return StrIndexRune(0, true, strings.IndexRune, a, r) },
				func() bool { return BytesIndexRune(1, true, bytes.IndexRune, []byte(a), r) })
			both(fmt.Sprintf("contains rune (%q, %q)", a, r),
				func() bool { return StrContainsRune(0, strings.ContainsRune, a, r) },
				func() bool { return BytesContainsRune(1, bytes.ContainsRune, []byte(a), r) })
		}
	}
	Reset()
	if StrIndexRune(0, true, strings.IndexRune, "\xff", 0xFFFC) || condOf(t, 0).DistTrue != 1 {
		t.Errorf("rune distance of an invalid byte to U+FFFC: %v, want 1 (it counts as U+FFFD)", condOf(t, 0).DistTrue)
	}
}

// TestRunOperandsFlag runs a sequence through the executor's run with and
// without FlagOperands: only with it does the result carry operands.
func TestRunOperandsFlag(t *testing.T) {
	Init(0, 1)
	defer Init(0, 0)
	defer KeepOperands(false)
	e := &executor{ops: []Op{{
		Name:   "eq42",
		Params: []reflect.Type{intType},
		Fn: func(args, out []any) []any {
			return append(out, CmpI(0, OpEq, int64(args[0].(int)), 42))
		},
	}}, timeout: time.Second}
	seq := &Request{ID: 1, Stmts: []Stmt{{Op: 0, Args: []Arg{{Kind: ArgLit, Lit: Lit{Kind: LitInt, I: 40}}}}}}
	r := e.run(seq)
	if len(r.Conds) != 1 || r.Conds[0].DistTrue != 2 || len(r.Operands) != 0 {
		t.Fatalf("without FlagOperands: conds %+v, operands %+v", r.Conds, r.Operands)
	}
	seq.Flags = FlagOperands | FlagRepeat
	r = e.run(seq)
	pair := [2]Lit{{Kind: LitInt, I: 40}, {Kind: LitInt, I: 42}}
	want := []OperandObs{{Branch: 0, Vals: pair}, {Branch: 1, Vals: pair}}
	if diff := cmp.Diff(want, r.Operands); diff != "" {
		t.Errorf("with FlagOperands (-want +got):\n%s", diff)
	}
	seq.Flags = 0
	if r = e.run(seq); len(r.Operands) != 0 {
		t.Errorf("operands after the flag was dropped: %+v", r.Operands)
	}
}

// TestRepeatMapOrder: a result built by ranging over a two-entry map comes
// out in its less likely order about one run in eight, so one repeat
// rarely shows it unstable; when the run's values hold such a map the
// executor repeats enough to mark it (40 sequences: about 1.4 expected to
// look stable, 27 with two repeats), and a result that does not depend on
// the order stays stable.
func TestRepeatMapOrder(t *testing.T) {
	e := &executor{ops: []Op{{
		Name: "joinKeys",
		Fn: func(_, out []any) []any {
			m := map[string]int{"go1101\v": -50, "": 5}
			s := ""
			for k := range m {
				s += k + ","
			}
			return append(out, m, s, len(s))
		},
	}}, timeout: time.Second}
	stable := 0
	for id := uint64(1); id <= 40; id++ {
		r := e.run(&Request{ID: id, Flags: FlagRepeat | FlagDetail, Stmts: []Stmt{{Op: 0}}})
		vs := r.Stmt(0).Values()
		if len(vs) != 3 {
			t.Fatalf("values = %+v", vs)
		}
		if !vs[1].Unstable {
			stable++
		}
		if vs[2].Unstable {
			t.Errorf("sequence %d: the length of the joined keys marked unstable", id)
		}
	}
	if stable > 12 {
		t.Errorf("the joined keys looked stable in %d of 40 sequences", stable)
	}
}

// CoveredBlocks appends, after what dst holds, exactly the blocks whose
// byte is not 0, in order, with or without room in dst; any non-zero byte
// counts (Blk writes 1).
func TestCoveredBlocksAppends(t *testing.T) {
	Init(70, 0)
	defer Init(0, 0)
	rng := rand.New(rand.NewPCG(7, 8))
	for round := 0; round < 200; round++ {
		Reset()
		var want []int32
		for i := range blocks {
			if rng.IntN(3) == 0 {
				blocks[i] = uint8(1 + rng.IntN(255))
				want = append(want, int32(i))
			}
		}
		prefix := []int32{-1, -2}[:rng.IntN(3)]
		dst := append(make([]int32, 0, len(prefix)+rng.IntN(80)), prefix...)
		got := CoveredBlocks(dst)
		if len(got) != len(prefix)+len(want) {
			t.Fatalf("round %d: %v, want %v after %v", round, got, want, prefix)
		}
		for i := range prefix {
			if got[i] != prefix[i] {
				t.Fatalf("round %d: prefix %v became %v", round, prefix, got[:len(prefix)])
			}
		}
		for i, b := range want {
			if got[len(prefix)+i] != b {
				t.Fatalf("round %d: %v, want %v after %v", round, got, want, prefix)
			}
		}
	}
}

// TestRepeatNondet: an operation that picks one of two errors at random
// agrees in three runs one time in four, so the judge, which checks an
// error every run agreed on, would write a check that fails one run in
// two; with FlagNondet the executor repeats the sequence as for maps, and
// no such choice looks stable. The draws come from crypto/rand, which
// seedCrypto makes a function of the sequence's ID and run, so the counts
// are the same on every run of this test.
func TestRepeatNondet(t *testing.T) {
	errA, errB := fmt.Errorf("a"), fmt.Errorf("b")
	e := &executor{ops: []Op{{
		Name: "pickErr",
		Fn: func(_, out []any) []any {
			var b [1]byte
			if _, err := crand.Read(b[:]); err != nil {
				panic(err)
			}
			if b[0]&1 == 0 {
				return append(out, errA)
			}
			return append(out, errB)
		},
	}}, timeout: time.Second}
	stable := func(flags uint64) int {
		n := 0
		for id := uint64(1); id <= 40; id++ {
			r := e.run(&Request{ID: id, Flags: flags, Stmts: []Stmt{{Op: 0}}})
			if vs := r.Stmt(0).Values(); len(vs) != 1 {
				t.Fatalf("values = %+v", vs)
			} else if !vs[0].Unstable {
				n++
			}
		}
		return n
	}
	if n := stable(FlagRepeat | FlagDetail); n == 0 {
		t.Errorf("with two repeats no random choice looked stable in 40 sequences: the test shows nothing")
	}
	if n := stable(FlagRepeat | FlagDetail | FlagNondet); n != 0 {
		t.Errorf("with FlagNondet a random choice of error looked stable in %d of 40 sequences", n)
	}
}
