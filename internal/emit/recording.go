package emit

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// recording writes the two statements of a callback that records its
// calls (model.FuncRecord), as a person checks a visitor:
//
//	var seen []int
//	r.Do(func(p0 int) { seen = append(seen, p0) })
//	if want := []int{1, 2}; !slices.Equal(seen, want) { ... }
//
// The literal is written in place at each use, the slice it appends to
// is declared where the sequence made it, and the Recorded operation that
// reads it after the call is the slice itself: its checks name seen.
// done says that statement i was one of the two and is written.
func (r *renderer) recording(w *bodyWriter, i int) (done bool, err error) {
	st := w.c.Seq.Stmts[i]
	op := r.prog.Ops[st.Op]
	switch {
	case op.Records() && !recordRead(r.prog, w.c.Seq, i, w.writesCheck):
		// Nothing reads the recording: the literal that does what it
		// does without recording (returns true, or nothing).
		x, err := r.callExpr(w.c.Seq, quietRecord(op), i, st, w.vars, w.bo.override)
		r.inl[seq.ValueID{Stmt: i}] = x
		return true, err
	case op.Records():
		slice := op.Results[1].(*types.Pointer).Elem()
		te, err := r.typeExpr(slice)
		if err != nil {
			return true, err
		}
		name := r.names.fresh("seen")
		lit, err := r.parseFuncLit(model.FuncLitSource(op, r.qualify, name))
		if err != nil {
			return true, err
		}
		if _, named := types.Unalias(op.Type).(*types.Named); named {
			if lit, err = r.convert(op.Type, lit); err != nil {
				return true, err
			}
		}
		w.out = append(w.out, varDecl(name, te))
		r.inl[seq.ValueID{Stmt: i}] = lit
		w.vars[seq.ValueID{Stmt: i, Result: 1}] = name
		return true, nil
	case op.Kind == model.Recorded:
		a := st.Args[0]
		name := w.vars[a.Value()]
		if a.IsLit || name == "" {
			return false, nil // not from a recording literal of this test: written as a call
		}
		v := seq.ValueID{Stmt: i}
		w.vars[v] = name
		w.descs[i] = desc{format: name}
		r.checksAfter(w, i)
		return true, nil
	}
	return false, nil
}

// recordRead reports whether a statement of s after i, checked by the
// test (checked), reads what the recording literal of statement i
// appended to.
func recordRead(prog *model.Program, s *seq.Seq, i int, checked func(k int) bool) bool {
	for k := i + 1; k < s.Len(); k++ {
		st := s.Stmts[k]
		if prog.Ops[st.Op].Kind != model.Recorded || !checked(k) {
			continue
		}
		if a := st.Args[0]; !a.IsLit && a.Stmt == i && a.Result == 1 {
			return true
		}
	}
	return false
}

// quietRecord is the literal written for the recording literal op when
// nothing reads its recording: one that returns what it returns (true,
// false), or nothing.
func quietRecord(op *model.Op) *model.Op {
	quiet := *op
	quiet.Variant = model.FuncZero // nothing, or false
	if op.Variant == model.FuncRecord && op.Type.Underlying().(*types.Signature).Results().Len() > 0 {
		quiet.Variant = model.FuncTrue
	}
	return &quiet
}

// writesCheck reports whether the body writes a check of statement k:
// after it, at the end, or from a table's field.
func (w *bodyWriter) writesCheck(k int) bool {
	if len(w.plan.asserts[k]) > 0 {
		return true
	}
	for _, a := range w.plan.deferred {
		if a.Stmt == k {
			return true
		}
	}
	for _, a := range w.c.Asserts {
		if a.Stmt == k && w.bo.skip[a.Value()] {
			return true
		}
	}
	return false
}
