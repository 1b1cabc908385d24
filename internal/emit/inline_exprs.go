package emit

import (
	"go/ast"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// Values are written where they are used instead of in a variable, as a
// person writes them: composite literals and package variables
// (model.Composite, model.Var) used once,
// Load(objects.Config{Name: "x", Inner: &objects.Inner{Strict: true}});
// function literals and other packages' constructors passed once,
// NewLRU(1, func(string, int) {}); the address &v that only receives
// pointer method calls, written v.M(); slices spread into a variadic call.

// addressedVar returns the variable whose address statement i takes when
// &v is only ever the receiver of method calls: Go takes a variable's
// address for a pointer method itself, so iterator.Next() reads better
// than iterator2 := &iterator; iterator2.Next(), and means the same (both
// call the method on the variable). Nil when statement i is not such an
// address.
func (r *renderer) addressedVar(c *oracle.Case, i int, vars map[seq.ValueID]string, checked bool) ast.Expr {
	st := c.Seq.Stmts[i]
	if r.prog.Ops[st.Op].Kind != model.Addr || i == c.Target || checked || len(st.Args) != 1 || st.Args[0].IsLit {
		return nil
	}
	name, ok := vars[st.Args[0].Value()]
	if !ok || r.inl[st.Args[0].Value()] != nil {
		return nil // a value written in place is not addressable
	}
	used := false
	for _, later := range c.Seq.Stmts[i+1:] {
		for k, a := range later.Args {
			if a.IsLit || a.Stmt != i {
				continue
			}
			if k != 0 || r.prog.Ops[later.Op].Kind != model.Method {
				return nil
			}
			used = true
		}
	}
	if !used {
		return nil
	}
	return ident(name)
}

// inlinable reports whether statement i of s may be written inside the
// call that uses its result: a function literal, a new &T{}, or a function
// of another package (a constructor the detective found:
// strings.NewReader, md5.New) taking only literals and values written in
// place, whose result its one use takes as an argument,
// not as a receiver (a receiver is the value the test holds and calls
// methods on).
func (r *renderer) inlinable(s *seq.Seq, i int) bool {
	op := r.prog.Ops[s.Stmts[i].Op]
	switch {
	case op.Kind == model.FuncLit:
	case op.Kind == model.Zero && op.Ptr:
		// &io.OffsetWriter{}: a fresh value only the call it is passed
		// to sees.
	case op.Kind == model.Call && op.Detective:
		for _, a := range s.Stmts[i].Args {
			if _, done := r.inl[a.Value()]; !a.IsLit && !done {
				return false
			}
		}
	default:
		return false
	}
	for k := i + 1; k < len(s.Stmts); k++ {
		uop := r.prog.Ops[s.Stmts[k].Op]
		for j, a := range s.Stmts[k].Args {
			if !a.IsLit && a.Stmt == i && j < len(uop.Params) && uop.Params[j].Recv {
				return false
			}
		}
	}
	return true
}

// inlineBuilt returns the statements of c whose only result is a literal
// or a package variable used exactly once by a later statement, and not
// asserted nor the test's target: their expression replaces the
// variable.
func (r *renderer) inlineBuilt(c *oracle.Case) map[int]bool {
	uses := map[int]int{}
	useAt := map[int]int{}
	for k, st := range c.Seq.Stmts {
		for _, a := range st.Args {
			if !a.IsLit {
				uses[a.Stmt]++
				useAt[a.Stmt] = k
			}
		}
	}
	// touched reports whether a statement strictly between i and its use
	// takes a value the literal of i holds: moving the literal past a
	// call that may change that value could change what the use sees.
	touched := func(i int) bool {
		holds := map[int]bool{}
		for _, a := range c.Seq.Stmts[i].Args {
			if !a.IsLit {
				holds[a.Stmt] = true
			}
		}
		for k := i + 1; k < useAt[i]; k++ {
			for _, a := range c.Seq.Stmts[k].Args {
				if !a.IsLit && holds[a.Stmt] {
					return true
				}
			}
		}
		return false
	}
	for _, a := range c.Asserts {
		uses[a.Stmt] += 2
		if a.Identity() {
			uses[a.Other.Stmt] += 2 // compared by identity: a variable
		}
	}
	out := map[int]bool{}
	for i, st := range c.Seq.Stmts {
		op := r.prog.Ops[st.Op]
		if (op.Kind == model.Composite || op.Kind == model.Var) && i != c.Target && uses[i] == 1 && !touched(i) {
			out[i] = true
		}
	}
	return out
}

// spread returns the elements of an inlined slice literal passed as a
// variadic argument, New("x", WithRetries(3)) rather than
// New("x", []Option{WithRetries(3)}...), or nil.
func spread(x ast.Expr) []ast.Expr {
	if cl, ok := x.(*ast.CompositeLit); ok {
		if _, isSlice := cl.Type.(*ast.ArrayType); isSlice && cl.Type.(*ast.ArrayType).Len == nil {
			return cl.Elts
		}
	}
	return nil
}
