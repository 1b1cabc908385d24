package emit

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

const fixture = "../../testdata/emit/p/p.go"

var (
	loadOnce sync.Once
	loaded   *model.Program
)

// load type-checks the fixture package as example.com/p and builds its
// model, once for all tests.
func load(t testing.TB) *model.Program {
	t.Helper()
	loadOnce.Do(func() { loaded = model.Build(modeltest.CheckFile(t, "example.com/p", fixture), model.Options{}) })
	if loaded == nil {
		t.Fatalf("%s did not load", fixture)
	}
	return loaded
}

// opID is the ID of the operation named name (modeltest.Op).
func opID(t testing.TB, prog *model.Program, name string) int { return modeltest.Op(t, prog, name).ID }

func str(s string) seq.Lit              { return seq.Lit{Kind: seq.LitString, S: s} }
func num(i int64) seq.Lit               { return seq.Lit{Kind: seq.LitInt, I: i} }
func unum(u uint64) seq.Lit             { return seq.Lit{Kind: seq.LitUint, U: u} }
func flt(f float64) seq.Lit             { return seq.Lit{Kind: seq.LitFloat, F: f} }
func boolean(b bool) seq.Lit            { return seq.Lit{Kind: seq.LitBool, B: b} }
func bytesLit(s string) seq.Lit         { return seq.Lit{Kind: seq.LitBytes, S: s} }
func named(l seq.Lit, n string) seq.Lit { l.Name = n; return l }
func slice(ls ...seq.Lit) seq.Lit       { return seq.Lit{Kind: seq.LitSlice, Elems: ls} }

// builder makes cases against prog.
type builder struct {
	t    testing.TB
	prog *model.Program
	key  int
}

type stmt struct {
	op   string
	args []seq.Arg
}

func lits(ls ...seq.Lit) []seq.Arg {
	var out []seq.Arg
	for _, l := range ls {
		out = append(out, seq.LitArg(l))
	}
	return out
}

// tree returns a value tree for a basic value.
func tree(v any) *rt.Tree {
	switch v := v.(type) {
	case int:
		return &rt.Tree{Kind: rt.TInt, I: int64(v), Type: "int"}
	case int64:
		return &rt.Tree{Kind: rt.TInt, I: v, Type: "int64"}
	case uint32:
		return &rt.Tree{Kind: rt.TUint, U: uint64(v), Type: "uint32"}
	case float64:
		return &rt.Tree{Kind: rt.TFloat, F: v, Type: "float32"}
	case bool:
		return &rt.Tree{Kind: rt.TBool, B: v, Type: "bool"}
	case string:
		return &rt.Tree{Kind: rt.TString, S: v, Type: "string"}
	}
	panic(v)
}

// cs builds a case whose target is its last statement. want holds, per
// result of the target, a value (asserted Equal), an error (ErrNonNil with
// its message), nil for a nil error, or skip.
func (b *builder) cs(stmts []stmt, want ...any) *oracle.Case {
	s := &seq.Seq{}
	for _, st := range stmts {
		s.Stmts = append(s.Stmts, seq.Stmt{Op: opID(b.t, b.prog, st.op), Args: st.args})
	}
	c := &oracle.Case{Seq: s, Target: len(s.Stmts) - 1, Key: b.key}
	b.key++
	op := b.prog.Ops[s.Stmts[c.Target].Op]
	for j, w := range want {
		a := oracle.Assertion{Stmt: c.Target, Result: j, Type: op.Results[j]}
		switch w := w.(type) {
		case skip:
			continue
		case nil:
			a.Kind = oracle.ErrNil
		case error:
			a.Kind = oracle.ErrNonNil
			if w.Error() != "" {
				a.Want = &rt.Tree{Kind: rt.TError, S: w.Error()}
			}
		case *rt.Tree:
			a.Kind, a.Want = oracle.Equal, w
		default:
			a.Kind, a.Want = oracle.Equal, tree(w)
		}
		c.Asserts = append(c.Asserts, a)
	}
	return c
}

type skip struct{}

type errText string

func (e errText) Error() string { return string(e) }

// one is a one-statement sequence.
func one(op string, ls ...seq.Lit) []stmt { return []stmt{{op, lits(ls...)}} }

// fixtureCases are the cases of the fixture: tables, single cases,
// subtests, enums, variadics and receivers.
func fixtureCases(t testing.TB, prog *model.Program) []*oracle.Case {
	b := &builder{t: t, prog: prog}
	colorTree := func(i int64) *rt.Tree {
		return &rt.Tree{Kind: rt.TInt, I: i, Type: "p.Color", Named: "example.com/p.Color"}
	}
	ctor := stmt{"NewCart", lits(num(1))}
	return []*oracle.Case{
		b.cs(one("ParseCents", str("42")), int64(4200), nil),
		b.cs(one("ParseCents", str("")), skip{}, errText("p: empty amount")),
		b.cs(one("ParseCents", str("x")), skip{}, errText(`p: bad amount "x"`)),
		// A reference instead of a literal: a subtest beside the table.
		b.cs([]stmt{{"Color.String", lits(num(1))}, {"ParseCents", []seq.Arg{seq.Ref(0, 0)}}},
			skip{}, errText(`p: bad amount "green"`)),
		b.cs(one("Clamp", num(5), num(-1), num(10)), int64(5)),
		b.cs(one("Clamp", num(-7), num(-1), num(10)), int64(-1)),
		b.cs(one("Clamp", num(300), num(0), num(100)), int64(100)),
		b.cs(one("Checksum", bytesLit("ab")), uint32(195)),
		b.cs(one("Checksum", bytesLit("")), uint32(0)),
		b.cs(one("Half", flt(3), boolean(true)), 1.5),
		b.cs(one("Half", flt(3), boolean(false)), 3.0),
		b.cs(one("Next", named(num(0), "example.com/p.Red")), colorTree(1)),
		b.cs(one("Next", named(num(2), "example.com/p.Blue")), colorTree(0)),
		b.cs(one("Color.String", num(2)), "blue"),
		b.cs(one("Color.String", num(7)), "Color(7)"),
		b.cs(one("Sum", slice(num(1), num(2), num(3))), 6),
		b.cs(one("Sum", slice()), 0),
		b.cs(one("NewCart", num(3)), skip{}, nil),
		b.cs(one("NewCart", num(0)), skip{}, errText("p: limit 0 must be positive")),
		b.cs(one("NewCart", num(-2)), skip{}, errText("p: limit -2 must be positive")),
		b.cs([]stmt{ctor, {"Cart.Add", []seq.Arg{seq.Ref(0, 0), seq.LitArg(str("a"))}}}, nil),
		// An error whose message was not asserted: wantErr is a bool.
		b.cs([]stmt{ctor, {"Cart.Add", []seq.Arg{seq.Ref(0, 0), seq.LitArg(str(""))}}}, errText("")),
		b.cs([]stmt{{"NewCart", lits(num(2))}, {"Cart.Len", []seq.Arg{seq.Ref(0, 0)}}}, 0),
		// Identity checks: a fluent method returns its receiver, a copy
		// is another cart.
		identity(b.cs([]stmt{ctor, {"Cart.Self", []seq.Arg{seq.Ref(0, 0)}}}), oracle.Same),
		identity(b.cs([]stmt{ctor, {"Cart.Copy", []seq.Arg{seq.Ref(0, 0)}}}), oracle.NotSame),
	}
}

// identity adds to c, whose target is a method of a value made by
// statement 0, the identity check kind of its result against that value.
func identity(c *oracle.Case, kind oracle.Kind) *oracle.Case {
	c.Asserts = append(c.Asserts, oracle.Assertion{Stmt: c.Target, Kind: kind, Other: seq.ValueID{}})
	return c
}

func render(t *testing.T, opts Options) (*model.Program, []*oracle.Case, *Output) {
	t.Helper()
	prog := load(t)
	cases := fixtureCases(t, prog)
	out, err := Render(prog, cases, opts)
	if err != nil {
		t.Fatal(err)
	}
	return prog, cases, out
}

// funcSrc returns the source of top-level function name in src.
func funcSrc(t *testing.T, src []byte, name string) string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("rendered file does not parse: %v\n%s", err, src)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
		}
	}
	return ""
}

func info(out *Output, name string) *TestInfo {
	for i := range out.Tests {
		if out.Tests[i].Func == name {
			return &out.Tests[i]
		}
	}
	return nil
}

func mustContain(t *testing.T, where, src string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(src, w) {
			t.Errorf("%s: missing %q in:\n%s", where, w, src)
		}
	}
}

func TestTables(t *testing.T) {
	_, _, out := render(t, Options{})
	if len(out.Skipped) > 0 {
		t.Errorf("skipped %v", out.Skipped)
	}
	src := out.Src
	pm := funcSrc(t, src, "TestParseCents")
	mustContain(t, "TestParseCents", pm,
		"tests := []struct {",
		"\t\tin      string\n",
		"\t\twantErr string\n",
		`{name: "42", in: "42", want: 4200},`,
		`{name: "empty", in: "", wantErr: "p: empty amount"},`,
		"got, err := p.ParseCents(tt.in)",
		`t.Errorf("ParseCents(%q) = %v, want %v", tt.in, got, tt.want)`,
		`t.Errorf("ParseCents(%q) error = %v, want %q", tt.in, err, tt.wantErr)`,
		`t.Run("from_String", func(t *testing.T) {`)
	ti := info(out, "TestParseCents")
	if ti == nil || strings.Join(ti.Subtests, ",") != "42,empty,x,from_String" || len(ti.Keys) != 4 ||
		ti.Keys[0] != 0 || ti.Keys[3] != 3 {
		t.Errorf("TestParseCents info = %+v", ti)
	}
	mustContain(t, "TestClamp", funcSrc(t, src, "TestClamp"),
		"\t\tx    int64\n", "\t\tlo   int8\n", "\t\thi   int8\n",
		`{name: "x=-7,lo=-1,hi=10", x: -7, lo: -1, hi: 10, want: -1},`,
		"got := p.Clamp(tt.x, tt.lo, tt.hi)",
		`"Clamp(%v, %v, %v) = %v, want %v", tt.x, tt.lo, tt.hi, got, tt.want`)
	// Literals that do not vary stay inline, and row names come from
	// what varies.
	mustContain(t, "TestHalf", funcSrc(t, src, "TestHalf"), "p.Half(3.0, tt.on)", `{name: "on=true", on: true, want: 1.5}`)
	// Named constants, in inputs and in wants.
	mustContain(t, "TestNext", funcSrc(t, src, "TestNext"), `{name: "Red", in: p.Red, want: p.Green},`)
	mustContain(t, "TestColor_String", funcSrc(t, src, "TestColor_String"),
		`{name: "Blue", color: p.Blue, want: "blue"},`, "got := tt.color.String()", `"Color(%v).String() = %q, want %q"`)
	mustContain(t, "TestSum", funcSrc(t, src, "TestSum"), "xs   []int", "p.Sum(tt.xs...)", `{name: "no_elems", xs: []int{}, want: 0}`)
	// Errors only: wantErr and no early return.
	mustContain(t, "TestNewCart", funcSrc(t, src, "TestNewCart"), "_, err := p.NewCart(tt.limit)", "} else if err != nil {")
	// A parameter called name does not clash with the row name.
	mustContain(t, "TestCart_Add", funcSrc(t, src, "TestCart_Add"), "nameArg string", "cart.Add(tt.nameArg)", "p.NewCart(1)",
		"wantErr bool", `{name: "empty", nameArg: "", wantErr: true},`,
		"if (err != nil) != tt.wantErr {", `t.Errorf("cart.Add(%q) error = %v, wantErr %v", tt.nameArg, err, tt.wantErr)`)
	mustContain(t, "TestParseCents", pm, "s := p.Green.String()", `"ParseCents(s) returned nil error, want an error"`)
	// One case: no table, no subtest.
	if ln := funcSrc(t, src, "TestCart_Len"); strings.Contains(ln, "t.Run") || strings.Contains(ln, "tests") {
		t.Errorf("TestCart_Len has subtests:\n%s", ln)
	}
	if strings.Contains(string(src), "Fuzz") {
		t.Errorf("fuzz targets without Options.Fuzz")
	}
	// Every subtest name is unique within its function.
	for _, ti := range out.Tests {
		seen := map[string]bool{}
		for _, s := range ti.Subtests {
			if seen[s] {
				t.Errorf("%s: duplicate subtest %q", ti.Func, s)
			}
			seen[s] = true
		}
		if len(ti.Subtests) != len(ti.Keys) {
			t.Errorf("%s: %d subtests, %d keys", ti.Func, len(ti.Subtests), len(ti.Keys))
		}
	}
	// Imports: standard library first, go-cmp after.
	// Every value of the fixture is basic: compared with !=, no go-cmp.
	mustContain(t, "imports", string(src), "import (\n\t\"testing\"\n\n\t\"example.com/p\"\n)")
}

func TestDeterministic(t *testing.T) {
	_, _, a := render(t, Options{Fuzz: true})
	_, _, b := render(t, Options{Fuzz: true})
	if string(a.Src) != string(b.Src) {
		t.Error("two renders differ")
	}
}

func TestFuzz(t *testing.T) {
	_, _, out := render(t, Options{Fuzz: true, Reserved: map[string]bool{"FuzzParseCents": true}})
	src := string(out.Src)
	// A parser of its string input gets a target, named around Reserved.
	mustContain(t, "FuzzParseCents2", funcSrc(t, out.Src, "FuzzParseCents2"),
		`f.Add("42")`, `f.Add("")`, `f.Add("x")`,
		"f.Fuzz(func(t *testing.T, s string) {",
		"if err, ok := recover().(runtime.Error); ok && s != \"\" {",
		"p.ParseCents(s)")
	// Arithmetic, a hash and a String method are not parsers: their
	// tests check their values, and a target would only say "no panic"
	// (fuzzWorth; their rendering is TestFuzzRendering's).
	for _, name := range []string{"FuzzClamp", "FuzzChecksum", "FuzzHalf", "FuzzNext", "FuzzColor_String", "FuzzSum", "FuzzCart_Add", "FuzzCart_Len"} {
		if strings.Contains(src, "func "+name+"(") {
			t.Errorf("%s written for an operation that does not parse its input", name)
		}
	}
	ti := info(out, "FuzzParseCents2")
	if ti == nil || strings.Join(ti.Subtests, ",") != "seed#0,seed#1,seed#2" || len(ti.Keys) != 3 {
		t.Errorf("FuzzParseCents2 info = %+v", ti)
	}
	mustContain(t, "imports", src, "\t\"runtime\"\n\t\"runtime/debug\"\n")
}

// TestFuzzRendering renders the targets of operations fuzzWorth leaves
// out, as fuzzTarget writes them when called: exact f.Add types, named
// types fuzzed as their underlying type, the zero-input exemption.
func TestFuzzRendering(t *testing.T) {
	prog, cases := load(t), fixtureCases(t, load(t))
	target := func(name string) string {
		t.Helper()
		id := opID(t, prog, name)
		var cs []*oracle.Case
		for _, c := range cases {
			if c.Seq.Stmts[c.Target].Op == id && !c.Panics {
				cs = append(cs, c)
			}
		}
		r := newRenderer(prog, Options{Fuzz: true})
		src, _, ok := r.fuzzTarget(prog.Ops[id], cs, map[string]bool{"FuzzClamp": true})
		if !ok {
			t.Fatalf("no fuzz target for %s", name)
		}
		return src
	}
	mustContain(t, "FuzzClamp2", target("Clamp"), "func FuzzClamp2(", "f.Add(int64(-7), int8(-1), int8(10))",
		"func(t *testing.T, x int64, lo int8, hi int8)")
	mustContain(t, "FuzzChecksum", target("Checksum"), `f.Add([]byte("ab"))`, "len(b) != 0")
	mustContain(t, "FuzzHalf", target("Half"), "f.Add(float32(3.0), true)", "ok && f2 != 0")
	mustContain(t, "FuzzNext", target("Next"), "f.Add(0)", "p.Next(p.Color(c))")
	mustContain(t, "FuzzColor_String", target("Color.String"), "p.Color(color).String()")
}

// findings are the planted bugs of the fixture, and one that cannot be
// written.
func findings(t testing.TB, prog *model.Program) []*oracle.Finding {
	b := &builder{t: t, prog: prog, key: 100}
	return []*oracle.Finding{
		{Case: b.cs([]stmt{{"Size", lits(seq.Lit{Kind: seq.LitNil})}}), Kind: "nil-deref", Function: "example.com/p.Size",
			Message: "runtime error: invalid memory address or nil pointer dereference"},
		{Case: b.cs(one("NewPoint", num(3), num(4))), Kind: "equal-reflexive", Function: "(example.com/p.Point).Equal",
			Message: "Equal is not reflexive", Check: oracle.FindingCheck{Kind: oracle.CheckEqualReflexive}},
		{Case: b.cs(one("NewVersion", num(2))), Kind: "marshal-roundtrip", Function: "(*example.com/p.Version).UnmarshalText",
			Message: "MarshalText/UnmarshalText does not round-trip", Check: oracle.FindingCheck{Kind: oracle.CheckRoundTrip, Method: "MarshalText"}},
		{Case: b.cs(one("NewPoint", num(1), num(1))), Kind: "mystery", Check: oracle.FindingCheck{Kind: "mystery"}},
	}
}

func TestFindings(t *testing.T) {
	prog := load(t)
	out, err := RenderFindings(prog, findings(t, prog), Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := string(out.Src)
	mustContain(t, "findings", src, "//go:build gentest_findings\n",
		"// TestFinding_NilDeref_Size reproduces a probable bug gentest found in\n// example.com/p.Size (nil-deref):\n",
		"func TestFinding_NilDeref_Size(t *testing.T) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tt.Errorf(\"Size() panicked: %v\\n%s\", r, debug.Stack())\n\t\t}\n\t}()\n\t_ = p.Size(nil)\n}",
		"if !point.Equal(point) {",
		`t.Error("point.Equal(point) = false, want true: Equal must be reflexive")`,
		// Unmarshal panicking on what Marshal made fails the test rather
		// than ending the binary, which would end the three confirmation
		// runs after the first.
		"func TestFinding_MarshalRoundtrip_Version_UnmarshalText(t *testing.T) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tt.Errorf(\"the MarshalText round trip panicked: %v\\n%s\", r, debug.Stack())",
		"data, err := version.MarshalText()",
		"var version2 p.Version",
		"err2 := version2.UnmarshalText(data); err2 != nil",
		// Version has an unexported field: go-cmp would panic.
		"if !reflect.DeepEqual(version, version2) {")
	if len(out.Skipped) != 1 || out.Skipped[0] != 103 {
		t.Errorf("Skipped = %v, want [103]", out.Skipped)
	}
	if len(out.Tests) != 3 || out.Tests[0].Func != "TestFinding_EqualReflexive_Point_Equal" {
		t.Errorf("Tests = %+v", out.Tests)
	}
}

// TestCompiles writes the fixture, the rendered tests (with go-cmp, in a
// module that requires it) and the findings file into a module and runs go
// vet and go test on it: the tests pass, the fuzz seeds run under the
// names TestInfo gives them, and every finding fails under its build tag.
// TestStdCompiles does the same for the file without go-cmp.
func TestCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	prog, out := renderValues(t, Options{Fuzz: true, Cmp: true})
	if !out.UsesCmp {
		t.Fatal("the file does not use go-cmp")
	}
	fout, err := RenderFindings(prog, findings(t, prog), Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fix, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	cmpReq := regexp.MustCompile(`github.com/google/go-cmp v\S+`).Find(gomod)
	var sum []string
	for _, l := range strings.Split(string(gosum), "\n") {
		if strings.HasPrefix(l, "github.com/google/go-cmp ") {
			sum = append(sum, l)
		}
	}
	files := map[string]string{
		"go.mod":            "module example.com/p\n\ngo 1.26\n\nrequire " + string(cmpReq) + "\n",
		"go.sum":            strings.Join(sum, "\n") + "\n",
		"p.go":              string(fix),
		"p_gentest_test.go": string(out.Src),
		FindingsFile("p"):   string(fout.Src),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	gocmd := func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	if o, err := gocmd("vet", "."); err != nil {
		t.Fatalf("go vet: %v\n%s\n%s", err, o, out.Src)
	}
	if o, err := gocmd("vet", "-tags", FindingsTag, "."); err != nil {
		t.Fatalf("go vet -tags %s: %v\n%s\n%s", FindingsTag, err, o, fout.Src)
	}
	o, err := gocmd("test", "-count=1", "-v", ".")
	if err != nil {
		t.Fatalf("go test: %v\n%s", err, o)
	}
	for _, ti := range out.Tests {
		for _, sub := range ti.Subtests {
			name := ti.Func
			if sub != "" {
				name += "/" + sub
			}
			if !strings.Contains(o, "--- PASS: "+name+" ") {
				t.Errorf("go test -v does not show %s passing", name)
			}
		}
	}
	o, err = gocmd("test", "-count=1", "-tags", FindingsTag, "-run", "^TestFinding_", ".")
	if err == nil {
		t.Fatalf("findings pass:\n%s", o)
	}
	for _, ti := range fout.Tests {
		if !strings.Contains(o, "--- FAIL: "+ti.Func+" ") {
			t.Errorf("%s does not fail:\n%s", ti.Func, o)
		}
	}
}

// Only calls and methods are fuzzed: a case whose target is a conversion
// (or a composite literal) with literal inputs has seeds too, but no
// function to call; rendering it as a fuzz target panicked (std
// encoding/xml and regexp/syntax got no file).
func TestFuzzOnlyCalls(t *testing.T) {
	prog := load(t)
	b := &builder{t: t, prog: prog}
	conv := b.cs(one("Color", num(2)), &rt.Tree{Kind: rt.TInt, I: 2, Type: "p.Color", Named: "example.com/p.Color"})
	out, err := Render(prog, append(fixtureCases(t, prog), conv), Options{Fuzz: true})
	if err != nil {
		t.Fatal(err)
	}
	if src := string(out.Src); strings.Contains(src, "func FuzzColor(") {
		t.Errorf("a conversion became a fuzz target:\n%s", funcSrc(t, out.Src, "FuzzColor"))
	}
	if funcSrc(t, out.Src, "FuzzParseCents") == "" {
		t.Error("FuzzParseCents is missing")
	}
}

// A case whose target panics as documented is a test of its own: the
// documentation's sentence, a deferred check that the call panicked,
// and the call as a plain statement; it joins neither the operation's
// table nor its fuzz seeds.
func TestDocumentedPanic(t *testing.T) {
	prog := load(t)
	op := prog.Ops[opID(t, prog, "Clamp")]
	op.DocPanics = "Clamp panics if lo > hi."
	t.Cleanup(func() { op.DocPanics = "" })
	b := &builder{t: t, prog: prog}
	normal := b.cs(one("Clamp", num(5), num(-1), num(10)), int64(5))
	panics := b.cs(one("Clamp", num(5), num(10), num(1)))
	panics.Panics = true
	out, err := Render(prog, []*oracle.Case{normal, panics}, Options{Fuzz: true})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestClampPanics")
	mustContain(t, "TestClampPanics", src, "// As documented: Clamp panics if lo > hi.", "if recover() == nil {",
		"t.Error(\"Clamp(5, 10, 1) did not panic\")", "\tp.Clamp(5, 10, 1)\n")
	if strings.Contains(src, "must not panic") || strings.Contains(src, "_ = p.Clamp") {
		t.Errorf("the panic's test says or does what a test of a call that returns does:\n%s", src)
	}
	if in := info(out, "TestClampPanics"); in == nil || len(in.Keys) != 1 || in.Keys[0] != panics.Key {
		t.Errorf("TestClampPanics runs %v, want the panic's case alone", in)
	}
	if fz := funcSrc(t, out.Src, "FuzzClamp"); strings.Contains(fz, "f.Add(int64(5), int8(10), int8(1))") {
		t.Errorf("the panic's inputs seed the fuzz target:\n%s", fz)
	}
}

// go vet rejects "Testfmt_Errorf": a test name goes on with an upper-case
// letter after "Test".
func TestTestNameUpperCase(t *testing.T) {
	for name, want := range map[string]string{"fmt.Errorf": "TestFmt_Errorf", "Parse": "TestParse", "UUID.String": "TestUUID_String", "ésprit": "TestÉsprit"} {
		if got := testName(&model.Op{Name: name}); got != want {
			t.Errorf("testName(%q) = %q, want %q", name, got, want)
		}
	}
}

// blankUnread gives up the target's variables that nothing reads, and
// turns a declaration that declares nothing into an assignment; the
// result is code that compiles (an unread variable does not).
func TestBlankUnread(t *testing.T) {
	for _, c := range []struct {
		body, want string
		keep       string
	}{
		{"got, err := f()\nif err != nil {\n\tt.Fatal(err)\n}", "_, err := f()\nif err != nil {\n\tt.Fatal(err)\n}", ""},
		{"got, _ := f()", "_, _ = f()", ""},
		{"got := f()\nuse(got)", "got := f()\nuse(got)", ""},
		{"got := f()", "got := f()", "got"}, // a finding's check reads it after the body
		{"got := f()\nt.Run(\"x\", func(t *testing.T) {\n\tuse(got)\n})", "got := f()\nt.Run(\"x\", func(t *testing.T) {\n\tuse(got)\n})", ""},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", "package p\nfunc _() {\n"+c.body+"\n}\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		list := f.Decls[0].(*ast.FuncDecl).Body.List
		keep := map[string]bool{}
		if c.keep != "" {
			keep[c.keep] = true
		}
		list = blankUnread(list, list[0], keep)
		var b strings.Builder
		for i, st := range list {
			if i > 0 {
				b.WriteString("\n")
			}
			format.Node(&b, token.NewFileSet(), st)
		}
		if got := b.String(); got != c.want {
			t.Errorf("blankUnread of\n%s\n= %s\nwant %s", c.body, got, c.want)
		}
	}
}

// A compare-equal finding is written as a check that Compare's zero and
// Equal agree on the two values of its case (oracle.CheckCompareEqual,
// which the oracle's compare-equal contract carries).
func TestFindingCompareEqual(t *testing.T) {
	prog := modeltest.Program(t, `package p

import "strings"

type Name struct{ s string }

func NewName(s string) Name        { return Name{s} }
func (n Name) Compare(o Name) int  { return strings.Compare(strings.ToLower(n.s), strings.ToLower(o.s)) }
func (n Name) Equal(o Name) bool   { return n.s == o.s }
`, model.Options{})
	newName := modeltest.Op(t, prog, "NewName")
	s := modeltest.Seq(modeltest.Call(newName, modeltest.Str("Go")), modeltest.Call(newName, modeltest.Str("go")))
	other := seq.Ref(1, 0)
	fd := &oracle.Finding{Case: &oracle.Case{Seq: s, Target: 1, Key: 7}, Kind: "compare-equal", Function: "(example.com/p.Name).Compare",
		Message: "x.Compare(y) == 0 disagrees with x.Equal(y)",
		Check:   oracle.FindingCheck{Kind: oracle.CheckCompareEqual, Stmt: 0, Result: 0, Other: &other, Method: "Compare"}}
	out, err := RenderFindings(prog, []*oracle.Finding{fd}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Skipped) != 0 || len(out.Tests) != 1 {
		t.Fatalf("skipped %v, tests %+v: want the finding written", out.Skipped, out.Tests)
	}
	mustContain(t, "findings", string(out.Src), `name := p.NewName("Go")`, `name2 := p.NewName("go")`,
		"if order, equal := name.Compare(name2), name.Equal(name2); (order == 0) != equal {",
		"Compare and Equal must agree")
}

// Identity checks compare the result with the value they name, as
// variables, right after the call: got != cart for Same, got == cart for
// NotSame, with no non-nil check beside a Same.
func TestIdentityChecks(t *testing.T) {
	_, _, out := render(t, Options{})
	src := string(out.Src)
	self, cp := funcSrc(t, out.Src, "TestCart_Self"), funcSrc(t, out.Src, "TestCart_Copy")
	if self == "" || cp == "" {
		t.Fatalf("no TestCart_Self or TestCart_Copy in:\n%s", src)
	}
	mustContain(t, "Self", self, "got := cart.Self()", "if got != cart {", `want cart (%p)", got, cart)`)
	mustContain(t, "Copy", cp, "got := cart.Copy()", "if got == cart {", "= cart, want another pointer")
	if strings.Contains(self, "want non-nil") {
		t.Errorf("Self: a non-nil check beside the identity check:\n%s", self)
	}
}

// A documented panic whose text the oracle chose to check (the package's
// own message) is checked by it: another panic fails the test.
func TestDocumentedPanicText(t *testing.T) {
	prog := load(t)
	op := prog.Ops[opID(t, prog, "Clamp")]
	op.DocPanics = "Clamp panics if lo > hi."
	t.Cleanup(func() { op.DocPanics = "" })
	b := &builder{t: t, prog: prog}
	panics := b.cs(one("Clamp", num(5), num(10), num(1)))
	panics.Panics, panics.PanicMsg = true, "p: lo > hi"
	out, err := Render(prog, []*oracle.Case{panics}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := funcSrc(t, out.Src, "TestClampPanics")
	mustContain(t, "TestClampPanics", src, "if r := recover(); r == nil {", "t.Error(\"Clamp(5, 10, 1) did not panic\")",
		`} else if msg := fmt.Sprint(r); msg != "p: lo > hi" {`,
		`t.Errorf("Clamp(5, 10, 1) panicked with %q, want %q", msg, "p: lo > hi")`)
	if !strings.Contains(string(out.Src), "\"fmt\"") {
		t.Errorf("fmt not imported:\n%s", out.Src)
	}
}
