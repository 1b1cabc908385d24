package oracle

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// levelSrc is a value returned both by pointer (New) and by value (Next)
// whose observers have pointer receivers, like semver's Version.
const levelSrc = `package p

type Level struct{ n int }

func New(n int) *Level { return &Level{n: n} }
func (l Level) Next() Level { return Level{n: l.n + 1} }
func (l *Level) Name() string { return "L" }
func (l *Level) Num() int { return l.n }

type ID [2]byte

func NewID() ID { return ID{} }
func (id ID) String() string { return "" }
func (id ID) Variant() int { return 0 }
func (id ID) Version() int { return 0 }
`

func levelProgram(t *testing.T) *model.Program {
	t.Helper()
	pkg := modeltest.Check(t, "example.com/p", levelSrc)
	return model.Build(pkg, model.Options{Effects: func(fn *types.Func) model.Effects {
		switch fn.Name() {
		case "Name", "Num", "Next", "String", "Variant", "Version":
			return model.Effects{Known: true, Pure: true}
		}
		return model.Effects{Known: true}
	}})
}

// A value whose observers want its address is observed through &v (a
// support operation of the model); when the observer panics, the address
// taken for it goes too.
func TestObserversThroughAddress(t *testing.T) {
	prog := levelProgram(t)
	newL, next := modeltest.Op(t, prog, "New"), modeltest.Op(t, prog, "Level.Next")
	entries := []*corpus.Entry{{Seq: modeltest.Seq(modeltest.Call(newL, modeltest.Int(1)), modeltest.Call(next, seq.Ref(0, 0))), Target: 1}}
	f := fakeRunner(prog, nil)
	AddObservers(prog, entries, false)
	if got, want := kinds(prog, entries[0].Seq.Stmts), "Call Method Addr Method Method"; got != want {
		t.Fatalf("observers of Next's Level: %s, want %s (New, Next, &got, two observers)", got, want)
	}
	// The observers panic: the case keeps New and Next only.
	f.Edit = onResult(func(s rt.Request, res *rt.Result) {
		for i := 3; i < len(res.Stmts); i++ {
			res.Stmts[i].Outcome = rt.OutPanic
		}
	})
	entries = []*corpus.Entry{{Seq: modeltest.Seq(modeltest.Call(newL, modeltest.Int(1)), modeltest.Call(next, seq.Ref(0, 0))), Target: 1}}
	j := Judge(prog, f, entries, JudgeOptions{})
	if len(j.Cases) != 1 {
		t.Fatalf("%d cases, want 1", len(j.Cases))
	}
	if got := names(f, j.Cases[0].Seq); got != "New Level.Next" {
		t.Errorf("after a panicking observer the case is %q, want \"New Level.Next\" (no address left over)", got)
	}
}

func kinds(prog *model.Program, stmts []seq.Stmt) string {
	out := ""
	for i, st := range stmts {
		if i > 0 {
			out += " "
		}
		out += kindNames[prog.Ops[st.Op].Kind]
	}
	return out
}

var kindNames = map[model.Kind]string{model.Call: "Call", model.Method: "Method", model.Addr: "Addr"}

// An observer that panics (a getter on an iterator not positioned) is
// taken out and the case run again, so that the observers after it still
// check the target.
func TestPanickingObserverRemoved(t *testing.T) {
	prog := levelProgram(t)
	newL, next := modeltest.Op(t, prog, "New"), modeltest.Op(t, prog, "Level.Next")
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if opName(prog, s, i) == "Level.Name" {
				for k := i; k < len(res.Stmts); k++ {
					res.Stmts[k].Outcome = rt.OutPanic
				}
				return
			}
		}
	})
	entries := []*corpus.Entry{{Seq: modeltest.Seq(modeltest.Call(newL, modeltest.Int(1)), modeltest.Call(next, seq.Ref(0, 0))), Target: 1}}
	j := Judge(prog, f, entries, JudgeOptions{})
	if len(j.Cases) != 1 {
		t.Fatalf("%d cases, want 1", len(j.Cases))
	}
	if got := names(f, j.Cases[0].Seq); got != "New Level.Next Level Level.Num" {
		t.Errorf("case %q, want \"New Level.Next Level Level.Num\" (Name, which panicked, taken out)", got)
	}
	if f.Calls() != 2 {
		t.Errorf("%d runs, want 2 (the case again without Name)", f.Calls())
	}
}

// String, then the basic observers, are tried on a value; String alone is
// kept when both runs agreed on it, else the observers that agreed (a
// random UUID's Version, not its String), and the cases that lost
// observers run again.
func TestPruneObservers(t *testing.T) {
	prog := levelProgram(t)
	newID := modeltest.Op(t, prog, "NewID")
	unstable := map[string]bool{}
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if unstable[prog.Ops[s.Stmts[i].Op].Name] {
				res.Stmt(i).Values()[0].Unstable = true
			}
		}
	})
	for _, tc := range []struct {
		unstable []string
		want     string
	}{
		{nil, "NewID ID.String"},
		{[]string{"ID.String", "ID.Variant"}, "NewID ID.Version"},
		{[]string{"ID.String", "ID.Variant", "ID.Version"}, "NewID"},
	} {
		clear(unstable)
		for _, n := range tc.unstable {
			unstable[n] = true
		}
		calls := f.Calls()
		j := Judge(prog, f, []*corpus.Entry{{Seq: modeltest.Seq(modeltest.Call(newID)), Target: 0}}, JudgeOptions{})
		if len(j.Cases) != 1 {
			t.Fatalf("unstable %v: %d cases, want 1", tc.unstable, len(j.Cases))
		}
		if got := names(f, j.Cases[0].Seq); got != tc.want {
			t.Errorf("unstable %v: %q, want %q", tc.unstable, got, tc.want)
		}
		if f.Calls()-calls != 2 {
			t.Errorf("unstable %v: %d runs, want 2 (tried, then pruned)", tc.unstable, f.Calls()-calls)
		}
	}
}
