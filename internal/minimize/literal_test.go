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
