package minimize

import (
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

const zeroSrc = `package z

type ID [4]byte

func NewID() ID           { return ID{1, 2, 3, 4} }
func (id ID) Version() int { return int(id[0]) }

type Point struct{ X, Y int }

func Origin() Point        { return Point{} }
func (p Point) Norm() int  { return p.X + p.Y }

type Hidden struct{ x int }

func NewHidden() Hidden      { return Hidden{1} }
func (h Hidden) Get() int    { return h.x }

type Holder struct{ P *int }

func NewHolder() Holder      { return Holder{} }
func (h Holder) Has() bool   { return h.P != nil }
`

func zeroProgram(t *testing.T) (*model.Program, map[string]int) {
	t.Helper()
	prog := model.Build(modeltest.Check(t, "example.com/z", zeroSrc), model.Options{})
	return prog, modeltest.OpIDs(prog)
}

// A value of an array or struct type of exported basic fields, built by a
// call (uuid.New(), random), is replaced by the zero value written as a
// composite literal when the property allows: the call goes and the test
// becomes deterministic. Types whose zero value a caller cannot write
// (unexported fields) or that hold pointers keep their constructor.
func TestReplacementZeroValue(t *testing.T) {
	prog, ops := zeroProgram(t)
	all := func(trials []Trial) []bool {
		out := make([]bool, len(trials))
		for i := range out {
			out[i] = true
		}
		return out
	}
	for _, tc := range []struct {
		ctor, method string
		zero         bool
	}{
		{"NewID", "ID.Version", true},
		{"Origin", "Point.Norm", true},
		{"NewHidden", "Hidden.Get", false},
		{"NewHolder", "Holder.Has", false},
	} {
		s := &seq.Seq{Stmts: []seq.Stmt{
			{Op: ops[tc.ctor]},
			{Op: ops[tc.method], Args: []seq.Arg{seq.Ref(0, 0)}},
		}}
		got, target := Minimize(prog, s, 1, all)
		zero := len(got.Stmts) == 1 && target == 0 && got.Stmts[0].Args[0].IsLit && got.Stmts[0].Args[0].Lit.Kind == seq.LitZero
		if zero != tc.zero {
			t.Errorf("%s then %s: minimized to %d statements (target %d, args %+v), want the zero literal: %v",
				tc.ctor, tc.method, len(got.Stmts), target, got.Stmts[target].Args, tc.zero)
		}
	}
}
