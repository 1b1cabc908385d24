package search

import (
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
)

// OpCodes maps each operation of the package under test to the blocks and
// conditions of its own function and its closures, for Bloodhound.
func OpCodes(prog *model.Program, t *instrument.Table) map[int]OpCode {
	byFunc := map[string]*OpCode{}
	get := func(name string) *OpCode {
		// Closures F.func1 belong to F.
		if i := strings.Index(name, ".func"); i > 0 {
			name = name[:i]
		}
		c := byFunc[name]
		if c == nil {
			c = &OpCode{}
			byFunc[name] = c
		}
		return c
	}
	// Probes unsteady through package state are hidden from every result
	// the search sees (instrument/nondet.go): never covered in its eyes,
	// they would weigh their operations for ever.
	for _, b := range t.Blocks {
		if b.Unsteady&instrument.UnsteadyState != 0 {
			continue
		}
		c := get(b.Func)
		c.Blocks = append(c.Blocks, int32(b.ID))
	}
	for _, k := range t.Conds {
		if k.Unsteady&instrument.UnsteadyState != 0 {
			continue
		}
		c := get(k.Func)
		c.Conds = append(c.Conds, int32(k.ID))
	}
	out := map[int]OpCode{}
	for _, op := range prog.Ops {
		if op.Func == nil || op.Func.Pkg() != prog.Pkg {
			continue
		}
		name := op.Func.Name()
		if recv := op.Func.Type().(*types.Signature).Recv(); recv != nil {
			rt := recv.Type()
			if p, ok := rt.(*types.Pointer); ok {
				name = "(*" + namedName(p.Elem()) + ")." + name
			} else {
				name = namedName(rt) + "." + name
			}
		}
		if c, ok := byFunc[name]; ok {
			out[op.ID] = *c
		}
	}
	return out
}

func namedName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}
