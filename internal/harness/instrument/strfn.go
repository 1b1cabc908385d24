package instrument

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/types/typeutil"
)

// String-function conditions: calls of these strings and bytes functions
// used as conditions, and comparisons of their index functions with a
// constant that tells found from not found, are rewritten to runtime
// probes that call the function and record a distance (see "String
// functions" in the runtime's cover.go for the distances):
//
//	strings.HasPrefix(s, p)     -> gentestrt_.StrCall(id, gentestrt_.FnHasPrefix, strings.HasPrefix, s, p)
//	strings.Index(s, x) >= 0    -> gentestrt_.StrIndex(id, gentestrt_.FnIndex, true, strings.Index, s, x)
//	-1 == bytes.IndexByte(b, c) -> gentestrt_.BytesIndexByte(id, false, bytes.IndexByte, b, c)
//
// The function is passed as a value, written as in the source, so the
// probe computes exactly the original call; arguments are evaluated once,
// in order, as before.

// strProbe says how calls of one function are instrumented.
type strProbe struct {
	probe  string       // runtime function
	fn     string       // runtime StrFn constant, "" if the probe takes none
	params []types.Type // the function's parameters, checked before rewriting
	index  bool         // returns an index (int); otherwise bool
}

var (
	tString = types.Typ[types.String]
	tBytes  = types.NewSlice(types.Typ[types.Byte])
	tByte   = types.Typ[types.Byte]
	tRune   = types.Typ[types.Rune]
)

// strProbes maps "pkg.Func" to its probe. Functions whose distance would
// not guide anything (strings.Compare, the Cut family) are left to the
// outcome-only probe.
var strProbes = map[string]strProbe{
	"strings.HasPrefix":     {"StrCall", "FnHasPrefix", []types.Type{tString, tString}, false},
	"strings.HasSuffix":     {"StrCall", "FnHasSuffix", []types.Type{tString, tString}, false},
	"strings.Contains":      {"StrCall", "FnContains", []types.Type{tString, tString}, false},
	"strings.ContainsAny":   {"StrCall", "FnContainsAny", []types.Type{tString, tString}, false},
	"strings.EqualFold":     {"StrCall", "FnEqualFold", []types.Type{tString, tString}, false},
	"strings.ContainsRune":  {"StrContainsRune", "", []types.Type{tString, tRune}, false},
	"strings.Index":         {"StrIndex", "FnIndex", []types.Type{tString, tString}, true},
	"strings.LastIndex":     {"StrIndex", "FnIndex", []types.Type{tString, tString}, true},
	"strings.IndexAny":      {"StrIndex", "FnIndexAny", []types.Type{tString, tString}, true},
	"strings.LastIndexAny":  {"StrIndex", "FnIndexAny", []types.Type{tString, tString}, true},
	"strings.IndexByte":     {"StrIndexByte", "", []types.Type{tString, tByte}, true},
	"strings.LastIndexByte": {"StrIndexByte", "", []types.Type{tString, tByte}, true},
	"strings.IndexRune":     {"StrIndexRune", "", []types.Type{tString, tRune}, true},
	"bytes.HasPrefix":       {"BytesCall", "FnHasPrefix", []types.Type{tBytes, tBytes}, false},
	"bytes.HasSuffix":       {"BytesCall", "FnHasSuffix", []types.Type{tBytes, tBytes}, false},
	"bytes.Contains":        {"BytesCall", "FnContains", []types.Type{tBytes, tBytes}, false},
	"bytes.EqualFold":       {"BytesCall", "FnEqualFold", []types.Type{tBytes, tBytes}, false},
	"bytes.Equal":           {"BytesCall", "FnEqual", []types.Type{tBytes, tBytes}, false},
	"bytes.ContainsRune":    {"BytesContainsRune", "", []types.Type{tBytes, tRune}, false},
	"bytes.Index":           {"BytesIndex", "FnIndex", []types.Type{tBytes, tBytes}, true},
	"bytes.LastIndex":       {"BytesIndex", "FnIndex", []types.Type{tBytes, tBytes}, true},
	"bytes.IndexByte":       {"BytesIndexByte", "", []types.Type{tBytes, tByte}, true},
	"bytes.LastIndexByte":   {"BytesIndexByte", "", []types.Type{tBytes, tByte}, true},
	"bytes.IndexRune":       {"BytesIndexRune", "", []types.Type{tBytes, tRune}, true},
}

// strCallee returns the probe for call and the function's name, if call
// calls one of strProbes' functions with its expected signature.
func (f *fileInst) strCallee(call *ast.CallExpr) (strProbe, string, bool) {
	if call.Ellipsis.IsValid() || len(call.Args) != 2 {
		return strProbe{}, "", false
	}
	fn, ok := typeutil.Callee(f.p.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return strProbe{}, "", false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.TypeParams().Len() > 0 {
		return strProbe{}, "", false
	}
	name := fn.Pkg().Path() + "." + fn.Name()
	p, ok := strProbes[name]
	if !ok || sig.Params().Len() != 2 || sig.Variadic() || sig.Results().Len() != 1 {
		return strProbe{}, "", false
	}
	for i, t := range p.params {
		if !types.Identical(sig.Params().At(i).Type(), t) {
			return strProbe{}, "", false
		}
	}
	want := types.Typ[types.Bool]
	if p.index {
		want = types.Typ[types.Int]
	}
	if !types.Identical(sig.Results().At(0).Type(), want) {
		return strProbe{}, "", false
	}
	return p, name, true
}

// strCall instruments call, a condition, if it calls a boolean string
// function.
func (f *fileInst) strCall(call *ast.CallExpr, kind string) bool {
	p, name, ok := f.strCallee(call)
	if !ok || p.index {
		return false
	}
	id := f.newCond(call, kind, f.text(call), true)
	f.setOperands(id, name, call.Args[0], call.Args[1])
	f.insert(call.Pos(), fmt.Sprintf("%s.%s(%d, %s", ImportName, p.probe, id, fnArg(p)), classOpen)
	f.callArgs(call)
	return true
}

func fnArg(p strProbe) string {
	if p.fn == "" {
		return ""
	}
	return ImportName + "." + p.fn + ", "
}

// callArgs turns "F(a, b)" into "F, a, b)", the rest of a probe call opened
// just before F, and instruments the arguments. F is a function name or
// selector: it holds no code to instrument.
func (f *fileInst) callArgs(call *ast.CallExpr) {
	f.replace(call.Lparen, call.Lparen+1, ", ")
	for _, a := range call.Args {
		ast.Walk(f, a)
	}
}

// indexCmp instruments b, a comparison used as a condition, if it compares
// the result of an index function with a constant in a way that only
// tells found (index >= 0) from not found (-1).
func (f *fileInst) indexCmp(b *ast.BinaryExpr, kind string) bool {
	if _, ok := opNames[b.Op]; !ok {
		return false
	}
	for _, side := range []struct {
		call, other ast.Expr
		left        bool // the call is the left operand
	}{{b.X, b.Y, true}, {b.Y, b.X, false}} {
		callSide, constSide, left := side.call, side.other, side.left
		call, ok := ast.Unparen(callSide).(*ast.CallExpr)
		if !ok {
			continue
		}
		p, name, ok := f.strCallee(call)
		if !ok || !p.index {
			continue
		}
		tv := f.p.info.Types[constSide]
		if tv.Value == nil {
			continue
		}
		c, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact {
			continue
		}
		eval := func(i int64) bool {
			if left {
				return cmpInt(b.Op, i, c)
			}
			return cmpInt(b.Op, c, i)
		}
		found := eval(0)
		// Index functions return -1 or an index >= 0: the comparison tells
		// found from not found if it has one value for all indexes >= 0
		// (for == and != that needs a negative constant; the other
		// operators are monotone) and the other one for -1.
		constOnIndexes := eval(math.MaxInt64) == found
		if (b.Op == token.EQL || b.Op == token.NEQ) && c >= 0 {
			constOnIndexes = false
		}
		if !constOnIndexes || eval(-1) == found {
			continue
		}
		id := f.newCond(b, kind, f.text(b), true)
		op := name + ">=0"
		if !found {
			op = name + "<0"
		}
		f.setOperands(id, op, call.Args[0], call.Args[1])
		if left {
			f.replace(callSide.End(), b.End(), "")
		} else {
			f.replace(b.Pos(), callSide.Pos(), "")
		}
		f.insert(call.Pos(), fmt.Sprintf("%s.%s(%d, %s%v, ", ImportName, p.probe, id, fnArg(p), found), classOpen)
		f.callArgs(call)
		return true
	}
	return false
}

func cmpInt(op token.Token, a, b int64) bool {
	switch op {
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	}
	return false
}

// setOperands records the operator and operands of distance condition id.
func (f *fileInst) setOperands(id int, op string, x, y ast.Expr) {
	c := &f.p.table.Conds[id]
	c.Op = op
	c.Operands = [2]Operand{f.operandInfo(x), f.operandInfo(y)}
}

func (f *fileInst) operandInfo(e ast.Expr) Operand {
	o := Operand{Text: f.text(e), Const: f.constant(e)}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := f.p.info.Uses[id].(*types.Builtin); ok && b.Name() == "len" {
				o.Len = true
			}
		}
	}
	return o
}
