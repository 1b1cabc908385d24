package purity

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file holds the fourth class of incidental code (see incidental.go
// and observer_formatter.go): the scratch state of an encoder adapter.
//
// A package that encodes values it does not own often wraps them in an
// unexported type whose MarshalJSON (MarshalText, MarshalBinary) does the
// work, and builds one such adapter for each call of the encoder, with
// the state of that one encoding beside the value: miniredis' gopher-json
// wraps a Lua value as jsonValue{LValue: v, visited: make(map...)} for one
// json.Marshal, and the adapters of the nested values share the parent's
// visited map, the cycle check of that encoding. Writing into that map is
// the encoding's bookkeeping: nobody outside the package can hold an
// adapter, and no other encoding sees the map. The sort-adapter rule
// (report.go) is the same class for sort.Interface.
//
// The line: a write (map update, store into an element, delete) that the
// method's own instructions make into the memory a field F of the
// receiver refers to, when the method is an encoder hook of an unexported
// type T and F is scratch state in every composite literal of T in the
// package: the literal sits in a function body and gives F either a fresh
// value (make, new, a composite literal or its address), the literal
// itself being an argument of a call (the adapter is built for that one
// call), or the F of another value of T (a nested adapter sharing its
// parent's state). F may be assigned nowhere else. A field a literal
// leaves out, or fills with anything else (a value stored in a struct
// that lives on), and any write to F itself or through another field,
// stays a side effect, as do the adapters' String and Error.

// encoderHooks are the observer names an encoder calls.
var encoderHooks = map[string]bool{"MarshalJSON": true, "MarshalText": true, "MarshalBinary": true}

// encoderScratchWrites marks in ic the writes of w.fn into the scratch
// state of an encoder adapter, when w.fn is an encoder hook of one.
func (w *walker) encoderScratchWrites(blocks []*ssa.BasicBlock, ic incidentalCode) {
	fn := w.fn
	obj := funcObject(fn)
	if obj == nil || fn.Parent() != nil || !encoderHooks[obj.Name()] || !isObserver(obj) || len(fn.Params) == 0 {
		return
	}
	named, ok := types.Unalias(deref(obj.Signature().Recv().Type())).(*types.Named)
	if !ok || named.Obj().Exported() || named.Obj().Pkg() != w.st.pass.Pkg {
		return
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return
	}
	scratch := w.st.scratchFields(named, st)
	if len(scratch) == 0 {
		return
	}
	recv := fn.Params[0]
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			var target ssa.Value
			switch instr := instr.(type) {
			case *ssa.MapUpdate:
				target = instr.Map
			case *ssa.Store:
				if ia, ok := instr.Addr.(*ssa.IndexAddr); ok {
					target = ia.X
				}
			case ssa.CallInstruction: // a call, or a deferred one
				if bi, ok := instr.Common().Value.(*ssa.Builtin); ok && bi.Name() == "delete" {
					target = instr.Common().Args[0]
				}
			}
			if target != nil && scratch[recvField(target, recv)] {
				ic.instrs[instr] = true
			}
		}
	}
}

// recvField returns the index of the field of the receiver recv that v is
// the value of (recv.F for a value receiver, *(&recv.F) for a pointer
// one, or for a value receiver the SSA builder keeps in a local copy), or
// -1.
func recvField(v ssa.Value, recv *ssa.Parameter) int {
	switch v := v.(type) {
	case *ssa.Field:
		if v.X == recv {
			return v.Field
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL && (fa.X == recv || spillOf(fa.X, recv)) {
			return fa.Field
		}
	}
	return -1
}

// spillOf reports whether x is the local copy of the value receiver recv
// that the SSA builder allocates when a field of it is addressed: an
// Alloc whose only stored value is recv.
func spillOf(x ssa.Value, recv *ssa.Parameter) bool {
	a, ok := x.(*ssa.Alloc)
	if !ok || a.Heap {
		return false
	}
	stored := false
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if st.Val != recv {
				return false
			}
			stored = true
		}
	}
	return stored
}

// scratchFields returns the indices of the fields of the struct st (the
// underlying type of named) that hold scratch state in every composite
// literal of named in the package (see the comment at the top).
func (st *state) scratchFields(named *types.Named, s *types.Struct) map[int]bool {
	if f, ok := st.scratch[named]; ok {
		return f
	}
	info := st.pass.TypesInfo
	ok := make([]bool, s.NumFields())
	for i := range ok {
		// Only reference types can hold an encoding's state.
		switch s.Field(i).Type().Underlying().(type) {
		case *types.Map, *types.Pointer, *types.Slice:
			ok[i] = true
		}
	}
	isT := func(e ast.Expr) bool {
		t := info.TypeOf(e)
		return t != nil && types.Identical(types.Unalias(t), named)
	}
	// sameField reports whether e is x.F of another value x of the type.
	sameField := func(e ast.Expr, i int) bool {
		sel, isSel := ast.Unparen(e).(*ast.SelectorExpr)
		if !isSel {
			return false
		}
		selection := info.Selections[sel]
		return selection != nil && selection.Obj() == s.Field(i)
	}
	fresh := func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.CompositeLit:
			return true
		case *ast.UnaryExpr:
			_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
			return e.Op == token.AND && lit
		case *ast.CallExpr:
			if id, isID := ast.Unparen(e.Fun).(*ast.Ident); isID {
				b, isBuiltin := info.Uses[id].(*types.Builtin)
				return isBuiltin && (b.Name() == "make" || b.Name() == "new")
			}
		}
		return false
	}
	// literal judges one composite literal of the type; asArg tells
	// whether it (or its address) is an argument of a call.
	literal := func(lit *ast.CompositeLit, asArg bool) {
		given := make([]ast.Expr, s.NumFields())
		for j, el := range lit.Elts {
			if kv, isKV := el.(*ast.KeyValueExpr); isKV {
				if id, isID := kv.Key.(*ast.Ident); isID {
					for i := range s.NumFields() {
						if s.Field(i).Name() == id.Name {
							given[i] = kv.Value
						}
					}
				}
			} else if j < len(given) {
				given[j] = el
			}
		}
		for i, v := range given {
			switch {
			case v == nil:
				ok[i] = false // a nil map or pointer is no state to write
			case sameField(v, i):
			case fresh(v) && asArg:
			default:
				ok[i] = false
			}
		}
	}
	for _, file := range st.pass.Files {
		for _, decl := range file.Decls {
			fd, isFunc := decl.(*ast.FuncDecl)
			if !isFunc || fd.Body == nil {
				// A package-level literal is one adapter for every call.
				ast.Inspect(decl, func(n ast.Node) bool {
					if lit, isLit := n.(*ast.CompositeLit); isLit && isT(lit) {
						clear(ok)
					}
					return true
				})
				continue
			}
			args := make(map[*ast.CompositeLit]bool)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					for _, a := range n.Args {
						a = ast.Unparen(a)
						if u, isU := a.(*ast.UnaryExpr); isU && u.Op == token.AND {
							a = ast.Unparen(u.X)
						}
						if lit, isLit := a.(*ast.CompositeLit); isLit {
							args[lit] = true
						}
					}
				case *ast.CompositeLit:
					if isT(n) {
						literal(n, args[n])
					}
				case *ast.AssignStmt:
					for _, l := range n.Lhs {
						for i := range ok {
							if sameField(l, i) {
								ok[i] = false // F set outside a literal
							}
						}
					}
				}
				return true
			})
		}
	}
	fields := make(map[int]bool)
	for i, k := range ok {
		if k {
			fields[i] = true
		}
	}
	if st.scratch == nil {
		st.scratch = make(map[*types.Named]map[int]bool)
	}
	st.scratch[named] = fields
	return fields
}
