package purity

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

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

// Analyzer computes effect facts for every function and reports the
// diagnostics selected by its flags.
var Analyzer = &analysis.Analyzer{
	Name:       "purity",
	Doc:        analysisdoc.MustExtract(doc, "purity"),
	URL:        "https://pkg.go.dev/github.com/gentest-go/gentest/analyzers/purity",
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	Run:        run,
	FactTypes:  []analysis.Fact{new(Fact)},
	ResultType: reflect.TypeFor[*Result](),
}

// FactsAnalyzer computes the facts of Analyzer, under the same name and
// flags, and reports nothing. It is for drivers that run a package only
// for its facts: go vet runs the vettool on every dependency of the
// packages it checks (a VetxOnly run) and drops those runs' diagnostics,
// so the observer, map-order and discard checks would be work thrown
// away there (suite.ForVettool picks it for such runs). Its facts are
// Analyzer's: a summary never depends on what is reported.
var FactsAnalyzer = &analysis.Analyzer{
	Name:       "purity",
	Doc:        Analyzer.Doc,
	URL:        Analyzer.URL,
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	Run:        runFacts,
	FactTypes:  []analysis.Fact{new(Fact)},
	ResultType: reflect.TypeFor[*Result](),
}

var (
	checkObserver bool
	checkDiscard  bool
	checkMapOrder bool
	// checkListings widens the map-order check to listings: slices an
	// exported function returns (or a caller of an unexported one does)
	// whose order reaches no output. Off by default because in the triage
	// of 64 modules (bench/vet/triage.md) 6 of 14 were sets whose order no
	// caller reads (names of type parameters, changed keys), against 3 of
	// 28 false for output and messages.
	checkListings bool
)

func init() {
	// FactsAnalyzer takes the same flags, so that go vet's dependency runs
	// accept every flag it passes to the tool.
	for _, a := range []*analysis.Analyzer{Analyzer, FactsAnalyzer} {
		a.Flags.BoolVar(&checkObserver, "observer", true, "report observer methods (String, Len, Less, MarshalJSON, ...) with side effects")
		a.Flags.BoolVar(&checkDiscard, "discard", true, "report discarded results of calls to pure functions")
		a.Flags.BoolVar(&checkMapOrder, "maporder", true, "report slices built in map iteration order whose order reaches output (messages, errors, text written) unsorted")
		a.Flags.BoolVar(&checkListings, "listings", false, "with -maporder, also report slices in map order that exported functions return as listings (keys, names, entries) when their order reaches no output")
	}
}

// summary is the working form of a fact: parameter indices are SSA
// indices (receiver first), and closures also record effects on their
// free variables, which their parents map onto their own values.
type summary struct {
	effects      Effect
	mutated      map[int]bool // SSA parameter index
	calls        map[int]bool // SSA parameter index of called func or interface values
	freeMut      map[int]int  // free variable index to smallest deref written
	freeCalls    map[int]bool // free variables holding called func values
	formats      map[int]bool // SSA parameter indices of values formatted with fmt
	tparams      bool
	conservative bool
	retAlias     map[int]bool // SSA parameter indices the results may point into
	retDirect    map[int]bool // the subset the results' own memory may be (Fact.ResultAliasesDirect)
	retGlobal    bool
	// retGlobalAt holds the results (0-based) that may point into
	// package memory (Fact.ResultGlobalOnly); nil with retGlobal set
	// means any of them (a fact or root that does not say).
	retGlobalAt map[int]bool
	retShared   bool // Fact.ResultShared
	// walked is set when the summary was computed here from the
	// function's body. Its result aliasing then already accounts for
	// every call in the body, resolved or not (an unresolved call's
	// result follows the type rule inside the walk), so a Conservative
	// mark, which bounds the effects only, says nothing against it. A
	// summary made from a fact or a hand-written root may be
	// Conservative because nothing is known (no body), results included.
	walked   bool
	why      map[string]string // effect name to first reason
	whyOrder []string
	// weak holds reasons that point to a call within the same recursive
	// component; they are used only when no direct reason exists, so
	// that reasons lead to the source of an effect rather than around a
	// cycle.
	weak     bool
	weakWhy  map[string]string
	weakList []string

	// obs is the part of the effects that a caller would call side
	// effects (Fact.Incidental is the rest), obsMut and obsFree the
	// parameters and free variables written outside incidental code,
	// obsWhy a reason for each of them, preferring the method's own
	// instructions (see directReason). quiet is set while the walker
	// handles incidental code. See incidental.go.
	obs      Effect
	obsMut   map[int]bool
	obsFree  map[int]bool
	obsWhy   map[string]string
	obsWeak  map[string]bool // obsWhy's reasons that lead around the component
	obsOrder []string
	quiet    bool

	// recv tells whether SSA parameter 0 is a receiver.
	recv bool
}

func newSummary(recv bool) *summary {
	return &summary{recv: recv, why: make(map[string]string)}
}

func (s *summary) reason(effect, detail string) {
	if s.weak {
		if _, ok := s.weakWhy[effect]; !ok {
			if s.weakWhy == nil {
				s.weakWhy = make(map[string]string)
			}
			s.weakWhy[effect] = detail
			s.weakList = append(s.weakList, effect)
		}
		return
	}
	if _, ok := s.why[effect]; !ok {
		s.why[effect] = detail
		s.whyOrder = append(s.whyOrder, effect)
	}
}

func (s *summary) add(e Effect, detail string) { s.addVisible(e, e, detail) }

// addVisible adds the effects e, of which only visible (a subset) are
// side effects for the observer check: the rest come from incidental
// code inside a callee.
func (s *summary) addVisible(e, visible Effect, detail string) {
	if e == 0 {
		return
	}
	if e&Nondeterministic != 0 && e&nondetCause == 0 {
		// Nondeterminism from anything but a random source: the
		// roots that draw say Random (see NotRandom).
		e |= NotRandom
		if visible&Nondeterministic != 0 {
			visible |= NotRandom
		}
	}
	s.effects |= e
	for _, en := range effectNames {
		if e&en.e != 0 {
			s.reason(en.name, detail)
		}
	}
	s.observe(visible&e, detail)
}

func (s *summary) mutate(i int, detail string) {
	if s.mutated == nil {
		s.mutated = make(map[int]bool)
	}
	s.mutated[i] = true
	if s.recv && i == 0 {
		s.add(MutatesReceiver, detail)
		s.observeParam(i, detail)
		return
	}
	s.effects |= MutatesParams
	s.reason(paramEffect(s.factIndex(i)), detail)
	s.observeParam(i, detail)
}

func (s *summary) factIndex(i int) int {
	if s.recv {
		return i - 1
	}
	return i
}

func (s *summary) call(i int) {
	if s.calls == nil {
		s.calls = make(map[int]bool)
	}
	s.calls[i] = true
}

func (s *summary) format(i int) {
	if s.formats == nil {
		s.formats = make(map[int]bool)
	}
	s.formats[i] = true
}

func (s *summary) setConservative(detail string) {
	s.conservative = true
	s.reason("conservative", detail)
}

// same reports whether two summaries agree on everything but reasons: the
// fixpoint's termination test.
func (s *summary) same(t *summary) bool {
	return s.effects == t.effects && s.tparams == t.tparams && s.conservative == t.conservative &&
		reflect.DeepEqual(s.mutated, t.mutated) && reflect.DeepEqual(s.calls, t.calls) && reflect.DeepEqual(s.formats, t.formats) &&
		reflect.DeepEqual(s.freeMut, t.freeMut) && reflect.DeepEqual(s.freeCalls, t.freeCalls) &&
		reflect.DeepEqual(s.retAlias, t.retAlias) && reflect.DeepEqual(s.retDirect, t.retDirect) && s.retGlobal == t.retGlobal && reflect.DeepEqual(s.retGlobalAt, t.retGlobalAt) && s.retShared == t.retShared &&
		s.obs == t.obs && reflect.DeepEqual(s.obsMut, t.obsMut) && reflect.DeepEqual(s.obsFree, t.obsFree)
}

// fact converts a summary to its exported form.
func (s *summary) fact() *Fact {
	f := &Fact{Effects: s.effects, Conservative: s.conservative, CallsTypeParams: s.tparams}
	for i := range s.mutated {
		if !s.recv || i > 0 {
			f.MutatedParams = append(f.MutatedParams, s.factIndex(i))
		}
	}
	slices.Sort(f.MutatedParams)
	if len(f.MutatedParams) == 0 {
		f.Effects &^= MutatesParams
	}
	for i := range s.calls {
		f.CallsParams = append(f.CallsParams, s.factIndex(i)) // -1 for a receiver
	}
	slices.Sort(f.CallsParams)
	for i := range s.formats {
		f.FormatsParams = append(f.FormatsParams, s.factIndex(i))
	}
	slices.Sort(f.FormatsParams)
	for i := range s.retAlias {
		f.ResultAliases = append(f.ResultAliases, s.factIndex(i))
	}
	slices.Sort(f.ResultAliases)
	for i := range s.retDirect {
		f.ResultAliasesDirect = append(f.ResultAliasesDirect, s.factIndex(i))
	}
	slices.Sort(f.ResultAliasesDirect)
	f.ResultGlobal = s.retGlobal
	if s.retGlobal {
		f.ResultGlobalOnly = sortedKeys(s.retGlobalAt)
	}
	f.ResultShared = s.retShared
	for _, eff := range s.whyOrder {
		f.Why = append(f.Why, Reason{eff, s.why[eff]})
	}
	for _, eff := range s.weakList {
		if _, ok := s.why[eff]; !ok {
			f.Why = append(f.Why, Reason{eff, s.weakWhy[eff]})
		}
	}
	sortReasons(f.Why)
	s.incidentalFact(f)
	return f
}

// fromFact converts a fact of a function with or without receiver.
func fromFact(f *Fact, recv bool) *summary {
	s := newSummary(recv)
	s.effects = f.Effects
	s.conservative = f.Conservative
	s.tparams = f.CallsTypeParams
	off := 0
	if recv {
		off = 1
	}
	for _, p := range f.MutatedParams {
		if s.mutated == nil {
			s.mutated = make(map[int]bool)
		}
		s.mutated[p+off] = true
	}
	if recv && f.Effects&MutatesReceiver != 0 {
		if s.mutated == nil {
			s.mutated = make(map[int]bool)
		}
		s.mutated[0] = true
	}
	for _, p := range f.CallsParams {
		s.call(p + off)
	}
	for _, p := range f.FormatsParams {
		s.format(p + off)
	}
	for _, p := range f.ResultAliases {
		if s.retAlias == nil {
			s.retAlias = make(map[int]bool)
		}
		s.retAlias[p+off] = true
	}
	for _, p := range f.ResultAliasesDirect {
		if s.retDirect == nil {
			s.retDirect = make(map[int]bool)
		}
		s.retDirect[p+off] = true
	}
	s.retGlobal = f.ResultGlobal
	if f.ResultGlobal && len(f.ResultGlobalOnly) > 0 {
		s.retGlobalAt = make(map[int]bool)
		for _, i := range f.ResultGlobalOnly {
			s.retGlobalAt[i] = true
		}
	}
	s.retShared = f.ResultShared
	for _, r := range f.Why {
		s.reason(r.Effect, r.Detail)
	}
	s.observedFromFact(f)
	return s
}

// sortReasons orders reasons by effect, in EffectNames order.
func sortReasons(rs []Reason) {
	rank := func(name string) int {
		if strings.HasPrefix(name, "mutates-param:") {
			return 1
		}
		for i, en := range effectNames {
			if en.name == name {
				if i == 0 {
					return 0
				}
				return i + 1
			}
		}
		return len(effectNames) + 2
	}
	slices.SortStableFunc(rs, func(a, b Reason) int {
		if ra, rb := rank(a.Effect), rank(b.Effect); ra != rb {
			return ra - rb
		}
		return strings.Compare(a.Effect, b.Effect)
	})
}

// state is the analysis of one package.
type state struct {
	pass     *analysis.Pass
	local    map[*ssa.Function]*summary
	byObj    map[*types.Func]*ssa.Function
	external map[*types.Func]*summary
	leaks    map[*ssa.Function][]mapLeak
	scc      map[*ssa.Function]bool // the recursive component being solved
	src      []*ssa.Function        // the package's functions, in source order
	seams    map[*ssa.Global][]ssa.Value
	// impls memoizes packageImpls by method name.
	impls map[string][]*types.Func
	// declImpls memoizes declaredImpls by interface method.
	declImpls map[*types.Func][]*types.Func
	// scratch memoizes scratchFields by encoder adapter type.
	scratch map[*types.Named]map[int]bool
}

func run(pass *analysis.Pass) (any, error) { return analyze(pass, true) }

// runFacts is FactsAnalyzer's Run: the facts and the Result, no reports.
func runFacts(pass *analysis.Pass) (any, error) { return analyze(pass, false) }

// analyze summarizes the package's functions, exports their facts and,
// with report, runs the checks.
func analyze(pass *analysis.Pass, report bool) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	st := &state{
		pass:     pass,
		local:    make(map[*ssa.Function]*summary),
		byObj:    make(map[*types.Func]*ssa.Function),
		external: make(map[*types.Func]*summary),
		leaks:    make(map[*ssa.Function][]mapLeak),
		src:      ssainfo.SrcFuncs,
	}
	for _, fn := range ssainfo.SrcFuncs {
		if obj := funcObject(fn); obj != nil && fn.Parent() == nil {
			st.byObj[obj] = fn
		}
	}
	// The components of the call graph over the package's functions,
	// callees first: a function's summary reads its callees' summaries.
	isLocal := make(map[*ssa.Function]bool, len(ssainfo.SrcFuncs))
	for _, fn := range ssainfo.SrcFuncs {
		isLocal[fn] = true
	}
	localDeps := func(fn *ssa.Function) []*ssa.Function {
		return slices.DeleteFunc(st.deps(fn), func(g *ssa.Function) bool { return !isLocal[g] })
	}
	sccs, recursive := scc.Components(ssainfo.SrcFuncs, localDeps)
	for i, fns := range sccs {
		st.solve(fns, recursive[i])
	}

	res := &Result{Facts: make(map[*types.Func]*Fact)}
	for _, fn := range ssainfo.SrcFuncs {
		obj := funcObject(fn)
		if obj == nil || fn.Parent() != nil {
			continue
		}
		f := st.local[fn].fact()
		res.Facts[obj] = f
		pass.ExportObjectFact(obj, f)
	}
	if report {
		st.report(ssainfo.SrcFuncs, res)
	}
	return res, nil
}

// funcObject returns the declared function of fn, nil for closures.
func funcObject(fn *ssa.Function) *types.Func {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, _ := fn.Object().(*types.Func)
	if obj != nil {
		obj = obj.Origin()
	}
	return obj
}

// solve computes the summaries of a strongly connected component of the
// call graph by iterating from empty summaries to the least fixpoint.
func (st *state) solve(scc []*ssa.Function, recursive bool) {
	for _, fn := range scc {
		st.local[fn] = newSummary(fn.Signature.Recv() != nil)
	}
	if !recursive {
		st.local[scc[0]] = st.summarize(scc[0])
		return
	}
	st.scc = make(map[*ssa.Function]bool)
	for _, fn := range scc {
		st.scc[fn] = true
	}
	defer func() { st.scc = nil }()
	for iter := 0; ; iter++ {
		changed := false
		for _, fn := range scc {
			s := st.summarize(fn)
			if !s.same(st.local[fn]) {
				changed = true
			}
			st.local[fn] = s
		}
		// Summaries only grow, over a finite lattice, so this ends; the
		// bound guards against a bug turning into a hang.
		if !changed || iter > 20 {
			return
		}
	}
}

// deps returns the local functions whose summaries fn's summary reads.
func (st *state) deps(fn *ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	out = append(out, fn.AnonFuncs...)
	addObj := func(obj *types.Func) {
		if obj == nil {
			return
		}
		if g, ok := st.byObj[obj.Origin()]; ok {
			out = append(out, g)
		}
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if mi, ok := instr.(*ssa.MakeInterface); ok {
				// Methods of a local type may be called through the interface.
				if n, ok := types.Unalias(derefType(mi.X.Type())).(*types.Named); ok && n.Obj().Pkg() == st.pass.Pkg {
					for m := range n.Origin().Methods() {
						addObj(m)
					}
				}
				// fmt may call the methods of the values inside it.
				if ms, _ := fmtMethods(mi.X.Type(), nil, false); len(ms) > 0 {
					for _, m := range ms {
						if m.Pkg() == st.pass.Pkg {
							addObj(m)
						}
					}
				}
			}
			if c, ok := instr.(ssa.CallInstruction); ok && c.Common().IsInvoke() {
				// An unexported method's implementations are the
				// package's own: their summaries tell what it returns.
				for _, m := range st.packageImpls(c.Common().Method) {
					addObj(m)
				}
				// So are those of an exported method of an interface
				// it declares, for what the call returns (results).
				for _, m := range st.declaredImpls(c.Common()) {
					addObj(m)
				}
				continue
			}
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				if g, ok := (*op).(*ssa.Function); ok {
					if g.Origin() != nil {
						g = g.Origin()
					}
					if g.Parent() != nil || g.Synthetic == "" {
						out = append(out, g)
					} else {
						addObj(funcObject(g))
					}
				}
			}
		}
	}
	return out
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// summaryOfObj returns the summary of a declared function, or nil when
// none is known (an abstract interface method, or a missing fact).
func (st *state) summaryOfObj(obj *types.Func) *summary {
	if obj == nil {
		return nil
	}
	obj = obj.Origin()
	if fn, ok := st.byObj[obj]; ok {
		return st.local[fn] // nil only inside an SCC before its first pass
	}
	if s, ok := st.external[obj]; ok {
		return s
	}
	recv := obj.Signature().Recv() != nil
	var s *summary
	if f, ok := rootFact(obj); ok {
		s = fromFact(f, recv)
	} else if f := new(Fact); obj.Pkg() != st.pass.Pkg && st.pass.ImportObjectFact(obj, f) {
		s = fromFact(f, recv)
	}
	st.external[obj] = s
	return s
}

// summaryOfFunc returns the summary of a static callee.
func (st *state) summaryOfFunc(fn *ssa.Function) *summary {
	orig := fn
	if fn.Origin() != nil {
		orig = fn.Origin()
	}
	if s, ok := st.local[orig]; ok {
		return s
	}
	return st.summaryOfObj(funcObject(fn))
}

// pos formats a position as "file.go:12".
func (st *state) pos(p token.Pos) string {
	if !p.IsValid() {
		return "?"
	}
	position := st.pass.Fset.Position(p)
	return fmt.Sprintf("%s:%d", filepath.Base(position.Filename), position.Line)
}
