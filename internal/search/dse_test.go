package search

import (
	"testing"

	"github.com/gentest-go/gentest/internal/concolic"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// A statement's literals and its references to primitive results become
// inputs, and a model's inputs come back as literals of the same kinds,
// the references replaced.
func TestDSEInputsRoundTrip(t *testing.T) {
	op := &model.Op{Params: []model.Param{{Lit: model.LitInt}, {Lit: model.LitString}, {Lit: model.LitNilOK}, {Lit: model.LitUint}}}
	s := &seq.Seq{Stmts: []seq.Stmt{{Op: 0}, {Op: 1, Args: []seq.Arg{
		seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 7, Name: "p.Seven"}), seq.Ref(0, 0), seq.Ref(0, 1), seq.LitArg(seq.Lit{Kind: seq.LitInt, I: 3})}}}}
	in := inputsOf(s.Stmts[1], op)
	want := []concolic.Kind{concolic.Int, concolic.String, concolic.Unknown, concolic.Int}
	for i, k := range want {
		if in[i].Kind != k {
			t.Fatalf("input %d has kind %v, want %v (%+v)", i, in[i].Kind, k, in)
		}
	}
	in[0].I, in[1].S, in[3].I = -5, "ab", 9
	out := withInputs(s, 1, in)
	args := out.Stmts[1].Args
	if !args[0].IsLit || args[0].Lit.I != -5 || args[0].Lit.Name != "" {
		t.Errorf("arg 0 = %+v, want the literal -5 without its constant's name", args[0])
	}
	if !args[1].IsLit || args[1].Lit.Kind != seq.LitString || args[1].Lit.S != "ab" {
		t.Errorf("arg 1 = %+v, want the literal \"ab\" in place of the reference", args[1])
	}
	if args[2].IsLit || args[2].Stmt != 0 || args[2].Result != 1 {
		t.Errorf("arg 2 = %+v, want the reference kept", args[2])
	}
	if args[3].Lit.Kind != seq.LitInt || args[3].Lit.I != 9 {
		t.Errorf("arg 3 = %+v, want the int literal 9", args[3])
	}
	if s.Stmts[1].Args[0].Lit.I != 7 {
		t.Error("withInputs changed the original sequence")
	}
}

func TestDSENegationsAndPads(t *testing.T) {
	if got := negations([]int{4, 9, 12, 30}); len(got) != 3 || got[0] != 30 || got[1] != 12 || got[2] != 4 {
		t.Errorf("negations = %v, want [30 12 4]", got)
	}
	if got := negations([]int{5}); len(got) != 1 || got[0] != 5 {
		t.Errorf("negations = %v, want [5]", got)
	}
	args := []concolic.Input{{Kind: concolic.Int, I: 1}, {Kind: concolic.Bytes, S: "x"}}
	if p := padded(args, 8); p == nil || p[1].S != "xaaaaaaaa" || p[0].I != 1 || args[1].S != "x" {
		t.Errorf("padded = %+v", p)
	}
	if p := padded(args[:1], 8); p != nil {
		t.Errorf("padded without strings = %+v, want nil", p)
	}
}

// The share falls to its minimum when 16 queries covered nothing, and
// grows with the goals covered per query.
func TestDSEAdapt(t *testing.T) {
	d := &dse{share: dseShare}
	d.stats.Queries = 16
	d.adapt()
	if d.share != dseMinShare {
		t.Errorf("share after 16 fruitless queries = %g, want %g", d.share, dseMinShare)
	}
	d.stats.Covered = 8
	d.adapt()
	if d.share <= dseShare || d.share > dseMaxShare {
		t.Errorf("share after 8 goals in 16 queries = %g, want in (%g, %g]", d.share, dseShare, dseMaxShare)
	}
	st := DSEStats{QuerySeconds: []float64{0.3, 0.1, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}}
	if m, p := st.QueryPercentile(50), st.QueryPercentile(90); m != 0.5 || p != 0.9 {
		t.Errorf("median %g, p90 %g; want 0.5, 0.9", m, p)
	}
}
