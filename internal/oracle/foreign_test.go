package oracle

import (
	"go/importer"
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// A method of an interface the package returns (io.Writer's Write on what
// NewEnc returns) is a target only on a value the package made: on a
// bytes.Buffer the detective made, it tests the bytes package.
func TestForeignReceivers(t *testing.T) {
	byts, err := importer.Default().Import("bytes")
	if err != nil {
		t.Fatal(err)
	}
	prog := modeltest.Program(t, `package p

import "io"

type enc struct{ w io.Writer }

func (e *enc) Write(b []byte) (int, error) { return e.w.Write(b) }

func NewEnc(w io.Writer) io.Writer { return &enc{w} }
`, model.Options{Support: []*types.Package{byts}, InterfaceResults: true})
	newBuf, newEnc := modeltest.Op(t, prog, "bytes.NewBuffer"), modeltest.Op(t, prog, "NewEnc")
	var write *model.Op
	for _, op := range prog.Ops {
		if op.Kind == model.Method && op.Func != nil && op.Func.Name() == "Write" && types.IsInterface(op.Params[0].Type) {
			write = op
		}
	}
	if write == nil {
		t.Fatalf("no io.Writer.Write operation; excluded %v", prog.Excluded)
	}
	own := &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
		modeltest.Call(write, seq.Ref(1, 0), modeltest.Nil())), Target: 2}
	foreign := &corpus.Entry{Seq: modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()),
		modeltest.Call(write, seq.Ref(0, 0), modeltest.Nil())), Target: 1}
	got := withoutForeignReceivers(prog, []*corpus.Entry{own, foreign})
	if len(got) != 1 || got[0] != own {
		t.Errorf("kept %d entries, want only the one writing through NewEnc's value", len(got))
	}
}
