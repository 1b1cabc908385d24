package search

import (
	"encoding/binary"
	"go/types"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/sentence"
	"github.com/gentest-go/gentest/internal/seq"
)

// Structured inputs (issue 33): for a parse-like operation, a function
// that takes one string or []byte and returns a value and an error, the
// sentence search grows inputs the parser accepts (internal/sentence) and
// runs each as a one-call sequence. A parser or decoder that reads its
// input from an io.Reader (x/net/html's Parse(r), an image format's
// Decode(r)) takes the sentence through strings.NewReader, a two-call
// sequence (issue 32: without it such a parser got only the pool's
// readers, endless hash readers and single mined strings among them, and
// no HTML bug of the bug benchmark, each a sequence of three to five
// tags, was reached). A sentence accepted (nil error) is a
// normal run like any other: its parsed value is pooled (values.go), so
// the random search and DynaMOSA hand the expression, selector or
// template to the operations that consume it. A rejected one is kept on
// the Grower's frontier by how far the parser got: the number of distinct
// blocks the call ran (the offset in the error's text is not in the
// executor's result without FlagDetail; the code a parser runs grows as
// it gets further into its input, which is what the frontier ranks).

// SentenceShare is the part of each batch the sentence search proposes
// while its Growers keep finding sentences that make their parsers do
// something new; IdleShare the part once the last IdleAfter reports were
// no news (it then still proposes, and news gives it the larger share
// back). The feedback keeps a package whose parse-like
// function is a small part of its API from losing a quarter of its
// budget to it.
const (
	SentenceShare = 4
	IdleShare     = 32
	IdleAfter     = 128
)

// parseOp is a parse-like operation and the Grower of its sentences.
type parseOp struct {
	op    *model.Op
	param int // the string or []byte parameter, or the io.Reader one
	// reader is the strings.NewReader operation that makes the reader of
	// a parser reading an io.Reader (param is then that parameter), or
	// nil for a parser of text.
	reader *model.Op
	grow   *sentence.Grower
}

// sentenceSearch is the component: a proposer and the listener of its
// proposals.
type sentenceSearch struct {
	rng   *rand.Rand
	lits  *literals
	gen   *generated
	stats *Stats
	ops   []*parseOp
	// inFlight maps each proposal to its operation and tokens, until
	// its outcome.
	inFlight map[*seq.Seq]flight
	next     int // round-robin over ops
	// idle counts the reports since one was news (Grower.Report).
	idle int
	// trace, when set, receives each sentence accepted (debugging).
	trace func(format string, args ...any)
}

type flight struct {
	p    *parseOp
	toks []string
}

// newSentenceSearch returns the component for prog's parse-like
// operations, nil when it has none (then it draws nothing from the random
// stream, and a fixed seed's output is what it was without it).
func newSentenceSearch(rng *rand.Rand, lits *literals, gen *generated, stats *Stats, prog *model.Program, targets []*model.Op, trace func(string, ...any)) *sentenceSearch {
	s := &sentenceSearch{rng: rng, lits: lits, gen: gen, stats: stats, inFlight: map[*seq.Seq]flight{}, trace: trace}
	var alphabet []string
	newReader := stringsNewReader(prog)
	for _, op := range targets {
		k, ok := parseLike(op)
		var reader *model.Op
		if !ok {
			if k, ok = readerParseLike(op); !ok || newReader == nil {
				continue
			}
			reader = newReader
		}
		if alphabet == nil {
			alphabet = sentence.Tokens(minedTokens(lits.constants))
			if trace != nil {
				trace("sentence: tokens %q", alphabet)
			}
		}
		s.ops = append(s.ops, &parseOp{op: op, param: k, reader: reader, grow: sentence.NewGrower(alphabet)})
	}
	if len(s.ops) == 0 {
		return nil
	}
	return s
}

// parseLike reports whether op is parse-like, and which parameter is its
// input: a function (no receiver: a method's state would be part of the
// input) of exactly one string or []byte parameter, any others literals,
// returning at least one value besides a final error.
func parseLike(op *model.Op) (int, bool) {
	if op.Kind != model.Call || !op.UnderTest || !op.ErrResult || len(op.Results) < 2 {
		return 0, false
	}
	in := -1
	for i, p := range op.Params {
		switch {
		case p.Recv || p.Lit == model.LitNone:
			return 0, false
		case p.Lit == model.LitString || p.Lit == model.LitBytes:
			if in >= 0 {
				return 0, false
			}
			in = i
		}
	}
	return in, in >= 0
}

// readerParseLike reports whether op is a parser of an io.Reader, and
// which parameter is its input: a function (no receiver) of exactly one
// parameter whose type is io.Reader (an interface of Read alone), any
// others literals that cannot be nil, returning at least one value
// besides a final error. Its sentences are read from strings.NewReader.
// A nil-able other parameter (x/net/html's ParseFragment(r, context))
// would be given nil, and every failure of such a call is a nil input
// (rule 1 of docs/findings.md): the sentences would be spent for nothing.
func readerParseLike(op *model.Op) (int, bool) {
	if op.Kind != model.Call || !op.UnderTest || !op.ErrResult || len(op.Results) < 2 {
		return 0, false
	}
	in := -1
	for i, p := range op.Params {
		switch {
		case p.Recv:
			return 0, false
		case isReader(p.Type):
			if in >= 0 {
				return 0, false
			}
			in = i
		case p.Lit == model.LitNone || p.Lit == model.LitNilOK:
			return 0, false
		}
	}
	return in, in >= 0
}

// isReader reports whether t is an interface whose method set is Read
// alone, with io.Reader's signature: any reader fits it, so a
// strings.Reader over a sentence is as legal an input as any.
func isReader(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok || it.NumMethods() != 1 || it.Method(0).Name() != "Read" {
		return false
	}
	sig := it.Method(0).Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	b, ok := sig.Params().At(0).Type().(*types.Slice)
	if !ok || !types.Identical(b.Elem(), types.Typ[types.Byte]) {
		return false
	}
	return types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int]) &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

// stringsNewReader is prog's strings.NewReader operation (the detective
// adds it for a package that takes an io.Reader), or nil.
func stringsNewReader(prog *model.Program) *model.Op {
	if prog == nil {
		return nil
	}
	for _, op := range prog.Ops {
		if op.Kind == model.Call && op.Func != nil && op.Func.Pkg() != nil &&
			op.Func.Pkg().Path() == "strings" && op.Func.Name() == "NewReader" {
			return op
		}
	}
	return nil
}

// minedTokens are the strings and characters constant mining found that
// a lexer would use: those compared with ==, switched on or searched for
// with a strings or bytes function (keywords, delimiters, keyword tables'
// cases), the short ones without spaces whatever their use (operators a
// lexer passes to its own accept(tok) helper or keeps in a table), and
// the single characters compared against. Longer strings used otherwise
// are messages, whose words would only make sentences longer.
func minedTokens(c *Constants) []string {
	if c == nil {
		return nil
	}
	var out []string
	if g := c.global[model.LitString]; g != nil {
		for _, v := range g.vals {
			s := v.lit.S
			if v.compared || len(v.funcs) > 0 || len(s) <= maxLooseToken && !strings.ContainsAny(s, " \t") {
				out = append(out, s)
				continue
			}
			out = append(out, syntaxWords(s)...)
		}
	}
	return append(out, c.chars...)
}

// syntaxWords are the words of a message that quote syntax: a parser's
// messages name what it expected or met ("missing {{end}}", "] expected",
// "unexpected )"), and those words are whole tokens, often several
// together, that no comparison names. A word is syntax when it has a
// character that is neither a letter nor a digit, other than the
// punctuation that ends a word in prose.
func syntaxWords(msg string) []string {
	var out []string
	for _, w := range strings.Fields(msg) {
		w = strings.TrimRight(w, ":,;")
		if w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
			out = append(out, w)
		}
	}
	return out
}

// maxLooseToken is the longest mined string taken as a token without a
// comparison.
const maxLooseToken = 4

// propose appends sentences to batch, one operation after another, until
// batch holds n or every Grower ran out of new sentences to try.
func (s *sentenceSearch) propose(batch []proposal, n int) []proposal {
	// A Grower that keeps making sentences it tried is given a few
	// more draws than the batch has room for, then left until the next
	// batch: early on, its few kept sentences vary into old ones often.
	maxMisses := 8 + 2*(n-len(batch))
	for misses := 0; len(batch) < n && misses < maxMisses; {
		p := s.ops[s.next%len(s.ops)]
		s.next++
		toks := p.grow.Next(s.rng)
		if toks == nil || p.grow.Tried(toks) {
			misses++
			continue
		}
		sq := s.sequence(p, toks)
		if !s.gen.fresh(sq) {
			misses++
			continue
		}
		s.inFlight[sq] = flight{p, toks}
		s.stats.Sentences++
		batch = append(batch, proposal{s: sq, by: s})
	}
	return batch
}

// sequence is the one call of p's operation on the sentence, or, for a
// parser of a reader, strings.NewReader(sentence) and the call on it.
func (s *sentenceSearch) sequence(p *parseOp, toks []string) *seq.Seq {
	args := make([]seq.Arg, len(p.op.Params))
	var stmts []seq.Stmt
	if p.reader != nil {
		stmts = append(stmts, seq.Stmt{Op: p.reader.ID, Args: []seq.Arg{seq.LitArg(seq.Lit{Kind: seq.LitString, S: sentence.Text(toks)})}})
	}
	for i, prm := range p.op.Params {
		if p.reader != nil && i == p.param {
			args[i] = seq.Ref(0, 0)
			continue
		}
		if i == p.param {
			kind := seq.LitString
			if prm.Lit == model.LitBytes {
				kind = seq.LitBytes
			}
			args[i] = seq.LitArg(seq.Lit{Kind: kind, S: sentence.Text(toks)})
			continue
		}
		args[i] = s.lits.arg(p.op, prm)
	}
	return &seq.Seq{Stmts: append(stmts, seq.Stmt{Op: p.op.ID, Args: args})}
}

// ran reports the sentence's outcome to its Grower: accepted when the
// call returned normally with a nil error.
func (s *sentenceSearch) ran(sq *seq.Seq, res *rt.Result, clean bool) {
	f, ok := s.inFlight[sq]
	if !ok {
		return
	}
	delete(s.inFlight, sq)
	accepted, progress, sig := false, 0, uint64(0)
	if last := sq.Len() - 1; res != nil && len(res.Stmts) == sq.Len() {
		st := res.Stmt(last)
		vals := st.Values()
		accepted = st.Outcome == rt.OutNormal && len(vals) == len(f.p.op.Results) && vals[len(vals)-1].Nil
		progress = len(res.Blocks)
		sig = blockSig(res.Blocks)
	}
	if accepted {
		s.stats.SentencesAccepted++
		if s.trace != nil {
			s.trace("sentence: %s accepts %q", f.p.op.Name, sentence.Text(f.toks))
		}
	}
	if f.p.grow.Report(f.toks, accepted, progress, sig) {
		s.idle = 0
	} else {
		s.idle++
	}
}

// share is the number of sentences to propose in a batch of n.
func (s *sentenceSearch) share(n int) int {
	if s.idle >= IdleAfter {
		return max(1, n/IdleShare)
	}
	return max(1, n/SentenceShare)
}

// blockSig is a hash of the set of blocks a run covered, whatever their
// order in the result.
func blockSig(blocks []int32) uint64 {
	b := append([]int32(nil), blocks...)
	slices.Sort(b)
	h := fnv.New64a()
	var buf [4]byte
	for _, x := range b {
		binary.LittleEndian.PutUint32(buf[:], uint32(x))
		h.Write(buf[:])
	}
	return h.Sum64()
}

// unrun forgets a sentence that will not run.
func (s *sentenceSearch) unrun(sq *seq.Seq) { delete(s.inFlight, sq) }
