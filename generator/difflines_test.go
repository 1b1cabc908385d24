package generator_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// changedOutside returns the lines a line diff of before and after
// removes or adds outside the test and fuzz functions that selected
// accepts (their doc comments included) and outside the stamp's lines
// (// gentest:...), which record the run: what an update of the selected
// tests changed beyond them. A test that moved within the file shows as
// its lines removed in one place and added in another, so a rewritten
// test put at the end of the file shows here too when it is not selected.
func changedOutside(t *testing.T, before, after []byte, selected func(name string) bool) []string {
	t.Helper()
	bl, al := strings.SplitAfter(string(before), "\n"), strings.SplitAfter(string(after), "\n")
	inB, inA := selectedLines(t, before, selected), selectedLines(t, after, selected)
	// The longest common subsequence of lines, by dynamic programming
	// from the ends (the files are a few hundred lines).
	n, m := len(bl), len(al)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case bl[i] == al[j]:
				lcs[i][j] = lcs[i+1][j+1] + 1
			case lcs[i+1][j] >= lcs[i][j+1]:
				lcs[i][j] = lcs[i+1][j]
			default:
				lcs[i][j] = lcs[i][j+1]
			}
		}
	}
	var out []string
	stamp := func(l string) bool { return strings.HasPrefix(l, "// gentest:") }
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && bl[i] == al[j]:
			i, j = i+1, j+1
		case j == m || (i < n && lcs[i+1][j] >= lcs[i][j+1]):
			if !inB[i+1] && !stamp(bl[i]) {
				out = append(out, "-"+strings.TrimSuffix(bl[i], "\n"))
			}
			i++
		default:
			if !inA[j+1] && !stamp(al[j]) {
				out = append(out, "+"+strings.TrimSuffix(al[j], "\n"))
			}
			j++
		}
	}
	return out
}

// selectedLines marks the lines (1-based) of src's top-level functions
// that selected accepts, from their doc comment to their end, and the
// blank line after each.
func selectedLines(t *testing.T, src []byte, selected func(string) bool) map[int]bool {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "f.go", src, parser.ParseComments)
	if err != nil {
		t.Fatalf("parsing the written file: %v\n%s", err, src)
	}
	out := map[int]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !selected(fd.Name.Name) {
			continue
		}
		start := fd.Pos()
		if fd.Doc != nil {
			start = fd.Doc.Pos()
		}
		for l := fset.Position(start).Line; l <= fset.Position(fd.End()).Line+1; l++ {
			out[l] = true
		}
	}
	return out
}

// sameOrder returns "" when the test and fuzz functions that both files
// hold come in the same order in both, else the two orders: a test
// rewritten in place keeps its neighbours.
func sameOrder(t *testing.T, before, after []byte) string {
	t.Helper()
	b, a := testFuncs(t, before), testFuncs(t, after)
	both := func(src []byte) []string {
		var names []string
		for _, n := range funcOrder(t, src) {
			if _, ok := b[n]; ok {
				if _, ok := a[n]; ok {
					names = append(names, n)
				}
			}
		}
		return names
	}
	x, y := strings.Join(both(before), " "), strings.Join(both(after), " ")
	if x == y {
		return ""
	}
	return "before: " + x + "\nafter:  " + y
}

// funcOrder lists src's top-level functions in file order.
func funcOrder(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "f.go", src, 0)
	if err != nil {
		t.Fatalf("parsing the written file: %v\n%s", err, src)
	}
	var names []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			names = append(names, fd.Name.Name)
		}
	}
	return names
}
