package model_test

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

// A struct with a constructor gets its zero value as an operation only
// when its doc promises that the zero value is ready to use (list.List):
// otherwise the constructor is the way to build it.
func TestZeroDocumented(t *testing.T) {
	pkg := modeltest.Check(t, "example.com/z", `package z

type List struct{ n int }

func New() *List          { return &List{} }
func (l *List) Len() int  { return l.n }
`)
	for _, documented := range []bool{false, true} {
		prog := model.Build(pkg, model.Options{ZeroDocumented: func(tn *types.TypeName) bool { return documented && tn.Name() == "List" }})
		zero := false
		for _, op := range prog.Ops {
			zero = zero || op.Kind == model.Zero && op.Name == "List"
		}
		if zero != documented {
			t.Errorf("documented %v: zero value offered %v", documented, zero)
		}
	}
}
