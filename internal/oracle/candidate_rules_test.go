package oracle

import (
	"go/types"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// rulesSrc has one of each class the candidate gate and the legality rules
// of issue 32 tell apart: a message decoded into its zero value, functions
// that take only text and one that takes an index, and a callback whose
// result is text or a number.
const rulesSrc = `package p

type Msg struct {
	ID   *uint16
	Body []byte
}

func (m *Msg) Unmarshal(data []byte) error { return nil }
func (m *Msg) Marshal() ([]byte, error)    { return nil, nil }
func (m *Msg) Size() int                   { return 0 }

func Get(json, path string) string           { return "" }
func Delete(data []byte, keys ...string) []byte { return nil }
func Cut(text string, n int) string          { return "" }
func Cut2(text string, n int) (string, error) { return "", nil }

type Hdr struct{ Len int }

func ParseHdr(b []byte) (Hdr, error) { return Hdr{}, nil }
func (h Hdr) Bytes() []byte          { return nil }
func (h Hdr) Check() error           { return nil }

type Word [4]uint64

func NewWord() *Word { return new(Word) }

func (z *Word) AddMod(x, y, m *Word) *Word { return z }
func (z *Word) Lsh(x *Word, n uint) *Word  { return z }
func (z *Word) SetBytes(b []byte) *Word    { return z }

type Dec struct{ buf []byte }

func NewDec(b []byte) *Dec          { return nil }
func (d *Dec) Decode(v any) error  { return nil }
func (d *Dec) Attach(v any)         {}

type Lexer struct{ src *[]byte }

func newLexer(b []byte) *Lexer     { return &Lexer{src: &b} }
func Lex(b []byte) error           { return newLexer(b).Next() }
func (l *Lexer) Next() error       { return nil }

type Counter struct{ n int }

func newCounter() *Counter         { return &Counter{} }
func (c *Counter) Inc() int        { return c.n }

type Custom struct{ N int }

func (c *Custom) UnmarshalText(b []byte) error { return nil }
func (d *Dec) Custom() *Custom                 { return nil }

func Pick(items []string, choose func(int) int) (string, error) { return "", nil }
func Choose(choose func(int) int) int                            { return 0 }
`

func rulesProgram(t *testing.T) *model.Program {
	t.Helper()
	exported := func(tn *types.TypeName) []string {
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var out []string
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Exported() {
				out = append(out, st.Field(i).Name())
			}
		}
		return out
	}
	return modeltest.Program(t, rulesSrc, model.Options{Construct: &model.Construct{LiteralFields: exported}, Effects: func(fn *types.Func) model.Effects {
		if fn.Name() == "Marshal" || fn.Name() == "Size" {
			return model.Effects{Known: true, Pure: true}
		}
		return model.Effects{Known: true, MutatesRecv: true}
	}})
}

// funcLit returns a function literal operation the model made for a
// parameter of func(int) int.
func funcLit(t *testing.T, prog *model.Program) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Kind == model.FuncLit && strings.Contains(op.Type.String(), "func(int) int") {
			return op
		}
	}
	t.Fatal("no function literal of func(int) int")
	return nil
}

// A zero value decoded into by the failing call is how decoding is
// called, even when its exported pointer field is nil, and reading it in
// between changes nothing; a zero value whose failing call is another
// method stays illegal (rule 2).
func TestZeroDecodedInto(t *testing.T) {
	prog := rulesProgram(t)
	zero := modeltest.OpOfKind(t, prog, model.Zero, "Msg")
	unmarshal, size, marshal := modeltest.Op(t, prog, "Msg.Unmarshal"), modeltest.Op(t, prog, "Msg.Size"), modeltest.Op(t, prog, "Msg.Marshal")
	data := seq.LitArg(seq.Lit{Kind: seq.LitBytes, S: "\x01"})
	// The receiver may be the zero value itself or its address.
	recv := []seq.Stmt{modeltest.Call(zero)}
	if !zero.Ptr {
		addr := addrOf(prog, zero)
		if addr == nil {
			t.Fatal("no &Msg operation for the pointer receiver")
		}
		recv = append(recv, modeltest.Call(addr, seq.Ref(0, 0)))
	}
	r := seq.Ref(len(recv)-1, 0)
	tests := []struct {
		name  string
		extra []seq.Stmt
		legal bool
	}{
		{"decoded into", []seq.Stmt{modeltest.Call(unmarshal, r, data)}, true},
		{"decoded into twice", []seq.Stmt{modeltest.Call(unmarshal, r, data), modeltest.Call(unmarshal, r, data)}, true},
		{"used before decoding", []seq.Stmt{modeltest.Call(size, r)}, false},
		{"decoded, then used", []seq.Stmt{modeltest.Call(unmarshal, r, data), modeltest.Call(size, r)}, false},
		{"read between decodings", []seq.Stmt{modeltest.Call(unmarshal, r, data), modeltest.Call(marshal, r), modeltest.Call(unmarshal, r, data)}, true},
	}
	for _, tc := range tests {
		s := modeltest.Seq(append(append([]seq.Stmt(nil), recv...), tc.extra...)...)
		got := constructedZero(prog, s)
		if (got == "") != tc.legal {
			t.Errorf("%s: constructedZero = %q, want legal %v", tc.name, got, tc.legal)
		}
	}
}

// addrOf returns the &v operation of the zero value's type, or nil.
func addrOf(prog *model.Program, zero *model.Op) *model.Op {
	for _, op := range prog.Ops {
		if op.Kind == model.Addr && len(op.Params) == 1 && op.Params[0].Type == zero.Type {
			return op
		}
	}
	return nil
}

// Bytes a value's Marshal made, passed back to its Unmarshal, wire
// nothing: a round trip is not a reader wrapped around itself (rule 3).
func TestTextBuiltFromValueIsNotSelfWiring(t *testing.T) {
	prog := rulesProgram(t)
	zero := modeltest.OpOfKind(t, prog, model.Zero, "Msg")
	marshal, unmarshal := modeltest.Op(t, prog, "Msg.Marshal"), modeltest.Op(t, prog, "Msg.Unmarshal")
	s := modeltest.Seq(modeltest.Call(zero), modeltest.Call(marshal, seq.Ref(0, 0)), modeltest.Call(unmarshal, seq.Ref(0, 0), seq.Ref(1, 0)))
	if got := selfWired(prog, s); got != "" {
		t.Errorf("selfWired = %q for m.Unmarshal(m.Marshal())", got)
	}
}

// A function that takes only text owes an answer on any text; one that
// takes an index, or a method, does not qualify by its parameters.
func TestTextOnly(t *testing.T) {
	prog := rulesProgram(t)
	for name, want := range map[string]bool{"Get": true, "Delete": true, "Cut": false, "Msg.Unmarshal": false, "Pick": false} {
		if got := textOnly(modeltest.Op(t, prog, name)); got != want {
			t.Errorf("textOnly(%s) = %v, want %v", name, got, want)
		}
	}
	get, cut := modeltest.Op(t, prog, "Get"), modeltest.Op(t, prog, "Cut")
	d := newDocs(prog)
	if why := candidateIllegal(prog, d, modeltest.Seq(modeltest.Call(get, modeltest.Str("{"), modeltest.Str("a"))), nil, 0, "slice-bounds"); why != "" {
		t.Errorf("Get(\"{\", \"a\") panicking: gate says %q, want a finding", why)
	}
	if why := candidateIllegal(prog, d, modeltest.Seq(modeltest.Call(cut, modeltest.Str("ab"), modeltest.Int(5))), nil, 0, "slice-bounds"); why == "" {
		t.Error("Cut(\"ab\", 5) panicking passed the gate: its caller gave the index")
	}
}

// A callback reaches the failing call through anything but text: a text
// another call made with a callback is only data, a number it chose may be
// the index.
func TestCallbackReach(t *testing.T) {
	prog := rulesProgram(t)
	lit := funcLit(t, prog)
	pick, choose := modeltest.Op(t, prog, "Pick"), modeltest.Op(t, prog, "Choose")
	get, cut2 := modeltest.Op(t, prog, "Get"), modeltest.Op(t, prog, "Cut2")
	items := seq.LitArg(seq.Lit{Kind: seq.LitSlice, Elems: []seq.Lit{{Kind: seq.LitString, S: "{"}}})
	d := newDocs(prog)
	viaText := modeltest.Seq(modeltest.Call(lit), modeltest.Call(pick, items, seq.Ref(0, 0)), modeltest.Call(get, seq.Ref(1, 0), modeltest.Str("a")))
	if why := candidateIllegal(prog, d, viaText, nil, 2, "slice-bounds"); why != "" {
		t.Errorf("Get of a text Pick chose: gate says %q, want a finding", why)
	}
	viaInt := modeltest.Seq(modeltest.Call(lit), modeltest.Call(choose, seq.Ref(0, 0)), modeltest.Call(cut2, modeltest.Str("ab"), seq.Ref(1, 0)))
	if why := candidateIllegal(prog, d, viaInt, nil, 2, "slice-bounds"); !strings.Contains(why, "callback") {
		t.Errorf("Cut2 at an index a callback chose: gate says %q, want the callback", why)
	}
}

// focus narrows a failure to the statements connected to its failing
// call: a callback built for another call goes, the failing call's
// producers and the calls that used its values stay.
func TestNarrowed(t *testing.T) {
	prog := rulesProgram(t)
	lit := funcLit(t, prog)
	zero := modeltest.OpOfKind(t, prog, model.Zero, "Msg")
	choose, unmarshal, size, get := modeltest.Op(t, prog, "Choose"), modeltest.Op(t, prog, "Msg.Unmarshal"), modeltest.Op(t, prog, "Msg.Size"), modeltest.Op(t, prog, "Get")
	data := seq.LitArg(seq.Lit{Kind: seq.LitBytes, S: "\x01"})
	s := modeltest.Seq(
		modeltest.Call(lit),                                         // 0: unconnected
		modeltest.Call(zero),                                        // 1
		modeltest.Call(choose, seq.Ref(0, 0)),                       // 2: unconnected
		modeltest.Call(unmarshal, seq.Ref(1, 0), data),              // 3: uses 1
		modeltest.Call(get, modeltest.Str("x"), modeltest.Str("y")), // 4: unconnected
		modeltest.Call(size, seq.Ref(1, 0)),                         // 5: the failing call
	)
	n := narrowed(s)
	if n == nil || n.Len() != 3 {
		t.Fatalf("narrowed = %v, want 3 statements", n)
	}
	for i, want := range []*model.Op{zero, unmarshal, size} {
		if n.Stmts[i].Op != want.ID {
			t.Errorf("statement %d is %s, want %s", i, prog.Ops[n.Stmts[i].Op].Name, want.Name)
		}
	}
	if a := n.Stmts[2].Args[0]; a.IsLit || a.Stmt != 0 {
		t.Errorf("the failing call's receiver is %+v, want statement 0", a)
	}
	if narrowed(n) != nil {
		t.Error("narrowed of a connected test is not nil")
	}
}

// A type the package makes only in an exported method of an unexported
// type (generated code's `PBLinks = *_PBLinks` with Iterator()) is
// constructed by the package: its zero value is no legal receiver, as in
// go-codec-dagpb's &PBLinks__Itr{} (issue 32's false class).
func TestZeroOfHandedOutType(t *testing.T) {
	const src = `package p

type _list struct{ xs []int }

type List = *_list

func NewList(xs ...int) List { return &_list{xs} }

func (l *_list) Iterator() *Iter { return &Iter{l, 0} }

type Iter struct {
	l *_list
	i int
}

func (it *Iter) Next() int   { it.i++; return it.l.xs[it.i-1] }
func (it *Iter) Clone() *Iter { c := *it; return &c }
`
	prog := modeltest.Program(t, src, model.Options{})
	zero := modeltest.OpOfKind(t, prog, model.Zero, "Iter")
	next := modeltest.Op(t, prog, "Iter.Next")
	s := modeltest.Seq(modeltest.Call(zero), modeltest.Call(next, seq.Ref(0, 0)))
	if got := constructedZero(prog, s); !strings.Contains(got, "Iterator") {
		t.Errorf("constructedZero(&Iter{}) = %q, want the method that hands Iter out", got)
	}
}

// An integer literal passed straight to a parameter of the package's enum
// or flag type is an implicit conversion: outside the constants' range
// (gomarkdown's NewWithExtensions(-1), every bit set) it is illegal input
// (rule 8); a combination of flags is in range.
func TestEnumParameter(t *testing.T) {
	const src = `package p

type Ext int

const (
	Tables Ext = 1 << iota
	Footnotes
	Titles
)

type Parser struct{ ext Ext }

func NewWithExtensions(e Ext) *Parser { return &Parser{e} }
`
	prog := modeltest.Program(t, src, model.Options{})
	ctor := modeltest.Op(t, prog, "NewWithExtensions")
	for v, legal := range map[int64]bool{-1: false, 0: true, 2: true, 3: true, 7: true, 8: false} {
		got := outsideEnum(prog, modeltest.Seq(modeltest.Call(ctor, modeltest.Int(v))))
		if (got == "") != legal {
			t.Errorf("NewWithExtensions(%d): outsideEnum = %q, want legal %v", v, got, legal)
		}
	}
}

// Bytes a value kept from an earlier decoding, passed to it again, wire
// nothing either.
func TestTextHeldByValueIsNotSelfWiring(t *testing.T) {
	prog := rulesProgram(t)
	zero := modeltest.OpOfKind(t, prog, model.Zero, "Msg")
	marshal, unmarshal := modeltest.Op(t, prog, "Msg.Marshal"), modeltest.Op(t, prog, "Msg.Unmarshal")
	// b := n.Marshal(); m.Unmarshal(b) stores b into m; m.Unmarshal(b).
	s := modeltest.Seq(modeltest.Call(zero), modeltest.Call(zero), modeltest.Call(marshal, seq.Ref(1, 0)),
		modeltest.Call(unmarshal, seq.Ref(0, 0), seq.Ref(2, 0)), modeltest.Call(unmarshal, seq.Ref(0, 0), seq.Ref(2, 0)))
	if got := selfWired(prog, s); got != "" {
		t.Errorf("selfWired = %q for m.Unmarshal(b) twice", got)
	}
}

// A literal's number the package would not vouch for (rule 9) is judged
// when the literal reaches the failing call, not when only text made of it
// does: any text is legal input.
func TestDomainThroughText(t *testing.T) {
	prog := rulesProgram(t)
	var lit *model.Op
	for _, op := range prog.Ops {
		if op.Kind == model.Composite && op.Name == "Hdr" && !op.Ptr {
			lit = op
		}
	}
	if lit == nil {
		t.Fatal("no literal of Hdr")
	}
	bytesOp, check, del := modeltest.Op(t, prog, "Hdr.Bytes"), modeltest.Op(t, prog, "Hdr.Check"), modeltest.Op(t, prog, "Delete")
	d := newDocs(prog)
	viaText := modeltest.Seq(modeltest.Call(lit, modeltest.Int(27)), modeltest.Call(bytesOp, seq.Ref(0, 0)), modeltest.Call(del, seq.Ref(1, 0)))
	if why := candidateIllegal(prog, d, viaText, nil, 2, "slice-bounds"); why != "" {
		t.Errorf("Delete of Hdr{Len: 27}.Bytes(): gate says %q, want a finding", why)
	}
	direct := modeltest.Seq(modeltest.Call(lit, modeltest.Int(27)), modeltest.Call(check, seq.Ref(0, 0)))
	if why := candidateIllegal(prog, d, direct, nil, 1, "slice-bounds"); !strings.Contains(why, "Hdr.Len") {
		t.Errorf("Hdr{Len: 27}.Check(): gate says %q, want the literal's Len", why)
	}
}

// A method of words alone (a fixed-size integer array, uint256's Int)
// owes an answer on any words: an index panic in it is a finding, a
// division by zero is not (numbers panic on it as Go's integers do), a
// shift count is an integer its caller chose, and bytes beside words may
// be a length the name fixes (uint256's SetBytes9, a false finding of
// the rule's first version) (issue 32, uint256-mod-zero).
func TestDataOnly(t *testing.T) {
	prog := rulesProgram(t)
	for name, want := range map[string]bool{"Word.AddMod": true, "Word.SetBytes": false, "Word.Lsh": false, "Get": false, "Cut": false, "Msg.Unmarshal": false} {
		if got := dataOnly(modeltest.Op(t, prog, name)); got != want {
			t.Errorf("dataOnly(%s) = %v, want %v", name, got, want)
		}
	}
	d := newDocs(prog)
	addMod := modeltest.Op(t, prog, "Word.AddMod")
	build := modeltest.Seq(
		modeltest.Call(modeltest.Op(t, prog, "NewWord")),
		modeltest.Call(addMod, seq.Ref(0, 0), seq.Ref(0, 0), seq.Ref(0, 0), seq.Ref(0, 0)))
	if why := candidateIllegal(prog, d, build, nil, 1, "index-out-of-range"); why != "" {
		t.Errorf("AddMod panicking with an index: gate says %q, want a finding", why)
	}
	if why := candidateIllegal(prog, d, build, nil, 1, "divide-by-zero"); why == "" {
		t.Error("AddMod dividing by zero passed the gate: numbers panic on a zero divisor")
	}
	// Words wire nothing: z.AddMod(z, z, z) aliases as math/big allows.
	if why := selfWired(prog, build); why != "" {
		t.Errorf("w.AddMod(w, w, w): selfWired = %q, want none (words have no behaviour)", why)
	}
}

// A decoder's empty-interface destination is filled by reflection:
// passing the decoder itself there (yaml.v3's d.Decode(d), which fails,
// before the next Decode panics with "unknown event") wires nothing; the
// same value given to a method that is no decoder, or a destination
// with an unmarshaler the decoder calls back, stays self-wiring (rule 3).
func TestReflectDestNotWired(t *testing.T) {
	prog := rulesProgram(t)
	newDec, decode, attach, custom := modeltest.Op(t, prog, "NewDec"), modeltest.Op(t, prog, "Dec.Decode"), modeltest.Op(t, prog, "Dec.Attach"), modeltest.Op(t, prog, "Dec.Custom")
	mk := func(last seq.Stmt) *seq.Seq {
		return modeltest.Seq(modeltest.Call(newDec, seq.LitArg(seq.Lit{Kind: seq.LitBytes, S: "{"})), modeltest.Call(custom, seq.Ref(0, 0)), last)
	}
	if why := selfWired(prog, mk(modeltest.Call(decode, seq.Ref(0, 0), seq.Ref(0, 0)))); why != "" {
		t.Errorf("d.Decode(d): selfWired = %q, want none", why)
	}
	if why := selfWired(prog, mk(modeltest.Call(attach, seq.Ref(0, 0), seq.Ref(0, 0)))); why == "" {
		t.Error("d.Attach(d): not self-wired")
	}
	if why := selfWired(prog, mk(modeltest.Call(decode, seq.Ref(0, 0), seq.Ref(1, 0)))); why == "" {
		t.Error("d.Decode(d.Custom()): an unmarshaler built from the decoder, not self-wired")
	}
}

// A nil slice for a variadic parameter is no arguments, not a nil input
// (rule 1): Delete(data, nil...) lists no keys; a nil callback stays one.
func TestNilVariadicIsNoArguments(t *testing.T) {
	prog := rulesProgram(t)
	del, pick := modeltest.Op(t, prog, "Delete"), modeltest.Op(t, prog, "Pick")
	nilLit := seq.LitArg(seq.Lit{Kind: seq.LitNil})
	data := seq.LitArg(seq.Lit{Kind: seq.LitBytes, S: "{"})
	if why := nilInput(prog, modeltest.Seq(modeltest.Call(del, data, nilLit)), nil, false); why != "" {
		t.Errorf("Delete(data, nil...): nilInput = %q, want none", why)
	}
	items := seq.LitArg(seq.Lit{Kind: seq.LitSlice, Elems: []seq.Lit{{Kind: seq.LitString, S: "a"}}})
	if why := nilInput(prog, modeltest.Seq(modeltest.Call(pick, items, nilLit)), nil, false); why == "" {
		t.Error("Pick(items, nil): a nil callback is a nil input")
	}
}

// A type only an unexported function of its package constructs, whose
// zero value leaves unexported pointer state unset (hcl's parser.Parser,
// built by newParser for Parse), has no usable zero value (rule 2); one
// whose zero value needs nothing (a counter) stays legal.
func TestZeroOfUnexportedConstructor(t *testing.T) {
	prog := rulesProgram(t)
	lexer, counter := modeltest.OpOfKind(t, prog, model.Zero, "Lexer"), modeltest.OpOfKind(t, prog, model.Zero, "Counter")
	next, inc := modeltest.Op(t, prog, "Lexer.Next"), modeltest.Op(t, prog, "Counter.Inc")
	if why := constructedZero(prog, modeltest.Seq(modeltest.Call(lexer), modeltest.Call(next, seq.Ref(0, 0)))); !strings.Contains(why, "newLexer") {
		t.Errorf("&Lexer{}.Next(): constructedZero = %q, want the zero value newLexer constructs", why)
	}
	if why := constructedZero(prog, modeltest.Seq(modeltest.Call(counter), modeltest.Call(inc, seq.Ref(0, 0)))); why != "" {
		t.Errorf("&Counter{}.Inc(): constructedZero = %q, want legal (its zero value needs nothing)", why)
	}
}
