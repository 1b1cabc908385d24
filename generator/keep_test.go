package generator_test

// Updating an existing generated file (issue 35): end to end on a copy of
// testdata/gen/cheap, two runs on unchanged code write the same file with
// a time budget; after an edit that breaks one function's tests only
// that function's tests change; -fresh regenerates.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// testFuncs maps the top-level test and fuzz functions of a file to their
// source text.
func testFuncs(t *testing.T, src []byte) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "f.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parsing the written file: %v\n%s", err, src)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !(strings.HasPrefix(fd.Name.Name, "Test") || strings.HasPrefix(fd.Name.Name, "Fuzz")) {
			continue
		}
		out[fd.Name.Name] = string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
	}
	return out
}

// TestUpdateKeepsTests: with a time budget, a second run on unchanged code
// leaves the file byte-identical; after Upper's body changes so that its
// earlier table fails, the tests of the other functions stay as they
// were and only Upper's are removed or added; Fresh writes a file that
// keeps nothing.
func TestUpdateKeepsTests(t *testing.T) {
	comparative(t)
	dir := scratchModule(t, "../testdata/gen/cheap", "example.com/cheap")
	budget := generator.Config{Dir: dir, Patterns: []string{"."}, Budget: 2 * time.Second, Seed: 1, Workers: 2,
		CallTimeout: 300 * time.Millisecond}
	_, first := genConfig(t, budget)
	sum, second := genConfig(t, budget)
	if string(first) != string(second) {
		t.Fatalf("a second run with -budget on unchanged code changed the file:\nfirst:\n%s\nsecond:\n%s", first, second)
	}
	if sum.Kept == 0 || sum.Kept != sum.Tests {
		t.Errorf("second run: kept %d of %d tests, want all", sum.Kept, sum.Tests)
	}

	// Upper now appends "!": every earlier assertion of its result fails.
	src := filepath.Join(dir, "cheap.go")
	code, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(code), "return s\n\t}\n\treturn strings.ToUpper(s)", "return s + \"!\"\n\t}\n\treturn strings.ToUpper(s) + \"!\"", 1)
	if edited == string(code) {
		t.Fatal("the fixture's Upper changed; update the edit")
	}
	if err := os.WriteFile(src, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, third := genConfig(t, budget)
	before, after := testFuncs(t, second), testFuncs(t, third)
	var removed, added []string
	for name, text := range before {
		if after[name] != text {
			removed = append(removed, name)
		}
	}
	for name, text := range after {
		if before[name] != text {
			added = append(added, name)
		}
	}
	sort.Strings(removed)
	sort.Strings(added)
	if len(removed) == 0 {
		t.Errorf("no earlier test was dropped after Upper changed (dropped %v):\n%s", sum.Dropped, third)
	}
	if sum.Kept != len(before)-len(removed) {
		t.Errorf("after the edit: kept %d tests, want the %d unchanged ones", sum.Kept, len(before)-len(removed))
	}
	saidWhy := false
	for _, d := range sum.Dropped {
		saidWhy = saidWhy || d.Test == "TestUpper" && strings.HasPrefix(d.Reason, "fails")
	}
	if !saidWhy {
		t.Errorf("the summary does not say TestUpper was dropped for failing: %+v", sum.Dropped)
	}
	for _, name := range append(append([]string{}, removed...), added...) {
		if !strings.Contains(name, "Upper") {
			t.Errorf("after an edit to Upper, %s changed (removed %v, added %v)", name, removed, added)
		}
	}

	fresh := budget
	fresh.Fresh = true
	sum, fourth := genConfig(t, fresh)
	if sum.Kept != 0 {
		t.Errorf("Fresh kept %d tests, want 0", sum.Kept)
	}
	for name := range testFuncs(t, fourth) {
		if strings.HasSuffix(name, "2") {
			t.Errorf("Fresh wrote %s, a name that avoids a kept test's:\n%s", name, fourth)
		}
	}
}
