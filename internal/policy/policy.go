// Package policy turns analysis facts into the generator's decisions about
// its model: which operations the safety policy keeps out and why, which
// producers the detective may call, what effects each operation has, which
// constants the search mines, and which support packages are worth
// analysing at all. It is the one place where purity and constpool facts
// become model.Options and search inputs, so that the stages after it read
// decisions, not facts.
package policy

import (
	"fmt"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/apidoc"
	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/construct"
	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/analyzers/typedeps"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/model"
)

// Model is what the model stage needs to know about one target package.
type Model struct {
	Analysis *load.Analysis
	Pkg      *packages.Package
	// Support are the other loaded packages the detective may take
	// producers from; nil switches the detective off.
	Support []*packages.Package
	// Allow opts in to calling operations with these effects.
	Allow purity.Effect
	// Sandboxed says the executors run confined by the kernel, so that
	// operations with unknown (conservative) effects may be called.
	Sandboxed bool
}

// Options returns the model options for m: the safety exclusions, the
// detective's producer filter and each operation's effects.
func (m Model) Options() model.Options {
	o := model.Options{
		Exclude:    Safety(m.Analysis, m.Pkg.PkgPath, m.Allow, m.Sandboxed),
		ProducerOK: SideEffectFree(m.Analysis),
		Effects:    Effects(m.Analysis, m.Pkg.PkgPath),
		DocPanics:  DocPanics(m.Analysis),
		DocAdvance: DocAdvance(m.Analysis),
		Fset:       m.Pkg.Fset,
		// Handlers whose default exits: the model swaps them.
		ExitHandlers: ExitHandlers(m.Analysis, m.Pkg),
	}
	if m.Pkg.TypesInfo != nil {
		zero := typedeps.ZeroDocumented(m.Pkg.Syntax, m.Pkg.TypesInfo)
		o.ZeroDocumented = func(tn *types.TypeName) bool { return zero[tn] }
	}
	if m.Support != nil {
		for _, r := range m.Support {
			if r != m.Pkg {
				o.Support = append(o.Support, r.Types)
			}
		}
		o.Support = append(o.Support, m.Pkg.Types) // its imports too
	}
	return o
}

// Effects reads an operation's effects from the purity facts.
func Effects(an *load.Analysis, pkgPath string) func(fn *types.Func) model.Effects {
	res, _ := an.Result(purity.Analyzer, pkgPath).(*purity.Result)
	return func(fn *types.Func) model.Effects {
		var f *purity.Fact
		if res != nil {
			f = res.Facts[fn.Origin()]
		}
		if f == nil {
			var fact purity.Fact
			if !an.FactOf(purity.Analyzer, fn.Origin(), &fact) {
				return model.Effects{}
			}
			f = &fact
		}
		// A function that calls methods or function values of its
		// parameters is pure only if what the caller passes is: a
		// hash.Hash it writes to, an io.Reader it reads from, change. For
		// the generator such a call may mutate those arguments. So may
		// formatting an argument with fmt, which calls its String or
		// Error method.
		callsParams := len(f.CallsParams) > 0 || len(f.FormatsParams) > 0 || f.CallsTypeParams
		// A result that depends on the call site (a stack trace, a
		// program counter) differs between the executor and the emitted
		// test: like a nondeterministic one, it is never asserted (but
		// for an error's message, see CallSiteOnly), and
		// the function is neither pure (no pure-repeat contract) nor an
		// observer. It is no side effect, so such a function may still
		// produce inputs (see SideEffectFree).
		e := model.Effects{Known: true, Pure: f.Pure() && !callsParams, MutatesRecv: f.Has(purity.MutatesReceiver),
			Nondeterministic: f.Effects&(purity.Nondeterministic|purity.CallSite|purity.ErrChoice) != 0,
			CallSiteOnly:     f.Effects&purity.CallSite != 0 && f.Effects&(purity.Nondeterministic|purity.ErrChoice) == 0,
			ErrChoiceOnly:    f.Effects&purity.ErrChoice != 0 && f.Effects&(purity.Nondeterministic|purity.CallSite) == 0,
			// Drawing from a random source is all that varies: not
			// the clock nor anything else (NotRandom), no cause the
			// summary could not see (Conservative), no callback or
			// formatted argument whose effects are the caller's.
			RandomOnly: f.Effects&purity.Nondeterministic != 0 && f.Effects&(purity.NotRandom|purity.CallSite|purity.ErrChoice) == 0 &&
				!f.Conservative && !callsParams,
			WritesGlobal: f.Has(purity.WritesGlobal)}
		for _, w := range f.Why {
			if w.Effect == "writes-global" && e.GlobalWhy == "" {
				e.GlobalWhy = w.Detail
			}
			if (w.Effect == "nondeterministic" || w.Effect == "error-choice") && e.NondetWhy == "" {
				e.NondetWhy = w.Detail
			}
		}
		if f.Effects&^f.Incidental&purity.Env != 0 && !e.Nondeterministic {
			// What a function computes from the environment (LANG,
			// RUNEWIDTH_EASTASIAN) is the executor's, not that of the
			// machine the test runs on: its results are never pinned,
			// like the clock's. An environment read only in debug code
			// or a once-only fill (Incidental) does not count.
			e.Nondeterministic, e.CallSiteOnly, e.ErrChoiceOnly, e.RandomOnly = true, false, false, false
			for _, w := range f.Why {
				if w.Effect == "io:env" {
					e.NondetWhy = "reads the environment: " + w.Detail
					break
				}
			}
		}
		off := 0
		if fn.Type().(*types.Signature).Recv() != nil {
			off = 1
		}
		for _, i := range f.MutatedParams {
			e.MutatesParams = append(e.MutatesParams, i+off)
		}
		for _, i := range f.CallsParams {
			if i < 0 {
				e.MutatesRecv = true
			} else {
				e.MutatesParams = append(e.MutatesParams, i+off)
			}
		}
		for _, i := range f.FormatsParams {
			if !slices.Contains(e.MutatesParams, i+off) {
				e.MutatesParams = append(e.MutatesParams, i+off)
			}
		}
		e.ResultShared = f.ResultShared
		for _, i := range f.ResultAliases {
			if i+off >= 0 { // -1 is a method's receiver
				e.ResultAliases = append(e.ResultAliases, i+off)
			}
		}
		return e
	}
}

// SideEffectFree accepts producers whose exact effect facts show no I/O,
// exits, blocking, concurrent activity (goroutines, timers, tickers,
// traces, finalizers, signal handlers), global writes or nondeterminism:
// the detective calls them only to build inputs, so they must not do
// anything else. Mutating their own arguments or panicking is fine, and so
// are results that depend on the call site (an error that records its
// stack): Effects marks those unassertable, so nothing compares them.
func SideEffectFree(an *load.Analysis) func(fn *types.Func) bool {
	const bad = purity.IO | purity.Exits | purity.Blocks | purity.Spawns | purity.WritesGlobal | purity.Nondeterministic | purity.ErrChoice
	return func(fn *types.Func) bool {
		var f purity.Fact
		if !an.FactOf(purity.Analyzer, fn.Origin(), &f) {
			return false
		}
		return !f.Conservative && f.Effects&bad == 0
	}
}

// allowNames are the effects -allow accepts, by name.
var allowNames = map[string]purity.Effect{
	"fs-write": purity.FSWrite,
	"exec":     purity.Exec,
	"exit":     purity.Exits,
	"net":      purity.Net,
	"io":       purity.FSWrite | purity.Exec | purity.Net,
}

// ParseAllow parses the -allow list.
func ParseAllow(list string) (purity.Effect, error) {
	var e purity.Effect
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		v, ok := allowNames[name]
		if !ok {
			return 0, fmt.Errorf("-allow: unknown effect %q (known: exec, exit, fs-write, io, net)", name)
		}
		e |= v
	}
	return e, nil
}

// Dangerous are the effects whose operations are not called by default:
// they could damage the machine (file writes outside the scratch
// directory, exec, network) or kill the executor for nothing (exits).
const Dangerous = purity.FSWrite | purity.Exec | purity.Net | purity.Exits

// Safety excludes operations whose effect facts say they may be
// destructive, returning the reason ("" keeps the operation). A
// conservative summary (a call that could not be resolved) counts as
// possibly destructive unless the executors run in the Landlock sandbox,
// where the kernel confines file writes, exec, TCP and signals to the
// scratch directory: gentest stays safe when it does not know. Functions
// without a fact (no purity analyzer run) are not excluded.
func Safety(an *load.Analysis, pkgPath string, allow purity.Effect, sandboxed bool) func(fn *types.Func) string {
	res, _ := an.Result(purity.Analyzer, pkgPath).(*purity.Result)
	return func(fn *types.Func) string {
		if res == nil {
			return ""
		}
		f := res.Facts[fn.Origin()]
		if f == nil && fn.Pkg() != nil && fn.Pkg().Path() != pkgPath {
			// A producer from another package: its fact, if the package is
			// a dependency of the target, or its own analysis root.
			var fact purity.Fact
			if an.FactOf(purity.Analyzer, fn.Origin(), &fact) {
				f = &fact
			} else if !sandboxed {
				return "no effect facts for this function; not called outside the sandbox"
			}
		}
		if f == nil {
			return ""
		}
		return reason(f, allow, sandboxed)
	}
}

// reason says why a function with fact f is excluded, or "".
func reason(f *purity.Fact, allow purity.Effect, sandboxed bool) string {
	bad := f.Effects & Dangerous &^ allow
	if bad == 0 && f.Conservative && !sandboxed && allow&Dangerous != Dangerous {
		var detail []string
		for _, w := range f.Why {
			detail = append(detail, w.Detail)
		}
		return "effects unknown (conservative summary); not called by default" + firstDetail(detail)
	}
	if bad == 0 {
		return ""
	}
	var names, detail []string
	for _, w := range f.Why {
		for _, e := range []purity.Effect{purity.FSWrite, purity.Exec, purity.Net, purity.Exits} {
			if bad&e != 0 && w.Effect == effectName(e) {
				names = append(names, w.Effect)
				detail = append(detail, w.Detail)
			}
		}
	}
	if len(names) == 0 {
		names = []string{fmt.Sprint(bad)}
	}
	return strings.Join(dedupe(names), ", ") + firstDetail(detail) + " (use -allow to call it)"
}

func effectName(e purity.Effect) string {
	f := purity.Fact{Effects: e}
	names := f.EffectNames()
	return names[len(names)-1]
}

func firstDetail(d []string) string {
	if len(d) == 0 {
		return ""
	}
	return ": " + d[0]
}

func dedupe(xs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// ConstantFacts are the constpool facts constant mining reads: the
// target's full pool, the pools of the module packages it imports (for
// idf), and a lookup of per-function pools.
type ConstantFacts struct {
	Target *constpool.PackageConsts
	Corpus []*constpool.PackageConsts
	Func   func(fn *types.Func) *constpool.FuncConsts
}

// Constants collects the constant facts of pkg; nil when the constpool
// analyzer did not run.
func Constants(an *load.Analysis, pkg *packages.Package) *ConstantFacts {
	target, _ := an.Result(constpool.Analyzer, pkg.PkgPath).(*constpool.PackageConsts)
	if target == nil {
		return nil
	}
	cf := &ConstantFacts{Target: target, Corpus: []*constpool.PackageConsts{target}}
	if pkg.Module != nil {
		var deps []*packages.Package
		packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
			if p != pkg && p.Module != nil && p.Module.Path == pkg.Module.Path {
				deps = append(deps, p)
			}
		})
		sort.Slice(deps, func(i, j int) bool { return deps[i].PkgPath < deps[j].PkgPath })
		for _, d := range deps {
			var pc constpool.PackageConsts
			if an.PackageFact(constpool.Analyzer, d.Types, &pc) {
				cf.Corpus = append(cf.Corpus, &pc)
			}
		}
	}
	cf.Func = func(fn *types.Func) *constpool.FuncConsts {
		var fc constpool.FuncConsts
		if an.FactOf(constpool.Analyzer, fn, &fc) {
			return &fc
		}
		return nil
	}
	return cf
}

// AnalysisRoots are the targets and the support packages they do not
// already depend on (those get facts as dependencies anyway), so that the
// detective's producers have effect facts.
func AnalysisRoots(targets, roots []*packages.Package) []*packages.Package {
	deps := map[string]bool{}
	packages.Visit(targets, nil, func(p *packages.Package) { deps[p.PkgPath] = true })
	var needed []types.Type
	for _, t := range targets {
		needed = append(needed, model.Needed(t.Types)...)
	}
	out := append([]*packages.Package{}, targets...)
	for _, r := range roots {
		if deps[r.PkgPath] || len(r.Errors) > 0 {
			continue
		}
		// Only packages that can supply an input the targets need are
		// worth analysing for their producers' facts.
		if model.CanSupply(r.Types, needed) {
			out = append(out, r)
		}
	}
	return out
}

// NeedsModule reports whether the targets need inputs that none of the
// loaded packages (their dependencies and the support packages) provide,
// so that the rest of the module must be searched for producers.
func NeedsModule(targets, roots []*packages.Package) bool {
	var needed []types.Type
	for _, t := range targets {
		needed = append(needed, model.Needed(t.Types)...)
	}
	if len(needed) == 0 {
		return false
	}
	var pkgs []*types.Package
	packages.Visit(roots, nil, func(p *packages.Package) { pkgs = append(pkgs, p.Types) })
	for _, t := range needed {
		met := false
		for _, p := range pkgs {
			if model.CanSupply(p, []types.Type{t}) {
				met = true
				break
			}
		}
		if !met {
			return true
		}
	}
	return false
}

// DocPanics returns the sentence of a function's doc comment that
// announces a panic (apidoc facts), or "".
func DocPanics(an *load.Analysis) func(fn *types.Func) string {
	return func(fn *types.Func) string {
		var f apidoc.Panics
		if an.FactOf(apidoc.Analyzer, fn.Origin(), &f) {
			return f.Sentence
		}
		return ""
	}
}

// DocAdvance returns the sentence of a method's type's doc comments that
// states the method as a call protocol's advance (apidoc facts), or "".
func DocAdvance(an *load.Analysis) func(fn *types.Func) string {
	return func(fn *types.Func) string {
		var f apidoc.Advance
		if an.FactOf(apidoc.Analyzer, fn.Origin(), &f) {
			return f.Sentence
		}
		return ""
	}
}

// Construct reads the construct facts of the target package into the
// model's construction options: which struct types a composite literal
// builds, with which exported fields, and which package variables are
// values. A struct type with unexported fields and a constructor is left
// to its constructor: a literal would leave what only the constructor
// sets unset, and failures on such values are not bugs. Nil when the
// analysis has no construct result for the package.
func Construct(an *load.Analysis, pkg *types.Package) *model.Construct {
	res, _ := an.Result(construct.Analyzer, pkg.Path()).(*construct.Result)
	if res == nil {
		return nil
	}
	c := &model.Construct{LiteralFields: func(tn *types.TypeName) []string {
		t := res.Types[tn]
		if t == nil || !t.Literal || t.Kind != "struct" {
			return nil
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		hidden := false
		for i := 0; i < st.NumFields(); i++ {
			hidden = hidden || !st.Field(i).Exported()
		}
		if hidden && len(t.Constructors) > 0 {
			return nil
		}
		var names []string
		for _, f := range t.Fields {
			if f.Settable && len(f.Steps) == 1 && f.Steps[0].Kind == construct.FieldStep {
				names = append(names, f.Steps[0].Name)
			}
		}
		return names
	}}
	c.Templates = templateFacts(res, pkg)
	// Variables by name, as the scope lists them: determinism.
	want := map[string]bool{}
	for _, t := range res.Types {
		for _, v := range t.Vars {
			want[v] = true
		}
	}
	for _, name := range pkg.Scope().Names() {
		if v, ok := pkg.Scope().Lookup(name).(*types.Var); ok && v.Exported() && want[pkg.Path()+"."+name] {
			c.Vars = append(c.Vars, v)
		}
	}
	return c
}

// templateFacts turns the construct result into the model's template
// facts: branch dependencies per function and writers per type.
func templateFacts(res *construct.Result, pkg *types.Package) *model.TemplateFacts {
	steps := func(ss []construct.Step) ([]model.Step, bool) {
		var out []model.Step
		for _, s := range ss {
			switch s.Kind {
			case construct.FieldStep:
				out = append(out, model.Step{Kind: model.FieldStep, Name: s.Name})
			case construct.ElemStep:
				out = append(out, model.Step{Kind: model.ElemStep, Key: s.Key})
			case construct.MapValueStep:
				out = append(out, model.Step{Kind: model.MapValueStep, Key: s.Key})
			case construct.LenStep:
				out = append(out, model.Step{Kind: model.LenStep})
			default:
				return nil, false // map keys, cap, explicit dereferences: no template
			}
		}
		return out, true
	}
	// Types by qualified name, for the types options configure.
	byName := map[string]*construct.Type{}
	for _, t := range res.Types {
		byName[t.Name] = t
	}
	return &model.TemplateFacts{
		Branches: func(fn *types.Func) []model.RawBranch {
			if fn.Pkg() != pkg {
				return nil
			}
			bs := res.Branches()[fn]
			if bs == nil {
				return nil
			}
			var out []model.RawBranch
			for _, b := range bs.Branches {
				rb := model.RawBranch{File: b.File, Line: b.Line}
				for _, d := range b.Deps {
					if d.Via != "" || (d.Path.Root < 0 && d.Path.Root != construct.RootRecv) {
						continue
					}
					st, ok := steps(d.Path.Steps)
					if !ok {
						continue
					}
					rb.Deps = append(rb.Deps, model.RawDep{Root: d.Path.Root, Steps: st, Op: d.Op, Const: d.Const})
				}
				if len(rb.Deps) > 0 {
					out = append(out, rb)
				}
			}
			return out
		},
		Writers: func(tn *types.TypeName) []model.RawWriter {
			t := res.Types[tn]
			if t == nil {
				return nil
			}
			var out []model.RawWriter
			add := func(ops []construct.Op, route model.Route, root int) {
				for _, op := range ops {
					for _, w := range op.Writes {
						copyRes := route == model.BySetter && op.Returns == "copy" && w.Path.Root == construct.RootResult
						if w.Path.Root != root && !copyRes || w.Kind != "set" || len(w.From) > 1 {
							continue
						}
						st, ok := steps(w.Path.Steps)
						if !ok || len(st) == 0 {
							continue
						}
						from := -1
						if len(w.From) == 1 {
							from = w.From[0]
						} else if w.Const == "" {
							continue
						}
						out = append(out, model.RawWriter{Func: op.Func, Route: route, Steps: st, From: from, Copy: copyRes})
					}
				}
			}
			add(t.Constructors, model.ByConstructor, construct.RootResult)
			add(t.Setters, model.BySetter, construct.RootRecv)
			// Options of any option type that configures tn.
			var names []string
			for name := range byName {
				names = append(names, name)
			}
			sort.Strings(names) // determinism
			for _, name := range names {
				if o := byName[name]; o.OptionOf == t.Name {
					add(o.Options, model.ByOption, construct.RootTarget)
				}
			}
			return out
		},
	}
}

// NondetSource says which functions of other packages the instrumenter
// takes as sources of nondeterministic values (see
// harness/instrument/nondet.go): those whose purity facts say
// nondeterministic (the clock, math/rand's global source, the scheduler),
// except crypto/rand, which the executor seeds per run of a sequence, so
// that within it equal sequences read equal bytes.
func NondetSource(an *load.Analysis) func(fn *types.Func) bool {
	return func(fn *types.Func) bool {
		if fn.Pkg() == nil || fn.Pkg().Path() == "crypto/rand" {
			return false
		}
		var f purity.Fact
		if !an.FactOf(purity.Analyzer, fn.Origin(), &f) {
			return false
		}
		return f.Effects&(purity.Nondeterministic|purity.ErrChoice) != 0
	}
}
