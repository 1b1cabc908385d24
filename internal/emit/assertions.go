package emit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// changesNothing reports whether a call of op has no effect a later
// statement could see: the purity facts call it pure (exactly).
func changesNothing(op *model.Op) bool {
	return op.Effects.Known && op.Effects.Pure
}

// changesNothingHere reports whether statement st, a call of op, has no
// effect a later statement of its sequence could see: op is pure, or its
// facts say it writes no package state and changes none of the arguments
// the sequence holds (literal arguments nobody else sees).
func changesNothingHere(op *model.Op, st seq.Stmt) bool {
	e := op.Effects
	if !e.Known || op.Restore != nil {
		return false
	}
	if e.Pure {
		return true
	}
	if e.WritesGlobal {
		return false
	}
	for i, a := range st.Args {
		if !a.IsLit && op.Mutator(i) {
			return false
		}
	}
	return true
}

// weakable reports whether an assertion whose value cannot be written in
// full still says something that can be checked: a nil-able value that was
// not nil (its type cannot be named, or it holds unexported state).
func (r *renderer) weakable(a oracle.Assertion) bool {
	return a.Kind == oracle.Equal && a.Want != nil && a.Want.Kind != rt.TNil && nilable(a.Type)
}

// weakAssertion checks what can be checked of a value that cannot be
// written: that it is not nil, and for a slice or map its length.
func (r *renderer) weakAssertion(a oracle.Assertion, v string, d desc) []ast.Stmt {
	out := []ast.Stmt{ifStmt(binary(ident(v), token.EQL, ident("nil")), errorf(d, " = nil, want non-nil"))}
	switch a.Type.Underlying().(type) {
	case *types.Slice, *types.Map:
		if a.Want.Kind == rt.TSlice || a.Want.Kind == rt.TMap || a.Want.Kind == rt.TBytes {
			n := len(a.Want.Elems)
			switch a.Want.Kind {
			case rt.TMap:
				n /= 2
			case rt.TBytes:
				n = len(a.Want.S)
			}
			if a.Want.Truncated {
				return out
			}
			lenV := call(ident("len"), ident(v))
			return []ast.Stmt{ifStmt(binary(lenV, token.NEQ, intLit(int64(n))),
				errorf(d, fmt.Sprintf(" has %%d elements, want %d", n), lenV))}
		}
	}
	return out
}

// descText is a call's description as plain text, for a comment.
func descText(d desc, op *model.Op) string {
	if len(d.args) == 0 {
		return strings.ReplaceAll(d.format, "%%", "%")
	}
	name := op.Name
	if op.Kind == model.Call {
		name = op.Func.Name()
	}
	return name + "(...)"
}

// comment is a statement that prints as a comment line: a placeholder
// identifier replaced after printing (see renderer.blocks).
func (r *renderer) comment(text string) ast.Stmt {
	ph := fmt.Sprintf("gentestNote%d_", len(r.blocks))
	r.blocks[ph] = "// " + text
	return &ast.ExprStmt{X: ident(ph)}
}

// writableType reports whether values of t can be written as literals:
// basic types and slices, arrays and maps of them, and structs of
// exported fields of them.
func (r *renderer) writableType(t types.Type) bool {
	return r.nameable(t) && writable(t, 0)
}

func writable(t types.Type, depth int) bool {
	if depth > 10 {
		return false // a recursive type
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsUntyped == 0 && u.Kind() != types.UnsafePointer
	case *types.Slice:
		return writable(u.Elem(), depth+1)
	case *types.Array:
		return writable(u.Elem(), depth+1)
	case *types.Map:
		return writable(u.Key(), depth+1) && writable(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !u.Field(i).Exported() || !writable(u.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
