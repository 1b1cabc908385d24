package verify

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/emit"
)

// Blame maps what went wrong in a verification run to the cases of the
// rendered file out, whose base name is file. It returns, by case key, the
// reason each bad case is blamed for, and the problems it could not pin on
// any case (a diagnostic outside every test function, a failure of a test
// the file does not declare).
//
// A diagnostic is blamed on the smallest unit around its line: a table row,
// a subtest, a fuzz seed, else the whole test function. A failed subtest is
// blamed on its case; a failed test function whose subtests all passed (or
// that has none) on all its cases, except that when the binary died inside
// a subtest only the subtest that had no result is blamed. When it died of
// a panic on a goroutine a case started, the cases that call the
// goroutine's creator are blamed instead (spawnerBlame).
func Blame(out *emit.Output, file string, rep *Report) (bad map[int]string, unmapped []string) {
	bad = map[int]string{}
	blame := func(key int, reason string) {
		// A problem in a test outweighs one in a fuzz seed: the case goes.
		if old, ok := bad[key]; !ok || (IsSeedOnly(old) && !IsSeedOnly(reason)) {
			bad[key] = reason
		}
	}
	if rep.BuildFailed {
		lines := caseLines(out)
		for _, d := range rep.BuildErrors {
			what := "does not compile: "
			if rep.Vet && !d.TypeError {
				what = "go vet: "
			}
			if d.File != file {
				unmapped = append(unmapped, what+d.String())
				continue
			}
			keys, fn := lines.at(d.Line)
			if len(keys) == 0 {
				unmapped = append(unmapped, what+d.String())
				continue
			}
			for _, k := range keys {
				blame(k, seedMark(fn)+what+d.String())
			}
		}
		if len(rep.BuildErrors) == 0 {
			unmapped = append(unmapped, "does not build: "+firstLines(rep.Output, 3))
		}
		return bad, unmapped
	}
	if sb := spawnerBlame(out, rep); sb != nil {
		// The binary died of a goroutine a case started: whatever test
		// ran then (if any) is a bystander.
		return sb, nil
	}
	if rep.Unexplained != "" {
		unmapped = append(unmapped, "go test failed: "+rep.Unexplained)
	}
	declared := map[string]bool{}
	for _, ti := range out.Tests {
		declared[ti.Func] = true
		funcFailed := rep.Failed[ti.Func]
		anySubFailed := false
		for i, sub := range ti.Subtests {
			if sub == "" {
				continue
			}
			name := ti.Func + "/" + sub
			if rep.Failed[name] {
				anySubFailed = true
				blame(ti.Keys[i], seedMark(ti.Func)+"fails: "+failureText(rep, name))
			}
		}
		if !funcFailed || anySubFailed {
			continue
		}
		// The function failed but none of its subtests did: either it
		// runs one case, or it died inside a subtest that never
		// reported, or something outside the subtests failed.
		var silent []int
		for i, sub := range ti.Subtests {
			if sub == "" || !rep.Passed[ti.Func+"/"+sub] {
				silent = append(silent, i)
			}
		}
		if len(silent) == 0 {
			for i := range ti.Subtests {
				silent = append(silent, i)
			}
		}
		for _, i := range silent {
			blame(ti.Keys[i], seedMark(ti.Func)+"fails: "+failureText(rep, ti.Func))
		}
	}
	var names []string
	for name := range rep.Failed {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		top, _, _ := strings.Cut(name, "/")
		if !declared[top] {
			unmapped = append(unmapped, "fails: "+name+": "+failureText(rep, name))
		}
	}
	return bad, unmapped
}

// SeedPrefix marks a reason that concerns only a case's fuzz seed: the
// case stays as a test and stops seeding the fuzz target.
const SeedPrefix = "fuzz seed: "

// IsSeedOnly reports whether a Blame reason concerns only a fuzz seed.
func IsSeedOnly(reason string) bool { return strings.HasPrefix(reason, SeedPrefix) }

func seedMark(fn string) string {
	if strings.HasPrefix(fn, "Fuzz") {
		return SeedPrefix
	}
	return ""
}

// failureText is a short excerpt of what a failed test printed.
func failureText(rep *Report, name string) string {
	out := rep.TestOutput[name]
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") {
			continue
		}
		keep = append(keep, l)
		if len(keep) == 3 {
			break
		}
	}
	if len(keep) == 0 {
		return name + " failed"
	}
	return strings.Join(keep, " | ")
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

// span is a line range [from, to] and the case keys it belongs to.
type span struct {
	from, to int
	keys     []int
	fn       string
}

// lineMap maps lines of a rendered file to case keys.
type lineMap []span

// at returns the keys of the innermost span containing line, and the
// function it is in.
func (m lineMap) at(line int) ([]int, string) {
	var best *span
	for i := range m {
		s := &m[i]
		if line >= s.from && line <= s.to && (best == nil || s.to-s.from < best.to-best.from) {
			best = s
		}
	}
	if best == nil {
		return nil, ""
	}
	return best.keys, best.fn
}

// caseLines finds where each case of out sits in its source. A test
// function's body holds, in the order of TestInfo.Keys, the rows of its
// tables (elements of slice-of-struct literals), then one t.Run statement
// per other case; a fuzz target holds one f.Add per seed. When the shape
// does not match the keys, the whole function is the smallest unit.
func caseLines(out *emit.Output) lineMap {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.go", out.Src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	byName := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
			byName[fd.Name.Name] = fd
		}
	}
	var m lineMap
	for _, ti := range out.Tests {
		fd := byName[ti.Func]
		if fd == nil {
			continue
		}
		m = append(m, span{line(fd.Pos()), line(fd.End()), ti.Keys, ti.Func})
		if fd.Body == nil || len(ti.Keys) < 2 {
			continue
		}
		if strings.HasPrefix(ti.Func, "Fuzz") {
			m = append(m, seedSpans(fd, ti, line)...)
			continue
		}
		var units []span
		for _, st := range fd.Body.List {
			for _, rows := range tableRows(st) {
				for _, e := range rows {
					units = append(units, span{from: line(e.Pos()), to: line(e.End())})
				}
			}
			if isRunCall(st, "t") {
				units = append(units, span{from: line(st.Pos()), to: line(st.End())})
			}
		}
		if len(units) != len(ti.Keys) {
			continue
		}
		for i := range units {
			units[i].keys, units[i].fn = []int{ti.Keys[i]}, ti.Func
		}
		m = append(m, units...)
	}
	return m
}

// seedSpans maps each f.Add seed line of a fuzz target to the cases that
// share that seed.
func seedSpans(fd *ast.FuncDecl, ti emit.TestInfo, line func(token.Pos) int) []span {
	var adds []ast.Stmt
	for _, st := range fd.Body.List {
		if isCallOf(st, "f", "Add") {
			adds = append(adds, st)
		}
	}
	var out []span
	for n, st := range adds {
		seed := "seed#" + strconv.Itoa(n)
		var keys []int
		for i, sub := range ti.Subtests {
			if sub == seed {
				keys = append(keys, ti.Keys[i])
			}
		}
		if len(keys) > 0 {
			out = append(out, span{line(st.Pos()), line(st.End()), keys, ti.Func})
		}
	}
	return out
}

// tableRows returns the elements of slice-of-struct literals assigned or
// declared by st (tests := []struct{...}{...}).
func tableRows(st ast.Stmt) [][]ast.Expr {
	var rhs []ast.Expr
	switch st := st.(type) {
	case *ast.AssignStmt:
		rhs = st.Rhs
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					rhs = append(rhs, vs.Values...)
				}
			}
		}
	}
	var out [][]ast.Expr
	for _, e := range rhs {
		cl, ok := e.(*ast.CompositeLit)
		if !ok {
			continue
		}
		at, ok := cl.Type.(*ast.ArrayType)
		if !ok {
			continue
		}
		if _, ok := at.Elt.(*ast.StructType); ok {
			out = append(out, cl.Elts)
		}
	}
	return out
}

// isRunCall reports whether st is a statement x.Run(...).
func isRunCall(st ast.Stmt, x string) bool { return isCallOf(st, x, "Run") }

func isCallOf(st ast.Stmt, x, method string) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != method {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == x
}
