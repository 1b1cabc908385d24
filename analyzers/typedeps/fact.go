package typedeps

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/gentest-go/gentest/internal/typename"
)

// PackageTypes is the package fact: the package's types, the operations it
// offers, which types implement which interfaces, and an index of
// producers and consumers per type. All slices are sorted; types are named
// by types.TypeString with full package paths.
type PackageTypes struct {
	// Types are the named types declared in the package, by Type.
	Types []TypeInfo
	// Operations are the package's functions, methods and literals, by Name.
	Operations []Operation
	// Implements lists the implementation pairs in which the package
	// declares the concrete type or the interface, and the other side is
	// declared in the package or its transitive imports; by Type, then
	// Interface. The union over all packages of a module and its
	// dependencies is the whole relation (see [Graph]).
	Implements []Implements
	// Index lists, per type, the operations of this package that produce
	// or consume it; by Type.
	Index []TypeDeps
}

// AFact marks PackageTypes as an analysis fact.
func (*PackageTypes) AFact() {}

// String summarizes the fact for tests:
//
//	types(a.T:zero a.u:none) impl(*a.Square<b.Shape)
func (p *PackageTypes) String() string {
	var b strings.Builder
	b.WriteString("types(")
	for i, t := range p.Types {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s:%s", typename.Short(t.Type), t.Class)
	}
	b.WriteString(") impl(")
	for i, im := range p.Implements {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s<%s", typename.Short(im.Type), typename.Short(im.Interface))
	}
	b.WriteString(")")
	return b.String()
}

// PackageJSON returns the fact's keys for gentest facts -json.
func (p *PackageTypes) PackageJSON() map[string]any {
	types := make([]any, 0, len(p.Types))
	for _, t := range p.Types {
		types = append(types, map[string]any{
			"type": t.Type, "kind": t.Kind, "class": t.Class.String(),
			"zero_usable": t.Zero, "exported": t.Exported,
		})
	}
	ops := make([]any, 0, len(p.Operations))
	for _, o := range p.Operations {
		m := map[string]any{
			"name": o.Name, "kind": o.Kind, "inputs": nonNil(o.Inputs),
			"results": nonNil(o.Results), "exported": o.Exported,
		}
		if o.Variadic {
			m["variadic"] = true
		}
		if o.Generic {
			m["generic"] = true
		}
		ops = append(ops, m)
	}
	impls := make([]any, 0, len(p.Implements))
	for _, im := range p.Implements {
		impls = append(impls, map[string]any{"type": im.Type, "interface": im.Interface})
	}
	index := make([]any, 0, len(p.Index))
	for _, d := range p.Index {
		index = append(index, map[string]any{
			"type": d.Type, "producers": nonNil(d.Producers), "consumers": nonNil(d.Consumers),
		})
	}
	return map[string]any{"types": types, "operations": ops, "implements": impls, "type_index": index}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// TypeInfo describes a named type declared in the package.
type TypeInfo struct {
	Type     string // qualified type name
	Kind     string // of the underlying type: struct, interface, basic, slice, map, pointer, func, chan, array
	Class    Class  // how a client obtains a value; see [Classifier]
	Zero     bool   // the zero value is usable (also for unexported types)
	Exported bool
}

// Implements records that Type implements Interface. Type is "*T" when
// only the pointer has the methods.
type Implements struct {
	Type      string
	Interface string
}

// TypeDeps indexes one type: the operations of the package that produce a
// value usable as it (a result of the type, of a pointer to it, or for an
// interface of an implementing type) and that take it (or a pointer to it)
// as input. Pointer types are indexed under their element type.
type TypeDeps struct {
	Type      string
	Producers []string // operation names, sorted
	Consumers []string // operation names, sorted
}

// Graph answers the generator's type questions over the facts of all the
// packages it loaded: the package under test, its transitive imports and
// the rest of its module.
type Graph struct {
	ops     []Operation
	types   map[string]TypeInfo
	impls   map[string][]string // interface -> implementing types ("T" or "*T"), sorted
	produce map[string][]int    // type -> indices into ops, in ops order
	consume map[string][]int
}

// NewGraph unions package facts into a Graph. Facts may be given in any
// order; nil facts are skipped.
func NewGraph(facts ...*PackageTypes) *Graph {
	g := &Graph{
		types:   make(map[string]TypeInfo),
		impls:   make(map[string][]string),
		produce: make(map[string][]int),
		consume: make(map[string][]int),
	}
	byName := make(map[string]int)
	for _, f := range facts {
		if f == nil {
			continue
		}
		for _, t := range f.Types {
			g.types[t.Type] = t
		}
		for _, op := range f.Operations {
			if _, ok := byName[op.Name]; !ok {
				byName[op.Name] = len(g.ops)
				g.ops = append(g.ops, op)
			}
		}
		for _, im := range f.Implements {
			if !slices.Contains(g.impls[im.Interface], im.Type) {
				g.impls[im.Interface] = append(g.impls[im.Interface], im.Type)
			}
		}
	}
	// Sort so that the answers do not depend on the order of facts.
	slices.SortFunc(g.ops, func(a, b Operation) int { return cmp.Compare(a.Name, b.Name) })
	for _, l := range g.impls {
		slices.Sort(l)
	}
	for i, op := range g.ops {
		for j, r := range op.Results {
			if j > 0 && j == len(op.Results)-1 && r == "error" {
				continue
			}
			g.produce[base(r)] = appendOnce(g.produce[base(r)], i)
		}
		for j, in := range op.Inputs {
			if op.Variadic && j == len(op.Inputs)-1 {
				in = strings.TrimPrefix(in, "[]") // ...T consumes T
			}
			g.consume[base(in)] = appendOnce(g.consume[base(in)], i)
		}
	}
	return g
}

func base(t string) string { return strings.TrimPrefix(t, "*") }

func appendOnce(s []int, i int) []int {
	if n := len(s); n > 0 && s[n-1] == i {
		return s
	}
	return append(s, i)
}

// Producers returns the operations yielding a value usable as typ (or as
// *typ; give the element type for pointers): results of the type or a
// pointer to it, and for an interface, results of any implementing type.
// Interface-to-interface assignability is not modelled. Sorted by Name.
func (g *Graph) Producers(typ string) []Operation {
	typ = base(typ)
	idx := slices.Clone(g.produce[typ])
	for _, impl := range g.impls[typ] {
		idx = append(idx, g.produce[base(impl)]...)
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	out := make([]Operation, len(idx))
	for i, j := range idx {
		out[i] = g.ops[j]
	}
	return out
}

// Consumers returns the operations that take typ or *typ as an input
// (also as a variadic ...typ), sorted by Name.
func (g *Graph) Consumers(typ string) []Operation {
	idx := g.consume[base(typ)]
	out := make([]Operation, len(idx))
	for i, j := range idx {
		out[i] = g.ops[j]
	}
	return out
}

// Implementers returns the types implementing the interface iface ("T", or
// "*T" when only the pointer does), sorted.
func (g *Graph) Implementers(iface string) []string { return slices.Clone(g.impls[iface]) }

// Type returns what the facts say about a named type.
func (g *Graph) Type(typ string) (TypeInfo, bool) {
	t, ok := g.types[base(typ)]
	return t, ok
}
