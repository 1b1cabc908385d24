package concolic

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/smt"
	"golang.org/x/tools/go/ssa"
)

func load(t *testing.T) *Program {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "testdata/conds.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes: map[ast.Node]*types.Scope{}, Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("conds", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(fset, pkg, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFlip negates, for each function, the last branch of its path on
// an input that misses the goal, solves it with z3, and checks that the
// model takes the other side there: the path condition is exact on the
// modelled subset.
func TestFlip(t *testing.T) {
	path, err := smt.Find()
	if err != nil {
		t.Skip("z3 is not on PATH: ", err)
	}
	s, err := smt.Start(path, 20_000_000, 20*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := load(t)
	cases := []struct {
		fn   string
		args []Input
		line int // the goal's line
	}{
		{"Linear", []Input{{Kind: Int, I: 1}, {Kind: Int, I: 2}, {Kind: Int, I: 3}}, 6},
		{"Bits", []Input{{Kind: Uint, U: 0xA0}}, 13},
		{"Checksum", []Input{{Kind: String, S: "hello world"}}, 27},
		{"Xor", []Input{{Kind: Bytes, S: "abc"}}, 38},
		{"Prefix", []Input{{Kind: String, S: "v2:abcdefgh"}}, 45},
		{"Narrow", []Input{{Kind: Int, I: 3}, {Kind: Int, I: 5}}, 52},
		{"Callee", []Input{{Kind: Int, I: 3}}, 61},
	}
	for _, c := range cases {
		fn := p.Func(p.pkg.Pkg.Scope().Lookup(c.fn).(*types.Func))
		pa := p.Run(fn, c.args)
		if pa.Ended != "" && c.fn != "Xor" {
			t.Errorf("%s: path ended: %s", c.fn, pa.Ended)
		}
		br := pa.Branches("conds.go", c.line)
		if len(br) == 0 {
			t.Errorf("%s: no branch at line %d in %v", c.fn, c.line, pa.Cons)
			continue
		}
		flipped := false
		for _, i := range br {
			decls, asserts := pa.Negate(i)
			res, vals, more, err := s.CheckThen(decls, asserts, pa.Terms(), pa.ByteTerms)
			if err != nil || res != smt.Sat {
				continue
			}
			next, err := pa.Decode(c.args, vals, more)
			if err != nil {
				t.Fatalf("%s: %v", c.fn, err)
			}
			pb := p.Run(fn, next)
			if i < len(pb.Cons) && pb.Cons[i].Line == c.line && pb.Cons[i].Taken != pa.Cons[i].Taken {
				flipped = true
			} else {
				t.Errorf("%s: model %+v does not flip conjunct %d", c.fn, next, i)
			}
		}
		if !flipped {
			t.Errorf("%s: no branch at line %d flipped", c.fn, c.line)
		}
	}
}

// The condition ends, sound for its prefix, at a branch on a global and
// where an input slice escapes to memory.
func TestEnded(t *testing.T) {
	p := load(t)
	fn := func(name string) *ssa.Function { return p.Func(p.pkg.Pkg.Scope().Lookup(name).(*types.Func)) }
	pa := p.Run(fn("Global"), []Input{{Kind: Int, I: 5}})
	if !strings.Contains(pa.Ended, "not modelled") || len(pa.Cons) != 1 || !pa.Cons[0].Taken {
		t.Errorf("Global: ended %q with %v; want one conjunct (x > 3) and an end at the global", pa.Ended, pa.Cons)
	}
	pa = p.Run(fn("Escape"), []Input{{Kind: Bytes, S: "abcd"}})
	if !strings.Contains(pa.Ended, "escapes") {
		t.Errorf("Escape: ended %q with %v; want an end where the slice is stored", pa.Ended, pa.Cons)
	}
	for _, c := range pa.Cons {
		if c.Line > 0 && c.Line != 79 {
			t.Errorf("Escape: a conjunct past the escape: %+v", c)
		}
	}
}
