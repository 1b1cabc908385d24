package oracle

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Candidates (corpus.Failure.Candidate) are the runtime panics that are a
// bug only on legal input to a function that owes its caller an answer
// (issue 32): an index, slice, division, makeslice or conversion panic, or
// the package's own internal-error panic, and calls that ran past their
// CPU-time limit. candidateIllegal is the gate a candidate passes on top of
// Illegal; each clause names a class of panic that is the caller's doing.

// decoderPrefix names the operations whose facts make them a parser,
// decoder or validator of their input even without an error result.
var decoderPrefix = []string{"Parse", "Decode", "Unmarshal", "Read", "Scan", "Validate", "Unpack", "Load", "Next"}

// precondition matches a doc comment sentence that states what callers
// must give: "The input must end with a newline", "s should be
// normalized", "requires len(p) >= 4", "the result is undefined if".
var precondition = regexp.MustCompile(`(?i)\b(must|should|requires?|expects?|assumes?|preconditions?|undefined|caller'?s? responsibility|only valid)\b`)

// ownDuty matches a modal that states what the function itself returns,
// not what its caller must give: jsonparser's Get "If key not found or
// any other parsing issue it should return error" promises an error on
// bad input, the opposite of a precondition (issue 32: its index panic on
// an empty key was dropped for this "should").
var ownDuty = regexp.MustCompile(`(?i)\b(must|should)\s+(not\s+)?(return|be returned)\b`)

// statesPrecondition returns the precondition word of doc, or "", once
// the sentences about what the function returns are set aside.
func statesPrecondition(doc string) string {
	return precondition.FindString(ownDuty.ReplaceAllString(doc, ""))
}

// docs reads doc comments from the package's source files, which the
// facts do not carry: a file is parsed once per Revealing call.
type docs struct {
	prog  *model.Program
	files map[string]*ast.File
	fset  *token.FileSet
}

func newDocs(prog *model.Program) *docs {
	return &docs{prog: prog, files: map[string]*ast.File{}, fset: token.NewFileSet()}
}

// of returns fn's doc comment text, or "" when its source is not at hand.
func (d *docs) of(fn *types.Func) string {
	if d == nil || d.prog.Fset == nil || fn == nil || !fn.Pos().IsValid() {
		return ""
	}
	pos := d.prog.Fset.Position(fn.Pos())
	f, ok := d.files[pos.Filename]
	if !ok {
		// A file that does not parse leaves its docs unread: the gate
		// then rests on the other clauses.
		f, _ = parser.ParseFile(d.fset, pos.Filename, nil, parser.ParseComments|parser.SkipObjectResolution)
		d.files[pos.Filename] = f
	}
	if f == nil {
		return ""
	}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if ok && fd.Name.Name == fn.Name() && d.fset.Position(fd.Name.Pos()).Line == pos.Line {
			return fd.Doc.Text()
		}
	}
	return ""
}

// candidateIllegal returns why a candidate failure of kind, whose target
// statement is target, is no finding, or "".
func candidateIllegal(prog *model.Program, d *docs, s *seq.Seq, res *rt.Result, target int, kind string) string {
	op := prog.Ops[s.Stmts[target].Op]
	switch {
	case !op.UnderTest || op.Func == nil:
		return "the call is not the package's own"
	case strings.HasPrefix(op.Func.Name(), "Must"):
		// Must* panics on what its non-Must twin would reject, by name.
		return op.Name + " is a Must function"
	case !op.ErrResult && !decoderName(op.Func.Name()) && !textOnly(op) && !(dataOnly(op) && kind != corpus.KindDivideByZero):
		// A function with no error result and no decoder's name has no
		// way to refuse an input: its bounds are its caller's to keep
		// (misuse.Span's String slicing out of range). One that takes
		// only text reads that text, and any text is legal input; one
		// that takes only words (dataOnly) computes on numbers that
		// have no illegal value.
		return op.Name + " returns no error, decodes nothing and takes more than text"
	}
	if res != nil && kind != corpus.KindHang && res.Stmt(target).PanicSite() == "" {
		return "the panic's site is outside the package"
	}
	reach := reaching(prog, s, target)
	for i, st := range s.Stmts {
		if i > target || !reach[i] {
			continue
		}
		sop := prog.Ops[st.Op]
		if sop.Kind == model.FuncLit || takesFunc(sop) {
			// A callback the test passed may be where the panic or the
			// loop is, and its contract is unstated: a missed finding
			// costs less than a false one.
			return sop.Name + " takes a callback"
		}
		if sop.UnderTest && sop.Func != nil {
			if m := statesPrecondition(d.of(sop.Func)); m != "" {
				return sop.Name + "'s doc states a precondition (" + m + ")"
			}
		}
	}
	if why := outsideDomainOf(prog, s, nil, reach); why != "" {
		// A literal's number out of its field's domain is what makes an
		// index or a slice panic by the caller's doing (rule 9); without
		// observed ranges, only constants and the fields of types only
		// literals make are vouched for. A literal whose only way to the
		// failing call is text (a message literal's Marshal output given
		// to another message's Unmarshal, pion/dtls) is not judged: any
		// text is legal input.
		return why
	}
	if kind == corpus.KindHang {
		if why := largeInput(s); why != "" {
			return why
		}
		if why := endlessSource(prog, s); why != "" {
			return why
		}
	}
	return ""
}

// reaching marks the statements of s whose doing can reach the call at
// target: target itself, and, backwards, the statements whose results a
// marked statement takes, except through a text value (a string or byte
// slice: isText). A text is only data: a callback given to the call that
// made it cannot be called by the target, and whatever precondition that
// call had, any text is legal input. A number is not cut, since it may be
// the index the target panics with, and any other value may hold a
// callback or state the target uses (runtimebugs' Lookup of a text Pick
// returned, Pick having taken a callback: the callback does not reach
// Lookup).
func reaching(prog *model.Program, s *seq.Seq, target int) []bool {
	reach := make([]bool, s.Len())
	if target < 0 || target >= s.Len() {
		return reach
	}
	reach[target] = true
	for k := target; k >= 0; k-- {
		if !reach[k] {
			continue
		}
		for _, a := range s.Stmts[k].Args {
			if a.IsLit || reach[a.Stmt] {
				continue
			}
			res := prog.Ops[s.Stmts[a.Stmt].Op].Results
			if a.Result < len(res) && isText(res[a.Result]) {
				continue
			}
			reach[a.Stmt] = true
		}
	}
	return reach
}

// decoderName reports whether a function's name makes it a parser,
// decoder or validator of its input (decoderPrefix).
func decoderName(name string) bool {
	for _, p := range decoderPrefix {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// textOnly reports whether op is a package-level function whose
// parameters are all text: strings, byte slices, and slices of them (a
// variadic path). Such a function owes its caller an answer on any text,
// error result or not, because any text is a value its caller may pass
// (strings are not judged by the legality rules): a bounds panic indexes
// past the end of the text it was given, which only the function can
// prevent (gjson's Get(json, path) and jsonparser's Delete(data,
// keys...) on malformed documents, issue 32). An integer parameter could
// be the index the caller got wrong, and a method's receiver could be a
// literal whose fields contradict each other, so neither qualifies: a
// missed finding costs less than a false one.
func textOnly(op *model.Op) bool {
	if op.Kind != model.Call || len(op.Params) == 0 {
		return false
	}
	for _, p := range op.Params {
		if !isText(p.Type) {
			return false
		}
	}
	return true
}

// dataOnly reports whether every operand of op (a method's receiver
// among them) is words: a fixed-size array of integers, named or not, or
// a pointer to one (uint256's Int, [4]uint64; a hash, a UUID). Every bit
// pattern of such a type is a value, written as a literal as easily as
// any other: there is no field to contradict another and no length to
// get wrong, so an index or slice panic in arithmetic on it (uint256
// v1.1.0's AddMod and MulMod indexing [-1] in udivrem on a zero modulus,
// GO-2021-0103) is the function's own mistake, with or without an error
// result. A division by zero is not: Go's integers panic on it, and so
// do number types that follow them (math/big documents it), so
// candidateIllegal keeps that kind out for these functions. Text beside
// words does not qualify: uint256's undocumented SetBytes9 ...
// SetBytes32 read as many bytes as their name says, a length its caller
// must give (the 30 false findings of a first version of this rule on
// uint256 v1.1.0, issue 32); nor does an integer (an index, a count, a
// shift), as for textOnly.
func dataOnly(op *model.Op) bool {
	if op.Kind != model.Call && op.Kind != model.Method || len(op.Params) == 0 {
		return false
	}
	for _, p := range op.Params {
		if !isWords(p.Type) {
			return false
		}
	}
	return true
}

// isWords reports whether t, or what t points to, is an array of
// integers.
func isWords(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	a, ok := t.Underlying().(*types.Array)
	if !ok || a.Len() == 0 {
		return false
	}
	b, ok := a.Elem().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// isText reports whether t is a string or byte slice type (named or not),
// or a slice of one.
func isText(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return true
		}
		if e, ok := u.Elem().Underlying().(*types.Slice); ok {
			// [][]byte: a list of texts; [][]string is not text.
			b, ok := e.Elem().Underlying().(*types.Basic)
			return ok && b.Kind() == types.Byte
		}
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsString != 0
	}
	return false
}

// takesFunc reports whether op has a parameter of func type.
func takesFunc(op *model.Op) bool {
	for _, p := range op.Params {
		if _, ok := p.Type.Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// smallInput bounds a hang's input (issue 32): strings and byte slices of
// at most this many bytes, slices of at most this many elements, integers
// of at most this magnitude. A call that runs long on a bigger input may
// be slow, not stuck: an O(n²) loop over n = 10⁵ uses a CPU second.
const smallInput = 64

// largeInput returns why a sequence's literals are too large for its hang
// to be a finding, or "".
func largeInput(s *seq.Seq) string {
	for _, st := range s.Stmts {
		for _, a := range st.Args {
			if a.IsLit && !smallLit(a.Lit) {
				return "a hang on a large input (" + a.Lit.Key() + ")"
			}
		}
	}
	return ""
}

func smallLit(l seq.Lit) bool {
	switch l.Kind {
	case seq.LitInt:
		return l.I <= smallInput && l.I >= -smallInput
	case seq.LitUint:
		return l.U <= smallInput
	case seq.LitString, seq.LitBytes:
		return len(l.S) <= smallInput
	case seq.LitSlice:
		if len(l.Elems) > smallInput {
			return false
		}
		for _, e := range l.Elems {
			if !smallLit(e) {
				return false
			}
		}
	}
	return true
}

// CheckHang is the check of a hang finding: running the sequence does not
// return; the test runs it in a child process under a timeout and fails
// when the child is still running at its end.
const CheckHang = "hang"

// finiteReaders are the constructors of readers whose data ends: a hang
// over one of them is the reader's consumer's.
var finiteReaders = map[string]bool{"strings.NewReader": true, "bytes.NewReader": true,
	"bytes.NewBuffer": true, "bytes.NewBufferString": true}

// endlessSource returns why a hang's test may read a source that never
// ends, or "": a value of the test with a Read method that no finite
// constructor made (stalled's Repeat of a text without the delimiter: a
// reader reads on until its delimiter comes, and changing the delimiter
// makes it return, so the nearby-input check alone does not tell). A
// hang over such a source is what reading it means; a missed finding
// costs less than a false one.
func endlessSource(prog *model.Program, s *seq.Seq) string {
	for _, st := range s.Stmts {
		op := prog.Ops[st.Op]
		for _, t := range op.Results {
			if !hasRead(t) {
				continue
			}
			if op.Func == nil || op.Func.Pkg() == nil || !finiteReaders[op.Func.Pkg().Path()+"."+op.Func.Name()] {
				return op.Name + " makes a reader whose source may not end"
			}
		}
	}
	return ""
}

// hasRead reports whether t has a Read method (an io.Reader's, or any).
func hasRead(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Read")
	_, ok := obj.(*types.Func)
	return ok
}
