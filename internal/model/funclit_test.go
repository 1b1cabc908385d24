package model

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// Predicates and comparators get literals whose answer depends on their
// arguments, and every literal is Go that type-checks with its signature.
func TestArgumentDependentFuncLits(t *testing.T) {
	mk := func(params []types.Type, results ...types.Type) *types.Signature {
		var ps, rs []*types.Var
		for _, p := range params {
			ps = append(ps, types.NewVar(token.NoPos, nil, "", p))
		}
		for _, r := range results {
			rs = append(rs, types.NewVar(token.NoPos, nil, "", r))
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), false)
	}
	anyT := types.Universe.Lookup("any").Type()
	intT, strT, boolT, f64 := types.Typ[types.Int], types.Typ[types.String], types.Typ[types.Bool], types.Typ[types.Float64]
	for _, tc := range []struct {
		sig      *types.Signature
		variants []string
		src      map[string]string
	}{
		{mk([]types.Type{intT, anyT}, boolT), []string{FuncRecordFalse, FuncRecord, FuncArgPred},
			map[string]string{FuncArgPred: "func(p0 int, _ any) bool { return p0%2 == 0 }"}},
		{mk([]types.Type{strT}, boolT), []string{FuncRecordFalse, FuncRecord, FuncArgPred},
			map[string]string{FuncArgPred: `func(p0 string) bool { return p0 != "" }`}},
		{mk([]types.Type{anyT}, boolT), []string{FuncRecordFalse, FuncRecord, FuncArgPred},
			map[string]string{FuncArgPred: "func(p0 any) bool { return p0 != nil }"}},
		{mk([]types.Type{f64, f64}, intT), []string{FuncZero, FuncCompare},
			map[string]string{FuncCompare: "func(p0 float64, p1 float64) int { if p0 < p1 { return -1 }; if p0 > p1 { return 1 }; return 0 }"}},
		{mk([]types.Type{anyT, anyT}, intT), []string{FuncZero}, nil},
		{mk([]types.Type{intT}), []string{FuncRecord},
			map[string]string{FuncRecord: "func(p0 int) { rec = append(rec, p0) }"}},
	} {
		got := funcVariants(tc.sig)
		if !slices.Equal(got, tc.variants) {
			t.Errorf("%s: variants %v, want %v", tc.sig, got, tc.variants)
		}
		for _, v := range got {
			src := FuncLitSource(&Op{Kind: FuncLit, Type: tc.sig, Variant: v}, nil, "rec")
			if want, ok := tc.src[v]; ok && src != want {
				t.Errorf("%s %s: %s, want %s", tc.sig, v, src, want)
			}
			typeCheckLit(t, src, types.NewSlice(tc.sig.Params().At(0).Type()))
		}
	}
}

// typeCheckLit type-checks the function literal src as the value of a
// package-level variable, beside the variable rec of type rec that a
// recording literal appends to.
func typeCheckLit(t *testing.T, src string, rec types.Type) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "lit.go", "package p\nvar rec "+rec.String()+"\nvar _ = "+src+"\n", 0)
	if err != nil {
		t.Errorf("%s does not parse: %v", src, err)
		return
	}
	conf := types.Config{Importer: importer.Default()}
	if _, err := conf.Check("p", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("%s does not type-check: %v", src, err)
	}
}
