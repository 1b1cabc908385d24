package construct

import (
	"cmp"
	_ "embed"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/gentest-go/gentest/internal/analysisdoc"
	"github.com/gentest-go/gentest/internal/scc"
)

// doc is the package documentation, the one source of Analyzer.Doc.
//
//go:embed doc.go
var doc string

// Analyzer computes construction and branch-dependency facts; see the
// package documentation.
var Analyzer = &analysis.Analyzer{
	Name:       "construct",
	Doc:        analysisdoc.MustExtract(doc, "construct"),
	URL:        "https://pkg.go.dev/github.com/gentest-go/gentest/analyzers/construct",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(Branches), new(Package)},
	ResultType: reflect.TypeFor[*Result](),
}

// exportBranches makes the analyzer export Branches facts; see the package
// documentation for why it is off by default.
var exportBranches bool

func init() {
	Analyzer.Flags.BoolVar(&exportBranches, "branchfacts", false,
		"export the branch dependencies of exported functions as facts (for gentest facts and tests; no importer reads them)")
}

// Result is the analyzer's result for the current package: everything the
// facts hold and what they leave out for size.
type Result struct {
	// Types describes every named type declared in the package, exported
	// or not, with all its fields (settable or not) and all its
	// operations (exported or not).
	Types map[*types.TypeName]*Type

	once     sync.Once
	compute  func() map[*types.Func]*Branches
	branches map[*types.Func]*Branches
}

// Branches returns the branch dependencies of every function and method
// declared in the package, exported or not, that has any; function
// literals are folded into the function that creates them. They are
// computed on the first call (safe for concurrent use), so drivers that
// never ask, such as go vet, do not pay for them.
func (r *Result) Branches() map[*types.Func]*Branches {
	r.once.Do(func() {
		r.branches = r.compute()
		r.compute = nil
	})
	return r.branches
}

func run(pass *analysis.Pass) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	st := &state{
		pkg:       pass.Pkg,
		fset:      pass.Fset,
		local:     make(map[*ssa.Function]bool),
		summaries: make(map[*ssa.Function]*summary),
	}
	for _, fn := range ssainfo.SrcFuncs {
		st.local[fn] = true
	}
	// The components of the package's call graph (static calls and
	// function literals), callees first.
	st.sccs, st.recursive = scc.Components(ssainfo.SrcFuncs, st.deps)
	st.eachSCC(func(fn *ssa.Function) { st.summaries[fn] = st.summarize(fn) })

	funcs := make(map[*types.Func]*ssa.Function)
	var order []*types.Func // source order
	for _, fn := range ssainfo.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		obj = obj.Origin()
		funcs[obj] = fn
		order = append(order, obj)
	}

	res := &Result{Types: make(map[*types.TypeName]*Type)}
	recipes := st.recipes(funcs)
	fact := &Package{}
	for tn, r := range recipes {
		res.Types[tn] = r.t
		if t, ok := r.exportedPart(); ok {
			fact.Types = append(fact.Types, t)
		}
	}
	slices.SortFunc(fact.Types, func(a, b Type) int { return cmp.Compare(a.Name, b.Name) })
	dropEntered(fact.Types)
	// Importers see only what another package can use: exported types,
	// their settable fields and exported operations. Every importer
	// decodes every dependency's package fact under go vet.
	if len(fact.Types) > 0 {
		pass.ExportPackageFact(fact)
	}

	res.compute = func() map[*types.Func]*Branches {
		done := make(map[*ssa.Function]*bsummary)
		st.eachSCC(func(fn *ssa.Function) { done[fn] = st.summarizeBranches(fn, done) })
		out := make(map[*types.Func]*Branches)
		for _, obj := range order {
			if f := branchesFact(funcs[obj], done[funcs[obj]]); len(f.Branches) > 0 {
				out[obj] = f
			}
		}
		return out
	}
	if exportBranches {
		for _, obj := range order {
			if f := res.Branches()[obj]; f != nil && exportedFunc(obj) {
				pass.ExportObjectFact(obj, f)
			}
		}
	}
	return res, nil
}

// exportedFunc reports whether another package can call fn by name: an
// exported function, or an exported method of an exported type.
func exportedFunc(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return true
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}

// exportedPart returns the part of a type's recipe other packages can use,
// and whether there is any: the type must be exported, and have settable
// fields, an operation, a variable or a constant, or be an option type.
func (r *recipe) exportedPart() (Type, bool) {
	if !r.exported {
		return Type{}, false
	}
	t := Type{Name: r.t.Name, Kind: r.t.Kind, Literal: r.t.Literal, OptionOf: r.t.OptionOf}
	for _, f := range r.t.Fields {
		if f.Settable {
			t.Fields = append(t.Fields, f)
		}
	}
	for _, o := range r.ops {
		if !o.exported {
			continue
		}
		o.op.Writes = truncateWrites(o.op.Writes)
		switch o.list {
		case &r.t.Constructors:
			t.Constructors = append(t.Constructors, o.op)
		case &r.t.Options:
			t.Options = append(t.Options, o.op)
		case &r.t.Setters:
			t.Setters = append(t.Setters, o.op)
		}
	}
	for _, v := range r.t.Vars {
		if r.exportedNames[v] {
			t.Vars = append(t.Vars, v)
		}
	}
	for _, c := range r.t.Consts {
		if r.exportedNames[c] {
			t.Consts = append(t.Consts, c)
		}
	}
	any := len(t.Fields) > 0 || t.OptionOf != "" || len(t.Constructors) > 0 || len(t.Options) > 0 ||
		len(t.Setters) > 0 || len(t.Vars) > 0 || len(t.Consts) > 0
	return t, any
}

// dropEntered removes from the fields of the fact's types those reached
// through a field whose type (or element type) has an entry of its own:
// importers chain through that entry, and big packages would otherwise
// list, say, every field of Response under Request.Response. Nested
// fields of unexported and unnamed struct types, which have no entry,
// stay.
func dropEntered(ts []Type) {
	entered := make(map[string]bool, len(ts))
	for _, t := range ts {
		entered[t.Name] = true
	}
	for i := range ts {
		var keep []Field
		var cut [][]Step // prefixes whose type has an entry
		for _, f := range ts[i].Fields {
			if slices.ContainsFunc(cut, func(p []Step) bool { return hasStepsPrefix(f.Steps, p) }) {
				continue
			}
			keep = append(keep, f)
			if entered[baseTypeName(f.Type)] {
				cut = append(cut, f.Steps)
			}
		}
		ts[i].Fields = keep
	}
}

func hasStepsPrefix(s, p []Step) bool {
	return len(s) > len(p) && Path{Steps: s}.HasPrefix(Path{Steps: p})
}

// baseTypeName strips pointers, slices, arrays and a map's key from a type
// string: "map[string]*a.Route" gives "a.Route".
func baseTypeName(t string) string {
	for {
		switch {
		case strings.HasPrefix(t, "*"):
			t = t[1:]
		case strings.HasPrefix(t, "[]"):
			t = t[2:]
		case strings.HasPrefix(t, "["):
			t = t[strings.IndexByte(t, ']')+1:]
		case strings.HasPrefix(t, "map["):
			// The key of a map of a named type has no brackets inside
			// that matter here: find the matching one.
			depth := 0
			for i, c := range t {
				if c == '[' {
					depth++
				} else if c == ']' {
					depth--
					if depth == 0 {
						t = t[i+1:]
						break
					}
				}
			}
			if strings.HasPrefix(t, "map[") {
				return t
			}
		default:
			return t
		}
	}
}

// maxWriteSteps bounds the write paths of the package fact: deeper writes
// (into a router's internal tree, say) are recorded as writes of their
// prefix, which still covers every read below it (Path.HasPrefix).
const maxWriteSteps = 3

// truncateWrites cuts write paths to maxWriteSteps steps, merging the
// writes that become equal; the result is sorted as Op.Writes.
func truncateWrites(ws []Write) []Write {
	var out []Write
	for _, w := range ws {
		if len(w.Path.Steps) > maxWriteSteps {
			w.Path.Steps = w.Path.Steps[:maxWriteSteps]
			w.Kind, w.Const = "set", ""
		}
		i := slices.IndexFunc(out, func(o Write) bool { return o.Path.String() == w.Path.String() && o.Kind == w.Kind })
		if i < 0 {
			out = append(out, w)
			continue
		}
		o := &out[i]
		o.From = slices.Clone(o.From) // the result's write shares it
		for _, f := range w.From {
			if !slices.Contains(o.From, f) {
				o.From = append(o.From, f)
			}
		}
		slices.Sort(o.From)
		if o.Const != w.Const {
			o.Const = ""
		}
	}
	return sortWrites(out)
}

// branchesFact converts the branches of a declared function's summary to
// its fact: paths rooted at its parameters and receiver, sorted.
func branchesFact(fn *ssa.Function, s *bsummary) *Branches {
	f := &Branches{}
	if s == nil {
		return f
	}
	hasRecv := fn.Signature.Recv() != nil
	for _, b := range s.branches {
		out := Branch{File: b.file, Line: b.line, Col: b.col}
		if b.in != nil {
			out.In = funcName(b.in)
		}
		seen := make(map[string]bool)
		for _, d := range b.deps {
			if d.v.p.root != rootParam {
				continue
			}
			dep := Dep{
				Path:  Path{Root: factIndex(d.v.p.index, hasRecv), Steps: steps(d.v.p.ops)},
				Op:    d.op,
				Const: d.konst,
				Exact: d.v.exact,
				Via:   d.v.via,
			}
			if k := dep.String(); !seen[k] {
				seen[k] = true
				out.Deps = append(out.Deps, dep)
			}
		}
		if len(out.Deps) == 0 {
			continue
		}
		slices.SortFunc(out.Deps, func(a, b Dep) int {
			return cmp.Or(cmp.Compare(a.Path.String(), b.Path.String()), cmp.Compare(a.Op, b.Op),
				cmp.Compare(a.Const, b.Const), cmp.Compare(a.Via, b.Via))
		})
		f.Branches = append(f.Branches, out)
	}
	slices.SortFunc(f.Branches, func(a, b Branch) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.In, b.In))
	})
	return f
}

// deps returns the package functions whose summaries fn's summary reads:
// its static callees, its function literals, and the methods and
// functions option constructors refer to.
func (st *state) deps(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	out = append(out, fn.AnonFuncs...)
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ops = instr.Operands(ops[:0])
			for _, o := range ops {
				g, ok := (*o).(*ssa.Function)
				if !ok {
					continue
				}
				if g.Origin() != nil {
					g = g.Origin()
				}
				if st.local[g] {
					out = append(out, g)
				}
			}
		}
	}
	return out
}
