package construct_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/analyzertest"
	"github.com/google/go-cmp/cmp"

	"github.com/gentest-go/gentest/analyzers/construct"
	"github.com/gentest-go/gentest/analyzers/suite"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// The facts satisfy the interfaces gentest facts -json prints through.
var (
	_ suite.FuncFact    = (*construct.Branches)(nil)
	_ suite.PackageFact = (*construct.Package)(nil)
)

var packages = []string{
	"construct/branches", "construct/literal", "construct/ctors", "construct/options", "construct/builder",
}

// TestAnalyzer checks the want expectations of the testdata packages (with
// branch facts exported, as gentest facts does) and then what only the
// Go API shows: the result's unexported parts, the encodings.
func TestAnalyzer(t *testing.T) {
	if err := construct.Analyzer.Flags.Set("branchfacts", "true"); err != nil {
		t.Fatal(err)
	}
	defer construct.Analyzer.Flags.Set("branchfacts", "false")
	results := analyzertest.Run(t, testdata(t), construct.Analyzer, packages...)
	byPkg := make(map[string]*construct.Result)
	for _, r := range results {
		byPkg[r.Pass.Pkg.Path()] = r.Result.(*construct.Result)
	}
	t.Run("Result", func(t *testing.T) { testResult(t, byPkg) })
	t.Run("Encoding", func(t *testing.T) {
		for _, r := range results {
			for _, f := range r.Facts {
				for _, fact := range f {
					testEncoding(t, fact)
				}
			}
		}
	})
}

// testResult checks what the result holds beyond the facts: unexported
// types, fields and functions.
func testResult(t *testing.T, byPkg map[string]*construct.Result) {
	typ := func(pkg, name string) *construct.Type {
		t.Helper()
		for tn, ty := range byPkg[pkg].Types {
			if tn.Name() == name {
				return ty
			}
		}
		t.Fatalf("%s: no type %s in the result", pkg, name)
		return nil
	}
	fn := func(pkg, name string) *construct.Branches {
		t.Helper()
		for f, b := range byPkg[pkg].Branches() {
			if f.Name() == name {
				return b
			}
		}
		return nil
	}

	// An unexported type is in the result, with its fields, none of
	// which another package can set.
	opts := typ("construct/literal", "options")
	if len(opts.Fields) != 1 || opts.Fields[0].Settable || construct.StepsString(opts.Fields[0].Steps) != "debug" {
		t.Errorf("literal.options fields = %+v, want one unsettable field debug", opts.Fields)
	}
	// The unsettable fields of an exported type are in the result only.
	srv := typ("construct/literal", "Server")
	var unsettable []string
	for _, f := range srv.Fields {
		if !f.Settable {
			unsettable = append(unsettable, construct.StepsString(f.Steps))
		}
	}
	if diff := cmp.Diff([]string{"Limits.rate", "opts", "opts.debug", "Inner", "Hidden", "Hidden.Secret"}, unsettable); diff != "" {
		t.Errorf("literal.Server unsettable fields (-want +got):\n%s", diff)
	}
	// The result nests the fields of types that have an entry of their
	// own, which the fact leaves to that entry.
	var nested []string
	for _, f := range srv.Fields {
		if f.Settable && len(f.Steps) > 1 {
			nested = append(nested, construct.StepsString(f.Steps))
		}
	}
	wantNested := []string{
		"Limits.Max", "TLS.Cert", "TLS.Key", "Routes[].Path", "Routes[].Methods", "Peers[].Path", "Peers[].Methods",
		"Hooks[].Name", "Inner.Level", "Meta.Owner", "Meta.Labels", "Meta.Labels[].K", "Meta.Labels[].V", "Extra.Note", "ByName[].N",
	}
	if diff := cmp.Diff(wantNested, nested); diff != "" {
		t.Errorf("literal.Server nested settable fields in the result (-want +got):\n%s", diff)
	}
	// Operations of unexported functions are in the result only.
	req := typ("construct/builder", "Retry")
	if len(req.Constructors) != 1 || req.Constructors[0].Func != "(*construct/builder.Request).ensureRetry" {
		t.Errorf("builder.Retry constructors = %v, want the unexported ensureRetry", req.Constructors)
	}
	// Branches of unexported functions are in the result only.
	if b := fn("construct/branches", "checkName"); b == nil || b.String() != `branches.go:106{p0==""}` {
		t.Errorf("branches.checkName = %v", b)
	}
	// A function with no branch on its inputs has no entry.
	if b := fn("construct/branches", "Loop"); b != nil {
		t.Errorf("branches.Loop = %v, want none", b)
	}
}

// testEncoding checks that a fact survives a gob round trip, encodes
// deterministically and marshals to JSON.
func testEncoding(t *testing.T, fact any) {
	t.Helper()
	var first []byte
	for i := range 3 {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = buf.Bytes()
			back := newLike(fact)
			if err := gob.NewDecoder(bytes.NewReader(first)).Decode(back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(fact, back); diff != "" {
				t.Errorf("gob round trip mismatch (-want +got):\n%s", diff)
			}
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Errorf("encoding %d of %v differs from the first", i, fact)
		}
	}
	if _, err := json.Marshal(fact); err != nil {
		t.Errorf("%v does not marshal: %v", fact, err)
	}
}

func newLike(fact any) any {
	switch fact.(type) {
	case *construct.Branches:
		return new(construct.Branches)
	case *construct.Package:
		return new(construct.Package)
	}
	panic("unknown fact type")
}

// TestBranchFactsOff checks that without -branchfacts (as under go vet)
// no branch fact is exported, while the result still has them.
func TestBranchFactsOff(t *testing.T) {
	results := analyzertest.Run(quietT{t}, testdata(t), construct.Analyzer, "construct/builder")
	for obj, facts := range results[0].Facts {
		for _, f := range facts {
			if _, ok := f.(*construct.Branches); ok {
				t.Errorf("branch fact exported on %s without -branchfacts", obj)
			}
		}
	}
	res := results[0].Result.(*construct.Result)
	var header *types.Func
	for f := range res.Branches() {
		if f.Name() == "Header" {
			header = f
		}
	}
	if header == nil {
		t.Fatal("the result has no branches for (*Request).Header")
	}
	if got, want := res.Branches()[header].String(), "builder.go:21{recv.headers==nil}"; got != want {
		t.Errorf("Header = %s, want %s", got, want)
	}
}

// TestDeterministic checks that two runs give the same results, rendered
// (the facts' encodings are covered by TestAnalyzer).
func TestDeterministic(t *testing.T) {
	render := func() string {
		res := analyzertest.Run(quietT{t}, testdata(t), construct.Analyzer, "construct/builder")[0].Result.(*construct.Result)
		var lines []string
		for _, ty := range res.Types {
			lines = append(lines, ty.String())
		}
		for fn, b := range res.Branches() {
			lines = append(lines, fn.FullName()+" "+b.String())
		}
		slices.Sort(lines)
		return strings.Join(lines, "\n")
	}
	first := render()
	if second := render(); first != second {
		t.Errorf("results differ between runs:\n%s\n---\n%s", first, second)
	}
}

// quietT drops analyzertest's complaints about unmatched expectations.
type quietT struct{ *testing.T }

func (quietT) Errorf(string, ...any) {}

func TestJSON(t *testing.T) {
	f := &construct.Branches{Branches: []construct.Branch{{
		File: "a.go", Line: 3, Col: 5, In: "example.com/a.check",
		Deps: []construct.Dep{{
			Path: construct.Path{Root: construct.RootRecv, Steps: []construct.Step{
				{Kind: construct.FieldStep, Field: 1, Name: "Items"}, {Kind: construct.ElemStep, Key: "0"},
				{Kind: construct.FieldStep, Field: 0, Name: "Name"},
			}},
			Op: "==", Const: `"x"`, Exact: true,
		}},
	}}}
	got, err := json.Marshal(f.FuncJSON())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"construct":{"branches":[{"deps":[{"const":"\"x\"","exact":true,"op":"==","path":"recv.Items[0].Name","root":-1,` +
		`"steps":[{"field":1,"kind":"field","name":"Items"},{"key":"0","kind":"elem"},{"field":0,"kind":"field","name":"Name"}]}],` +
		`"in":"example.com/a.check","pos":"a.go:3:5"}]}}`
	if string(got) != want {
		t.Errorf("FuncJSON =\n%s\nwant\n%s", got, want)
	}
	if s := f.String(); s != `a.go:3@a.check{recv.Items[0].Name=="x"}` {
		t.Errorf("String = %s", s)
	}

	p := &construct.Package{Types: []construct.Type{{
		Name: "example.com/a.Config", Kind: "struct", Literal: true,
		Fields: []construct.Field{{Steps: []construct.Step{{Kind: construct.FieldStep, Name: "Name"}}, Type: "string", Settable: true}},
		Constructors: []construct.Op{{Func: "example.com/a.New", Writes: []construct.Write{{
			Path: construct.Path{Root: construct.RootResult, Steps: []construct.Step{{Kind: construct.FieldStep, Name: "Name"}}},
			Kind: "set", From: []int{0},
		}}}},
		Vars: []string{"example.com/a.Default"},
	}}}
	got, err = json.Marshal(p.PackageJSON())
	if err != nil {
		t.Fatal(err)
	}
	want = `{"construct":{"types":[{"constructors":[{"func":"example.com/a.New","writes":[{"from":[0],"kind":"set","path":"result.Name","root":-2,` +
		`"steps":[{"field":0,"kind":"field","name":"Name"}]}]}],"fields":[{"path":"Name","steps":[{"field":0,"kind":"field","name":"Name"}],"type":"string"}],` +
		`"kind":"struct","literal":true,"name":"example.com/a.Config","vars":["example.com/a.Default"]}]}}`
	if string(got) != want {
		t.Errorf("PackageJSON =\n%s\nwant\n%s", got, want)
	}
	if s := p.String(); s != "a.Config struct lit{Name:string} ctors{a.New{result.Name=p0}} vars{a.Default}" {
		t.Errorf("String = %s", s)
	}
}

func TestPath(t *testing.T) {
	field := func(i int, name string) construct.Step {
		return construct.Step{Kind: construct.FieldStep, Field: i, Name: name}
	}
	items := construct.Path{Root: 0, Steps: []construct.Step{field(2, "Items")}}
	for _, tc := range []struct {
		p      construct.Path
		str    string
		prefix bool // has items as a prefix
	}{
		{construct.Path{Root: 0, Steps: []construct.Step{field(2, "Items"), {Kind: construct.LenStep}}}, "len(p0.Items)", true},
		{construct.Path{Root: 0, Steps: []construct.Step{field(2, "Items"), {Kind: construct.ElemStep}, field(0, "Name")}}, "p0.Items[].Name", true},
		{construct.Path{Root: 0, Steps: []construct.Step{field(3, "Tags"), {Kind: construct.MapValueStep, Key: `"k"`}}}, `p0.Tags["k"]`, false},
		{construct.Path{Root: 1, Steps: []construct.Step{field(2, "Items")}}, "p1.Items", false},
		{construct.Path{Root: construct.RootRecv, Steps: []construct.Step{field(0, "N"), {Kind: construct.DerefStep}}}, "*recv.N", false},
		{construct.Path{Root: construct.RootRecv, Steps: []construct.Step{field(0, "M"), {Kind: construct.MapKeyStep}}}, "keys(recv.M)", false},
		{construct.Path{Root: 0}, "p0", false},
	} {
		if s := tc.p.String(); s != tc.str {
			t.Errorf("String = %s, want %s", s, tc.str)
		}
		if got := tc.p.HasPrefix(items); got != tc.prefix {
			t.Errorf("%s.HasPrefix(%s) = %v, want %v", tc.str, items, got, tc.prefix)
		}
	}
	if !strings.HasPrefix(construct.StepsString([]construct.Step{field(0, "A"), {Kind: construct.LenStep}}), "len(A)") {
		t.Errorf("StepsString of a length: %s", construct.StepsString([]construct.Step{field(0, "A"), {Kind: construct.LenStep}}))
	}
}
