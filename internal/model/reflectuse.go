package model

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
)

// A package that walks an `any` argument by reflection (a hasher like
// hashstructure, a struct-tag encoder, validator or copier, a deep-equal)
// branches on what the value is: its reflect.Kind, the struct tags it reads
// and the options in them, a type it special-cases (time.Time). An `any`
// parameter given a few basic literals and the package's own values reaches
// little of it. ScanReflect reads those uses from the package's syntax;
// reflectshapes.go turns them into values of synthesized shapes.
//
// The scan is of the syntax with its type information, not of a fact: it
// needs the reflect API's constants and methods as the package names them,
// which constpool's facts (values without their call sites) do not keep.

// ReflectUse is what a package does with values by reflection.
type ReflectUse struct {
	// Kinds has bit k set for each reflect.Kind k the package names (in a
	// switch case, a comparison, an argument): the kinds it tells apart.
	Kinds uint64
	// TagKeys are the constant keys the package passes to
	// reflect.StructTag's Get or Lookup, sorted.
	TagKeys []string
	// Words are the short identifier-like string constants the package
	// compares against or passes to its own functions, the candidates for
	// the tag values and options it looks for ("ignore", "omitempty",
	// "-"), at most maxTagWords, the most used first.
	Words []string
	// Time is time.Time when the package names that type: a walker that
	// special-cases it needs one inside the values it walks.
	Time *types.TypeName
}

// Has reports whether the package names reflect.Kind k.
func (u *ReflectUse) Has(k reflect.Kind) bool { return u != nil && u.Kinds&(1<<uint(k)) != 0 }

// maxTagWords bounds the words that become tagged fields: each costs two
// fields of every synthesized struct.
const maxTagWords = 6

// ScanReflect returns the reflective uses of package pkg, whose syntax
// and type information are files and info, or nil when it does not use
// reflect.StructTag or reflect.Kind.
func ScanReflect(pkg *types.Package, files []*ast.File, info *types.Info) *ReflectUse {
	if info == nil || pkg == nil {
		return nil
	}
	u := &ReflectUse{}
	keys := map[string]bool{}
	words := map[string]int{}
	first := map[string]token.Pos{}
	word := func(e ast.Expr) {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		s := constant.StringVal(tv.Value)
		if !tagWord(s) {
			return
		}
		if words[s] == 0 {
			first[s] = e.Pos()
		}
		words[s]++
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				u.ident(info, n)
			case *ast.CallExpr:
				if key, ok := tagGet(info, n); ok {
					keys[key] = true
				} else if fn := calleeOf(info, n); fn != nil && fn.Pkg() == pkg {
					for _, a := range n.Args {
						word(a)
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					word(n.X)
					word(n.Y)
				}
			case *ast.CaseClause:
				for _, e := range n.List {
					word(e)
				}
			}
			return true
		})
	}
	if u.Kinds == 0 && len(keys) == 0 {
		return nil
	}
	for k := range keys {
		u.TagKeys = append(u.TagKeys, k)
	}
	sort.Strings(u.TagKeys)
	for w := range words {
		if !keys[w] {
			u.Words = append(u.Words, w)
		}
	}
	// The most used first, then by position: no map order.
	sort.Slice(u.Words, func(i, j int) bool {
		a, b := u.Words[i], u.Words[j]
		if words[a] != words[b] {
			return words[a] > words[b]
		}
		return first[a] < first[b]
	})
	if len(u.Words) > maxTagWords {
		u.Words = u.Words[:maxTagWords]
	}
	return u
}

// ident records a use of a reflect.Kind constant or of time.Time.
func (u *ReflectUse) ident(info *types.Info, id *ast.Ident) {
	switch obj := info.Uses[id].(type) {
	case *types.Const:
		if !isNamed(obj.Type(), "reflect", "Kind") {
			return
		}
		if k, ok := constant.Uint64Val(obj.Val()); ok && k < 64 {
			u.Kinds |= 1 << k
		}
	case *types.TypeName:
		if obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time" {
			u.Time = obj
		}
	}
}

// tagGet returns the constant key of a call of reflect.StructTag's Get or
// Lookup.
func tagGet(info *types.Info, call *ast.CallExpr) (string, bool) {
	fn := calleeOf(info, call)
	if fn == nil || (fn.Name() != "Get" && fn.Name() != "Lookup") || len(call.Args) != 1 {
		return "", false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || !isNamed(sig.Recv().Type(), "reflect", "StructTag") {
		return "", false
	}
	tv, ok := info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	key := constant.StringVal(tv.Value)
	return key, tagWord(key) && key != "-"
}

// calleeOf returns the function or method a call names statically.
func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// tagWord reports whether s can be a struct tag's name or option: "-" or
// a short lower-case word (ignore, omitempty, string).
func tagWord(s string) bool {
	if s == "-" {
		return true
	}
	if s == "" || len(s) > 20 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
	}) < 0
}
