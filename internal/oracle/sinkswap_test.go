package oracle

import (
	"go/importer"
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const swapSrc = `package p

import "io"

type Enc struct{ w io.Writer }

func NewEnc(w io.Writer) *Enc       { return &Enc{w} }
func (e *Enc) Put(s string) error   { _, err := io.WriteString(e.w, s); return err }
func Discard() io.Writer            { return io.Discard }
func Size(r interface{ Len() int }) int { return r.Len() }
func Keep(v any) int                { return 0 }
func Read(r io.Reader) int          { return 0 }
func Source() io.Reader             { return nil }
`

// Size's interface brings the bytes package's producers into the model
// (the detective), *bytes.Buffer among them; Discard makes io.Writer a
// type the package produces itself.

// An unreadable writer handed to a call of the package (what Discard
// returns) is swapped for a new buffer made just before the call; a buffer
// already readable, a nil literal, and a value given as an io.Reader or
// an empty interface are left alone.
func TestSwapSinks(t *testing.T) {
	byts, err := importer.Default().Import("bytes")
	if err != nil {
		t.Fatal(err)
	}
	prog := modeltest.Program(t, swapSrc, model.Options{Support: []*types.Package{byts},
		Effects: func(fn *types.Func) model.Effects {
			if fn.Name() == "String" {
				return model.Effects{Known: true, Pure: true}
			}
			return model.Effects{Known: true, MutatesRecv: true}
		}})
	makers := sinkMakers(prog)
	if len(makers) == 0 {
		t.Fatal("no sink maker in the model (bytes.NewBuffer and its String expected)")
	}
	discard, newEnc, put := modeltest.Op(t, prog, "Discard"), modeltest.Op(t, prog, "NewEnc"), modeltest.Op(t, prog, "Enc.Put")
	s := modeltest.Seq(modeltest.Call(discard), modeltest.Call(newEnc, seq.Ref(0, 0)), modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x")))
	got := swapSinks(prog, s, 2, makers)
	if got == nil || got.Len() != 4 {
		t.Fatalf("swapped: %v, want Discard, a sink, NewEnc(sink), Put", got)
	}
	if got.Stmts[1].Op != makers[0].op.ID || got.Stmts[2].Args[0].Value() != (seq.ValueID{Stmt: 1}) || got.Stmts[3].Args[0].Value() != (seq.ValueID{Stmt: 2}) {
		t.Errorf("swapped: %s, want NewEnc to take the new sink at 1", got.Key())
	}
	// The sink swapped in is readable: nothing more to swap.
	if again := swapSinks(prog, got, 3, makers); again != nil {
		t.Errorf("a readable sink swapped again: %s", again.Key())
	}
	// A reader, an empty interface: no sink.
	for _, name := range []string{"Read", "Keep"} {
		other := modeltest.Seq(modeltest.Call(modeltest.Op(t, prog, "Source")), modeltest.Call(modeltest.Op(t, prog, name), seq.Ref(0, 0)))
		if s := swapSinks(prog, other, 1, makers); s != nil {
			t.Errorf("%s's argument swapped: %s", name, s.Key())
		}
	}
	lit := modeltest.Seq(modeltest.Call(newEnc, modeltest.Nil()), modeltest.Call(put, seq.Ref(0, 0), modeltest.Str("x")))
	if s := swapSinks(prog, lit, 1, makers); s != nil {
		t.Errorf("a nil literal swapped: %s", s.Key())
	}
}
