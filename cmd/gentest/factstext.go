package main

import (
	"fmt"
	"go/types"
	"io"
	"sort"
	"strings"

	"github.com/gentest-go/gentest/analyzers/apidoc"
	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/construct"
	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/analyzers/typedeps"
	"github.com/gentest-go/gentest/internal/load"
	"golang.org/x/tools/go/analysis"
)

// maxConsts bounds the constants listed per function in the text report;
// -json has them all.
const maxConsts = 8

// funcFacts are the typed facts of one function.
type funcFacts struct {
	name     string
	purity   *purity.Fact
	consts   *constpool.FuncConsts
	branches *construct.Branches
	panics   *apidoc.Panics
}

// writeFactsReport prints the facts of one package as a report: a line per
// function (its effects with the reasons, the constants it uses, the
// branches construct traced to its inputs), then a line per named type
// (how it is built, what it implements), then the package's constant pool
// in one line. Names of the package's own objects are unqualified.
func writeFactsReport(w io.Writer, an *load.Analysis, path string, pkg *types.Package, all bool) {
	short := func(s string) string { return strings.ReplaceAll(s, path+".", "") }
	funcs := map[string]*funcFacts{}
	var ctypes *construct.Package
	var tdeps *typedeps.PackageTypes
	var pool *constpool.PackageConsts
	eachFact(an, path, pkg, func(fn *types.Func, fact analysis.Fact) {
		ff := funcs[fn.FullName()]
		if ff == nil {
			ff = &funcFacts{name: short(fn.FullName())}
			funcs[fn.FullName()] = ff
		}
		switch f := fact.(type) {
		case *purity.Fact:
			ff.purity = f
		case *constpool.FuncConsts:
			ff.consts = f
		case *construct.Branches:
			ff.branches = f
		case *apidoc.Panics:
			ff.panics = f
		}
	}, func(fact analysis.Fact) {
		switch f := fact.(type) {
		case *construct.Package:
			ctypes = f
		case *typedeps.PackageTypes:
			tdeps = f
		case *constpool.PackageConsts:
			pool = f
		}
	})
	names := funcNames(funcs, pkg, all, func(name string) *funcFacts { return &funcFacts{name: short(name)} })

	fmt.Fprintf(w, "package %s\n", path)
	if len(names) > 0 {
		fmt.Fprintf(w, "\nfunctions (%d):\n", len(names))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %s\n", funcLine(funcs[n], short))
	}
	if lines := typeLines(ctypes, tdeps, short); len(lines) > 0 {
		fmt.Fprintf(w, "\ntypes (%d):\n", len(lines))
		for _, l := range lines {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	if pool != nil && len(pool.Consts) > 0 {
		fmt.Fprintf(w, "\nconstant pool (%d): %s\n", len(pool.Consts), constList(pool.Consts, 3*maxConsts, short))
		for _, e := range pool.Enums {
			fmt.Fprintf(w, "enum %s\n", short(e.String()))
		}
	}
}

// funcLine is "name: effects; constants ...; branches ...".
func funcLine(f *funcFacts, short func(string) string) string {
	var parts []string
	switch p := f.purity; {
	case p == nil:
		parts = append(parts, "no effect facts")
	default:
		parts = append(parts, effectsText(p, short))
	}
	if f.panics != nil {
		parts = append(parts, "documented: "+f.panics.Sentence)
	}
	if f.consts != nil && len(f.consts.Consts) > 0 {
		parts = append(parts, fmt.Sprintf("constants (%d): %s", len(f.consts.Consts), constList(f.consts.Consts, maxConsts, short)))
	}
	if f.branches != nil && len(f.branches.Branches) > 0 {
		bs := make([]string, len(f.branches.Branches))
		for i, b := range f.branches.Branches {
			bs[i] = short(b.String())
		}
		parts = append(parts, fmt.Sprintf("branches on inputs (%d): %s", len(bs), strings.Join(bs, ", ")))
	}
	return f.name + ": " + strings.Join(parts, "; ")
}

// effectsText says "pure", or each effect with its reasons: "mutates
// receiver (stores at x.go:12)", and whether the summary is only a lower
// bound because some call could not be resolved.
func effectsText(p *purity.Fact, short func(string) string) string {
	why := map[string][]string{}
	for _, r := range p.Why {
		why[r.Effect] = append(why[r.Effect], short(r.Detail))
	}
	var out []string
	if p.Pure() {
		out = append(out, "pure")
	}
	for _, e := range p.EffectNames() {
		s := strings.ReplaceAll(e, "-", " ")
		if p.Effects&purity.Panics != 0 && s == "panics" {
			s = "may panic"
		}
		if rs := why[e]; len(rs) > 0 {
			s += " (" + strings.Join(rs, ", ") + ")"
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		// Not exact, and nothing found: only the lower bound below.
		out = append(out, "no effect found")
	}
	for _, i := range p.CallsParams {
		out = append(out, fmt.Sprintf("calls its parameter %d", i+1))
	}
	if p.Conservative {
		s := "effects are a lower bound"
		if rs := why["conservative"]; len(rs) > 0 {
			s += " (" + strings.Join(rs, ", ") + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// constList lists up to max constant values, with their type when it is a
// named one, and how many more there are.
func constList(cs []constpool.Const, max int, short func(string) string) string {
	var vals []string
	seen := map[string]bool{}
	for _, c := range cs {
		v := c.Value
		if strings.Contains(c.Type, ".") {
			v += " (" + short(c.Type) + ")"
		}
		if seen[v] {
			continue
		}
		seen[v] = true
		vals = append(vals, v)
	}
	more := ""
	if len(vals) > max {
		more = fmt.Sprintf(" and %d more", len(vals)-max)
		vals = vals[:max]
	}
	return strings.Join(vals, ", ") + more
}

// typeLines gives a line per named type: its kind, how another package
// gets a value (typedeps' class), and construct's recipes: literal fields,
// constructors with the fields they set, setters, variables, constants.
func typeLines(cp *construct.Package, td *typedeps.PackageTypes, short func(string) string) []string {
	byName := map[string][]string{}
	var names []string
	add := func(name, s string) {
		if _, ok := byName[name]; !ok {
			names = append(names, name)
		}
		byName[name] = append(byName[name], s)
	}
	if td != nil {
		for _, t := range td.Types {
			s := t.Kind
			if !t.Exported {
				s = "unexported " + s
			}
			s += ", " + classText[t.Class]
			if t.Zero && t.Class != typedeps.ZeroValue {
				s += " (its zero value is usable too)"
			}
			add(t.Type, s)
		}
		for _, im := range td.Implements {
			name := strings.TrimPrefix(im.Type, "*")
			if _, ok := byName[name]; ok {
				add(name, "implements "+short(im.Interface)+viaPointer(im.Type))
			}
		}
	}
	if cp != nil {
		for _, t := range cp.Types {
			if len(byName[t.Name]) == 0 {
				add(t.Name, t.Kind)
			}
			if t.Literal {
				var fs []string
				for _, f := range t.Fields {
					fs = append(fs, construct.StepsString(f.Steps))
				}
				add(t.Name, "literal "+short(t.Name)+"{"+strings.Join(fs, ", ")+"}")
			}
			if t.OptionOf != "" {
				add(t.Name, "option of "+short(t.OptionOf))
			}
			if s := opList(t.Constructors, short); s != "" {
				add(t.Name, "built by "+s)
			}
			if s := opList(t.Options, short); s != "" {
				add(t.Name, "options "+s)
			}
			if s := opList(t.Setters, short); s != "" {
				add(t.Name, "changed by "+s)
			}
			if len(t.Vars) > 0 {
				add(t.Name, "variables "+short(strings.Join(t.Vars, ", ")))
			}
			if len(t.Consts) > 0 {
				add(t.Name, "constants "+short(strings.Join(t.Consts, ", ")))
			}
		}
	}
	sort.Strings(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = short(n) + ": " + strings.Join(byName[n], "; ")
	}
	return out
}

// classText says how a client obtains a value of a type of each class.
var classText = map[typedeps.Class]string{
	typedeps.ZeroValue:       "its zero value is ready to use",
	typedeps.CompositeLit:    "a client builds one with a composite literal",
	typedeps.Interface:       "values come from its implementations",
	typedeps.Constructor:     "only the package's functions build a usable one",
	typedeps.Unconstructible: "no client can build a usable one",
}

func viaPointer(t string) string {
	if strings.HasPrefix(t, "*") {
		return " (as a pointer)"
	}
	return ""
}

// opList formats operations with the fields they write:
// "NewCart (limit=p0), Cart.Reset (items=?)".
func opList(ops []construct.Op, short func(string) string) string {
	var out []string
	for _, op := range ops {
		s := short(op.Func)
		var ws []string
		for _, w := range op.Writes {
			ws = append(ws, short(w.String()))
		}
		if len(ws) > 0 {
			s += " (" + strings.Join(ws, " ") + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}
