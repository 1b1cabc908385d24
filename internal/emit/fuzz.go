package emit

import (
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// fuzzParam is one input of a fuzz target.
type fuzzParam struct {
	name string
	typ  types.Type      // the operation's parameter type
	kind types.BasicKind // of the fuzz argument; types.Invalid for []byte
	conv bool            // typ is a named type: convert the fuzz argument to it
}

// fuzzSpell is how the fuzz argument's type is written.
func (p fuzzParam) fuzzSpell() string {
	if p.kind == types.Invalid {
		return "[]byte"
	}
	return types.Typ[p.kind].Name()
}

// fuzzKinds are the basic kinds testing.F accepts (byte and rune are
// uint8 and int32).
var fuzzKinds = map[types.BasicKind]bool{
	types.String: true, types.Bool: true, types.Float32: true, types.Float64: true,
	types.Int: true, types.Int8: true, types.Int16: true, types.Int32: true, types.Int64: true,
	types.Uint: true, types.Uint8: true, types.Uint16: true, types.Uint32: true, types.Uint64: true,
}

// fuzzParams returns the inputs of op as fuzz arguments, or false if one
// is not fuzzable. A named type is fuzzed as its underlying type and
// converted, so Money(cents) works; a pointer receiver or a variadic
// parameter does not.
func (r *renderer) fuzzParams(op *model.Op) ([]fuzzParam, bool) {
	// Only a function or a method has something to call in f.Fuzz: a
	// conversion or composite literal with literal inputs has seeds too.
	if op.Kind != model.Call && op.Kind != model.Method || op.Variadic || len(op.Params) == 0 {
		return nil, false
	}
	if op.StateSetter() {
		// Every fuzz input would change package state for the tests that
		// run after it.
		return nil, false
	}
	used := map[string]bool{"t": true, "f": true, "err": true, "ok": true}
	for _, n := range r.imports {
		used[n] = true
	}
	for _, n := range r.own {
		used[n] = true
	}
	used[r.pkgName] = true
	var out []fuzzParam
	for i, p := range op.Params {
		fp := fuzzParam{typ: p.Type, kind: types.Invalid}
		switch u := p.Type.Underlying().(type) {
		case *types.Basic:
			if !fuzzKinds[u.Kind()] {
				return nil, false
			}
			fp.kind = u.Kind()
			fp.conv = !types.Identical(p.Type, u)
		case *types.Slice:
			b, ok := u.Elem().(*types.Basic)
			if !ok || b.Kind() != types.Uint8 {
				return nil, false
			}
			fp.conv = !types.Identical(p.Type, types.NewSlice(types.Typ[types.Uint8]))
		default:
			return nil, false
		}
		if fp.conv && !r.nameable(p.Type) {
			return nil, false
		}
		base := fieldName(p.Name)
		if p.Recv {
			base = baseName(p.Type)
		}
		if base == "" {
			base = "arg" + strconv.Itoa(i+1)
		}
		if keywords[base] {
			base += "Val"
		}
		fp.name = uniqueName(base, used)
		out = append(out, fp)
	}
	return out, true
}

// seedExpr writes literal l as an f.Add argument: its type must be
// exactly the fuzz argument's, so all but int, float64, string and bool
// need a conversion. It fails for a value the type cannot hold.
func (r *renderer) seedExpr(l seq.Lit, p fuzzParam) (ast.Expr, bool) {
	if p.kind == types.Invalid {
		switch l.Kind {
		case seq.LitBytes:
			return call(&ast.ArrayType{Elt: ident("byte")}, strLit(l.S)), true
		case seq.LitNil, seq.LitZero:
			return call(&ast.ArrayType{Elt: ident("byte")}, ident("nil")), true
		}
		return nil, false
	}
	name := types.Typ[p.kind].Name()
	info := types.Typ[p.kind].Info()
	switch {
	case info&types.IsString != 0:
		switch l.Kind {
		case seq.LitString:
			return strLit(l.S), true
		case seq.LitZero:
			return strLit(""), true
		}
	case info&types.IsBoolean != 0:
		switch l.Kind {
		case seq.LitBool:
			return ident(strconv.FormatBool(l.B)), true
		case seq.LitZero:
			return ident("false"), true
		}
	case info&types.IsInteger != 0:
		var neg bool
		var mag uint64
		switch l.Kind {
		case seq.LitInt:
			neg = l.I < 0
			mag = uint64(l.I)
			if neg {
				mag = uint64(-(l.I + 1)) + 1
			}
		case seq.LitUint:
			mag = l.U
		case seq.LitZero:
		default:
			return nil, false
		}
		size := map[types.BasicKind]uint{types.Int8: 8, types.Int16: 16, types.Int32: 32, types.Uint8: 8,
			types.Uint16: 16, types.Uint32: 32}[p.kind]
		if size == 0 {
			size = 64
		}
		if info&types.IsUnsigned != 0 {
			if neg || (size < 64 && mag >= 1<<size) {
				return nil, false
			}
		} else if neg && mag > 1<<(size-1) || !neg && mag > 1<<(size-1)-1 {
			return nil, false
		}
		if neg {
			r.wordInt(p.typ, -int64(mag)) // mag <= 1<<63: -int64 wraps to MinInt64 at most
		} else {
			r.wordUint(p.typ, mag)
		}
		var x ast.Expr = &ast.BasicLit{Kind: token.INT, Value: strconv.FormatUint(mag, 10)}
		if neg {
			x = &ast.UnaryExpr{Op: token.SUB, X: x}
		}
		if p.kind == types.Int {
			return x, true
		}
		return call(ident(name), x), true
	case info&types.IsFloat != 0:
		var f float64
		switch l.Kind {
		case seq.LitFloat:
			f = l.F
		case seq.LitInt:
			f = float64(l.I)
		case seq.LitUint:
			f = float64(l.U)
		case seq.LitZero:
		default:
			return nil, false
		}
		x := r.floatLit(f)
		if p.kind == types.Float64 {
			return x, true
		}
		if !math.IsInf(f, 0) && !math.IsNaN(f) && math.Abs(f) > math.MaxFloat32 {
			return nil, false
		}
		return call(ident(name), x), true
	}
	return nil, false
}

// maxFuzzTargets is how many fuzz targets one file holds at most. Their
// one check is that the call does not panic with a runtime error: a few
// for the package's parsers say something its tests do not, while one per
// function made half of a file (math/bits: 42 of 86 tests) that a
// maintainer deletes in one pass.
const maxFuzzTargets = 3

// decoderPrefixes name the functions that take text or bytes apart: where
// arbitrary input reaches index arithmetic and a panic is a bug.
var decoderPrefixes = []string{"Parse", "Decode", "Unmarshal", "Unquote", "Unescape", "Split", "Scan", "Valid", "Lex", "Tokenize"}

// fuzzWorth reports whether op is a parser or decoder of its input, the
// only kind of operation that gets a fuzz target: a string or []byte
// parameter (not the receiver), and an error result (malformed input is
// expected and reported) or a name that says it decodes (utf8.DecodeRune,
// shellquote.Split). Arithmetic (bits.Add), string transformations
// (xstrings.Reverse) and hashes get none: "does not panic" is all their
// target would check, and their tests check their values.
func fuzzWorth(op *model.Op) bool {
	if op.Kind != model.Call && op.Kind != model.Method || op.Func == nil {
		return false
	}
	text := false
	for _, p := range op.Params {
		if p.Recv {
			continue
		}
		switch u := p.Type.Underlying().(type) {
		case *types.Basic:
			text = text || u.Kind() == types.String
		case *types.Slice:
			b, ok := u.Elem().(*types.Basic)
			text = text || ok && b.Kind() == types.Uint8
		}
	}
	if !text {
		return false
	}
	if op.ErrResult {
		return true
	}
	name := op.Func.Name()
	for _, pre := range decoderPrefixes {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// fuzzTarget writes FuzzXxx for op when its inputs are all fuzzable and
// some case called it with literal arguments only, which become the seeds.
//
// An operation whose doc comment announces a panic (op.DocPanics) gets
// none. A fuzz target's one check is that no input makes the call panic
// with a runtime error, and a documented panic is often one: bits.Div's
// overflow panic (y <= hi) is a runtime.Error, as is an index or a
// division the documented condition reaches, so the target would fail on
// documented behaviour that the operation's Panics test asserts.
// Exempting runtime errors for such an operation would leave a target
// that cannot fail, and telling the documented inputs from the others
// means evaluating the doc's condition, which gentest cannot.
func (r *renderer) fuzzTarget(op *model.Op, cs []*oracle.Case, used map[string]bool) (string, TestInfo, bool) {
	var info TestInfo
	if op.DocPanics != "" {
		return "", info, false
	}
	params, ok := r.fuzzParams(op)
	if !ok {
		return "", info, false
	}
	seeds, subs, keys := r.fuzzSeeds(params, cs)
	if len(seeds) == 0 {
		return "", info, false
	}
	name := uniqueName("Fuzz"+strings.ReplaceAll(op.Name, ".", "_"), used)
	info = TestInfo{Func: name, Subtests: subs, Keys: keys}

	body := r.exitSwapStmts("f") // exitswap.go: a handler that exits swapped first
	for _, s := range seeds {
		body = append(body, &ast.ExprStmt{X: call(sel(ident("f"), "Add"), s...)})
	}
	fun, args, check, ok := r.fuzzCall(op, params)
	if !ok {
		return "", TestInfo{}, false
	}
	r.need("go1.18") // testing.F
	fuzzFn := &ast.FuncLit{
		Type: &ast.FuncType{Params: &ast.FieldList{}},
		Body: block(
			&ast.DeferStmt{Call: call(&ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: block(check)})},
			effectStmt(&ast.CallExpr{Fun: fun, Args: args}, len(op.Results)),
		),
	}
	fuzzFn.Type.Params.List = append(fuzzFn.Type.Params.List, &ast.Field{
		Names: []*ast.Ident{ident("t")}, Type: &ast.StarExpr{X: sel(ident(r.own["testing"]), "T")}})
	for _, p := range params {
		fuzzFn.Type.Params.List = append(fuzzFn.Type.Params.List, &ast.Field{
			Names: []*ast.Ident{ident(p.name)}, Type: ident(p.fuzzSpell())})
	}
	body = append(body, &ast.ExprStmt{X: call(sel(ident("f"), "Fuzz"), fuzzFn)})
	what := op.Func.Name()
	if op.Kind == model.Method {
		what = op.Name
	}
	doc := wrap(name+" continues from the inputs gentest tested (go\x00test\x00-fuzz="+name+"). "+what+
		" may panic on purpose, but not with a runtime error (nil dereference, index out of range, ...)"+
		" unless an input is zero: gentest treats that as an unchecked precondition.", docWidth)
	src, err := r.printDecl(&ast.FuncDecl{Name: ident(name), Type: r.funcType("f", "F"), Body: block(body...)}, doc...)
	if err != nil {
		return "", TestInfo{}, false
	}
	return src, info, true
}

// effectStmt calls x for its effect: with its results assigned to blanks,
// since vet's unusedresult reports a String or Error call whose result is
// dropped.
func effectStmt(x ast.Expr, results int) ast.Stmt {
	if results == 0 {
		return &ast.ExprStmt{X: x}
	}
	lhs := make([]ast.Expr, results)
	for i := range lhs {
		lhs[i] = ident("_")
	}
	return &ast.AssignStmt{Lhs: lhs, Tok: token.ASSIGN, Rhs: []ast.Expr{x}}
}

// fuzzSeeds collects the distinct literal inputs of cases as f.Add
// arguments, and for each case the seed it runs as ("seed#N").
func (r *renderer) fuzzSeeds(params []fuzzParam, cs []*oracle.Case) (seeds [][]ast.Expr, subs []string, keys []int) {
	index := map[string]int{}
	var probeOK bool
	for _, c := range cs {
		st := c.Seq.Stmts[c.Target]
		key := ""
		var args []ast.Expr
		r.probe(func() {
			probeOK = true
			for k, a := range st.Args {
				if !a.IsLit {
					probeOK = false
					return
				}
				key += a.Lit.Key() + ","
				if _, ok := r.seedExpr(a.Lit, params[k]); !ok {
					probeOK = false
					return
				}
			}
		})
		if !probeOK {
			continue
		}
		n, seen := index[key]
		if !seen {
			for k, a := range st.Args {
				x, _ := r.seedExpr(a.Lit, params[k])
				args = append(args, x)
			}
			n = len(seeds)
			index[key] = n
			seeds = append(seeds, args)
		}
		subs = append(subs, "seed#"+strconv.Itoa(n))
		keys = append(keys, c.Key)
	}
	return seeds, subs, keys
}

// fuzzCall builds the fuzzed call and the deferred check that fails the
// test on a runtime panic with no zero input.
func (r *renderer) fuzzCall(op *model.Op, params []fuzzParam) (fun ast.Expr, args []ast.Expr, check ast.Stmt, ok bool) {
	// The call, and how failure messages name it.
	var d desc
	var verbs []string
	for _, p := range params {
		var x ast.Expr = ident(p.name)
		if p.conv {
			cx, err := r.convert(p.typ, x)
			if err != nil {
				return nil, nil, nil, false
			}
			x = cx
		}
		args = append(args, x)
		verb := "%v"
		if isText(p.typ) {
			verb = "%q"
		}
		verbs = append(verbs, verb)
		d.args = append(d.args, ident(p.name))
	}
	if op.Kind == model.Method {
		recv := args[0]
		fun = sel(recv, op.Func.Name())
		args = args[1:]
		d.format = types.TypeString(params[0].typ, types.RelativeTo(r.pkg)) + "(" + verbs[0] + ")." + op.Func.Name() +
			"(" + strings.Join(verbs[1:], ", ") + ")"
	} else {
		f, err := r.funcExpr(op)
		if err != nil {
			return nil, nil, nil, false
		}
		fun = f
		d.format = op.Func.Name() + "(" + strings.Join(verbs, ", ") + ")"
	}
	// Zero inputs are exempt: gentest's contract treats a runtime panic on
	// a zero or empty input as an unchecked precondition.
	var cond ast.Expr
	cond = ident("ok")
	for _, p := range params {
		var c ast.Expr
		switch {
		case p.kind == types.Invalid:
			c = binary(call(ident("len"), ident(p.name)), token.NEQ, intLit(0))
		case p.kind == types.String:
			c = binary(ident(p.name), token.NEQ, strLit(""))
		case p.kind == types.Bool:
			continue
		default:
			c = binary(ident(p.name), token.NEQ, intLit(0))
		}
		cond = binary(cond, token.LAND, c)
	}
	rtName := r.use("runtime")
	debugName := r.use("runtime/debug")
	check = &ast.IfStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("err"), ident("ok")}, Tok: token.DEFINE,
			Rhs: []ast.Expr{&ast.TypeAssertExpr{X: call(ident("recover")), Type: sel(ident(rtName), "Error")}}},
		Cond: cond,
		Body: block(errorf(d, " panicked: %v\n%s", ident("err"), call(sel(ident(debugName), "Stack")))),
	}
	return fun, args, check, true
}
