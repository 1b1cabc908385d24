package minimize

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// A func-typed parameter never takes nil as a simpler literal: APIs that
// run their callback in a goroutine crash the test binary on it after the
// call returns. Other nilable parameters still do.
func TestLitFitsNoNilFunc(t *testing.T) {
	fn := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	ptr := types.NewPointer(types.Typ[types.Int])
	if litFits(seq.LitNil, model.Param{Type: fn, Lit: model.LitNilOK}) {
		t.Error("nil fits a func parameter")
	}
	if !litFits(seq.LitNil, model.Param{Type: ptr, Lit: model.LitNilOK}) {
		t.Error("nil does not fit a pointer parameter")
	}
}

// An interface with methods (an io.Writer, an io.Reader) never takes nil
// as a simpler literal either: csv.NewWriter(nil) runs like
// NewWriter(&buf) until the first Flush, but nothing it writes can be read
// back. The empty interface and error do: nil is one of their values.
func TestLitFitsNoNilReaderWriter(t *testing.T) {
	byteSlice := types.NewSlice(types.Typ[types.Byte])
	sig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewVar(0, nil, "p", byteSlice)),
		types.NewTuple(types.NewVar(0, nil, "n", types.Typ[types.Int]), types.NewVar(0, nil, "err", types.Universe.Lookup("error").Type())), false)
	writer := types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, "Write", sig)}, nil).Complete()
	if litFits(seq.LitNil, model.Param{Type: writer, Lit: model.LitNilOK}) {
		t.Error("nil fits an io.Writer-like parameter")
	}
	if !litFits(seq.LitNil, model.Param{Type: types.NewInterfaceType(nil, nil).Complete(), Lit: model.LitIfaceA}) {
		t.Error("nil does not fit an empty interface parameter")
	}
	if !litFits(seq.LitNil, model.Param{Type: types.Universe.Lookup("error").Type(), Lit: model.LitNilOK}) {
		t.Error("nil does not fit an error parameter")
	}
}
