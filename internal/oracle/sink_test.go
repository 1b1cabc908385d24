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

const sinkSrc = `package p

import "io"

type Enc struct{ w io.Writer }

func NewEnc(w io.Writer) *Enc     { return &Enc{w} }
func (e *Enc) Put(s string) error { _, err := io.WriteString(e.w, s); return err }
func (e *Enc) Count() int         { return 0 }
`

// What a writer of the package wrote into a value the test made and handed
// it (a *bytes.Buffer given to NewEnc) is read after the target with the
// value's String, whatever the target returns; a buffer no call of the
// package took is not read.
func TestAddObserversSinks(t *testing.T) {
	byts, err := importer.Default().Import("bytes")
	if err != nil {
		t.Fatal(err)
	}
	prog := modeltest.Program(t, sinkSrc, model.Options{Support: []*types.Package{byts},
		Effects: func(fn *types.Func) model.Effects {
			if fn.Name() == "String" || fn.Name() == "Count" {
				return model.Effects{Known: true, Pure: true}
			}
			return model.Effects{Known: true, MutatesRecv: true}
		}})
	newBuf, newEnc := modeltest.Op(t, prog, "bytes.NewBuffer"), modeltest.Op(t, prog, "NewEnc")
	put, count := modeltest.Op(t, prog, "Enc.Put"), modeltest.Op(t, prog, "Enc.Count")
	str := modeltest.Op(t, prog, "bytes.Buffer.String")
	for _, tc := range []struct {
		name   string
		s      *seq.Seq
		target int
		want   bool
	}{
		{"error target", modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
			modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x"))), 2, true},
		{"basic target", modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, seq.Ref(0, 0)),
			modeltest.Call(count, seq.Ref(1, 0))), 2, true},
		{"buffer not handed", modeltest.Seq(modeltest.Call(newBuf, modeltest.Nil()), modeltest.Call(newEnc, modeltest.Nil()),
			modeltest.Call(put, seq.Ref(1, 0), modeltest.Str("x"))), 2, false},
	} {
		e := &corpus.Entry{Seq: tc.s, Target: tc.target}
		AddObservers(prog, []*corpus.Entry{e})
		got := false
		for k := tc.target + 1; k < e.Seq.Len(); k++ {
			st := e.Seq.Stmts[k]
			if st.Op == str.ID && !st.Args[0].IsLit && st.Args[0].Value() == (seq.ValueID{}) {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%s: buffer.String() after the target = %v, want %v (%d statements)", tc.name, got, tc.want, e.Seq.Len())
		}
	}
}
