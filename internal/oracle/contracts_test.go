package oracle

import (
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// pooledV returns pooled *V values made by NewV(n), and a *Stack.
func pooledValues(t *testing.T, prog *model.Program) []corpus.Pooled {
	newV, newStack := modeltest.Op(t, prog, "NewV"), modeltest.Op(t, prog, "NewStack")
	vt := types.NewPointer(prog.Pkg.Scope().Lookup("V").Type())
	st := types.NewPointer(prog.Pkg.Scope().Lookup("Stack").Type())
	return []corpus.Pooled{
		{Seq: modeltest.Seq(modeltest.Call(newV, modeltest.Int(1))), Type: vt},
		{Seq: modeltest.Seq(modeltest.Call(newStack)), Type: st},
		{Seq: modeltest.Seq(modeltest.Call(newV, modeltest.Int(2))), Type: vt},
	}
}

// lawfulV makes the fake's *V methods keep every contract: Equal is
// true exactly for the same value, Compare antisymmetric, Clone and the
// Marshal/Unmarshal round trip give back the original.
func lawfulV(prog *model.Program, s rt.Request, res *rt.Result) {
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		switch {
		case op.Name == "V.Equal":
			// Equal values: the same statement, or copies of one value
			// (a clone, an unmarshalled copy).
			a, b := st.Args[0], st.Args[1]
			res.Stmt(i).Tree(0).B = a.Stmt == b.Stmt || res.Stmt(a.Stmt).Values()[a.Result].Hash == res.Stmt(b.Stmt).Values()[b.Result].Hash
		case op.Name == "V.Compare":
			res.Stmt(i).Tree(0).I = 1
			if st.Args[0].Stmt > st.Args[1].Stmt {
				res.Stmt(i).Tree(0).I = -1
			}
		case op.Name == "V.Clone":
			x := st.Args[0]
			res.Stmt(i).Values()[0] = res.Stmt(x.Stmt).Values()[x.Result]
		case op.Kind == model.Zero && i > 0 && opName(prog, s, i-1) == "V.MarshalText":
			x := s.Stmts[i-1].Args[0]
			res.Stmt(i).Values()[0] = res.Stmt(x.Stmt).Values()[x.Result]
		}
	}
}

// tail names the statements a check appended after its base.
func tail(prog *model.Program, r rt.Request, base int) string {
	var out []string
	for i := base; i < len(r.Stmts); i++ {
		out = append(out, opName(prog, r, i))
	}
	return strings.Join(out, " ")
}

// Contracts builds one check per contract method and pooled value (pair)
// of a type with that method, and finds nothing when every check holds.
func TestContractsChecks(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) { lawfulV(prog, s, res) })
	got := Contracts(prog, f, pooledValues(t, prog), nil)
	if len(got) != 0 {
		for _, fd := range got {
			t.Errorf("finding %s in %s: %s", fd.Kind, fd.Function, fd.Message)
		}
	}
	var checks []string
	for _, r := range f.Requests() {
		if r.Flags != rt.FlagDetail {
			t.Errorf("check run with flags %b, want FlagDetail", r.Flags)
		}
		// The bases are one or two NewV calls.
		base := 1
		if len(r.Stmts) > 1 && opName(prog, r, 1) == "NewV" {
			base = 2
		}
		checks = append(checks, tail(prog, r, base))
	}
	sort.Strings(checks)
	want := []string{
		"V.Clone V.Equal V.Equal", "V.Clone V.Equal V.Equal", // clone-equal, per value, decided by V's Equal
		"V.Compare V.Compare", // compare-antisymmetric, per pair
		"V.Compare V.Equal",   // compare-equal
		"V.Equal",             // equal-reflexive, per value
		"V.Equal",
		"V.Equal V.Equal", // equal-symmetric
		// marshal-roundtrip into a fresh &V{}, then the encoding of
		// another &V{}
		"V.MarshalText V UnmarshalText V.Equal V.Equal V V.MarshalText",
		"V.MarshalText V UnmarshalText V.Equal V.Equal V V.MarshalText",
		"V.String", "V.String", // string-panics
	}
	for i := range want {
		want[i] = strings.Replace(want[i], "V UnmarshalText", "V V.UnmarshalText", 1)
	}
	sort.Strings(want)
	if strings.Join(checks, "|") != strings.Join(want, "|") {
		t.Errorf("checks run:\n%s\nwant:\n%s", strings.Join(checks, "\n"), strings.Join(want, "\n"))
	}

	// Switched off by name, or all together.
	before := len(f.Requests())
	Contracts(prog, f, pooledValues(t, prog), map[string]bool{"equal-reflexive": true, "marshal-roundtrip": true})
	if len(f.Requests())-before != len(want)-4 {
		t.Errorf("with two contracts off: %d checks, want %d", len(f.Requests())-before, len(want)-4)
	}
	calls := f.Calls()
	if got := Contracts(prog, f, pooledValues(t, prog), map[string]bool{"contracts": true}); got != nil || f.Calls() != calls {
		t.Errorf("contracts off: %d findings, runner called %d times", len(got), f.Calls()-calls)
	}
}

// A violated contract becomes one finding per contract and method, whose
// case is the base sequence and whose check says what to compare.
func TestContractsFindings(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		lawfulV(prog, s, res)
		for i := range s.Stmts {
			if opName(prog, s, i) == "V.Equal" {
				res.Stmt(i).Tree(0).B = false // never reflexive
			}
		}
	})
	got := Contracts(prog, f, pooledValues(t, prog), map[string]bool{"compare-equal": true})
	var kinds []string
	for _, fd := range got {
		kinds = append(kinds, fd.Kind)
	}
	if strings.Join(kinds, " ") != "equal-reflexive" {
		t.Fatalf("findings %v, want one equal-reflexive (two values violate it)", kinds)
	}
	fd := got[0]
	if fd.Function != "(*example.com/p.V).Equal" || fd.Message != "V.Equal(x, x) = false: Equal must be reflexive" {
		t.Errorf("finding: %s: %s", fd.Function, fd.Message)
	}
	if fd.Case.Seq.Len() != 1 || fd.Case.Target != 0 || fd.Case.Key >= 0 ||
		fd.Check.Kind != CheckEqualReflexive || fd.Check.Stmt != 0 || fd.Check.Result != 0 || fd.Check.Other != nil || fd.Check.Method != "Equal" {
		t.Errorf("finding case %s target %d key %d, check %+v", fd.Case.Seq.Key(), fd.Case.Target, fd.Case.Key, fd.Check)
	}
}

// A Compare that says 0 for two values Equal tells apart is a finding
// whose check the emitter knows how to write: its kind is the contract's
// name, CheckCompareEqual. (It was "compare-equal-consistent", which the
// emitter, switching on the Check constants, never received: the contract
// found such bugs and the findings file dropped them.)
func TestCompareEqualFinding(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		lawfulV(prog, s, res)
		for i := range s.Stmts {
			if opName(prog, s, i) == "V.Compare" {
				res.Stmt(i).Tree(0).I = 0 // every pair compares equal
			}
		}
	})
	only := map[string]bool{}
	for _, name := range ContractNames {
		only[name] = name != "compare-equal"
	}
	got := Contracts(prog, f, pooledValues(t, prog), only)
	if len(got) != 1 || got[0].Kind != "compare-equal" {
		t.Fatalf("findings %+v, want one compare-equal", got)
	}
	if fd := got[0]; fd.Check.Kind != CheckCompareEqual || fd.Check.Other == nil || fd.Check.Method != "Compare" {
		t.Errorf("check %+v, want kind %q against another value with Compare", fd.Check, CheckCompareEqual)
	}
}

// violated judges a check's run: canned outcomes for each contract.
func TestViolated(t *testing.T) {
	prog := testProgram(t)
	pv := pooledValues(t, prog)
	x, y := pv[0], pv[2]
	op := func(name string) *model.Op { return modeltest.Op(t, prog, name) }
	build := func(kind, method string, binary bool) *contractCheck {
		var c *contractCheck
		if binary {
			c = pairCheck(kind, op(method), x, y)
		} else {
			c = unaryCheck(kind, op(method), x)
		}
		if kind == "compare-equal" {
			c.inverse = "Equal"
		}
		if kind == "marshal-roundtrip" {
			c.inverse = "UnmarshalText"
		}
		if !c.build(prog) {
			t.Fatalf("%s: not built", kind)
		}
		return c
	}
	b := func(v bool) tv { return tv{Tree: &rt.Tree{Kind: rt.TBool, B: v}} }
	i := func(v int64) tv { return tv{Tree: &rt.Tree{Kind: rt.TInt, I: v}} }
	ptr := func(n int64) tv { return value(types.NewPointer(prog.Pkg.Scope().Lookup("V").Type()), n) }
	errV := func(msg string) tv { return tv{Tree: &rt.Tree{Kind: rt.TError, S: msg}} }
	nilV := tv{Nil: true, Tree: &rt.Tree{Kind: rt.TNil}}
	panicked := func(msg string) rt.StmtSpec {
		return rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: msg}}
	}
	ok := func(vs ...tv) rt.StmtSpec { return stmtOf(vs...) }
	zeroEnc := ok(tv{Tree: &rt.Tree{Kind: rt.TBytes, S: "0"}}, nilV)
	notRun := rt.StmtSpec{Outcome: rt.OutSkipped}

	tests := []struct {
		name    string
		c       *contractCheck
		checks  []rt.StmtSpec // the check's own statements
		message string        // "" for no violation
	}{
		{"reflexive holds", build("equal-reflexive", "V.Equal", false), []rt.StmtSpec{ok(b(true))}, ""},
		{"reflexive broken", build("equal-reflexive", "V.Equal", false), []rt.StmtSpec{ok(b(false))}, "V.Equal(x, x) = false: Equal must be reflexive"},
		{"symmetric holds", build("equal-symmetric", "V.Equal", true), []rt.StmtSpec{ok(b(false)), ok(b(false))}, ""},
		{"symmetric broken", build("equal-symmetric", "V.Equal", true), []rt.StmtSpec{ok(b(true)), ok(b(false))}, "x.Equal(y) != y.Equal(x): Equal must be symmetric"},
		{"antisymmetric holds", build("compare-antisymmetric", "V.Compare", true), []rt.StmtSpec{ok(i(-5)), ok(i(3))}, ""},
		{"antisymmetric, both 0", build("compare-antisymmetric", "V.Compare", true), []rt.StmtSpec{ok(i(0)), ok(i(0))}, ""},
		{"antisymmetric broken", build("compare-antisymmetric", "V.Compare", true), []rt.StmtSpec{ok(i(1)), ok(i(1))},
			"x.Compare(y) and y.Compare(x) do not have opposite signs"},
		{"antisymmetric broken by 0", build("compare-antisymmetric", "V.Compare", true), []rt.StmtSpec{ok(i(0)), ok(i(2))},
			"x.Compare(y) and y.Compare(x) do not have opposite signs"},
		{"compare-equal holds", build("compare-equal", "V.Compare", true), []rt.StmtSpec{ok(i(0)), ok(b(true))}, ""},
		{"compare 0, not equal", build("compare-equal", "V.Compare", true), []rt.StmtSpec{ok(i(0)), ok(b(false))},
			"x.Compare(y) == 0 disagrees with x.Equal(y)"},
		{"compare 1, equal", build("compare-equal", "V.Compare", true), []rt.StmtSpec{ok(i(1)), ok(b(true))},
			"x.Compare(y) == 0 disagrees with x.Equal(y)"},
		{"String fine", build("string-panics", "V.String", false), []rt.StmtSpec{ok(tv{Tree: &rt.Tree{Kind: rt.TString, S: "v"}})}, ""},
		{"String panics", build("string-panics", "V.String", false), []rt.StmtSpec{panicked("boom")}, "V.String panicked: boom"},
		// V has an Equal method: it decides whether the clone and the round
		// trip gave back the original.
		{"clone equal", build("clone-equal", "V.Clone", false), []rt.StmtSpec{ok(ptr(1)), ok(b(true)), ok(b(true))}, ""},
		{"clone differs", build("clone-equal", "V.Clone", false), []rt.StmtSpec{ok(ptr(7)), ok(b(true)), ok(b(false))}, "V.Clone() returned a value the original's Equal rejects"},
		{"clone differs in its tree, Equal says equal", build("clone-equal", "V.Clone", false), []rt.StmtSpec{ok(ptr(7)), ok(b(true)), ok(b(true))}, ""},
		{"Equal not reflexive: no verdict", build("clone-equal", "V.Clone", false), []rt.StmtSpec{ok(ptr(7)), ok(b(false)), ok(b(false))}, ""},
		{"clone panics: not shown", build("clone-equal", "V.Clone", false), []rt.StmtSpec{panicked("boom"), ok(b(true)), ok(b(false))}, ""},
		{"round trip", build("marshal-roundtrip", "V.MarshalText", false),
			[]rt.StmtSpec{ok(tv{Tree: &rt.Tree{Kind: rt.TBytes, S: "1"}}, nilV), ok(ptr(1)), ok(nilV), ok(b(true)), ok(b(true)), ok(ptr(0)), zeroEnc}, ""},
		{"round trip differs", build("marshal-roundtrip", "V.MarshalText", false),
			[]rt.StmtSpec{ok(tv{Tree: &rt.Tree{Kind: rt.TBytes, S: "1"}}, nilV), ok(ptr(4)), ok(nilV), ok(b(true)), ok(b(false)), ok(ptr(0)), zeroEnc},
			"UnmarshalText(V.MarshalText(x)) is not Equal to x"},
		{"round trip rejected", build("marshal-roundtrip", "V.MarshalText", false),
			[]rt.StmtSpec{ok(tv{Tree: &rt.Tree{Kind: rt.TBytes, S: "1"}}, nilV), ok(ptr(0)), ok(errV("bad text")), ok(b(true)), ok(b(false)), ok(ptr(0)), zeroEnc},
			"UnmarshalText rejected what V.MarshalText produced: bad text"},
		{"round trip panics", build("marshal-roundtrip", "V.MarshalText", false),
			[]rt.StmtSpec{ok(tv{Tree: &rt.Tree{Kind: rt.TBytes, S: "1"}}, nilV), ok(ptr(0)), panicked("index out of range"), notRun, notRun, notRun, notRun},
			"UnmarshalText panicked on what V.MarshalText produced: index out of range"},
		{"Marshal refused", build("marshal-roundtrip", "V.MarshalText", false),
			[]rt.StmtSpec{ok(nilV, errV("cannot")), ok(ptr(0)), ok(errV("empty")), ok(b(true)), ok(b(false)), ok(ptr(0)), zeroEnc}, ""},
		// The zero value's Marshal panics: the verdict on x stands.
		{"zero value's Marshal panics", build("marshal-roundtrip", "V.MarshalText", false),
			[]rt.StmtSpec{ok(tv{Tree: &rt.Tree{Kind: rt.TBytes, S: "1"}}, nilV), ok(ptr(0)), ok(errV("bad text")), ok(b(true)), ok(b(false)), ok(ptr(0)), panicked("nil")},
			"UnmarshalText rejected what V.MarshalText produced: bad text"},
	}
	for _, tc := range tests {
		c := tc.c
		res := normalResult(prog, &seq.Seq{Stmts: c.base.Stmts[:c.nbase]})
		res.Add(tc.checks...)
		if len(res.Stmts) != c.base.Len() {
			t.Fatalf("%s: %d results for %d statements", tc.name, len(res.Stmts), c.base.Len())
		}
		msg, bad := c.violated(executor.Outcome{Result: res})
		if bad != (tc.message != "") || msg != tc.message {
			t.Errorf("%s: violated = %q, %v; want %q", tc.name, msg, bad, tc.message)
		}
	}

	// Nothing is shown when the base did not run, x is nil, or the run
	// has no or the wrong results.
	c := build("equal-reflexive", "V.Equal", false)
	res := normalResult(prog, c.base)
	res.Set(1, ok(b(false)))
	if _, bad := c.violated(executor.Outcome{Result: res}); !bad {
		t.Fatal("control: a false Equal(x, x) is a violation")
	}
	res.Stmt(0).Values()[0].Nil = true
	if _, bad := c.violated(executor.Outcome{Result: res}); bad {
		t.Errorf("a nil x is a violation")
	}
	res.Set(0, panicked("no"))
	if _, bad := c.violated(executor.Outcome{Result: res}); bad {
		t.Errorf("a base that panicked is a violation")
	}
	if _, bad := c.violated(executor.Outcome{}); bad {
		t.Errorf("no result is a violation")
	}
	if _, bad := c.violated(executor.Outcome{Result: &rt.Result{Stmts: res.Stmts[:1]}}); bad {
		t.Errorf("a short result is a violation")
	}
	if _, bad := c.violated(executor.Outcome{Crash: &executor.Crash{Kind: executor.CrashStackOverflow}}); bad {
		t.Errorf("a crash is a violation")
	}
}

// Without an Equal method, values compare by their exported state; a tree
// cut short, or unexported fields, decide nothing.
func TestExportedEqual(t *testing.T) {
	st := func(fields []string, vals ...int64) *rt.Tree {
		tr := &rt.Tree{Kind: rt.TStruct, Fields: fields}
		for _, v := range vals {
			tr.Elems = append(tr.Elems, rt.Tree{Kind: rt.TInt, I: v})
		}
		return tr
	}
	f := []string{"N", "cache"}
	tests := []struct {
		name         string
		a, b         *rt.Tree
		equal, known bool
	}{
		{"same", st(f, 1, 2), st(f, 1, 2), true, true},
		{"exported differs", st(f, 1, 2), st(f, 3, 2), false, true},
		{"only unexported differs", st(f, 1, 2), st(f, 1, 9), true, true},
		{"truncated", &rt.Tree{Kind: rt.TString, S: "ab", Truncated: true}, &rt.Tree{Kind: rt.TString, S: "ab"}, false, false},
		{"opaque", &rt.Tree{Kind: rt.TOpaque}, &rt.Tree{Kind: rt.TOpaque}, false, false},
		{"missing", nil, st(f, 1, 2), false, false},
	}
	for _, tc := range tests {
		eq, known := exportedEqual(tc.a, tc.b)
		if eq != tc.equal || known != tc.known {
			t.Errorf("%s: exportedEqual = %v, %v; want %v, %v", tc.name, eq, known, tc.equal, tc.known)
		}
	}
}

// When a type's own UnmarshalText rejects what MarshalText made of its
// untouched zero value (toml.LocalDate{} marshals as 0000-00-00, which
// its parser refuses), the zero value is outside the type's domain: no
// finding. The same rejection of a value the test set up is one.
func TestRoundTripRejectedZeroValue(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if opName(prog, s, i) == "W.UnmarshalText" {
				setVals(res, i, []tv{{Tree: &rt.Tree{Kind: rt.TString, S: "impossible"}}})
			}
		}
	})
	wt := types.NewPointer(prog.Pkg.Scope().Lookup("W").Type())
	only := map[string]bool{}
	for _, k := range ContractNames {
		only[k] = k != "marshal-roundtrip"
	}
	zero := modeltest.OpOfKind(t, prog, model.Zero, "W")
	if got := Contracts(prog, f, []corpus.Pooled{{Seq: modeltest.Seq(modeltest.Call(zero)), Type: wt}}, only); len(got) != 0 {
		t.Errorf("zero value: %d findings (%s), want none", len(got), got[0].Message)
	}
	// The zero value after an UnmarshalText of its own is no longer
	// untouched.
	set := modeltest.Seq(modeltest.Call(zero), modeltest.Call(modeltest.Op(t, prog, "W.UnmarshalText"), seq.Ref(0, 0), modeltest.Str("2024-01")))
	got := Contracts(prog, f, []corpus.Pooled{{Seq: set, Type: wt}}, only)
	if len(got) != 1 || got[0].Kind != "marshal-roundtrip" {
		t.Fatalf("set-up value: %d findings, want one marshal-roundtrip", len(got))
	}
}

// A value that marshals as its type's zero value does (a nullable whose
// null state is "null" whatever else it holds) fails its round trip the
// way the zero value fails its own, whether Unmarshal rejects the zero
// value's encoding or gives back the zero value or another: no finding. Null's MarshalText takes a
// Null: the zero value marshaled is a Null{}, not the *Null the round trip
// unmarshals into.
func TestRoundTripZeroEncoding(t *testing.T) {
	prog := testProgram(t)
	nt := prog.Pkg.Scope().Lookup("Null").Type()
	conv := modeltest.Op(t, prog, "Null")
	if conv.Kind != model.Convert {
		t.Fatalf("Null is made by a %v operation, want a conversion", conv.Kind)
	}
	only := map[string]bool{}
	for _, k := range ContractNames {
		only[k] = k != "marshal-roundtrip"
	}
	// xEnc is what MarshalText makes of x, "null" of the zero value;
	// UnmarshalText panics when dec is "panic", rejects the encoding when
	// reject, else decodes it to dec.
	run := func(xEnc string, reject bool, dec string) ([]*Finding, *executortest.Runner) {
		f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
			for i, st := range s.Stmts {
				op := prog.Ops[st.Op]
				switch {
				case op.Kind == model.Zero && !op.Ptr:
					res.Stmt(i).SetTree(0, &rt.Tree{Kind: rt.TString})
				case op.Name == "Null.MarshalText":
					enc := xEnc
					if prog.Ops[s.Stmts[st.Args[0].Stmt].Op].Kind == model.Zero {
						enc = "null"
					}
					res.Stmt(i).SetTree(0, &rt.Tree{Kind: rt.TBytes, S: enc})
				case op.Name == "Null.UnmarshalText":
					z := st.Args[0].Stmt
					res.Stmt(z).SetTree(0, &rt.Tree{Kind: rt.TPtr, Elems: []rt.Tree{{Kind: rt.TString, S: dec}}})
					if reject {
						setVal(res, i, 0, tv{Tree: &rt.Tree{Kind: rt.TError, S: "invalid length: 4"}})
					}
					if dec == "panic" {
						res.Set(i, rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "index out of range"}})
					}
				}
			}
		})
		x := corpus.Pooled{Seq: modeltest.Seq(modeltest.Call(conv, modeltest.Str("u"))), Type: nt}
		return Contracts(prog, f, []corpus.Pooled{x}, only), f
	}
	got, f := run("null", true, "")
	if len(f.Requests()) != 1 || tail(prog, f.Requests()[0], 1) != "Null.MarshalText Null Null.UnmarshalText Null Null.MarshalText" {
		t.Fatalf("checks: %d, want one round trip ending with the encoding of a Null{}", len(f.Requests()))
	}
	if z := prog.Ops[f.Requests()[0].Stmts[4].Op]; z.Kind != model.Zero || z.Ptr {
		t.Errorf("the zero value marshaled is made by %s (Ptr %v), want Null{}", z.Name, z.Ptr)
	}
	tests := []struct {
		name   string
		xEnc   string
		reject bool
		dec    string
		want   int
	}{
		{"encodes as the zero value, rejected", "null", true, "", 0},
		{"encodes as the zero value, decoded to another value", "null", false, "other", 0},
		// null means the null state, whatever x held besides.
		{"encodes as the zero value, decoded to the zero value", "null", false, "", 0},
		{"own encoding, decoded to the zero value", "u", false, "", 1},
		// Unmarshal must answer any bytes with an error, the zero
		// value's included.
		{"encodes as the zero value, Unmarshal panics", "null", false, "panic", 1},
		// Null("u") takes its text as it is, and the decoder may
		// validate it: a rejection is the value's, not the round trip's
		// (unvalidatedText; TestUnvalidatedText).
		{"own encoding, rejected", "u", true, "", 0},
		{"own encoding, decoded to another value", "u", false, "other", 1},
	}
	for _, tc := range tests {
		got, _ = run(tc.xEnc, tc.reject, tc.dec)
		if len(got) != tc.want {
			t.Errorf("%s: %d findings, want %d", tc.name, len(got), tc.want)
		}
	}
}

// A String that panics is no finding when its doc comment announces the
// panic (rule 4 on the whole test, the contract's own call included); the
// same panic undocumented is one.
func TestStringPanicsDocumented(t *testing.T) {
	prog := testProgram(t)
	f := fakeRunner(prog, func(s rt.Request, res *rt.Result) {
		for i := range s.Stmts {
			if opName(prog, s, i) == "V.String" {
				res.Set(i, rt.StmtSpec{Outcome: rt.OutPanic, Note: &rt.StmtNote{PanicMsg: "index out of range [7] with length 7"}})
			}
		}
	})
	only := map[string]bool{}
	for _, k := range ContractNames {
		only[k] = k != "string-panics"
	}
	if got := Contracts(prog, f, pooledValues(t, prog), only); len(got) != 1 || got[0].Kind != "string-panics" {
		t.Fatalf("undocumented: %d findings, want one string-panics", len(got))
	}
	str := modeltest.Op(t, prog, "V.String")
	str.DocPanics = "It panics if v is out of range."
	defer func() { str.DocPanics = "" }()
	if got := Contracts(prog, f, pooledValues(t, prog), only); len(got) != 0 {
		t.Errorf("documented: %d findings (%s), want none", len(got), got[0].Message)
	}
}

// A round trip the decoder rejects is no finding when text reached the
// value through a builder that cannot refuse it (semver.New keeps
// metadata its parser rejects); through a parser that can, it is.
func TestUnvalidatedText(t *testing.T) {
	const src = `package v

type Version struct{ meta string }

func New(major int, meta string) *Version     { return &Version{meta: meta} }
func Parse(s string) (*Version, error)        { return &Version{meta: s}, nil }
func (v *Version) SetMeta(m string)           { v.meta = m }
func (v *Version) MarshalText() ([]byte, error) { return []byte(v.meta), nil }
`
	pkg := modeltest.Check(t, "example.com/v", src)
	prog := model.Build(pkg, model.Options{})
	newV, parse, setMeta := modeltest.Op(t, prog, "New"), modeltest.Op(t, prog, "Parse"), modeltest.Op(t, prog, "Version.SetMeta")
	for _, tc := range []struct {
		name string
		s    *seq.Seq
		want string
	}{
		{"constructor takes text", modeltest.Seq(modeltest.Call(newV, modeltest.Int(1), modeltest.Str("a b"))), "New"},
		{"constructor, empty text", modeltest.Seq(modeltest.Call(newV, modeltest.Int(1), modeltest.Str(""))), ""},
		{"parsed", modeltest.Seq(modeltest.Call(parse, modeltest.Str("1.0.0"))), ""},
		{"parsed, then set", modeltest.Seq(modeltest.Call(parse, modeltest.Str("1.0.0")), modeltest.Call(setMeta, seq.Ref(0, 0), modeltest.Str("x y"))), "Version.SetMeta"},
		{"another value's text", modeltest.Seq(modeltest.Call(newV, modeltest.Int(1), modeltest.Str("a")), modeltest.Call(parse, modeltest.Str("1.0.0"))), ""},
	} {
		x := 0
		if tc.name == "another value's text" {
			x = 1
		}
		if got := unvalidatedText(prog, tc.s, x); got != tc.want {
			t.Errorf("%s: unvalidatedText = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A round trip decodes into a fresh zero value: a type whose zero value
// lacks a field its constructor sets (gods' redblacktree.Tree and its
// Comparator) cannot take it, and that is no finding.
func TestZeroNeedsInit(t *testing.T) {
	const src = `package z

type Tree struct {
	Comparator func(a, b any) int
	size       int
}

type Plain struct{ Y, M int }

type list struct{ xs []any }

// Stack is made by New; its zero value has no list.
type Stack struct{ l *list }

func New() *Stack { return &Stack{l: &list{}} }

// Version is made by Parse, and its zero value is a version.
type Version struct {
	major uint64
	pre   string
}

func Parse(s string) (*Version, error) { return &Version{pre: s}, nil }
`
	pkg := modeltest.Check(t, "example.com/z", src)
	lookup := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	if !zeroNeedsInit(types.NewPointer(lookup("Tree"))) {
		t.Error("*Tree: the zero value's nil Comparator was not seen")
	}
	if plain := lookup("Plain"); zeroNeedsInit(plain) || zeroNeedsInit(types.NewPointer(plain)) {
		t.Error("Plain's zero value is complete")
	}
	// gods' arraystack.Stack: UnmarshalJSON into new(Stack) dereferences
	// the nil list New would have made (corpus pass 7).
	if !zeroNeedsInit(types.NewPointer(lookup("Stack"))) {
		t.Error("*Stack: the zero value's nil list, which New sets, was not seen")
	}
	if zeroNeedsInit(types.NewPointer(lookup("Version"))) {
		t.Error("*Version: a constructor alone does not make a usable zero value unusable")
	}
}
