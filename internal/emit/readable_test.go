package emit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// readableFixture is the package of issue 15's classes: opaque results,
// exported sentinels and error types, tables, inlining, nil and empty.
const readableFixture = "../../testdata/gen/readable/readable.go"

var (
	readableOnce sync.Once
	readableProg *model.Program
)

// loadReadable builds the model of the fixture with the effects the
// purity analysis gives it: the observers and the string functions are
// pure, NewSession reads the clock, the rest change their receiver.
func loadReadable(t testing.TB) *model.Program {
	t.Helper()
	readableOnce.Do(func() {
		pkg := modeltest.CheckFile(t, "example.com/readable", readableFixture)
		pure := map[string]bool{"User": true, "Hits": true, "Started": true, "Fork": true, "Quote": true,
			"Words": true, "Grade": true, "ParseDigits": true, "Unquote": true, "Error": true, "Name": true, "Next": true}
		readableProg = model.Build(pkg, model.Options{Effects: func(fn *types.Func) model.Effects {
			switch {
			case pure[fn.Name()]:
				return model.Effects{Known: true, Pure: true}
			case fn.Name() == "NewSession":
				return model.Effects{Known: true, Nondeterministic: true}
			}
			return model.Effects{Known: true, MutatesRecv: true}
		}})
	})
	if readableProg == nil {
		t.Fatalf("%s did not load", readableFixture)
	}
	return readableProg
}

// mk builds a sequence of (op, args) pairs against prog.
func mk(t testing.TB, prog *model.Program, stmts ...stmt) *seq.Seq {
	s := &seq.Seq{}
	for _, st := range stmts {
		s.Stmts = append(s.Stmts, seq.Stmt{Op: opID(t, prog, st.op), Args: st.args})
	}
	return s
}

func eq(stmt, result int, typ types.Type, want *rt.Tree) oracle.Assertion {
	return oracle.Assertion{Stmt: stmt, Result: result, Kind: oracle.Equal, Type: typ, Want: want}
}

// opaque is the tree of a *Session: a pointer to a struct with unexported
// fields, which no literal can write.
var opaque = &rt.Tree{Kind: rt.TPtr, Type: "*readable.Session", Elems: []rt.Tree{{Kind: rt.TStruct, Type: "readable.Session"}}}

// Every test checks its target: its results, what can be checked of
// them, an observer, or a comment says the call must not panic. Pure
// calls whose results nothing reads are left out.
func TestEveryTestChecksItsTarget(t *testing.T) {
	prog := loadReadable(t)
	ref := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	sess := stmt{"NewSession", lits(str("ann"))}
	resType := func(name string, j int) types.Type { return prog.Ops[opID(t, prog, name)].Results[j] }
	timeTree := &rt.Tree{Kind: rt.TStruct, Type: "time.Time"}
	cases := []*oracle.Case{
		// Hit: User before it and Started after it are pure and say
		// nothing, and NewSession("zed") changes nothing the test holds;
		// Hits is the observer that checks it.
		{Seq: mk(t, prog, sess, stmt{"Session.User", ref(0)}, stmt{"NewSession", lits(str("zed"))}, stmt{"Session.Hit", ref(0)},
			stmt{"Session.Hits", ref(0)}, stmt{"Session.Started", ref(0)}), Target: 3, Key: 0,
			Asserts: []oracle.Assertion{eq(4, 0, resType("Session.Hits", 0), tree(1)),
				eq(5, 0, resType("Session.Started", 0), timeTree)}},
		// Fork returns an opaque pointer: it is checked to be non-nil.
		{Seq: mk(t, prog, sess, stmt{"Session.Fork", ref(0)}), Target: 1, Key: 1,
			Asserts: []oracle.Assertion{eq(1, 0, resType("Session.Fork", 0), opaque)}},
		// Started returns the time, never asserted: a comment says so.
		{Seq: mk(t, prog, sess, stmt{"Session.Started", ref(0)}), Target: 1, Key: 2},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	hit := funcSrc(t, out.Src, "TestSession_Hit")
	mustContain(t, "TestSession_Hit", hit, "session.Hit()\n", "if n := session.Hits(); n != 1 {")
	for _, noise := range []string{"User()", "Started()", "must not panic", "zed"} {
		if strings.Contains(hit, noise) {
			t.Errorf("TestSession_Hit has %q:\n%s", noise, hit)
		}
	}
	mustContain(t, "TestSession_Fork", funcSrc(t, out.Src, "TestSession_Fork"),
		"got := session.Fork()", "if got == nil {", `t.Error("session.Fork() = nil, want non-nil")`)
	mustContain(t, "TestSession_Started", funcSrc(t, out.Src, "TestSession_Started"),
		"\t// session.Started() must not panic; what it returns depends on the clock or on randomness.\n\t_ = session.Started()")
	// Hit returns nothing, and no observer follows it: the note says
	// that, not that a result depends on the clock (NewSession's).
	hitOnly := []*oracle.Case{{Seq: mk(t, prog, sess, stmt{"Session.Hit", ref(0)}), Target: 1, Key: 3}}
	if out, err = Render(prog, hitOnly, Options{}); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestSession_Hit", funcSrc(t, out.Src, "TestSession_Hit"),
		"session.Hit() must not panic; it returns nothing, and no call here reads what it changes.")
}

// Errors are checked with errors.Is against the package's sentinels, and
// with errors.As into its error types with their fields; a package that
// exports either never has its messages compared.
func TestErrorChecks(t *testing.T) {
	prog := loadReadable(t)
	parse := opID(t, prog, "ParseDigits")
	errRes := prog.Ops[parse].Results[1]
	intRes := prog.Ops[parse].Results[0]
	errCase := func(key int, in string, e *rt.Tree) *oracle.Case {
		a := oracle.Assertion{Stmt: 0, Result: 1, Kind: oracle.ErrNonNil, Type: errRes, Err: e}
		if e.S != "" {
			a.Want = e
		}
		return &oracle.Case{Seq: mk(t, prog, stmt{"ParseDigits", lits(str(in))}), Key: key, Asserts: []oracle.Assertion{a}}
	}
	syntax := &rt.Tree{Kind: rt.TError, Type: "*readable.SyntaxError", S: `readable: bad "b" at 1`,
		Elems: []rt.Tree{{Kind: rt.TStruct, Type: "readable.SyntaxError", Exported: true, Fields: []string{"Pos", "Char"},
			Elems: []rt.Tree{{Kind: rt.TInt, I: 1, Type: "int"}, {Kind: rt.TString, S: "b", Type: "string"}}}}}
	cases := []*oracle.Case{
		{Seq: mk(t, prog, stmt{"ParseDigits", lits(str("42"))}), Key: 0, Asserts: []oracle.Assertion{
			{Stmt: 0, Result: 1, Kind: oracle.ErrNil, Type: errRes}, eq(0, 0, intRes, tree(42))}},
		errCase(1, "", &rt.Tree{Kind: rt.TError, S: "readable: empty input", Is: []string{"example.com/readable.ErrEmpty"}}),
		errCase(2, "9999999", &rt.Tree{Kind: rt.TError, S: `parsing "9999999": readable: out of range`, Is: []string{"example.com/readable.ErrRange"}}),
		errCase(3, "0b", syntax),
	}
	// With go-cmp, the error's struct is diffed; without, what the
	// pointer holds is compared with != (its fields are comparable).
	for _, o := range []struct {
		cmp   bool
		check string
	}{
		{true, `cmp.Diff(&readable.SyntaxError{Pos: 1, Char: "b"}, syntaxError)`},
		{false, `if *syntaxError != (readable.SyntaxError{Pos: 1, Char: "b"}) {`},
	} {
		out, err := Render(prog, cases, Options{Cmp: o.cmp})
		if err != nil {
			t.Fatal(err)
		}
		src := funcSrc(t, out.Src, "TestParseDigits")
		mustContain(t, "TestParseDigits", src,
			"\t\twantErr error\n",
			`{name: "empty", in: "", wantErr: readable.ErrEmpty},`,
			`wantErr: readable.ErrRange},`,
			"if !errors.Is(err, tt.wantErr) {",
			"var syntaxError *readable.SyntaxError",
			"if !errors.As(err, &syntaxError) {",
			o.check)
		if strings.Contains(src, ".Error()") {
			t.Errorf("messages compared although the package exports sentinels and error types:\n%s", src)
		}
		mustContain(t, "imports", string(out.Src), "\t\"errors\"\n")
	}

	// Unquote's errors are none of the package's: only non-nil.
	unq := opID(t, prog, "Unquote")
	u := &oracle.Case{Seq: &seq.Seq{Stmts: []seq.Stmt{{Op: unq, Args: lits(str(""))}}}, Key: 9, Asserts: []oracle.Assertion{
		{Stmt: 0, Result: 1, Kind: oracle.ErrNonNil, Type: errRes, Want: &rt.Tree{Kind: rt.TError, S: "readable: invalid syntax"},
			Err: &rt.Tree{Kind: rt.TError, S: "readable: invalid syntax", Type: "*fmt.wrapError"}}}}
	out, err := Render(prog, []*oracle.Case{u}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestUnquote")
	mustContain(t, "TestUnquote", src, "if err == nil {")
	if strings.Contains(src, "invalid syntax") {
		t.Errorf("message compared:\n%s", src)
	}
	// A sentinel of a package it imports: errors.Is too.
	u.Asserts[0].Err.Is = []string{"strconv.ErrSyntax"}
	out, err = Render(prog, []*oracle.Case{u}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestUnquote", funcSrc(t, out.Src, "TestUnquote"), "if !errors.Is(err, strconv.ErrSyntax) {")
}

// Cases of one target that differ only in literals are a table, whatever
// the type of their results and with the observers called after the
// target; subtest names say what tells cases apart, without numbers.
func TestTablesAndNames(t *testing.T) {
	prog := loadReadable(t)
	words := opID(t, prog, "Words")
	wordsRes := prog.Ops[words].Results[0]
	strSlice := func(ss ...string) *rt.Tree {
		tr := &rt.Tree{Kind: rt.TSlice, Type: "[]string"}
		for _, s := range ss {
			tr.Elems = append(tr.Elems, *tree(s))
		}
		return tr
	}
	one := func(key int, in string, want *rt.Tree) *oracle.Case {
		return &oracle.Case{Seq: mk(t, prog, stmt{"Words", lits(str(in))}), Key: key,
			Asserts: []oracle.Assertion{eq(0, 0, wordsRes, want)}}
	}
	ref := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	user, hits := prog.Ops[opID(t, prog, "Session.User")].Results[0], prog.Ops[opID(t, prog, "Session.Hits")].Results[0]
	hit := func(key int, name string) *oracle.Case {
		return &oracle.Case{Seq: mk(t, prog, stmt{"NewSession", lits(str(name))}, stmt{"Session.Hit", ref(0)},
			stmt{"Session.User", ref(0)}, stmt{"Session.Hits", ref(0)}), Target: 1, Key: key,
			Asserts: []oracle.Assertion{eq(2, 0, user, tree(name)), eq(3, 0, hits, tree(1))}}
	}
	hitsAfter := func(key int, name string, nhits int) *oracle.Case {
		stmts := []stmt{{"NewSession", lits(str(name))}}
		for i := 0; i < nhits; i++ {
			stmts = append(stmts, stmt{"Session.Hit", ref(0)})
		}
		stmts = append(stmts, stmt{"Session.Hits", ref(0)})
		return &oracle.Case{Seq: mk(t, prog, stmts...), Target: nhits + 1, Key: key,
			Asserts: []oracle.Assertion{eq(nhits+1, 0, hits, tree(nhits))}}
	}
	cases := []*oracle.Case{
		one(0, "a b", strSlice("a", "b")), one(1, "{", strSlice("{")), one(2, "[", strSlice("[")),
		hit(3, "ann"), hit(4, "bob"),
		hitsAfter(5, "ann", 1), hitsAfter(6, "bob", 2),
	}
	out, err := Render(prog, cases, Options{Cmp: true})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, out.Src, "TestWords"),
		"\t\twant []string\n", `{name: "a_b", in: "a b", want: []string{"a", "b"}},`,
		`{name: "lbrace", in: "{", want: []string{"{"}},`, `{name: "lbracket", in: "[", want: []string{"["}},`,
		"if diff := cmp.Diff(tt.want, got); diff != \"\" {")
	// Without go-cmp: slices.Equal, as no row wants nil or empty; in a
	// module older than go1.21, reflect.DeepEqual (and no build line).
	std, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, std.Src, "TestWords"),
		"if !slices.Equal(got, tt.want) {", `t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)`)
	old, err := Render(prog, cases, Options{GoVersion: "1.20"})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, old.Src, "TestWords"),
		"if !reflect.DeepEqual(got, tt.want) {", `t.Errorf("Words(%q) = %#v, want %#v", tt.in, got, tt.want)`)
	for _, o := range []*Output{std, old} {
		if strings.Contains(string(o.Src), "go-cmp") || strings.Contains(string(o.Src), "//go:build") || o.UsesCmp {
			t.Errorf("go-cmp or a build line without Options.Cmp:\n%s", o.Src)
		}
	}
	mustContain(t, "TestSession_Hit", funcSrc(t, out.Src, "TestSession_Hit"),
		"\t\twantUser string\n", `{name: "ann", user: "ann", wantUser: "ann"},`,
		"if s := session.User(); s != tt.wantUser {", `t.Errorf("session.User() = %q, want %q", s, tt.wantUser)`,
		"if n := session.Hits(); n != 1 {", `t.Errorf("session.Hits() = %v, want 1", n)`)
	ti := info(out, "TestSession_Hits")
	if ti == nil || strings.Join(ti.Subtests, ",") != "after_Hit_ann,after_Hit_bob" {
		t.Errorf("TestSession_Hits subtests = %+v, want after_Hit_ann,after_Hit_bob", ti)
	}
}

// A value built by pure calls is written as a literal of its type; the
// call stays when the test is about it or asserts it.
func TestInlineValues(t *testing.T) {
	prog := loadReadable(t)
	unq := prog.Ops[opID(t, prog, "Unquote")]
	quoteRes := prog.Ops[opID(t, prog, "Quote")].Results[0]
	okUnquote := []oracle.Assertion{{Stmt: 2, Result: 1, Kind: oracle.ErrNil, Type: unq.Results[1]}, eq(2, 0, unq.Results[0], tree("a"))}
	q := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	cases := []*oracle.Case{
		// Unquote(Quote(Quote("a"))): the chain of two pure calls
		// becomes one literal.
		{Seq: mk(t, prog, stmt{"Quote", lits(str("a"))}, stmt{"Quote", q(0)}, stmt{"Unquote", []seq.Arg{seq.Ref(1, 0)}}),
			Target: 2, Key: 0, Asserts: okUnquote,
			Values: map[seq.ValueID]*rt.Tree{{Stmt: 0, Result: 0}: tree(`"a"`), {Stmt: 1, Result: 0}: tree(`"\"a\""`)}},
		// Quote's result is checked, but Quote is not what the test is
		// about: the check goes and the value is inlined too.
		{Seq: mk(t, prog, stmt{"Quote", lits(str("b"))}, stmt{"Unquote", q(0)}), Target: 1, Key: 1,
			Asserts: []oracle.Assertion{eq(0, 0, quoteRes, tree(`"b"`)), {Stmt: 1, Result: 1, Kind: oracle.ErrNil, Type: unq.Results[1]}},
			Values:  map[seq.ValueID]*rt.Tree{{Stmt: 0, Result: 0}: tree(`"b"`)}},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestUnquote")
	mustContain(t, "TestUnquote", src, `got, err := readable.Unquote(`+"`"+`"\"a\""`+"`"+`)`, "readable.Unquote(`\"b\"`)")
	for _, chain := range []string{`Quote("a")`, `Quote("b")`} {
		if strings.Contains(src, chain) {
			t.Errorf("the chain %s is still there:\n%s", chain, src)
		}
	}
	// Written gives the judge the form Render writes: Unquote alone, its
	// argument the literal, its checks renumbered; the judge measures a
	// case's blocks and kills on it (issue 30).
	for _, c := range cases {
		w := Written(prog, c)
		if w.Seq.Len() != 1 || w.Target != 0 || prog.Ops[w.Seq.Stmts[0].Op] != unq || !w.Seq.Stmts[0].Args[0].IsLit {
			t.Errorf("Written(case %d) = %d statements, target %d, want Unquote of a literal", c.Key, w.Seq.Len(), w.Target)
			continue
		}
		for _, a := range w.Asserts {
			if a.Stmt != 0 {
				t.Errorf("Written(case %d) checks statement %d, want 0", c.Key, a.Stmt)
			}
		}
	}
}

// Basic values are compared with !=; slices and maps with cmp.Diff, with
// cmpopts.EquateEmpty where the operation returned both nil and empty.
func TestAssertionStrength(t *testing.T) {
	prog := loadReadable(t)
	words := opID(t, prog, "Words")
	res := prog.Ops[words].Results[0]
	one := func(key int, in string, want *rt.Tree) *oracle.Case {
		return &oracle.Case{Seq: mk(t, prog, stmt{"Words", lits(str(in))}), Key: key,
			Asserts: []oracle.Assertion{eq(0, 0, res, want)}}
	}
	ab := &rt.Tree{Kind: rt.TSlice, Type: "[]string", Elems: []rt.Tree{*tree("a"), *tree("b")}}
	cases := []*oracle.Case{
		one(0, "", &rt.Tree{Kind: rt.TNil}), one(1, " ", &rt.Tree{Kind: rt.TSlice, Type: "[]string"}), one(2, "a b", ab),
		{Seq: mk(t, prog, stmt{"Grade", lits(num(90))}), Key: 3,
			Asserts: []oracle.Assertion{eq(0, 0, prog.Ops[opID(t, prog, "Grade")].Results[0], tree("merit"))}},
	}
	oracle.MarkEquateEmpty(prog, cases)
	out, err := Render(prog, cases, Options{Cmp: true})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, out.Src, "TestWords"),
		`{name: "empty", in: ""},`, `{name: "space", in: " ", want: []string{}},`,
		"cmp.Diff(tt.want, got, cmpopts.EquateEmpty())")
	mustContain(t, "TestGrade", funcSrc(t, out.Src, "TestGrade"), `if got != "merit" {`, "t.Errorf(`Grade(90) = %q, want \"merit\"`, got)")
	mustContain(t, "imports", string(out.Src), "\t\"github.com/google/go-cmp/cmp/cmpopts\"\n")
	// Without go-cmp, EquateEmpty's meaning is kept: slices.Equal
	// equates nil and empty; reflect.DeepEqual does not, so in a module
	// older than go1.21 two empty values skip it.
	std, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, std.Src, "TestWords"), "if !slices.Equal(got, tt.want) {")
	old, err := Render(prog, cases, Options{GoVersion: "1.18"})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, old.Src, "TestWords"),
		"if (len(got) != 0 || len(tt.want) != 0) && !reflect.DeepEqual(got, tt.want) {")
	// Without both forms seen, nil is nil.
	for _, c := range cases {
		for i := range c.Asserts {
			c.Asserts[i].EquateEmpty = false
		}
	}
	out, err = Render(prog, cases[:1], Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestWords", funcSrc(t, out.Src, "TestWords"), "if got != nil {")
}

// In a table whose rows check observers after the target, a row with an
// error does not return before the observers' checks.
func TestTableObserversAfterErrors(t *testing.T) {
	prog := loadReadable(t)
	login := prog.Ops[opID(t, prog, "Session.Login")]
	user := prog.Ops[opID(t, prog, "Session.User")].Results[0]
	ref := []seq.Arg{seq.Ref(0, 0)}
	row := func(key int, name string, e *rt.Tree, wantUser string) *oracle.Case {
		as := []oracle.Assertion{{Stmt: 1, Result: 1, Kind: oracle.ErrNil, Type: login.Results[1]}, eq(1, 0, user, tree("ann"))}
		if e != nil {
			as = []oracle.Assertion{{Stmt: 1, Result: 1, Kind: oracle.ErrNonNil, Type: login.Results[1], Want: e, Err: e}}
		}
		return &oracle.Case{Seq: mk(t, prog, stmt{"NewSession", lits(str("ann"))},
			stmt{"Session.Login", append(ref, seq.LitArg(str(name)))}, stmt{"Session.User", ref}), Target: 1, Key: key,
			Asserts: append(as, eq(2, 0, user, tree(wantUser)))}
	}
	empty := &rt.Tree{Kind: rt.TError, S: "readable: empty input", Is: []string{"example.com/readable.ErrEmpty"}}
	out, err := Render(prog, []*oracle.Case{row(0, "", empty, "ann"), row(1, "bob", nil, "bob")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestSession_Login")
	mustContain(t, "TestSession_Login", src, `{name: "empty", user: "", wantUser: "ann", wantErr: readable.ErrEmpty},`,
		"if s := session.User(); s != tt.wantUser {", "if got != tt.want {")
	if strings.Contains(src, "return\n") {
		t.Errorf("a row with an error returns before the observer's check:\n%s", src)
	}
}

// The zero value of an array or struct type (what the minimizer puts in
// place of a random key) is written as a composite literal, also as a
// receiver: readable.Key{}.Version(), not *new(readable.Key).
func TestZeroValueLiteral(t *testing.T) {
	prog := loadReadable(t)
	version := prog.Ops[opID(t, prog, "Key.Version")]
	cases := []*oracle.Case{
		{Seq: mk(t, prog, stmt{"Key.Version", []seq.Arg{seq.LitArg(seq.Lit{Kind: seq.LitZero})}}), Target: 0, Key: 0,
			Asserts: []oracle.Assertion{eq(0, 0, version.Results[0], tree(0))}},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestKey_Version")
	mustContain(t, "TestKey_Version", src, "got := readable.Key{}.Version()", "if got != 0 {")
	if strings.Contains(src, "new(") {
		t.Errorf("the zero key is spelled with new:\n%s", src)
	}
}

// A call kept for what it does, whose result nobody reads, is a plain
// statement (session.Reset()), not a result thrown away, and its result is
// not checked: the test is about its target. A function literal passed
// once is written in the call that takes it.
func TestArrangement(t *testing.T) {
	prog := loadReadable(t)
	ref := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	login := prog.Ops[opID(t, prog, "Session.Login")]
	reset := prog.Ops[opID(t, prog, "Session.Reset")]
	visit := prog.Ops[opID(t, prog, "Visit")]
	cases := []*oracle.Case{
		{Seq: mk(t, prog, stmt{"NewSession", lits(str("ann"))}, stmt{"Session.Reset", ref(0)},
			stmt{"Session.Login", []seq.Arg{seq.Ref(0, 0), seq.LitArg(str("bob"))}}), Target: 2, Key: 0,
			Asserts: []oracle.Assertion{eq(1, 0, reset.Results[0], tree(0)),
				{Stmt: 2, Result: 1, Kind: oracle.ErrNil, Type: login.Results[1]}, eq(2, 0, login.Results[0], tree("ann"))}},
		{Seq: mk(t, prog, stmt{"func", nil}, stmt{"Visit", []seq.Arg{seq.LitArg(slice(str("a"))), seq.Ref(0, 0)}}), Target: 1, Key: 1,
			Asserts: []oracle.Assertion{eq(1, 0, visit.Results[0], tree(1))}},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestSession_Login")
	mustContain(t, "TestSession_Login", src, "\tsession.Reset()\n")
	for _, bad := range []string{"_ = session.Reset()", "session.Reset() ="} {
		if strings.Contains(src, bad) {
			t.Errorf("TestSession_Login has %q:\n%s", bad, src)
		}
	}
	src = funcSrc(t, out.Src, "TestVisit")
	mustContain(t, "TestVisit", src, `got := readable.Visit([]string{"a"}, func(`)
}

// Another package's constructor taking only literals, passed once, is
// written in the call that takes it; as a receiver it keeps its variable.
func TestInlineConstructor(t *testing.T) {
	prog := loadReadable(t)
	quote := prog.Ops[opID(t, prog, "Quote")]
	// Quote stands in for a producer the detective found in another
	// package (strings.NewReader).
	quote.Detective = true
	defer func() { quote.Detective = false }()
	unq := prog.Ops[opID(t, prog, "Unquote")]
	cases := []*oracle.Case{
		{Seq: mk(t, prog, stmt{"Quote", lits(str("a"))}, stmt{"Unquote", []seq.Arg{seq.Ref(0, 0)}}), Target: 1, Key: 0,
			Asserts: []oracle.Assertion{{Stmt: 1, Result: 1, Kind: oracle.ErrNil, Type: unq.Results[1]}, eq(1, 0, unq.Results[0], tree("a"))}},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestUnquote", funcSrc(t, out.Src, "TestUnquote"), `got, err := readable.Unquote(readable.Quote("a"))`,
		`Unquote(Quote("a")) returned error`)
}

// A value returned by a call that changes only what nothing else in the
// test sees (Reset on a session made for it) is inlined too: the call and
// the session go, and so does the nil-error check of such a call.
func TestInlineFromUnseenEffect(t *testing.T) {
	prog := loadReadable(t)
	grade := prog.Ops[opID(t, prog, "Grade")]
	ref := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	mkCase := func(extra ...stmt) *oracle.Case {
		stmts := append([]stmt{{"NewSession", lits(str("ann"))}, {"Session.Reset", ref(0)}}, extra...)
		stmts = append(stmts, stmt{"Grade", ref(1)})
		tg := len(stmts) - 1
		return &oracle.Case{Seq: mk(t, prog, stmts...), Target: tg, Key: 0,
			Asserts: []oracle.Assertion{eq(tg, 0, grade.Results[0], tree("fail"))},
			Values:  map[seq.ValueID]*rt.Tree{{Stmt: 1, Result: 0}: tree(7)}}
	}
	out, err := Render(prog, []*oracle.Case{mkCase()}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestGrade")
	mustContain(t, "TestGrade", src, "got := readable.Grade(7)")
	for _, gone := range []string{"Reset", "NewSession"} {
		if strings.Contains(src, gone) {
			t.Errorf("TestGrade still has %s:\n%s", gone, src)
		}
	}
	// The session is seen again (Hits after Reset): Reset stays.
	out, err = Render(prog, []*oracle.Case{mkCase(stmt{"Session.Hits", ref(0)})}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestGrade", funcSrc(t, out.Src, "TestGrade"), "session.Reset()")
}

// An arrangement call whose only kept result is its error is checked in
// one if, the call as its init: if _, err := session.Login("bob"); ...
func TestGuardInIf(t *testing.T) {
	prog := loadReadable(t)
	login := prog.Ops[opID(t, prog, "Session.Login")]
	hits := prog.Ops[opID(t, prog, "Session.Hits")]
	ref := []seq.Arg{seq.Ref(0, 0)}
	cases := []*oracle.Case{
		{Seq: mk(t, prog, stmt{"NewSession", lits(str("ann"))}, stmt{"Session.Login", []seq.Arg{seq.Ref(0, 0), seq.LitArg(str("bob"))}},
			stmt{"Session.Hits", ref}), Target: 2, Key: 0,
			Asserts: []oracle.Assertion{{Stmt: 1, Result: 1, Kind: oracle.ErrNil, Type: login.Results[1]}, eq(2, 0, hits.Results[0], tree(0))}},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestSession_Hits", funcSrc(t, out.Src, "TestSession_Hits"),
		"\tif _, err := session.Login(\"bob\"); err != nil {\n\t\tt.Fatalf(")
}

// A new &T{} passed once, not as a receiver, is written in the call.
func TestInlineNewValue(t *testing.T) {
	prog := loadReadable(t)
	describe := prog.Ops[opID(t, prog, "Describe")]
	cases := []*oracle.Case{
		{Seq: modeltest.Seq(modeltest.Call(modeltest.OpOfKind(t, prog, model.Zero, "SyntaxError")), modeltest.Call(describe, seq.Ref(0, 0))), Target: 1, Key: 0,
			Asserts: []oracle.Assertion{eq(1, 0, describe.Results[0], tree(`"" at 0`))}},
	}
	out, err := Render(prog, cases, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestDescribe", funcSrc(t, out.Src, "TestDescribe"), "got := readable.Describe(&readable.SyntaxError{})")
}

// A check reads best next to the call it checks: whether a returned
// pointer is nil cannot change later, so it is written right after the
// target, and an observer whose result only its check reads is the init of
// that check (if n := got.Hits(); n != 0), as Go tests write it.
func TestChecksNextToCalls(t *testing.T) {
	prog := loadReadable(t)
	ref := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	hits := prog.Ops[opID(t, prog, "Session.Hits")].Results[0]
	user := prog.Ops[opID(t, prog, "Session.User")].Results[0]
	fork := prog.Ops[opID(t, prog, "Session.Fork")].Results[0]
	c := &oracle.Case{Seq: mk(t, prog, stmt{"NewSession", lits(str("ann"))}, stmt{"Session.Fork", ref(0)},
		stmt{"Session.Hits", ref(1)}, stmt{"Session.User", ref(1)}), Target: 1,
		Asserts: []oracle.Assertion{eq(1, 0, fork, opaque), eq(2, 0, hits, tree(0)), eq(3, 0, user, tree("ann"))}}
	out, err := Render(prog, []*oracle.Case{c}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestSession_Fork")
	mustContain(t, "TestSession_Fork", src, "got := session.Fork()\n\tif got == nil {",
		"if n := got.Hits(); n != 0 {", `if s := got.User(); s != "ann" {`)
	if strings.Index(src, "got == nil") > strings.Index(src, "got.Hits()") {
		t.Errorf("the nil check of Fork's result comes after the observers:\n%s", src)
	}
}

// An observer's variable read by a later statement stays a statement of
// its own: scoped to an if, the later read would not compile.
func TestChecksInIfKeepsReadVariables(t *testing.T) {
	parse := func(src string) []ast.Stmt {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\nfunc f() {\n"+src+"\n}", 0)
		if err != nil {
			t.Fatal(err)
		}
		return f.Decls[0].(*ast.FuncDecl).Body.List
	}
	stmts := parse("n := l.Len()\nif n != 1 { t.Errorf(\"x\") }\nuse(n)\nm := l.Cap()\nif m != 2 { t.Errorf(\"y\") }")
	observed := map[*ast.AssignStmt]bool{stmts[0].(*ast.AssignStmt): true, stmts[3].(*ast.AssignStmt): true}
	got := checksInIf(stmts, observed)
	if len(got) != 4 {
		t.Fatalf("checksInIf gave %d statements, want 4 (n kept, m folded)", len(got))
	}
	if _, ok := got[0].(*ast.AssignStmt); !ok {
		t.Errorf("n := l.Len() was folded although use(n) reads it")
	}
	if s, ok := got[3].(*ast.IfStmt); !ok || s.Init == nil {
		t.Errorf("m := l.Cap() was not folded into its check")
	}
}

// A value returned by value whose observer has a pointer receiver
// (Level.Next, Name on *Level) is observed through its address, which the
// model has for it as a support operation; the test calls the observer on
// the variable, as Go allows: got.Name(), not level2 := &got.
func TestObserverThroughAddress(t *testing.T) {
	prog := loadReadable(t)
	addr := -1
	for _, op := range prog.Ops {
		if op.Kind == model.Addr && types.TypeString(op.Type, nil) == "example.com/readable.Level" {
			if !op.Support {
				t.Errorf("&Level is not a support operation: the search would call it")
			}
			addr = op.ID
		}
	}
	if addr < 0 {
		t.Fatal("the model has no &v for Level, whose observer Name wants a *Level")
	}
	name := prog.Ops[opID(t, prog, "Level.Name")].Results[0]
	c := &oracle.Case{Seq: &seq.Seq{Stmts: []seq.Stmt{
		{Op: opID(t, prog, "NewLevel"), Args: lits(seq.Lit{Kind: seq.LitInt, I: 1})},
		{Op: opID(t, prog, "Level.Next"), Args: []seq.Arg{seq.Ref(0, 0)}},
		{Op: addr, Args: []seq.Arg{seq.Ref(1, 0)}},
		{Op: opID(t, prog, "Level.Name"), Args: []seq.Arg{seq.Ref(2, 0)}},
	}}, Target: 1, Asserts: []oracle.Assertion{eq(3, 0, name, tree("L2"))}}
	out, err := Render(prog, []*oracle.Case{c}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestLevel_Next")
	mustContain(t, "TestLevel_Next", src, "got := level.Next()", `if s := got.Name(); s != "L2" {`)
	if strings.Contains(src, "&got") || strings.Contains(src, "must not panic") {
		t.Errorf("TestLevel_Next takes the address itself or checks nothing:\n%s", src)
	}
}

// Rows of a table whose target returns what no row can write, but not nil
// in any row, check that much in the loop: if got == nil.
func TestTableNonNil(t *testing.T) {
	prog := loadReadable(t)
	sess := prog.Ops[opID(t, prog, "NewSession")].Results[0]
	row := func(key int, name string) *oracle.Case {
		return &oracle.Case{Seq: mk(t, prog, stmt{"NewSession", lits(str(name))}), Target: 0, Key: key,
			Asserts: []oracle.Assertion{eq(0, 0, sess, opaque)}}
	}
	out, err := Render(prog, []*oracle.Case{row(0, "ann"), row(1, "bob")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestNewSession")
	mustContain(t, "TestNewSession", src, "for _, tt := range tests {", "got := readable.NewSession(tt.user)", "if got == nil {")
	if strings.Contains(src, "must not panic") {
		t.Errorf("TestNewSession says it checks nothing:\n%s", src)
	}
}

// Cases that differ only in the function literal the target takes are
// named after what it returns, not numbered.
func TestSubtestNamesFromFuncLits(t *testing.T) {
	prog := loadReadable(t)
	var yes, no int = -1, -1
	for _, op := range prog.Ops {
		if op.Kind == model.FuncLit && types.TypeString(op.Type, nil) == "func(string) bool" {
			switch op.Variant {
			case model.FuncRecord:
				yes = op.ID
			case model.FuncRecordFalse:
				no = op.ID
			}
		}
	}
	if yes < 0 || no < 0 {
		t.Fatal("no func(string) bool literals in the model")
	}
	res := prog.Ops[opID(t, prog, "Any")].Results[0]
	mkCase := func(key, lit int, want bool) *oracle.Case {
		return &oracle.Case{Seq: &seq.Seq{Stmts: []seq.Stmt{{Op: lit},
			{Op: opID(t, prog, "Any"), Args: []seq.Arg{seq.LitArg(seq.Lit{Kind: seq.LitSlice, Elems: []seq.Lit{str("a")}}), seq.Ref(0, 0)}}}},
			Target: 1, Key: key, Asserts: []oracle.Assertion{eq(1, 0, res, tree(want))}}
	}
	out, err := Render(prog, []*oracle.Case{mkCase(0, yes, true), mkCase(1, no, false)}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestAny")
	// Nothing reads what the recording literal saw: it is written, and
	// named, as the literal that returns true.
	mustContain(t, "TestAny", src, "returns_true", "returns_false")
	if strings.Contains(src, "seen") {
		t.Errorf("TestAny declares a recording nothing reads:\n%s", src)
	}
	if strings.Contains(src, `_2"`) {
		t.Errorf("TestAny numbers a subtest:\n%s", src)
	}
}

// Rows whose long texts start alike (cut to the same word) are told apart
// by their lengths, not numbered.
func TestTableRowNamesLongTexts(t *testing.T) {
	prog := loadReadable(t)
	res := prog.Ops[opID(t, prog, "Quote")].Results[0]
	row := func(key int, in string) *oracle.Case {
		return &oracle.Case{Seq: mk(t, prog, stmt{"Quote", lits(str(in))}), Target: 0, Key: key,
			Asserts: []oracle.Assertion{eq(0, 0, res, tree(strconv.Quote(in)))}}
	}
	long := "abcdefgh-ijklmnop-qrstuvwx-"
	out, err := Render(prog, []*oracle.Case{row(0, long+"yz"), row(1, long+"yz0123456789")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestQuote")
	mustContain(t, "TestQuote", src, `{name: "abcdefgh-ijklmnop-qrstuv_len29"`, `{name: "abcdefgh-ijklmnop-qrstuv_len39"`)
}

// Cases that differ in the package variable they take are named after
// it ("First", "Top"), not "default" and "default_2".
func TestSubtestNamesFromVars(t *testing.T) {
	prog := loadReadable(t)
	n := len(prog.Ops)
	defer func() { prog.Ops = prog.Ops[:n] }()
	var ids []int
	for _, name := range []string{"First", "Top"} {
		v := prog.Pkg.Scope().Lookup(name).(*types.Var)
		op := &model.Op{ID: len(prog.Ops), Kind: model.Var, Name: name, Var: v, Results: []types.Type{v.Type()}}
		prog.Ops = append(prog.Ops, op)
		ids = append(ids, op.ID)
	}
	name := prog.Ops[opID(t, prog, "Level.Name")].Results[0]
	mkCase := func(key, v int, want string) *oracle.Case {
		return &oracle.Case{Seq: &seq.Seq{Stmts: []seq.Stmt{{Op: v},
			{Op: opID(t, prog, "Level.Name"), Args: []seq.Arg{seq.Ref(0, 0)}}}},
			Target: 1, Key: key, Asserts: []oracle.Assertion{eq(1, 0, name, tree(want))}}
	}
	out, err := Render(prog, []*oracle.Case{mkCase(0, ids[0], "L0"), mkCase(1, ids[1], "L9")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestLevel_Name")
	mustContain(t, "TestLevel_Name", src, `t.Run("First"`, `t.Run("Top"`)
}
