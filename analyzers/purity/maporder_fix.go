package purity

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"runtime"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// This file makes the suggested fixes of the maporder diagnostic, only
// where the fix is mechanical and changes nothing but the order:
//
//   - sort the slice after the loop (slices.Sort(s), or before go1.21
//     sort.Strings/sort.Ints/sort.Float64s), when its elements are
//     ordered, it is empty when the loop starts, the loop uses it only to
//     append to it, and the loop writes nothing else outside itself (a
//     parallel slice would lose its pairing);
//   - otherwise iterate the sorted keys (for _, k := range
//     slices.Sorted(maps.Keys(m)) { v := m[k]; ...), from go1.23, when the
//     key type is ordered, the map is a variable or a field path (read
//     again by m[k]) and the loop body calls nothing that could change
//     the map (only builtins and conversions, no delete, no assignment to
//     the map's variable) — a map changed during a range is not a sorted
//     snapshot.
//
// Otherwise there is no fix; the message says how to fix it by hand.

// mapOrderFix returns the suggested fix for the range over a map at pos,
// whose loop builds a slice of type acc, or nil.
func (st *state) mapOrderFix(pos token.Pos, acc types.Type) []analysis.SuggestedFix {
	file := st.fileOf(pos)
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	var rs *ast.RangeStmt
	for _, n := range path {
		if r, ok := n.(*ast.RangeStmt); ok && r.For == pos {
			rs = r
			break
		}
	}
	if rs == nil {
		return nil
	}
	goVersion := st.fileGoVersion(file)
	if fix := st.sortResultFix(file, path, rs, acc, goVersion); fix != nil {
		return []analysis.SuggestedFix{*fix}
	}
	if fix := st.sortedKeysFix(file, rs, goVersion); fix != nil {
		return []analysis.SuggestedFix{*fix}
	}
	return nil
}

func (st *state) fileOf(pos token.Pos) *ast.File {
	for _, f := range st.pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// fileGoVersion returns the oldest Go release whose standard library
// may build file: the later of the module's go version (pass.Pkg's, or
// pass.Module's) and the file's //go:build go1.N line, or, neither known
// (GOPATH mode), that of the toolchain running the check. Not the
// language version of pass.TypesInfo.FileVersions: go/types raises a
// file's go1.20 to go1.21 there, while a go1.20 toolchain, which has no
// package slices, may still build it.
func (st *state) fileGoVersion(file *ast.File) string {
	v := st.pass.Pkg.GoVersion()
	if m := st.pass.Module; v == "" && m != nil && m.GoVersion != "" {
		v = "go" + strings.TrimPrefix(m.GoVersion, "go")
	}
	if file.GoVersion != "" && (v == "" || version.Compare(file.GoVersion, v) > 0) {
		v = file.GoVersion
	}
	if v == "" {
		v = version.Lang(runtime.Version())
	}
	return v
}

// atLeast reports whether the Go version v has the language of min; an
// unreadable version has not.
func atLeast(v, min string) bool {
	return version.IsValid(v) && version.Compare(v, min) >= 0
}

// sortResultFix returns the fix that sorts the slice after the loop rs,
// or nil (see the file comment for when).
func (st *state) sortResultFix(file *ast.File, path []ast.Node, rs *ast.RangeStmt, acc types.Type, goVersion string) *analysis.SuggestedFix {
	obj := st.appendedVar(rs.Body, acc)
	if obj == nil || !st.onlyLocalWrites(rs.Body, obj) {
		return nil
	}
	block, idx := enclosingBlock(path, rs)
	if block == nil || !st.emptyBefore(block.List[:idx], obj) {
		return nil
	}
	elem := acc.Underlying().(*types.Slice).Elem()
	basic, ok := elem.Underlying().(*types.Basic)
	if !ok || basic.Info()&(types.IsInteger|types.IsFloat|types.IsString) == 0 {
		return nil
	}
	var pkg, call string
	switch {
	case atLeast(goVersion, "go1.21"):
		pkg, call = "slices", "Sort"
	case types.Identical(elem, types.Typ[types.String]):
		pkg, call = "sort", "Strings"
	case types.Identical(elem, types.Typ[types.Int]):
		pkg, call = "sort", "Ints"
	case types.Identical(elem, types.Typ[types.Float64]):
		pkg, call = "sort", "Float64s"
	default:
		return nil
	}
	imp, ok := st.importEdit(file, pkg, rs.For)
	if !ok {
		return nil
	}
	edits := append(imp, analysis.TextEdit{
		Pos:     rs.End(),
		End:     rs.End(),
		NewText: []byte("\n" + st.indent(rs.For) + pkg + "." + call + "(" + obj.Name() + ")"),
	})
	return &analysis.SuggestedFix{Message: "sort " + obj.Name() + " after the loop (" + pkg + "." + call + ")", TextEdits: edits}
}

// appendedVar returns the one variable of type acc that body appends to
// (s = append(s, ...)), provided the body uses it for nothing else.
func (st *state) appendedVar(body *ast.BlockStmt, acc types.Type) *types.Var {
	info := st.pass.TypesInfo
	var obj *types.Var
	appendUses := 0
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		as, isAssign := n.(*ast.AssignStmt)
		if !isAssign || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		lhs, isIdent := as.Lhs[0].(*ast.Ident)
		call, isCall := as.Rhs[0].(*ast.CallExpr)
		if !isIdent || !isCall || len(call.Args) == 0 || !isBuiltin(info, call.Fun, "append") {
			return true
		}
		first, isIdent := call.Args[0].(*ast.Ident)
		v, isVar := info.Uses[lhs].(*types.Var)
		if !isIdent || !isVar || info.Uses[first] != v || !types.Identical(v.Type(), acc) {
			return true
		}
		if obj != nil && obj != v {
			ok = false
		}
		obj = v
		appendUses += 2
		return true
	})
	if !ok || obj == nil || countUses(info, body, obj) != appendUses {
		return nil
	}
	return obj
}

func isBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

func countUses(info *types.Info, n ast.Node, obj types.Object) int {
	count := 0
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			count++
		}
		return true
	})
	return count
}

// onlyLocalWrites reports whether body writes nothing declared outside
// it but acc (by append), and calls nothing for its effects alone (a
// call statement may record the order elsewhere).
func (st *state) onlyLocalWrites(body *ast.BlockStmt, acc *types.Var) bool {
	info := st.pass.TypesInfo
	inside := func(obj types.Object) bool {
		return obj != nil && body.Pos() <= obj.Pos() && obj.Pos() < body.End()
	}
	ok := true
	written := func(e ast.Expr) {
		root := rootIdent(e)
		if root == nil {
			ok = false
			return
		}
		obj := info.ObjectOf(root)
		switch {
		case root == ast.Unparen(e) && (obj == acc || inside(obj)):
			// The append to acc, or a variable of the body.
		case inside(obj) && isValueVar(obj):
			// A field or element of a value of the body; of anything
			// else, it may be shared with the outside.
		default:
			ok = false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					written(l)
				}
			}
		case *ast.IncDecStmt:
			written(n.X)
		case *ast.ExprStmt, *ast.GoStmt, *ast.DeferStmt, *ast.SendStmt:
			ok = false
		case *ast.UnaryExpr:
			if _, lit := ast.Unparen(n.X).(*ast.CompositeLit); n.Op == token.AND && !lit {
				ok = false // an address taken may be written through
			}
		}
		return ok
	})
	return ok
}

// isValueVar reports whether obj is a variable whose type holds no
// reference (a write to its field or element stays in it).
func isValueVar(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	switch v.Type().Underlying().(type) {
	case *types.Struct, *types.Array, *types.Basic:
		return true
	}
	return false
}

func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func enclosingBlock(path []ast.Node, rs *ast.RangeStmt) (*ast.BlockStmt, int) {
	for i, n := range path {
		if n != rs || i+1 >= len(path) {
			continue
		}
		block, ok := path[i+1].(*ast.BlockStmt)
		if !ok {
			return nil, 0
		}
		for j, s := range block.List {
			if s == ast.Stmt(rs) {
				return block, j
			}
		}
	}
	return nil, 0
}

// emptyBefore reports whether stmts (those before the loop in its block)
// declare obj empty (var s []T, s := []T{}, s := make([]T, 0[, n])) and
// do not use it after.
func (st *state) emptyBefore(stmts []ast.Stmt, obj *types.Var) bool {
	info := st.pass.TypesInfo
	for i := len(stmts) - 1; i >= 0; i-- {
		if emptyDecl(info, stmts[i], obj) {
			return true
		}
		if countUses(info, stmts[i], obj) > 0 {
			return false
		}
	}
	return false
}

func emptyDecl(info *types.Info, s ast.Stmt, obj *types.Var) bool {
	switch s := s.(type) {
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return false
		}
		vs := gd.Specs[0].(*ast.ValueSpec)
		return len(vs.Names) == 1 && info.Defs[vs.Names[0]] == obj && len(vs.Values) == 0
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return false
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok || info.Defs[id] != obj {
			return false
		}
		switch r := s.Rhs[0].(type) {
		case *ast.CompositeLit:
			return len(r.Elts) == 0
		case *ast.CallExpr:
			if !isBuiltin(info, r.Fun, "make") || len(r.Args) < 2 {
				return false
			}
			tv := info.Types[r.Args[1]]
			return tv.Value != nil && tv.Value.String() == "0"
		}
	}
	return false
}

func (st *state) indent(pos token.Pos) string {
	return strings.Repeat("\t", st.pass.Fset.Position(pos).Column-1)
}

// sortedKeysFix returns the fix that ranges over the sorted keys of the
// map instead, or nil (see the file comment for when).
func (st *state) sortedKeysFix(file *ast.File, rs *ast.RangeStmt, goVersion string) *analysis.SuggestedFix {
	info := st.pass.TypesInfo
	if !atLeast(goVersion, "go1.23") || (rs.Key != nil && rs.Tok != token.DEFINE) {
		return nil
	}
	// for _, v := range m has no key to index m with: name one that
	// nothing in scope or in the body uses.
	keyName := ""
	switch key := rs.Key.(type) {
	case nil:
		keyName = st.freshName(rs, "k", "key", "mk")
	case *ast.Ident:
		keyName = key.Name
		if keyName == "_" {
			keyName = st.freshName(rs, "k", "key", "mk")
		}
	}
	if keyName == "" {
		return nil
	}
	var value *ast.Ident
	if rs.Value != nil {
		var ok bool
		if value, ok = rs.Value.(*ast.Ident); !ok {
			return nil
		}
		if value.Name == "_" {
			value = nil
		}
	}
	m, ok := info.TypeOf(rs.X).Underlying().(*types.Map)
	if !ok {
		return nil
	}
	if basic, ok := m.Key().Underlying().(*types.Basic); !ok || basic.Info()&(types.IsInteger|types.IsFloat|types.IsString) == 0 {
		return nil
	}
	root := rootIdent(rs.X)
	if root == nil || !isFieldPath(rs.X) || !st.leavesMapAlone(rs.Body, info.ObjectOf(root)) {
		return nil
	}
	if root.Name == keyName || (value != nil && (root.Name == value.Name || declaresAtTop(rs.Body, value.Name))) {
		return nil // m[k] would read another variable, or v := m[k] would clash
	}
	var edits []analysis.TextEdit
	for _, pkg := range []string{"maps", "slices"} {
		imp, ok := st.importEdit(file, pkg, rs.For)
		if !ok {
			return nil
		}
		edits = append(edits, imp...)
	}
	mapText := types.ExprString(rs.X)
	start := rs.Range // for range m: no variables to replace
	if rs.Key != nil {
		start = rs.Key.Pos()
	}
	header := "_, " + keyName + " := range "
	edits = append(edits, analysis.TextEdit{
		Pos:     start,
		End:     rs.X.End(),
		NewText: []byte(header + "slices.Sorted(maps.Keys(" + mapText + "))"),
	})
	if value != nil {
		at := st.afterLineComment(file, rs.Body.Lbrace)
		edits = append(edits, analysis.TextEdit{
			Pos:     at,
			End:     at,
			NewText: []byte("\n" + st.indent(rs.For) + "\t" + value.Name + " := " + mapText + "[" + keyName + "]"),
		})
	}
	return &analysis.SuggestedFix{Message: "range over the sorted keys of " + mapText, TextEdits: edits}
}

// isFieldPath reports whether e is a variable or a chain of field
// selections of one, which reads the same map each time it is evaluated
// while the map's variables are not assigned.
func isFieldPath(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isFieldPath(x.X)
	}
	return false
}

// leavesMapAlone reports whether body cannot change the map it ranges
// over, rooted at the variable root: it calls only builtins (but delete)
// and conversions, and assigns nothing rooted at root.
func (st *state) leavesMapAlone(body *ast.BlockStmt, root types.Object) bool {
	info := st.pass.TypesInfo
	ok := true
	assigned := func(e ast.Expr) {
		if r := rootIdent(e); r == nil || info.ObjectOf(r) == root {
			ok = false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, found := info.Types[n.Fun]; found && tv.IsType() {
				return true // a conversion
			}
			id, isIdent := ast.Unparen(n.Fun).(*ast.Ident)
			if b, builtin := info.Uses[id].(*types.Builtin); !isIdent || !builtin || b.Name() == "delete" || b.Name() == "clear" {
				ok = false
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				assigned(l)
			}
		case *ast.IncDecStmt:
			assigned(n.X)
		case *ast.GoStmt, *ast.DeferStmt, *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok
}

// importEdit returns the edit that imports the standard package path
// into file (none if it is imported under its name), or false if the
// name means something else where it is used (at pos).
func (st *state) importEdit(file *ast.File, path string, pos token.Pos) ([]analysis.TextEdit, bool) {
	name := path
	scope := st.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil, false
	}
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		pn, ok := obj.(*types.PkgName)
		return nil, ok && pn.Imported().Path() == path
	}
	line := "\"" + path + "\""
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return []analysis.TextEdit{{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + line)}}, true
		}
		return []analysis.TextEdit{{Pos: gd.Pos(), End: gd.Pos(), NewText: []byte("import " + line + "\n")}}, true
	}
	return []analysis.TextEdit{{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + line)}}, true
}

// afterLineComment returns the end of the comment that follows pos on
// its line, or pos+1: where a statement goes after the brace at pos.
func (st *state) afterLineComment(file *ast.File, pos token.Pos) token.Pos {
	line := st.pass.Fset.Position(pos).Line
	for _, g := range file.Comments {
		if g.Pos() > pos && st.pass.Fset.Position(g.Pos()).Line == line {
			return g.End()
		}
	}
	return pos + 1
}

// declaresAtTop reports whether a statement of body (not of a nested
// block) declares name.
func declaresAtTop(body *ast.BlockStmt, name string) bool {
	for _, stmt := range body.List {
		switch stmt := stmt.(type) {
		case *ast.AssignStmt:
			if stmt.Tok != token.DEFINE {
				continue
			}
			for _, l := range stmt.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					return true
				}
			}
		case *ast.DeclStmt:
			gd, ok := stmt.Decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				switch spec := spec.(type) {
				case *ast.ValueSpec:
					for _, id := range spec.Names {
						if id.Name == name {
							return true
						}
					}
				case *ast.TypeSpec:
					if spec.Name.Name == name {
						return true
					}
				}
			}
		}
	}
	return false
}

// freshName returns the first of names that no identifier of rs uses and
// that names nothing in scope at rs, or "".
func (st *state) freshName(rs *ast.RangeStmt, names ...string) string {
	used := make(map[string]bool)
	ast.Inspect(rs, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	scope := st.pass.Pkg.Scope().Innermost(rs.For)
	for _, name := range names {
		if used[name] {
			continue
		}
		if scope != nil {
			if _, obj := scope.LookupParent(name, rs.For); obj != nil {
				continue
			}
		}
		return name
	}
	return ""
}
