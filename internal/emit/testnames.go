package emit

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// testName is the name of the test of op's cases. go vet rejects a test
// whose name goes on with a lower-case letter after "Test", so the first
// letter of the operation's name is upper-cased.
func testName(op *model.Op) string {
	opName := op.Name
	if op.Kind == model.Composite {
		if _, named := op.Type.(*types.Named); !named {
			// A literal of an unnamed type is named after the type
			// (model's recvName): []example.com/p.Shape is no Go
			// identifier, ShapeSlice is.
			opName = typeWord(op.Type)
		}
	}
	name := strings.ReplaceAll(opName, ".", "_")
	r, size := utf8.DecodeRuneInString(name)
	return "Test" + string(unicode.ToUpper(r)) + name[size:]
}

// typeWord names a type in one identifier: ShapeSlice for []p.Shape,
// StringIntMap for map[string]int, the element's word for a pointer.
func typeWord(t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		return u.Obj().Name()
	case *types.Pointer:
		return typeWord(u.Elem())
	case *types.Slice:
		return typeWord(u.Elem()) + "Slice"
	case *types.Array:
		return typeWord(u.Elem()) + "Array"
	case *types.Map:
		return typeWord(u.Key()) + typeWord(u.Elem()) + "Map"
	case *types.Basic:
		r, size := utf8.DecodeRuneInString(u.Name())
		return string(unicode.ToUpper(r)) + u.Name()[size:]
	case *types.Interface:
		if u.Empty() {
			return "Any"
		}
	}
	return "Value"
}

// uniqueName returns name, or name2, name3... when it is taken in used,
// and marks it taken.
func uniqueName(name string, used map[string]bool) string {
	n := name
	for i := 2; used[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	used[n] = true
	return n
}

// uniqueSub is uniqueName for subtest names, the last resort of
// subtestNames and tableRowNames for cases nothing else tells apart: an
// ordinal says it is the second case of that description ("empty",
// "empty_2nd"), where a bare number ("empty_2") would read as an input.
func uniqueSub(name string, used map[string]bool) string {
	n := name
	for i := 2; used[n]; i++ {
		n = name + "_" + ordinal(i)
	}
	used[n] = true
	return n
}

// ordinal spells i (2 or more) as "2nd", "3rd", "4th", "11th", "21st".
func ordinal(i int) string {
	suffix := "th"
	switch i % 10 {
	case 1:
		suffix = "st"
	case 2:
		suffix = "nd"
	case 3:
		suffix = "rd"
	}
	if i%100 >= 11 && i%100 <= 13 {
		suffix = "th"
	}
	return strconv.Itoa(i) + suffix
}

// maxSubName bounds subtest names: go test prints them on every line.
const maxSubName = 40

// subtestName describes a case by the literal arguments of its target
// call, or, when it has none, by what prepared the call: the last method
// called on the same receiver ("after_Add"), else the operation that
// produced an argument ("from_String"), else "default" (which
// subtestNames replaces). With exact, texts are spelled in full, their symbols named ("s_bang" and
// "s_question" for "s!" and "s?", both "s" otherwise).
func (r *renderer) subtestName(c *oracle.Case, exact bool) string {
	st := c.Seq.Stmts[c.Target]
	op := r.prog.Ops[st.Op]
	var parts []string
	for k, a := range st.Args {
		if !a.IsLit || (op.Variadic && k == len(st.Args)-1 && a.Lit.Kind == seq.LitNil) {
			continue
		}
		if exact {
			parts = append(parts, r.named(op.Params[k], a.Lit, r.litWordExact(a.Lit, op.Params[k].Type)))
			continue
		}
		parts = append(parts, r.named(op.Params[k], a.Lit, r.litWord(a.Lit, op.Params[k].Type)))
	}
	if w := joinValues(parts); w != "" {
		return w
	}
	// A package variable passed in names the case: uuid.Max.Variant()
	// is "Max", not "default".
	var vars []string
	for _, a := range st.Args {
		if !a.IsLit {
			if v := r.prog.Ops[c.Seq.Stmts[a.Stmt].Op]; v.Kind == model.Var {
				vars = append(vars, v.Var.Name())
			}
		}
	}
	if w := joinValues(vars); w != "" {
		return w
	}
	if op.Kind == model.Method && !st.Args[0].IsLit {
		recv := st.Args[0]
		dropped := r.droppedCalls(c)
		for i := c.Target - 1; i >= 0; i-- {
			if dropped[i] {
				continue
			}
			prev := c.Seq.Stmts[i]
			pop := r.prog.Ops[prev.Op]
			if pop.Kind == model.Method && !prev.Args[0].IsLit && prev.Args[0].Value() == recv.Value() {
				return "after_" + pop.Func.Name()
			}
		}
	}
	for k, a := range st.Args {
		if a.IsLit || (op.Kind == model.Method && k == 0) {
			continue
		}
		if pop := r.prog.Ops[c.Seq.Stmts[a.Stmt].Op]; pop.Func != nil {
			return "from_" + pop.Func.Name()
		}
	}
	return "default"
}

// droppedCalls marks the statements of c that its test leaves out
// (planBody: calls that change nothing and whose results nothing reads):
// a subtest name describes the calls the reader sees, never "after_Len"
// for a Len call that is not written.
func (r *renderer) droppedCalls(c *oracle.Case) map[int]bool {
	var dropped map[int]bool
	r.probe(func() { dropped = r.planBody(c, &bodyOpts{}).dropped })
	return dropped
}

// receiverOrigin says where the receiver of a method came from, for a
// case nothing else names: "new_list" from a constructor or a zero value,
// "from_Iterator" from a method; "" otherwise.
func (r *renderer) receiverOrigin(c *oracle.Case) string {
	st := c.Seq.Stmts[c.Target]
	op := r.prog.Ops[st.Op]
	if op.Kind != model.Method || st.Args[0].IsLit {
		return ""
	}
	src := c.Seq.Stmts[st.Args[0].Stmt]
	pop := r.prog.Ops[src.Op]
	if pop.Kind == model.Addr && len(src.Args) == 1 && !src.Args[0].IsLit {
		// &v for a pointer method: where v came from.
		pop = r.prog.Ops[c.Seq.Stmts[src.Args[0].Stmt].Op]
	}
	switch {
	case pop.Kind == model.Method:
		return "from_" + pop.Func.Name()
	case pop.Kind == model.Call || pop.Kind == model.Zero:
		return "new_" + baseName(op.Params[0].Type)
	}
	return ""
}

// subtestNames names the subtests of cases, which must not take a name
// in used: each after the literals of its target call (subtestName);
// cases whose names clash get their texts spelled in full, then are told
// apart by the function literals the target takes, the literals of the
// calls that prepared the target, then by those calls; a case still
// "default" says where its receiver came from (receiverOrigin). An ordinal
// suffix (uniqueSub) is the last resort.
func (r *renderer) subtestNames(cs []*oracle.Case, used map[string]bool) []string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = r.subtestName(c, false)
	}
	clashes := func() map[string]int {
		count := map[string]int{}
		for _, n := range names {
			count[n]++
		}
		for n := range used {
			count[n]++
		}
		return count
	}
	count := clashes()
	for i, c := range cs {
		if count[names[i]] > 1 {
			names[i] = r.subtestName(c, true)
		}
	}
	levels := []struct {
		parts func(c *oracle.Case) []string
		join  func([]string) string
	}{{r.funcArgs, joinValues}, {r.setupLiterals, joinValues}, {r.setupCalls, joinWords}}
	for _, level := range levels {
		count := clashes()
		parts := make([][]string, len(cs))
		group := map[string][]int{} // the cases of each clashing name
		for i, c := range cs {
			if count[names[i]] > 1 {
				parts[i] = level.parts(c)
				group[names[i]] = append(group[names[i]], i)
			}
		}
		for i := range cs {
			if count[names[i]] <= 1 {
				continue
			}
			// What every case of the name shares tells none apart:
			// NewCart(1) before both Add("x") calls is left out.
			more := level.join(uncommon(parts[i], parts, group[names[i]]))
			switch {
			case more == "":
			case names[i] == "default":
				names[i] = more
			default:
				names[i] = extendName(names[i], more)
			}
		}
	}
	for i, c := range cs {
		// A case nothing above named says where its receiver came
		// from: "new_list", not "default".
		if names[i] == "default" {
			if w := r.receiverOrigin(c); w != "" {
				names[i] = w
			}
		}
	}
	return names
}

// extendName appends more to name, word by word as far as maxSubName
// allows: a long addition is cut, not dropped.
func extendName(name, more string) string {
	return joinWords(append([]string{name}, strings.Split(more, "_")...))
}

// uncommon returns the parts of mine that not every case of group (indexes
// into all, at least two) has as often: the k-th "ReadAll" of mine stays
// when some case calls ReadAll fewer than k times.
func uncommon(mine []string, all [][]string, group []int) []string {
	if len(group) < 2 {
		return mine
	}
	var out []string
	seen := map[string]int{}
	for _, p := range mine {
		seen[p]++
		shared := true
		for _, j := range group {
			n := 0
			for _, q := range all[j] {
				if q == p {
					n++
				}
			}
			if n < seen[p] {
				shared = false
				break
			}
		}
		if !shared {
			out = append(out, p)
		}
	}
	return out
}

// funcArgs names the function literals the target takes by what they
// return: NextTo(func(...) bool { return true }) and the same call with
// return false are "returns_true" and "returns_false", not a name and
// the name with "_2".
func (r *renderer) funcArgs(c *oracle.Case) []string {
	var parts []string
	for _, a := range c.Seq.Stmts[c.Target].Args {
		if a.IsLit {
			continue
		}
		op := r.prog.Ops[c.Seq.Stmts[a.Stmt].Op]
		if op.Kind != model.FuncLit {
			continue
		}
		checked := func(k int) bool {
			for _, a := range c.Asserts {
				if a.Stmt == k {
					return true
				}
			}
			return false
		}
		if op.Records() && !recordRead(r.prog, c.Seq, a.Stmt, checked) {
			op = quietRecord(op)
		}
		parts = append(parts, funcWord(op))
	}
	return parts
}

// funcWord is a function literal as a word of a subtest name.
func funcWord(op *model.Op) string {
	switch op.Variant {
	case model.FuncTrue:
		return "returns_true"
	case model.FuncIdentity:
		return "identity"
	case model.FuncLess:
		return "less"
	case model.FuncArgPred:
		return "predicate"
	case model.FuncCompare:
		return "compare"
	case model.FuncRecord, model.FuncRecordFalse:
		return "recording"
	}
	res := op.Type.Underlying().(*types.Signature).Results()
	switch {
	case res.Len() == 0:
		return "noop"
	case res.Len() == 1 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool]):
		return "returns_false"
	}
	return "returns_zero"
}

// setupLiterals is the literals of the calls before the target, as words:
// a constructor's as they are ("ann" for NewSession("ann")), a method's
// after its name ("Set_0,0" for list.Set(0, 0)), where bare values would
// read as the target's ("0_0,0" for Get(0) after Set(0, 0)).
func (r *renderer) setupLiterals(c *oracle.Case) []string {
	var parts []string
	dropped := r.droppedCalls(c)
	for i := 0; i < c.Target; i++ {
		if dropped[i] {
			continue
		}
		st := c.Seq.Stmts[i]
		op := r.prog.Ops[st.Op]
		if op.Kind == model.Method {
			var vals []string
			for k, a := range st.Args {
				if k > 0 && a.IsLit && a.Lit.Kind != seq.LitNil && a.Lit.Kind != seq.LitZero {
					vals = append(vals, r.litWord(a.Lit, op.Params[k].Type))
				}
			}
			if len(vals) > 0 {
				parts = append(parts, op.Func.Name()+"_"+strings.Join(vals, ","))
			}
			continue
		}
		for k, a := range st.Args {
			if op.Kind == model.SetField && a.IsLit && a.Lit.Kind == seq.LitBool {
				// A flag set reads as its name: "quote,Lenient", not
				// "quote,true".
				w := op.Field.Name()
				if !a.Lit.B {
					w = "no_" + w
				}
				parts = append(parts, w)
				continue
			}
			if a.IsLit && a.Lit.Kind != seq.LitNil && a.Lit.Kind != seq.LitZero {
				parts = append(parts, r.litWord(a.Lit, op.Params[k].Type))
			}
		}
	}
	return parts
}

// setupCalls names the calls before the target: "PushBack_PushFront".
func (r *renderer) setupCalls(c *oracle.Case) []string {
	var parts []string
	dropped := r.droppedCalls(c)
	for i := 0; i < c.Target; i++ {
		op := r.prog.Ops[c.Seq.Stmts[i].Op]
		if op.Func == nil || dropped[i] {
			continue
		}
		if n := op.Func.Name(); len(parts) == 0 || parts[len(parts)-1] != n {
			parts = append(parts, n)
		}
	}
	return parts
}

// joinWords joins name parts with "_", cut to maxSubName at a part
// boundary where possible.
func joinWords(parts []string) string { return joinSep(parts, "_") }

// joinValues joins the words of several arguments' values with ",", as
// an argument list reads: "0.5,2" for (0.5, 2). Joined with "_", the
// second value reads as a number telling apart cases of the first
// ("0.5_1", "0.5_2"), which is what a numbered name says.
func joinValues(parts []string) string { return joinSep(parts, ",") }

func joinSep(parts []string, sep string) string {
	name := ""
	for _, p := range parts {
		next := p
		if name != "" {
			next = name + sep + p
		}
		if len(next) > maxSubName {
			if name == "" {
				name = next[:maxSubName]
			}
			break
		}
		name = next
	}
	return name
}

// litWord is litWord for a literal of type t: a value that a constant of
// t names reads as that name, a rune as its character or code point.
func (r *renderer) litWord(l seq.Lit, t types.Type) string {
	if c := r.litEnum(l, t); c != nil && l.Name == "" {
		return c.Name()
	}
	if b, ok := types.Unalias(t).(*types.Basic); ok && b.Name() == "rune" && l.Name == "" &&
		(l.Kind == seq.LitInt || l.Kind == seq.LitUint) {
		c := l.I
		if l.Kind == seq.LitUint {
			c = int64(l.U)
		}
		if c >= 0 && c <= unicode.MaxRune {
			return runeWord(rune(c))
		}
	}
	return litWord(l)
}

// runeWord names a code point as a reader knows it: a letter or digit as
// itself ("é"), anything else as U+XXXX ("U+D800", "U+FFFD"), never as
// the decimal number 55296.
func runeWord(c rune) string {
	if (unicode.IsLetter(c) || unicode.IsDigit(c)) && utf8.ValidRune(c) {
		return string(c)
	}
	return fmt.Sprintf("U+%04X", c)
}

// named prefixes the word w of a number, a bool or nil passed as
// parameter p with p's name ("n=0", "carry=1", "buf=nil"): "1,0,1"
// says nothing of what the values are, "x=1,y=0,carry=1" does. A value
// a constant names ("Blue", "MaxInt") and a text, which reads as itself,
// are left as they are, as is a parameter without a usable name.
func (r *renderer) named(p model.Param, l seq.Lit, w string) string {
	if p.Recv || p.Name == "" || p.Name == "_" || l.Name != "" || r.litEnum(l, p.Type) != nil {
		return w
	}
	switch l.Kind {
	case seq.LitInt, seq.LitUint, seq.LitFloat, seq.LitBool, seq.LitNil, seq.LitZero:
	default:
		return w
	}
	if rest, ok := strings.CutPrefix(w, "negative_"); ok {
		w = "-" + rest
	}
	return p.Name + "=" + w
}

// litWord is a literal as a word of a subtest name: "empty", "VIP-10",
// "negative_5", "Blue".
func litWord(l seq.Lit) string {
	if l.Name != "" {
		return l.Name[strings.LastIndexByte(l.Name, '.')+1:]
	}
	switch l.Kind {
	case seq.LitNil:
		return "nil"
	case seq.LitBool:
		return strconv.FormatBool(l.B)
	case seq.LitInt:
		if l.I < 0 {
			return "negative_" + strings.TrimPrefix(strconv.FormatInt(l.I, 10), "-")
		}
		return strconv.FormatInt(l.I, 10)
	case seq.LitUint:
		return strconv.FormatUint(l.U, 10)
	case seq.LitFloat:
		s := strconv.FormatFloat(l.F, 'g', -1, 64)
		if strings.HasPrefix(s, "-") {
			return "negative_" + s[1:]
		}
		if s == "+Inf" {
			return "Inf"
		}
		return s
	case seq.LitString, seq.LitBytes:
		return textWord(l.S)
	case seq.LitSlice:
		if len(l.Elems) == 0 {
			return "no_elems"
		}
		if len(l.Elems) <= 3 {
			var parts []string
			for _, e := range l.Elems {
				parts = append(parts, litWord(e))
			}
			return strings.Join(parts, "_")
		}
		return strconv.Itoa(len(l.Elems)) + "_elems"
	}
	return "zero"
}

// textWord keeps the letters, digits, '-' and '.' of s, with '_' for runs
// of anything else.
func textWord(s string) string {
	w, _ := textWordCut(s)
	return w
}

// textWordCut is textWord, and whether it cut s short.
func textWordCut(s string) (string, bool) {
	if s == "" {
		return "empty", false
	}
	if strings.TrimSpace(s) == "" {
		return symbolWords(s), false // "space", "tab_newline"
	}
	if !readable(s) {
		return noiseWord(s), false
	}
	var b strings.Builder
	cut := false
	for _, c := range s {
		if b.Len() >= maxWord {
			cut = true
			break
		}
		if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '-' || c == '.' {
			b.WriteRune(c)
		} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
	}
	w := b.String()
	if cut {
		// Cut at a word boundary, not inside a word.
		if i := strings.LastIndexByte(w, '_'); i > 0 {
			w = w[:i]
		}
	}
	w = strings.Trim(w, "_")
	if w == "" {
		return symbolWords(s), cut
	}
	return w, cut
}

// readable reports whether a text reads as words: valid UTF-8 without
// control characters (but tab and newline), at least half of it letters
// and digits, or at most three runes (a symbol or two, which symbolWords
// names). Spelled symbol by symbol, any other text gives a name a reader
// must decode ("equals_question_a_question_nul_question_").
func readable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	n, words := 0, 0
	for _, c := range s {
		n++
		switch {
		case c == '\t' || c == '\n':
		case unicode.IsControl(c) || c == utf8.RuneError:
			return false
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			words++
		}
	}
	return n <= 3 || 2*words >= n
}

// noiseWord describes a text that does not read as words (readable) by
// its shape: "invalid_UTF-8", "10_nul" for a run of one symbol, else its
// first word and its length ("BEGIN_in_56_bytes") or its length alone.
func noiseWord(s string) string {
	if !utf8.ValidString(s) {
		return "invalid_UTF-8"
	}
	first, _ := utf8.DecodeRuneInString(s)
	if strings.Count(s, string(first)) == utf8.RuneCountInString(s) {
		return strconv.Itoa(utf8.RuneCountInString(s)) + "_" + symbolWords(string(first))
	}
	word := strings.FieldsFunc(s, func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
	for _, w := range word {
		if utf8.RuneCountInString(w) >= 2 && len(w) <= maxWord {
			return w + "_in_" + strconv.Itoa(len(s)) + "_bytes"
		}
	}
	return strconv.Itoa(len(s)) + "_bytes"
}

// litWordLen is litWord, with the length of a text cut short:
// "6ba7b814-9dad-11d1-80b4-_len45" tells apart two long inputs that
// start alike (a parser branching on the length) where litWord alone
// would leave them to a number.
func (r *renderer) litWordLen(l seq.Lit, t types.Type) string {
	w := r.litWord(l, t)
	if l.Name == "" && (l.Kind == seq.LitString || l.Kind == seq.LitBytes) {
		if _, cut := textWordCut(l.S); cut {
			w += "_len" + strconv.Itoa(len(l.S))
		}
	}
	return w
}

// maxWord bounds the word one literal contributes to a subtest name.
const maxWord = 24

// symbolNames name the punctuation a text without letters or digits is
// made of, so that "{" and "[" are told apart.
var symbolNames = map[rune]string{'{': "lbrace", '}': "rbrace", '[': "lbracket", ']': "rbracket", '(': "lparen",
	')': "rparen", '"': "quote", '\'': "apostrophe", '`': "backquote", ',': "comma", ':': "colon", ';': "semicolon",
	'\\': "backslash", '/': "slash", '*': "star", '+': "plus", '=': "equals", '<': "lt", '>': "gt", '!': "bang",
	'?': "question", '#': "hash", '$': "dollar", '%': "percent", '&': "amp", '|': "pipe", '^': "caret", '~': "tilde",
	'@': "at", '_': "underscore", ' ': "space", '\t': "tab", '\n': "newline", '\r': "cr", 0: "nul"}

// symbolWords names the first symbols of s: "lbrace_quote".
func symbolWords(s string) string {
	var parts []string
	for _, c := range s {
		n, ok := symbolNames[c]
		if !ok {
			n = "u" + strconv.FormatInt(int64(c), 16)
		}
		if len(parts) == 0 || parts[len(parts)-1] != n {
			parts = append(parts, n)
		}
		if len(parts) == 3 {
			break
		}
	}
	return strings.Join(parts, "_")
}

// litWordExact is litWord with texts spelled in full: every symbol
// named, not only those of a text without letters ("s_bang" for "s!",
// "a_space_b" for "a b"), and the length of a text cut short.
func (r *renderer) litWordExact(l seq.Lit, t types.Type) string {
	if l.Name != "" || (l.Kind != seq.LitString && l.Kind != seq.LitBytes) || l.S == "" || !readable(l.S) {
		// A text that does not read as words is not spelled byte by
		// byte: its description and length, then an ordinal, tell it
		// apart.
		return r.litWordLen(l, t)
	}
	var words []string
	size := 0
	cut := false
	var word strings.Builder
	flush := func() {
		if word.Len() > 0 {
			words = append(words, word.String())
			size += word.Len() + 1
			word.Reset()
		}
	}
	for _, c := range l.S {
		if size+word.Len() >= maxSubName {
			cut = true
			break
		}
		if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '-' || c == '.' {
			word.WriteRune(c)
			continue
		}
		flush()
		n, ok := symbolNames[c]
		if !ok {
			n = "u" + strconv.FormatInt(int64(c), 16)
		}
		words = append(words, n)
		size += len(n) + 1
	}
	flush()
	w := strings.Join(words, "_")
	if cut {
		w += "_len" + strconv.Itoa(len(l.S))
	}
	return w
}
