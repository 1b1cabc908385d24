package analyzertest

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// nameFact names a function, and the functions of other packages it calls
// by the names their facts give them (so importers read decoded facts).
type nameFact struct{ Name, Calls string }

func (*nameFact) AFact() {}
func (f *nameFact) String() string {
	if f.Calls != "" {
		return "name " + f.Name + " calls " + f.Calls
	}
	return "name " + f.Name
}

// countFact counts the functions of a package.
type countFact struct{ N int }

func (*countFact) AFact()           {}
func (f *countFact) String() string { return fmt.Sprintf("funcs %d", f.N) }

var names = &analysis.Analyzer{
	Name:      "names",
	Doc:       "test analyzer: a fact per function, a diagnostic for each of F and H",
	FactTypes: []analysis.Fact{new(nameFact), new(countFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		n := 0
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				n++
				fact := &nameFact{Name: fd.Name.Name}
				ast.Inspect(fd.Body, func(x ast.Node) bool {
					if sel, ok := x.(*ast.SelectorExpr); ok {
						var called nameFact
						if obj := pass.TypesInfo.Uses[sel.Sel]; obj != nil && pass.ImportObjectFact(obj, &called) {
							fact.Calls = types.ExprString(sel) + " named " + called.Name
						}
					}
					return true
				})
				obj := pass.TypesInfo.Defs[fd.Name]
				pass.ExportObjectFact(obj, fact)
				if fd.Name.Name == "F" || fd.Name.Name == "H" {
					pass.Reportf(fd.Pos(), "%s is a function", fd.Name.Name)
				}
			}
		}
		pass.ExportPackageFact(&countFact{N: n})
		return nil, nil
	},
}

func TestRun(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	results := Run(t, dir, names, "a", "b")
	if len(results) != 2 {
		t.Fatalf("%d results, want 2", len(results))
	}
	for _, r := range results {
		if r.Pass == nil || r.Pass.Pkg != r.Action.Package.Types {
			t.Errorf("%s: Result.Pass is not the package's pass", r.Action)
		}
	}
}

// recorder collects the errors Run reports.
type recorder struct{ errs []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestRunReportsMismatches(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	quiet := *names
	quiet.Run = func(pass *analysis.Pass) (any, error) {
		// Only the facts of F, none for G and H, no diagnostics.
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "F" {
					pass.ExportObjectFact(pass.TypesInfo.Defs[fd.Name], &nameFact{Name: "Z"})
				}
			}
		}
		return nil, nil
	}
	var r recorder
	Run(&r, dir, &quiet, "a")
	got := strings.Join(r.errs, "\n")
	for _, want := range []string{
		`a/a.go:3:6: fact "name Z" does not match pattern ` + "`name F`",
		"a/a.go:3: no diagnostic was reported matching `F is a function`",
		"a/a.go:5: no fact was reported matching `name G`",
		"a/a.go:1: no fact was reported matching `funcs 3`",
		"a/a.go:9: no diagnostic was reported matching `H is a function`",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("errors do not contain %q:\n%s", want, got)
		}
	}
}

// unstable encodes differently each time.
type unstable struct{ n *int }

func (*unstable) AFact() {}
func (u *unstable) GobEncode() ([]byte, error) {
	*u.n++
	return []byte{byte(*u.n)}, nil
}
func (u *unstable) GobDecode([]byte) error { return nil }

// unencodable has no exported fields.
type unencodable struct{ f func() }

func (*unencodable) AFact() {}

func TestRoundTrip(t *testing.T) {
	in := &nameFact{Name: "F", Calls: "g"}
	out, err := roundTrip(in)
	if err != nil || !reflect.DeepEqual(in, out) || in == out {
		t.Errorf("roundTrip(%v) = %v (same pointer %v), %v; want an equal copy", in, out, in == out, err)
	}
	var n int
	if _, err := roundTrip(&unstable{n: &n}); err == nil || !strings.Contains(err.Error(), "nondeterministic") {
		t.Errorf("roundTrip of a fact encoded differently each time: %v, want nondeterministic", err)
	}
	if _, err := roundTrip(&unencodable{}); err == nil {
		t.Error("roundTrip of a fact gob cannot encode succeeded")
	}
}
