package search

import (
	"go/types"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

// Of the test program's operations only Parse (one string in, a value
// and an error out) is parse-like: Scale takes an int, Push has a
// receiver, Paint returns no error.
func TestParseLike(t *testing.T) {
	prog := testProgram(t)
	var names []string
	for _, op := range prog.Ops {
		if k, ok := parseLike(op); ok {
			names = append(names, op.Name)
			if op.Params[k].Name != "s" {
				t.Errorf("%s: input is parameter %d (%s), want s", op.Name, k, op.Params[k].Name)
			}
		}
	}
	if !reflect.DeepEqual(names, []string{"Parse"}) {
		t.Errorf("parse-like operations = %q, want [Parse]", names)
	}
}

func TestSyntaxWords(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"missing {{end}}", []string{"{{end}}"}},
		{"] expected", []string{"]"}},
		{"templang: bad action, unexpected )", []string{")"}},
		{"plain words only", nil},
	} {
		if got := syntaxWords(tc.msg); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("syntaxWords(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// The block signature does not depend on the order of the blocks.
func TestBlockSig(t *testing.T) {
	if blockSig([]int32{3, 1, 2}) != blockSig([]int32{1, 2, 3}) {
		t.Error("blockSig depends on the blocks' order")
	}
	if blockSig([]int32{1, 2}) == blockSig([]int32{1, 3}) {
		t.Error("blockSig does not tell {1,2} from {1,3}")
	}
}

// readerSrc has parsers of an io.Reader: Decode is reader-parse-like;
// Fragment is not (its *Doc parameter would be nil), nor is Stream (no
// error), Doc.Load (a method), Scan (io.RuneReader is not io.Reader) or
// Join (two readers). The detective, given strings, adds
// strings.NewReader for the io.Reader parameters.
const readerSrc = `package p

import (
	"io"
	"strings"
)

type Doc struct{ n int }

func Decode(r io.Reader) (*Doc, error)                { return &Doc{}, nil }
func Fragment(r io.Reader, ctx *Doc) (*Doc, error)    { return ctx, nil }
func Stream(r io.Reader) *Doc                         { return nil }
func (d *Doc) Load(r io.Reader) (int, error)          { return d.n, nil }
func Scan(r io.RuneReader) (*Doc, error)              { return nil, nil }
func Join(a, b io.Reader) (*Doc, error)               { return nil, nil }

var _ = strings.NewReader
`

// A parser that reads an io.Reader gets sentences through
// strings.NewReader (issue 32: x/net/html's Parse(r) got none): the
// sentence search holds Decode alone, with the reader as its input, and
// its proposals are strings.NewReader(sentence) followed by Decode of
// that reader.
func TestReaderParseLike(t *testing.T) {
	pkg := modeltest.Check(t, modeltest.Path, readerSrc)
	var support []*types.Package
	for _, imp := range pkg.Imports() {
		support = append(support, imp)
	}
	prog := model.Build(pkg, model.Options{Support: support})
	var names []string
	for _, op := range prog.Ops {
		if _, ok := parseLike(op); ok {
			t.Errorf("%s: parse-like on text, want none", op.Name)
		}
		if k, ok := readerParseLike(op); ok {
			names = append(names, op.Name)
			if op.Params[k].Name != "r" {
				t.Errorf("%s: input is parameter %d (%s), want r", op.Name, k, op.Params[k].Name)
			}
		}
	}
	if !reflect.DeepEqual(names, []string{"Decode"}) {
		t.Fatalf("reader-parse-like operations = %q, want [Decode]", names)
	}
	nr := stringsNewReader(prog)
	if nr == nil {
		t.Fatal("no strings.NewReader operation in the program")
	}
	rng, stats := rand.New(rand.NewPCG(1, 2)), &Stats{}
	gen := &generated{seen: newRecentHashes(seenGeneration), stats: stats}
	s := newSentenceSearch(rng, &literals{rng: rng}, gen, stats, prog, prog.Ops, nil)
	if s == nil || len(s.ops) != 1 || s.ops[0].reader != nr {
		t.Fatalf("sentence search ops = %+v, want Decode read through strings.NewReader", s)
	}
	sq := s.sequence(s.ops[0], []string{"<a>", "x"})
	if sq.Len() != 2 || sq.Stmts[0].Op != nr.ID || !sq.Stmts[0].Args[0].IsLit || sq.Stmts[0].Args[0].Lit.S != "<a>x" {
		t.Fatalf("sequence = %s, want strings.NewReader(\"<a>x\") then Decode", sq.Key())
	}
	if a := sq.Stmts[1].Args[0]; a.IsLit || a.Stmt != 0 || a.Result != 0 || prog.Ops[sq.Stmts[1].Op].Name != "Decode" {
		t.Errorf("sequence = %s, want Decode of statement 0's reader", sq.Key())
	}
}
