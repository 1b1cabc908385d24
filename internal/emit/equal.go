package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"math"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// emptiness says what a check of a slice or map value must make of nil
// and empty.
type emptiness int

const (
	// nonEmpty: every want is neither nil nor empty, so nil and empty
	// cannot be confused and an Equal function that equates them (bytes,
	// slices, maps) says the same as an exact comparison.
	nonEmpty emptiness = iota
	// exactEmpty: some want is nil or empty and the operation returned
	// only one of the two: the check tells them apart, as cmp.Diff does.
	exactEmpty
	// equateEmpty: the operation returned both for this result
	// (Assertion.EquateEmpty); nil and empty are equal, as
	// cmpopts.EquateEmpty makes them.
	equateEmpty
)

// valueCheck compares got with want, both of type t (the static type of
// the result), and reports a mismatch through d and what. With
// Options.Cmp it is cmp.Diff, as ever; without, what the standard library
// offers (stdCheck).
func (r *renderer) valueCheck(t types.Type, want, got ast.Expr, d desc, what string, e emptiness) ast.Stmt {
	if r.opts.Cmp {
		return r.diff(want, got, d, what, r.equateEmpty(e == equateEmpty)...)
	}
	return r.stdCheck(t, want, got, d, what, e)
}

// stdCheck compares got with want with the standard library, choosing
// what a Go programmer writes for the type:
//
//   - got.Equal(want) when t has an Equal(t) bool method (go-cmp calls
//     it too);
//   - != for values == compares by content (no pointers, interfaces,
//     channels or functions inside), and for an interface holding a
//     basic value;
//   - bytes.Equal, slices.Equal (module at go1.21 or later) and
//     maps.Equal (go1.21) for byte slices and slices and maps of such
//     values, where they agree with an exact comparison (e != exactEmpty:
//     they equate nil and empty);
//   - reflect.DeepEqual, with both values printed with %#v, for the rest;
//     under equateEmpty, only when one of them is not empty.
//
// reflect.DeepEqual compares unexported fields too: it neither panics on
// them as cmp.Diff does without options nor ignores them, so the check is
// the one cmp.AllowUnexported would give. Nested nil and empty values are
// told apart (EquateEmpty applies to the top-level value only, where the
// oracle sets it).
func (r *renderer) stdCheck(t types.Type, want, got ast.Expr, d desc, what string, e emptiness) ast.Stmt {
	if r.hasEqualMethod(t) {
		return ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(got, "Equal"), want)},
			errorf(d, esc(what)+" = %v, want %v", got, want))
	}
	if contentComparable(t, 0) {
		return neq(got, want, "%+v", d, what)
	}
	if types.IsInterface(t) {
		if _, composite := want.(*ast.CompositeLit); !composite {
			// An interface holding a basic value (valueExpr writes no
			// other): != cannot panic, as the want's dynamic type is
			// comparable.
			return neq(got, want, "%v", d, what)
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok && contentComparable(p.Elem(), 0) {
		// &T{...} written as a literal: compare what the pointer holds.
		if lit, ok := want.(*ast.UnaryExpr); ok && lit.Op == token.AND {
			return neq(&ast.StarExpr{X: got}, lit.X, "%+v", d, what)
		}
	}
	if e != exactEmpty {
		switch u := t.Underlying().(type) {
		case *types.Slice:
			if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
				return equalFunc(r.use("bytes"), got, want, "%q", d, what)
			}
			if contentComparable(u.Elem(), 0) && r.goAtLeast("go1.21") {
				verb := "%v"
				if isText(u.Elem()) {
					verb = "%q"
				}
				return equalFunc(r.use("slices"), got, want, verb, d, what)
			}
		case *types.Map:
			if contentComparable(u.Key(), 0) && contentComparable(u.Elem(), 0) && r.goAtLeast("go1.21") {
				return equalFunc(r.use("maps"), got, want, "%v", d, what)
			}
		}
	}
	var cond ast.Expr = &ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(r.use("reflect")), "DeepEqual"), got, want)}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		if e == equateEmpty {
			// Two empty values are equal whether nil or not, as
			// cmpopts.EquateEmpty has it.
			some := binary(binary(call(ident("len"), got), token.NEQ, intLit(0)), token.LOR,
				binary(call(ident("len"), want), token.NEQ, intLit(0)))
			cond = binary(&ast.ParenExpr{X: some}, token.LAND, cond)
		}
	}
	return ifStmt(cond, errorf(d, esc(what)+" = %#v, want %#v", got, want))
}

// equalFunc is if !pkg.Equal(got, want) { t.Errorf("<d><what> = <verb>, want <verb>", got, want) }.
func equalFunc(pkg string, got, want ast.Expr, verb string, d desc, what string) ast.Stmt {
	return ifStmt(&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(pkg), "Equal"), got, want)},
		errorf(d, esc(what)+" = "+verb+", want "+verb, got, want))
}

// hasEqualMethod reports whether t has a method Equal(t) bool, the form
// go-cmp calls instead of comparing the values' contents.
func (r *renderer) hasEqualMethod(t types.Type) bool {
	sig, err := r.methodSig(t, "Equal")
	if err != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool && types.Identical(sig.Params().At(0).Type(), t)
}

// contentComparable reports whether == compares values of t by content:
// basic values and structs and arrays of them. Pointers, interfaces,
// channels compare by identity (or panic, for an interface holding an
// uncomparable value); slices, maps and functions do not compare.
func contentComparable(t types.Type, depth int) bool {
	if depth > 10 {
		return false // a recursive type
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Info()&types.IsUntyped == 0
	case *types.Array:
		return contentComparable(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !contentComparable(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// goAtLeast reports whether the file may use what Go version v (as
// "go1.21") brought, given the module's go line (Options.GoVersion): the
// std fallback writes slices.Equal and maps.Equal only for modules that
// declare go1.21 or later, and reflect.DeepEqual otherwise, so that the
// file needs no build line.
func (r *renderer) goAtLeast(v string) bool {
	return !olderGo(r.opts.GoVersion, v)
}

// olderGo reports whether a module's go line declared ("1.18", "1.21.3",
// "" for none) is older than Go version v ("go1.21"). No or an unreadable
// go line is not older: the go command then assumes a recent version.
func olderGo(declared, v string) bool {
	if declared == "" {
		return false
	}
	d := "go" + declared
	if !version.IsValid(d) || !version.IsValid(v) {
		return false
	}
	return version.Compare(d, v) < 0
}

// need records that the file uses what Go version v brought (an API or
// a language feature): when the module's go line is older, the file gets
// a //go:build line for the newest such version.
func (r *renderer) need(v string) {
	if r.needGo == "" || version.Compare(v, r.needGo) > 0 {
		r.needGo = v
	}
}

// buildLine is the constraint the rendered file needs: Options.BuildTag
// when set, else the newest Go version it uses when the module's go line
// is older (a fuzz target, go1.18, in a module declaring go 1.16), else
// none.
func (r *renderer) buildLine() string {
	line := ""
	switch {
	case r.opts.BuildTag != "":
		line = r.opts.BuildTag
	case r.needGo != "" && olderGo(r.opts.GoVersion, r.needGo):
		line = r.needGo
	}
	if !r.need64 {
		return line
	}
	if strings.Contains(line, "||") {
		line = "(" + line + ")"
	}
	if line != "" {
		line += " && "
	}
	// The 32-bit architectures Go supports: a word-sized constant that
	// needs 64 bits does not compile there (wordInt).
	return line + "!386 && !arm && !mips && !mipsle"
}

// floatCheck compares got, a float or complex result of type t (b its
// underlying type), with want when == cannot say what the run showed: a
// NaN (never equal to itself) or a negative zero (equal to +0). It
// reports false for a value == compares fully.
//
//	if !math.IsNaN(got) { t.Errorf("Sqrt(x) = %v, want NaN", got) }
//	if got != 0 || !math.Signbit(got) { t.Errorf("... = %v, want -0", got) }
//	if !math.IsNaN(real(got)) || imag(got) != 1.5 { ... want (NaN+1.5i) }
//
// A complex value is checked part by part: cmplx.IsNaN is true for (NaN,
// 3) and (NaN, NaN) alike, and false for (NaN, Inf), so it would say less
// than the run showed.
func (r *renderer) floatCheck(t types.Type, b *types.Basic, want *rt.Tree, got ast.Expr, d desc, what string) (ast.Stmt, bool) {
	if b.Info()&(types.IsFloat|types.IsComplex) == 0 || want.Kind != rt.TFloat && want.Kind != rt.TComplex {
		return nil, false
	}
	f32 := b.Kind() == types.Float32 || b.Kind() == types.Complex64
	if want.Kind == rt.TFloat {
		if !special(want.F) && !computed(want.F, f32) {
			return nil, false
		}
		x := got
		if !types.Identical(t, types.Typ[types.Float64]) {
			x = call(ident("float64"), got) // math takes float64: a named or 32-bit float is converted
		}
		return ifStmt(r.partDiffers(x, want.F, f32), errorf(d, esc(what)+" = %v, want "+esc(specialText(want.F)+within(f32, want.F)), got)), true
	}
	if !special(want.F) && !special(want.Imag) && !computed(want.F, f32) && !computed(want.Imag, f32) {
		return nil, false
	}
	part := func(fn string) ast.Expr {
		x := ast.Expr(call(ident(fn), got))
		if f32 {
			x = call(ident("float64"), x)
		}
		return x
	}
	cond := binary(r.partDiffers(part("real"), want.F, f32), token.LOR, r.partDiffers(part("imag"), want.Imag, f32))
	text := "(" + specialText(want.F)
	if im := specialText(want.Imag); strings.HasPrefix(im, "-") || strings.HasPrefix(im, "+") {
		text += im + "i)"
	} else {
		text += "+" + im + "i)"
	}
	text += within(f32, want.F, want.Imag)
	return ifStmt(cond, errorf(d, esc(what)+" = %v, want "+esc(text), got)), true
}

// partDiffers is the condition under which x, a float64 expression, is
// not w as a test sees it: not NaN for a NaN, not a zero with its sign
// bit for -0, farther than tolerance(w) from a computed w, else x != w.
func (r *renderer) partDiffers(x ast.Expr, w float64, f32 bool) ast.Expr {
	m := r.use("math")
	switch {
	case w != w:
		return &ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(m), "IsNaN"), x)}
	case w == 0 && math.Signbit(w):
		return binary(binary(x, token.NEQ, intLit(0)), token.LOR,
			&ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(m), "Signbit"), x)})
	case computed(w, f32):
		lit := r.floatLit(w)
		if f32 {
			lit = &ast.BasicLit{Kind: token.FLOAT, Value: fmtFloat32(w)}
		}
		// math.Abs(x - w) > 1e-09, math.Abs(x + 1.5) for w = -1.5
		diff := binary(x, token.SUB, lit)
		if u, ok := lit.(*ast.UnaryExpr); ok && u.Op == token.SUB {
			diff = binary(x, token.ADD, u.X)
		} else if l, ok := lit.(*ast.BasicLit); ok && strings.HasPrefix(l.Value, "-") {
			diff = binary(x, token.ADD, &ast.BasicLit{Kind: token.FLOAT, Value: l.Value[1:]})
		}
		return binary(call(sel(ident(m), "Abs"), diff), token.GTR,
			&ast.BasicLit{Kind: token.FLOAT, Value: strconv.FormatFloat(tolerance(w, f32), 'g', -1, 64)})
	}
	if f32 && !math.IsInf(w, 0) {
		return binary(x, token.NEQ, &ast.BasicLit{Kind: token.FLOAT, Value: fmtFloat32(w)})
	}
	return binary(x, token.NEQ, r.floatLit(w))
}

// special reports whether == cannot check a float f: NaN or -0.
func special(f float64) bool {
	return f != f || f == 0 && math.Signbit(f)
}

// computed reports whether f looks like the result of a floating-point
// computation rather than an exact value: finite, not an integer, and
// more significant digits than a person writes (9 or more; 7 or more
// for a float32). The last bits of such a value depend on the order of
// operations and on fused multiply-adds, which the compiler uses on
// arm64, ppc64 and s390x but not on amd64, so a test checks it within
// tolerance(f), never with ==. 0.5, 2.75 and 1e-3 are compared exactly.
func computed(f float64, f32 bool) bool {
	if math.IsInf(f, 0) || f != f || f == math.Trunc(f) {
		return false
	}
	bits, digits := 64, 9
	if f32 {
		bits, digits = 32, 7
	}
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, bits)
	mant, _, _ := strings.Cut(s, "e")
	return len(strings.Replace(mant, ".", "", 1)) >= digits
}

// tolerance is how far a computed result may be from what the run gave:
// a power of ten about 1e-9 of its magnitude (1e-5 for a float32), so
// that the literal reads as a tolerance.
func tolerance(f float64, f32 bool) float64 {
	rel := -9.0
	if f32 {
		rel = -5
	}
	return math.Pow(10, math.Ceil(math.Log10(math.Max(math.Abs(f), 1e-300)))+rel)
}

// specialText is f as the failure message states it: NaN, -0, or the
// value.
func specialText(f float64) string {
	switch {
	case f != f:
		return "NaN"
	case f == 0 && math.Signbit(f):
		return "-0"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// within is what a failure message adds after a want with computed parts
// fs: " within" the largest of their tolerances, or nothing.
func within(f32 bool, fs ...float64) string {
	tol := 0.0
	for _, f := range fs {
		if computed(f, f32) {
			tol = math.Max(tol, tolerance(f, f32))
		}
	}
	if tol == 0 {
		return ""
	}
	return " within " + strconv.FormatFloat(tol, 'g', -1, 64)
}

// nanCheck compares got with want (the tree wantT, written as want), a
// composite of type t holding a NaN (oracle.HasNaN), so that NaN equals
// NaN: cmp.Diff with cmpopts.EquateNaNs under Options.Cmp; without
// go-cmp, slices.EqualFunc with a comparison that equates NaNs for a
// slice of floats, and a check per field for a struct of basic fields
// (floatCheck's for the floats). The standard library has nothing that
// does it for other values: reported false, and the value is not
// asserted (nanComparable).
func (r *renderer) nanCheck(t types.Type, wantT *rt.Tree, want, got ast.Expr, d desc) ([]ast.Stmt, bool) {
	if r.opts.Cmp {
		return []ast.Stmt{r.diff(want, got, d, "", call(sel(ident(r.use(CmpoptsPath)), "EquateNaNs")))}, true
	}
	if !r.nanComparable(t) {
		return nil, false
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		return r.fieldChecks(st, wantT, got, d)
	}
	s := t.Underlying().(*types.Slice)
	b := s.Elem().Underlying().(*types.Basic)
	// slices.EqualFunc(got, want, func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) })
	et, err := r.typeExpr(s.Elem())
	if err != nil {
		return nil, false
	}
	m := r.use("math")
	isNaN := func(name string) ast.Expr {
		var x ast.Expr = ident(name)
		if b.Kind() != types.Float64 {
			x = call(ident("float64"), x)
		}
		return call(sel(ident(m), "IsNaN"), x)
	}
	eq := &ast.FuncLit{
		Type: &ast.FuncType{
			Params:  &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ident("a"), ident("b")}, Type: et}}},
			Results: &ast.FieldList{List: []*ast.Field{{Type: ident("bool")}}},
		},
		Body: block(&ast.ReturnStmt{Results: []ast.Expr{binary(binary(ident("a"), token.EQL, ident("b")), token.LOR,
			binary(isNaN("a"), token.LAND, isNaN("b")))}}),
	}
	cond := &ast.UnaryExpr{Op: token.NOT, X: call(sel(ident(r.use("slices")), "EqualFunc"), got, want, eq)}
	return []ast.Stmt{ifStmt(cond, errorf(d, " = %v, want %v", got, want))}, true
}

// fieldChecks checks a struct of exported basic fields one field at a
// time: got.Mean with math.IsNaN where the run gave NaN, == elsewhere.
func (r *renderer) fieldChecks(st *types.Struct, want *rt.Tree, got ast.Expr, d desc) ([]ast.Stmt, bool) {
	if want.Kind != rt.TStruct || len(want.Elems) != st.NumFields() {
		return nil, false
	}
	var out []ast.Stmt
	for i := 0; i < st.NumFields(); i++ {
		f, w := st.Field(i), &want.Elems[i]
		b := f.Type().Underlying().(*types.Basic) // nanComparable
		x := sel(got, f.Name())
		if c, ok := r.floatCheck(f.Type(), b, w, x, d, "."+f.Name()); ok {
			out = append(out, c)
			continue
		}
		lit, ok := r.valueExpr(f.Type(), w)
		if !ok {
			return nil, false
		}
		verb := "%v"
		if isText(f.Type()) {
			verb = "%q"
		}
		out = append(out, neq(x, lit, verb, d, "."+f.Name()))
	}
	return out, true
}

// nanComparable reports whether nanCheck can compare values of the
// composite type t holding a NaN: always with go-cmp; without, a struct
// of exported basic fields, and a slice of floats where the module has
// slices.EqualFunc.
func (r *renderer) nanComparable(t types.Type) bool {
	if r.opts.Cmp {
		return true
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		for i := 0; i < st.NumFields(); i++ {
			if _, basic := st.Field(i).Type().Underlying().(*types.Basic); !basic || !st.Field(i).Exported() {
				return false
			}
		}
		return st.NumFields() > 0 && r.nameable(t)
	}
	s, ok := t.Underlying().(*types.Slice)
	if !ok || !r.goAtLeast("go1.21") {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}
