package search

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
)

// A func parameter of a type the program makes (a func literal) never
// gets nil: APIs that run callbacks in goroutines (errgroup's Go,
// lo.Async) crash the process on a nil func. A func type no operation
// makes (variadic: no literal variant) still gets nil, the only value
// there is.
func TestFuncParamsNotNilWhenALiteralExists(t *testing.T) {
	const src = `package p

func Go(f func() error) {}

func Hook(f func(xs ...int)) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog := model.Build(pkg, model.Options{})
	goOp, hook := opNamed(t, prog, model.Call, "Go"), opNamed(t, prog, model.Call, "Hook")
	code := map[int]OpCode{}
	for _, op := range prog.Ops {
		code[op.ID] = OpCode{Blocks: []int32{int32(op.ID * 8)}}
	}
	r := NewRandom(prog, Config{Seed: 3, MaxExecs: 400, Batch: 16, Code: code})
	fake := &recorder{interp: interp{prog: prog}}
	r.Run(context.Background(), fake)
	var goCalls, hookNil int
	for _, s := range fake.seqs {
		for _, st := range s.Stmts {
			nilArg := len(st.Args) == 1 && st.Args[0].Kind == rt.ArgLit && st.Args[0].Lit.Kind == rt.LitNil
			switch st.Op {
			case goOp.ID:
				goCalls++
				if nilArg {
					t.Fatalf("Go called with a nil func: %v", st)
				}
			case hook.ID:
				if nilArg {
					hookNil++
				}
			}
		}
	}
	if goCalls == 0 {
		t.Errorf("Go never called in %d sequences", len(fake.seqs))
	}
	if hookNil == 0 {
		t.Errorf("Hook, whose func type nothing makes, never called (with nil)")
	}
}

// recorder keeps every wire sequence the fake runs.
type recorder struct {
	interp
	seqs []rt.Request
}

func (r *recorder) Run(seqs []rt.Request) []executor.Outcome {
	r.seqs = append(r.seqs, seqs...)
	return r.interp.Run(seqs)
}
