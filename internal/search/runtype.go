package search

import (
	"go/types"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// runTypePooler is GRT's elephant brain (§III-C): a value returned as an
// interface whose dynamic type is one the model has an assertion for is
// pooled again as that type, through the assertion. It learns from every
// normal run (-no=elephant switches it off).
type runTypePooler struct {
	prog   *model.Program
	values *Values
	// asserts holds the assertion operations by the run-time type name
	// they assert to.
	asserts map[string][]*model.Op
}

func newRunTypePooler(prog *model.Program, values *Values) *runTypePooler {
	b := &runTypePooler{prog: prog, values: values, asserts: map[string][]*model.Op{}}
	for _, op := range prog.Ops {
		if op.Kind == model.Assert {
			k := types.TypeString(op.Type, func(p *types.Package) string { return p.Name() })
			b.asserts[k] = append(b.asserts[k], op)
		}
	}
	return b
}

func (b *runTypePooler) learn(o *outcome) {
	if o.normal {
		b.repool(o.s, o.res, o.newCov > 0)
	}
}

// repool pools again, through an assertion, the interface values of the
// normal run res of s whose run-time type the model asserts to; earned
// says whether s added coverage.
func (b *runTypePooler) repool(s *seq.Seq, res *rt.Result, earned bool) {
	if len(b.asserts) == 0 {
		return
	}
	for i, st := range s.Stmts {
		op := b.prog.Ops[st.Op]
		for j, v := range res.Stmt(i).Values() {
			if j >= len(op.Results) || v.Nil || v.Type == 0 {
				continue
			}
			if _, iface := op.Results[j].Underlying().(*types.Interface); !iface {
				continue
			}
			for _, a := range b.asserts[v.Type.String()] {
				if !types.AssignableTo(op.Results[j], a.Params[0].Type) {
					continue
				}
				key := types.TypeString(a.Type, nil)
				if !b.values.fresh(key, v.Hash) {
					continue
				}
				ext := &seq.Seq{Stmts: append(append([]seq.Stmt{}, s.Stmts...), seq.Stmt{Op: a.ID, Args: []seq.Arg{seq.Ref(i, j)}})}
				b.values.add(key, &pooled{seq: ext, stmt: ext.Len() - 1, result: 0, typ: a.Type, earned: earned})
			}
		}
	}
}
