package oracle

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Illegal says why a failing test uses the package in a way its types or
// its documentation do not promise to handle, or "" when its use is
// legal and its failure is a finding (docs/findings.md). It looks at the
// whole test, not only the failing call: res is a run of s (nil when the
// run is unknown), and target is the statement at fault.
//
// The rules:
//   - an input is nil (a literal nil, or a value that was nil when the
//     test ran): an unchecked precondition;
//   - the zero value of a type the package offers a constructor for;
//   - a value wired into itself: an argument built from another argument
//     of the same call, directly or through values a method stored into
//     (a writer wrapping a reader that wraps it, an element passed back to
//     its own list);
//   - the function at fault documents that it panics;
//   - the function at fault is an accessor of a value whose type documents
//     a call protocol (an advance such as Next must return true first),
//     and no advance returned true on the value since it last changed;
//   - a function literal of the test returns nil (a nil input through a
//     callback);
//   - the function at fault is a method of a value that needs Reset(args)
//     (it came from an operation that takes none of Reset's arguments, a
//     pool's getter) and was not Reset.
func Illegal(prog *model.Program, s *seq.Seq, res *rt.Result, target int) string {
	return illegal(prog, s, res, target, false)
}

// illegal is Illegal; candidate says the failure is a candidate's (an
// index, slice, division, makeslice, conversion or internal-error panic,
// or a hang), for which a nil literal that fills a field of a struct
// literal, or a nil exported field of a zero value, is no nil input
// (nilFieldOK).
func illegal(prog *model.Program, s *seq.Seq, res *rt.Result, target int, candidate bool) string {
	if why := nilInput(prog, s, res, candidate); why != "" {
		return why
	}
	if why := nilCallback(prog, s); why != "" {
		return why
	}
	if why := outsideEnum(prog, s); why != "" {
		return why
	}
	if why := constructedZeroFor(prog, s, candidate); why != "" {
		return why
	}
	if why := selfWired(prog, s); why != "" {
		return why
	}
	if target >= 0 && target < s.Len() {
		if op := prog.Ops[s.Stmts[target].Op]; op.DocPanics != "" {
			return op.Name + " documents its panics: " + op.DocPanics
		}
	}
	if why := beforeAdvance(prog, s, res, target); why != "" {
		return why
	}
	if why := notReset(prog, s, target); why != "" {
		return why
	}
	return ""
}

// nilCallback finds a function literal of the test that returns nil for a
// result of a nilable type other than error (the "zero" variant of a
// func(string, io.Reader) (io.Reader, error)): the code calls it and gets
// the nil back, a nil input through a callback (rule 1). mime's
// WordDecoder documents it ("One of the CharsetReader's result values must
// be non-nil"); most callback types leave it unsaid, as they do for nil
// arguments.
func nilCallback(prog *model.Program, s *seq.Seq) string {
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		if op.Kind != model.FuncLit || op.Variant != model.FuncZero {
			continue
		}
		sig, ok := op.Type.Underlying().(*types.Signature)
		if !ok {
			continue
		}
		for j := 0; j < sig.Results().Len(); j++ {
			typ := sig.Results().At(j).Type()
			if types.Identical(typ, errorType) {
				continue
			}
			if Nilable(typ) {
				return "statement " + strconv.Itoa(i) + " is a function literal that returns a nil " + types.TypeString(typ, nil)
			}
		}
	}
	return ""
}

var errorType = types.Universe.Lookup("error").Type()

// notReset finds a target method called on a value of a type with an
// exported Reset method that takes arguments (msgpack's Encoder.Reset(w
// io.Writer), gzip.Reader's Reset(r)), when the value came from an
// operation that takes none of Reset's parameter types (a pool's
// GetEncoder) and Reset was not called on it: Reset(args) is how such a
// value gets what a constructor would have given it, so using it before
// is using it uninitialized. A value from a constructor that takes those
// arguments (NewEncoder(w)) is initialized.
func notReset(prog *model.Program, s *seq.Seq, target int) string {
	if target < 0 || target >= s.Len() {
		return ""
	}
	st := s.Stmts[target]
	op := prog.Ops[st.Op]
	if op.Kind != model.Method || len(st.Args) == 0 || st.Args[0].IsLit {
		return ""
	}
	recv := deref(op.Params[0].Type)
	var reset *model.Op
	for _, o := range prog.Ops {
		if o.Kind == model.Method && o.Func != nil && o.Func.Name() == "Reset" && len(o.Params) > 1 &&
			types.Identical(deref(o.Params[0].Type), recv) {
			reset = o
			break
		}
	}
	if reset == nil || op == reset {
		return ""
	}
	v := valueOf(prog, s, st.Args[0].Stmt)
	if v < 0 || v >= target {
		return ""
	}
	producer := prog.Ops[s.Stmts[v].Op]
	if producer.Kind != model.Call && producer.Kind != model.Method {
		return "" // literals and zero values have their own rules
	}
	for _, rp := range reset.Params[1:] {
		for _, pp := range producer.Params {
			if types.Identical(rp.Type, pp.Type) {
				return ""
			}
		}
	}
	for i := v + 1; i < target; i++ {
		si := s.Stmts[i]
		if si.Op == reset.ID && len(si.Args) > 0 && !si.Args[0].IsLit && valueOf(prog, s, si.Args[0].Stmt) == v {
			return ""
		}
	}
	return op.Name + " uses a value from " + producer.Name + " before " + reset.Name + " initialized it"
}

// nilInput finds a nil input: a nil literal or a value that was nil when
// the test ran, passed to any call (rule 1). With nilFields, a nil
// literal that fills a field of a struct literal is not one (nilFieldOK).
//
// A nil slice in a variadic parameter's place is no nil input: it is no
// arguments, as a call that lists none (ini.v1's Empty(nil...), "no
// LoadOptions"; issue 32: a Key.Strings hang was dropped for it).
func nilInput(prog *model.Program, s *seq.Seq, res *rt.Result, nilFields bool) string {
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		fieldsOK := nilFields && structLiteral(op)
		for k, a := range st.Args {
			if op.Variadic && k == len(st.Args)-1 && k == len(op.Params)-1 {
				continue
			}
			if a.IsLit {
				if a.Lit.Kind == seq.LitNil && !fieldsOK {
					return "statement " + strconv.Itoa(i) + " passes a nil literal"
				}
				continue
			}
			if res != nil && a.Stmt < len(res.Stmts) && a.Result < len(res.Stmt(a.Stmt).Values()) && res.Stmt(a.Stmt).Values()[a.Result].Nil {
				return "statement " + strconv.Itoa(i) + " passes a nil value"
			}
		}
	}
	return ""
}

// structLiteral reports whether op is a struct literal (T{F: p0, ...}
// or &T{...}), whose parameters are its fields.
//
// nilFieldOK: a nil pointer, slice, map, interface or func in a field of
// a struct literal is that field left unset, the commonest state of an
// optional field (yaml.v3's Node{Kind: ScalarNode, Tag: ...} has no
// Alias and no Content), and it shows itself as a nil dereference, not as
// the bounds, division, makeslice or conversion panic or the hang a
// candidate is: for candidates it is no nil input, nor is the nil
// exported field of a zero value (yaml.v3's Decoder.Decode into a zero
// Node panicking "unknown event" on its input) (issue 32: a hang of
// yaml.v3's Marshal on a scalar Node with an invalid tag was dropped as
// "passes a nil literal"). A nil-dereference finding still counts such a
// field as a nil input (rule 1; driver.NotNull{} under rule 2), and a nil
// passed to a call is one for every kind.
func structLiteral(op *model.Op) bool {
	if op.Kind != model.Composite {
		return false
	}
	t := op.Type
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// selfWired reports a call that passes a value together with one that
// holds it (seq.Holdings: its own statement's, those of the values it was
// built from, and those a mutating call stored into it).
func selfWired(prog *model.Program, s *seq.Seq) string {
	var h seq.Holdings
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		for j, a := range st.Args {
			for k, b := range st.Args {
				if j != k && h.Holds(b, a) && !textArg(prog, s, a) && !textArg(prog, s, b) &&
					!reflectDest(prog, s, op, j, a) && !reflectDest(prog, s, op, k, b) {
					return "statement " + strconv.Itoa(i) + " (" + op.Name + ") passes a value together with one built from it"
				}
			}
		}
		h.Add(st, op.Mutator)
	}
	return ""
}

// textArg reports whether a is a reference to a text result (a string or
// byte slice) or to words (isWords: a fixed-size integer array, or a
// pointer to one): neither has behaviour a call could follow back into
// the value it came from or went into, so passing it with that value
// wires nothing (a message's Unmarshal of the bytes its own Marshal made,
// pion/dtls's Handshake: a round trip, not a reader wrapped around
// itself; or of bytes an earlier Unmarshal of it kept; uint256's
// z.Add(z, z), which doubles z in place as math/big's aliasing does).
func textArg(prog *model.Program, s *seq.Seq, a seq.Arg) bool {
	if a.IsLit {
		return false
	}
	res := prog.Ops[s.Stmts[a.Stmt].Op].Results
	return a.Result < len(res) && (isText(res[a.Result]) || isWords(res[a.Result]))
}

// reflectDest reports whether argument j (a) of a call of op is a
// decoder's destination filled by reflection: an empty-interface
// parameter of an operation with a decoder's name (Decode, Unmarshal:
// decoderName), given the decoder itself or a value whose type has no
// method naming Unmarshal or Decode (UnmarshalYAML, DecodeMsgpack) for
// the decoder to call back. Reflection writes such a value's exported
// fields and follows none of its behaviour, so passing it with a value
// built from it wires nothing (rule 3): yaml.v3's d.Decode(d) fails with
// an error, as decoding into any unfit value does, and the next Decode
// panicking with "attempted to parse unknown event" is the decoder's bug
// (GO-2022-0603's class on the bug benchmark's yaml.v3, issue 32).
func reflectDest(prog *model.Program, s *seq.Seq, op *model.Op, j int, a seq.Arg) bool {
	if a.IsLit || j >= len(op.Params) || op.Func == nil || !decoderName(op.Func.Name()) {
		return false
	}
	if it, ok := op.Params[j].Type.Underlying().(*types.Interface); !ok || !it.Empty() {
		return false
	}
	res := prog.Ops[s.Stmts[a.Stmt].Op].Results
	if a.Result >= len(res) {
		return false
	}
	t := res[a.Result]
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
		t = types.NewPointer(t)
	}
	if op.Kind == model.Method && types.Identical(deref(t), deref(op.Params[0].Type)) {
		// The decoder itself as its own destination: its Decode is
		// the call, no unmarshaler the decoder looks for.
		return true
	}
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if name := ms.At(i).Obj().Name(); strings.Contains(name, "Unmarshal") || strings.Contains(name, "Decode") {
			return false
		}
	}
	return true
}

// beforeAdvance reports a target that is an accessor (a method that does
// not change its receiver) of a value whose type has an advance method
// (model.Op.DocAdvance: Next, First, Seek... returning only a bool, which
// the type's doc comments say must be called, and return true, before the
// rest is used), when the last call that changed the value was not an
// advance that returned true: Key() on a fresh iterator, or after Next()
// returned false, or after Begin() put it back before the first element.
// A maintainer reads that as the caller skipping the documented protocol
// (docs/findings.md rule 5). res gives the advances' results; with no run
// (res nil) an advance counts as having returned true.
func beforeAdvance(prog *model.Program, s *seq.Seq, res *rt.Result, target int) string {
	if target < 0 || target >= s.Len() {
		return ""
	}
	st := s.Stmts[target]
	op := prog.Ops[st.Op]
	if op.Kind != model.Method || op.DocAdvance != "" || op.Mutator(0) || len(st.Args) == 0 || st.Args[0].IsLit {
		return ""
	}
	recv := deref(op.Params[0].Type)
	var advance *model.Op
	for _, o := range prog.Ops {
		if o.Kind == model.Method && o.DocAdvance != "" && types.Identical(deref(o.Params[0].Type), recv) {
			advance = o
			break
		}
	}
	if advance == nil {
		return ""
	}
	v := valueOf(prog, s, st.Args[0].Stmt)
	positioned := false
	for i := 0; i < target; i++ {
		si := s.Stmts[i]
		o := prog.Ops[si.Op]
		if o.Kind != model.Method || len(si.Args) == 0 || si.Args[0].IsLit || valueOf(prog, s, si.Args[0].Stmt) != v {
			continue
		}
		switch {
		case o.DocAdvance != "" && (o.Mutator(0) || !o.Effects.Known):
			positioned = returnedTrue(res, i)
		case o.Mutator(0):
			positioned = false // moved by a call the protocol does not promise leaves it readable
		}
	}
	if positioned {
		return ""
	}
	return op.Name + " reads a value no advance has positioned (" + advance.Name + ": " + advance.DocAdvance + ")"
}

// valueOf is the statement whose value statement i's result is: the
// address &v of a value is the value itself, so that calls through
// different &v reach the same iterator.
func valueOf(prog *model.Program, s *seq.Seq, i int) int {
	for i >= 0 && i < s.Len() {
		st := s.Stmts[i]
		if prog.Ops[st.Op].Kind != model.Addr || len(st.Args) == 0 || st.Args[0].IsLit {
			break
		}
		i = st.Args[0].Stmt
	}
	return i
}

// returnedTrue reports whether the bool that statement i returned in res
// was true; an unknown result (no run, no value) counts as true, so that
// the rule only removes what the run shows to be before the protocol.
func returnedTrue(res *rt.Result, i int) bool {
	if res == nil || i >= len(res.Stmts) || len(res.Stmt(i).Values()) == 0 {
		return true
	}
	v, t := res.Stmt(i).Values()[0], res.Stmt(i).Tree(0)
	if t != nil && t.Kind == rt.TBool {
		return t.B
	}
	if v.Type.String() == "bool" {
		return v.Hash != rt.Hash(false)
	}
	return true
}

// outsideEnum finds a conversion of an integer literal to a named integer
// type whose package declares constants of it (an enum: ast.ObjKind,
// blackfriday.NodeType) when the literal is none of them: ObjKind(10) is
// no kind, and its String indexing a table of names out of range is the
// caller's doing. A literal passed straight to a parameter of such a type
// is the same conversion, implicit (gomarkdown's
// parser.NewWithExtensions(-1): every bit set, extensions that contradict
// each other among them). Bit-flag types whose constants combine are
// covered too, so a combination's failure is missed: a missed finding
// costs less than a false one.
func outsideEnum(prog *model.Program, s *seq.Seq) string {
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		if op.Kind == model.Convert {
			if len(st.Args) == 1 && st.Args[0].IsLit {
				if why := enumViolation(op.Type, st.Args[0].Lit); why != "" {
					return "statement " + strconv.Itoa(i) + " converts " + why
				}
			}
			continue
		}
		if op.Kind != model.Call && op.Kind != model.Method {
			continue
		}
		for j, a := range st.Args {
			if !a.IsLit || j >= len(op.Params) || op.Variadic && j >= len(op.Params)-1 {
				continue
			}
			if n, ok := op.Params[j].Type.(*types.Named); !ok || n.Obj().Pkg() != prog.Pkg || !outsideRange(n, a.Lit) {
				// An implicit conversion is judged only for the
				// package's own types and only outside the constants'
				// range: a parameter of a unit type (a Duration, a
				// FileMode) takes any number, and a combination of
				// flags is in range.
				continue
			}
			if why := enumViolation(op.Params[j].Type, a.Lit); why != "" {
				return "statement " + strconv.Itoa(i) + " passes " + why
			}
		}
	}
	return ""
}

// outsideRange reports whether integer literal l is below the least
// constant n's package declares of type n, or above both the greatest and
// the bitwise or of the non-negative ones (every flag set). When the
// constants combine (their or is above the greatest: flags), 0, the empty
// set, is in range.
func outsideRange(n *types.Named, l seq.Lit) bool {
	v, ok := intConst(l)
	if !ok {
		return false
	}
	scope := n.Obj().Pkg().Scope()
	var lo, hi constant.Value
	or := constant.MakeInt64(0)
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) || c.Val().Kind() != constant.Int {
			continue
		}
		cv := c.Val()
		if lo == nil || constant.Compare(cv, token.LSS, lo) {
			lo = cv
		}
		if hi == nil || constant.Compare(cv, token.GTR, hi) {
			hi = cv
		}
		if constant.Sign(cv) >= 0 {
			or = constant.BinaryOp(or, token.OR, cv)
		}
	}
	if lo == nil {
		return false
	}
	if constant.Compare(or, token.GTR, hi) {
		// Flags: any combination, none among them.
		hi = or
		if constant.Sign(lo) > 0 {
			lo = constant.MakeInt64(0)
		}
	}
	return constant.Compare(v, token.LSS, lo) || constant.Compare(v, token.GTR, hi)
}

// intConst returns integer literal l as a constant; false for other
// literals.
func intConst(l seq.Lit) (constant.Value, bool) {
	switch l.Kind {
	case seq.LitInt:
		return constant.MakeInt64(l.I), true
	case seq.LitUint:
		return constant.MakeUint64(l.U), true
	}
	return nil, false
}

// enumViolation returns "V to T, which is none of its declared constants"
// when l is an integer literal and t a named integer type whose package
// declares two or more constants of it, none equal to l; or "".
func enumViolation(t types.Type, l seq.Lit) string {
	v, ok := intConst(l)
	if !ok {
		return ""
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return ""
	}
	scope := n.Obj().Pkg().Scope()
	consts := 0
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) {
			continue
		}
		consts++
		if constant.Compare(c.Val(), token.EQL, v) {
			return ""
		}
	}
	if consts < 2 {
		return ""
	}
	return v.ExactString() + " to " + n.Obj().Name() + ", which is none of its declared constants"
}
