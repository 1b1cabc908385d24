package purity

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file holds the joins of a slice built in map order whose order no
// consumer can tell apart (see the package doc, "maporder"): the check
// does not count them as output.
//
//   - An alternation of the elements compiled into a regular expression
//     anchored at both ends (^(a|b|c)x$): alternation is commutative in
//     the strings the expression matches, and with both ends anchored
//     the match is the whole input, so neither MatchString nor the extent
//     of a match depends on the order. (Leftmost-first matching can still
//     bind a group differently when one alternative is a prefix of
//     another and the rest of the pattern accepts both readings; with the
//     keys quoted literals followed by something that cannot start with
//     their tail, as in go-version's operators, it cannot. An unanchored
//     alternation is reported: FindString's extent depends on the order.)
//   - Key/value pairs joined into a path (append(s, k, v) in each turn,
//     strings.Join(s, "/")): the path encodes the map as pairs, and its
//     reader (a Pushgateway grouping key, a router's /k/v/ segments)
//     reads them back into a map, so a reordering changes the bytes of
//     the URL but not what it names. A pair path that is also printed
//     is not followed past the join (a miss the check accepts).

// orderFreeJoin reports whether the call ref joins v, a slice of leak
// l, in one of the ways above.
func (c *mapOrderCheck) orderFreeJoin(ref ssa.CallInstruction, obj *types.Func, v ssa.Value) bool {
	common := ref.Common()
	if obj.Pkg() == nil || obj.Pkg().Path() != "strings" || obj.Name() != "Join" || len(common.Args) != 2 || common.Args[0] != v {
		return false
	}
	sep, ok := common.Args[1].(*ssa.Const)
	if !ok || sep.Value == nil || sep.Value.Kind() != constant.String {
		return false
	}
	call, ok := ref.(*ssa.Call)
	if !ok {
		return false
	}
	switch constant.StringVal(sep.Value) {
	case "|":
		return compiledAnchored(call, 0)
	case "/":
		return c.cur != nil && c.curAcc[v] && pairElems(c.cur)
	}
	return false
}

// regexpCompilers are the functions that compile their first argument as
// a regular expression.
var regexpCompilers = map[string]bool{
	"Compile": true, "MustCompile": true, "CompilePOSIX": true, "MustCompilePOSIX": true,
}

// compiledAnchored reports whether the string v is compiled as a regular
// expression (regexp.MustCompile), directly or through concatenation or
// fmt.Sprintf, into a pattern anchored at both ends.
func compiledAnchored(v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.BinOp:
			if ref.Op == token.ADD && compiledAnchored(ref, depth+1) {
				return true
			}
		case *ssa.MakeInterface:
			// Into a variadic argument list: the call it is passed to.
			for _, r2 := range *ref.Referrers() {
				st, ok := r2.(*ssa.Store)
				if !ok {
					continue
				}
				base := addrBase(st.Addr)
				if base == nil {
					continue
				}
				for _, r3 := range *base.Referrers() {
					sl, ok := r3.(*ssa.Slice)
					if !ok {
						continue
					}
					for _, r4 := range *sl.Referrers() {
						if call, ok := r4.(*ssa.Call); ok && isFmtFunc(call, "Sprintf") && compiledAnchored(call, depth+1) {
							return true
						}
					}
				}
			}
		case *ssa.Call:
			callee := ref.Call.StaticCallee()
			if callee == nil || len(ref.Call.Args) == 0 || ref.Call.Args[0] != v {
				continue
			}
			if obj := funcObject(callee); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "regexp" && regexpCompilers[obj.Name()] {
				return anchoredPattern(v)
			}
		}
	}
	return false
}

func isFmtFunc(call *ssa.Call, name string) bool {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	obj := funcObject(callee)
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "fmt" && obj.Name() == name
}

// anchoredPattern reports whether the pattern v is built with a constant
// start "^" and a constant end "$": a fmt.Sprintf format, or the outer
// operands of a concatenation.
func anchoredPattern(v ssa.Value) bool {
	if call, ok := v.(*ssa.Call); ok && isFmtFunc(call, "Sprintf") && len(call.Call.Args) > 0 {
		f, ok := constString(call.Call.Args[0])
		return ok && strings.HasPrefix(f, "^") && strings.HasSuffix(f, "$")
	}
	first, last := v, v
	for i := 0; i < 16; i++ {
		b, ok := first.(*ssa.BinOp)
		if !ok || b.Op != token.ADD {
			break
		}
		first = b.X
	}
	for i := 0; i < 16; i++ {
		b, ok := last.(*ssa.BinOp)
		if !ok || b.Op != token.ADD {
			break
		}
		last = b.Y
	}
	start, ok1 := constString(first)
	end, ok2 := constString(last)
	return ok1 && ok2 && first != last && strings.HasPrefix(start, "^") && strings.HasSuffix(end, "$")
}

func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// pairElems reports whether every append in the loop of l appends a pair
// whose first element is made of the map key (append(s, k, v),
// append(s, k+suffix, enc(v))): the slice is the map written as pairs.
func pairElems(l *mapLeak) bool {
	groups := appendGroups(l)
	if len(groups) == 0 {
		return false
	}
	for _, g := range groups {
		if len(g) != 2 || !dependsOnKey(g[0], l.next, 0) {
			return false
		}
	}
	return true
}

// appendGroups returns, for each append in the loop of l to a slice of
// the accumulator's type, the values it appends, in argument order.
func appendGroups(l *mapLeak) [][]ssa.Value {
	if len(l.acc) == 0 || l.next == nil {
		return nil
	}
	header := l.next.Block()
	if len(header.Succs) != 2 {
		return nil
	}
	body := header.Succs[0]
	var groups [][]ssa.Value
	for _, b := range header.Parent().Blocks {
		if !body.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isAppend(call) || len(call.Call.Args) != 2 || !types.Identical(call.Type(), l.acc[0].Type()) {
				continue
			}
			groups = append(groups, variadicElems(call.Call.Args[1]))
		}
	}
	return groups
}

// variadicElems returns the values stored into the variadic argument
// list sl (a slice of a local array), by index.
func variadicElems(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	n := 0
	if arr, ok := deref(alloc.Type()).Underlying().(*types.Array); ok {
		n = int(arr.Len())
	}
	elems := make([]ssa.Value, n)
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		i, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil
		}
		idx := int(i.Int64())
		for _, r2 := range *ia.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == ia && idx < n {
				elems[idx] = st.Val
			}
		}
	}
	for _, e := range elems {
		if e == nil {
			return nil
		}
	}
	return elems
}
