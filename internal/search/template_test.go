package search

import (
	"context"
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// stateSrc has one function whose branch reads a nested field of its
// argument: only a Config whose Inner is set with Level beside 7 decides
// it either way.
const stateSrc = `package p

type Inner struct{ Level int }

type Config struct {
	Name  string
	Inner *Inner
}

func Check(c Config) int {
	if c.Inner != nil && c.Inner.Level > 7 {
		return 1
	}
	return 0
}

func Other(n int) int { return n }
`

// stateProgram models stateSrc with construction options and Check's
// branch on c.Inner.Level (as the construct facts give it), or, with
// construct false, without them (-no=construct).
func stateProgram(t *testing.T, construct bool) *model.Program {
	t.Helper()
	pkg := modeltest.Check(t, modeltest.Path, stateSrc)
	if !construct {
		return model.Build(pkg, model.Options{})
	}
	fields := func(tn *types.TypeName) []string {
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var out []string
		for i := 0; i < st.NumFields(); i++ {
			out = append(out, st.Field(i).Name())
		}
		return out
	}
	branches := func(fn *types.Func) []model.RawBranch {
		if fn.Name() != "Check" {
			return nil
		}
		return []model.RawBranch{{File: "p.go", Line: 11, Deps: []model.RawDep{{Root: 0,
			Steps: []model.Step{{Kind: model.FieldStep, Name: "Inner"}, {Kind: model.FieldStep, Name: "Level"}}, Op: ">", Const: "7"}}}}
	}
	return model.Build(pkg, model.Options{Construct: &model.Construct{LiteralFields: fields,
		Templates: &model.TemplateFacts{Branches: branches}}})
}

// stateTable has Check's condition (line 11) and one more.
var stateTable = &instrument.Table{Conds: []instrument.Cond{
	{ID: 0, File: "p.go", Line: 11, Deps: instrument.Deps{Root: true}},
	{ID: 1, File: "p.go", Line: 18, Deps: instrument.Deps{Root: true}},
}}

// TestSplice: the template's statements go before the call, which takes
// them; references to the call and after it are renumbered, those before
// it are not.
func TestSplice(t *testing.T) {
	prog := testProgram(t)
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	s := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(other, modeltest.Int(1)), modeltest.Call(other, seq.Ref(0, 0)), modeltest.Call(other, seq.Ref(1, 0)), modeltest.Call(other, seq.Ref(0, 0))}}
	pre := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(other, modeltest.Int(5)), modeltest.Call(other, seq.Ref(0, 0))}}
	got := splice(s, 1, pre, map[int]seq.Arg{0: seq.Ref(1, 0)})
	want := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(other, modeltest.Int(1)), modeltest.Call(other, modeltest.Int(5)), modeltest.Call(other, seq.Ref(1, 0)),
		modeltest.Call(other, seq.Ref(2, 0)), modeltest.Call(other, seq.Ref(3, 0)), modeltest.Call(other, seq.Ref(0, 0))}}
	if got.Key() != want.Key() {
		t.Errorf("splice:\n got %s\nwant %s", got.Key(), want.Key())
	}
	if s.Len() != 4 || s.Stmts[1].Args[0].IsLit || s.Stmts[1].Args[0].Stmt != 0 {
		t.Errorf("splice changed its input: %s", s.Key())
	}
}

// TestStateGoalTemplates: DynaMOSA's goals on Check's field branch are
// state goals; a template mutation of a parent calling Check rebuilds
// Check's argument with Inner.Level beside 7 and keeps the rest; a parent
// without Check gets a new template sequence. Without construction facts
// there are no state goals.
func TestStateGoalTemplates(t *testing.T) {
	prog := stateProgram(t, true)
	k := newKit(prog, 3, nil)
	d := k.dynamosa(stateTable)
	d.start()
	d.releaseGoals()
	sg := d.stateGoals()
	check := modeltest.OpOfKind(t, prog, model.Call, "Check")
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	if len(sg) != 1 || sg[0].op != check {
		t.Fatalf("state goals %v, want Check's branch once", sg)
	}
	cfgLit := configLit(t, prog)
	parent := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(other, modeltest.Int(4)), modeltest.Call(cfgLit, modeltest.Str("x"), modeltest.Nil()), modeltest.Call(check, seq.Ref(1, 0)), modeltest.Call(other, seq.Ref(2, 0))}}
	levels := map[int64]bool{}
	for i := 0; i < 40; i++ {
		s := d.templateMutation(parent, sg)
		if s == nil {
			continue
		}
		if s.Stmts[0].Op != other.ID || s.Stmts[1].Op != cfgLit.ID {
			t.Fatalf("the parent's prefix is not kept: %s", s.Key())
		}
		last := s.Stmts[s.Len()-1]
		if last.Op != other.ID || last.Args[0].IsLit || s.Stmts[last.Args[0].Stmt].Op != check.ID {
			t.Fatalf("the call after Check no longer takes its result: %s", s.Key())
		}
		// Check's argument: a Config literal whose Inner is an Inner
		// literal with a Level.
		c := s.Stmts[last.Args[0].Stmt].Args[0]
		if c.IsLit || c.Stmt <= 1 || s.Stmts[c.Stmt].Op != cfgLit.ID {
			t.Fatalf("Check does not take a new Config literal: %s", s.Key())
		}
		in := s.Stmts[c.Stmt].Args[1]
		if in.IsLit {
			t.Fatalf("the new Config has no Inner: %s", s.Key())
		}
		lv := s.Stmts[in.Stmt].Args[0]
		if !lv.IsLit || lv.Lit.Kind != seq.LitInt {
			t.Fatalf("Inner's Level is not a literal: %s", s.Key())
		}
		levels[lv.Lit.I] = true
	}
	if !levels[7] || !levels[8] || len(levels) != 2 {
		t.Errorf("levels %v, want 7 and 8 (either side of > 7)", levels)
	}
	// A new template's call draws its other arguments as any call does:
	// from the pools, which the search has filled by then.
	lit := &seq.Seq{Stmts: []seq.Stmt{modeltest.Call(cfgLit, modeltest.Str("y"), modeltest.Nil())}}
	k.pool(lit)
	fresh := d.templateMutation(&seq.Seq{Stmts: []seq.Stmt{modeltest.Call(other, modeltest.Int(4))}}, sg)
	if fresh == nil || fresh.Stmts[fresh.Len()-1].Op != check.ID {
		t.Errorf("a parent without Check gave %v, want a template calling Check", fresh)
	}

	// Once both sides are covered, no goal is left on the branch.
	k.cov.branches[0], k.cov.branches[1] = true, true
	d.releaseGoals()
	if sg := d.stateGoals(); len(sg) != 0 {
		t.Errorf("state goals %v with the branch covered", sg)
	}

	off := newKit(stateProgram(t, false), 3, nil).dynamosa(stateTable)
	off.start()
	off.releaseGoals()
	if sg := off.stateGoals(); sg != nil {
		t.Errorf("state goals %v without construction facts", sg)
	}
}

// TestSBSTTemplatesDeterministic: DynaMOSA builds offspring from
// templates for its state goals, and the same seed gives the same
// sequences; without construction facts it builds none.
func TestSBSTTemplatesDeterministic(t *testing.T) {
	run := func(construct bool) (*Engine, []string) {
		prog := stateProgram(t, construct)
		r := New(prog, Config{Seed: 5, MaxExecs: 800, Batch: 64, Table: stateTable, Engine: EngineSBST})
		f := newFake(prog)
		r.Run(context.Background(), f)
		return r, f.Log()
	}
	r1, log1 := run(true)
	_, log2 := run(true)
	if len(log1) != len(log2) {
		t.Fatalf("same seed: %d and %d sequences", len(log1), len(log2))
	}
	for i := range log1 {
		if log1[i] != log2[i] {
			t.Fatalf("same seed: sequence %d differs:\n%s\n%s", i, log1[i], log2[i])
		}
	}
	if r1.Stats.Templates == 0 {
		t.Errorf("no sequence built from a template in %d: %+v", len(log1), r1.Stats)
	}
	if off, _ := run(false); off.Stats.Templates != 0 {
		t.Errorf("%d template sequences without construction facts", off.Stats.Templates)
	}
}

// configLit returns stateSrc's Config literal operation.
func configLit(t *testing.T, prog *model.Program) *model.Op {
	t.Helper()
	for _, op := range prog.Ops {
		if op.Kind == model.Composite && types.TypeString(op.Results[0], nil) == "example.com/p.Config" {
			return op
		}
	}
	t.Fatal("no Config literal in the model")
	return nil
}

// The templates alone: a call of Check is built with a Config literal
// whose Inner is an Inner literal with Level 7 or 8, either side of > 7;
// once both sides are covered, Check's branch is no longer open and no
// template is built.
func TestTemplatesAlone(t *testing.T) {
	prog := stateProgram(t, true)
	check := modeltest.OpOfKind(t, prog, model.Call, "Check")
	cfgLit := configLit(t, prog)
	k := newKit(prog, 4, nil)
	tm := k.templates(k.extension(Config{}), stateTable)
	// The call's other arguments are drawn as extension draws them: from
	// the pool, which holds a Config.
	k.pool(modeltest.Seq(modeltest.Call(cfgLit, modeltest.Str("y"), modeltest.Nil())))
	levels := map[int64]bool{}
	for i := 0; i < 40; i++ {
		s, ok := tm.template(check)
		if !ok {
			continue
		}
		last := s.Stmts[s.Len()-1]
		c := last.Args[0]
		if last.Op != check.ID || c.IsLit || s.Stmts[c.Stmt].Op != cfgLit.ID || s.Stmts[c.Stmt].Args[1].IsLit {
			t.Fatalf("Check does not take a Config literal with an Inner: %s", s.Key())
		}
		levels[s.Stmts[s.Stmts[c.Stmt].Args[1].Stmt].Args[0].Lit.I] = true
	}
	if !levels[7] || !levels[8] || len(levels) != 2 || k.stats.Templates == 0 {
		t.Errorf("levels %v (%d templates), want 7 and 8", levels, k.stats.Templates)
	}
	k.cov.branches[0], k.cov.branches[1] = true, true
	if s, ok := tm.template(check); ok {
		t.Errorf("a template with the branch covered: %s", s.Key())
	}
}
