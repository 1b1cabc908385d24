// Package suite lists gentest's analyzers in one place, so that every
// driver (gentest vet, go vet's vettool protocol, gentest facts, the
// generator and the golangci-lint plugin) runs the same set: the whole
// suite where facts are wanted (Analyzers), its analyzers that report
// diagnostics where only those are (Reporting, ForVettool).
package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/analyzers/apidoc"
	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/construct"
	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/analyzers/typedeps"
)

// Analyzers returns the analyzers of the suite, in a fixed order.
// Fact-only analyzers are included: the generator, gentest facts and
// gentest vet (whose -debug=f prints facts) run them for their facts even
// though they report nothing. Drivers that only print diagnostics run
// Reporting instead.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{purity.Analyzer, constpool.Analyzer, typedeps.Analyzer, construct.Analyzer, apidoc.Analyzer}
}

// reporter is an analyzer of the suite that reports diagnostics, with the
// flag (of its own Flags) that its reports need, "" when it reports with its
// default flags.
type reporter struct {
	analyzer  *analysis.Analyzer
	enabledBy string
}

// reporters lists the analyzers that report diagnostics, in suite order.
// constpool, construct and apidoc report nothing: they exist for the
// generator, which computes and caches their facts itself (internal/load's
// FactCache), so a driver that only prints diagnostics need not run them.
func reporters() []reporter {
	return []reporter{{purity.Analyzer, ""}, {typedeps.Analyzer, "unconstructible"}}
}

// Reporting returns the analyzers of the suite that can report diagnostics,
// in suite order: what drivers that only print diagnostics (go vet's vettool
// protocol, the golangci-lint plugin) run. The fact-only analyzers of
// Analyzers are left out; those drivers would run them on every dependency
// for facts that nothing but the same driver reads.
func Reporting() []*analysis.Analyzer {
	var as []*analysis.Analyzer
	for _, r := range reporters() {
		as = append(as, r.analyzer)
	}
	return as
}

// ForVettool returns the analyzers go vet's vettool protocol needs when go
// vet runs the tool with args. go vet first asks the tool for its flags
// (-flags) and version (-V=full), then runs it once per package (a .cfg
// argument) with the same flags, dependencies included. The queries get all
// of Reporting, so that go vet accepts every flag of theirs. A package run
// leaves out an analyzer that reports nothing with its default flags unless
// args name one of its flags (-typedeps.unconstructible, or -typedeps
// itself): typedeps, off by default, would otherwise cost every dependency
// its type-dependency facts for no diagnostic.
//
// A dependency's run (the .cfg's VetxOnly) is for facts only: go vet drops
// its diagnostics. There purity runs as purity.FactsAnalyzer, which
// exports the same facts and skips the checks.
func ForVettool(args []string) []*analysis.Analyzer {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return Reporting()
	}
	factsOnly := vetxOnly(args[len(args)-1])
	var as []*analysis.Analyzer
	for _, r := range reporters() {
		if r.enabledBy == "" || namesFlagOf(args, r.analyzer.Name) {
			a := r.analyzer
			if factsOnly && a == purity.Analyzer {
				a = purity.FactsAnalyzer
			}
			as = append(as, a)
		}
	}
	return as
}

// vetxOnly reports whether the go vet config file cfg asks for facts only
// (its VetxOnly field: a dependency of the packages being vetted). A file
// that cannot be read or decoded gives false, the full analysis:
// unitchecker then reports the problem itself.
func vetxOnly(cfg string) bool {
	data, err := os.ReadFile(cfg)
	if err != nil {
		return false
	}
	var c struct{ VetxOnly bool }
	if json.Unmarshal(data, &c) != nil {
		return false
	}
	return c.VetxOnly
}

// namesFlagOf reports whether args set the flag that enables or disables
// the analyzer called name (-name) or one of its own flags (-name.flag),
// in any of the flag package's spellings (-f, --f, -f=v).
func namesFlagOf(args []string, name string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		f, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f == name || strings.HasPrefix(f, name+".") {
			return true
		}
	}
	return false
}

// ExportAllFacts makes the analyzers export as facts what they otherwise
// keep in their results because no importer reads it (construct's branch
// dependencies), for drivers that print facts, such as gentest facts.
// Under go vet such facts would only grow every package's fact file.
func ExportAllFacts() error {
	if err := construct.Analyzer.Flags.Set("branchfacts", "true"); err != nil {
		return fmt.Errorf("suite: enabling construct's branch facts: %w", err)
	}
	return nil
}

// FuncFact is implemented by object facts on functions that gentest facts
// prints: the keys of FuncJSON are merged into the function's JSON object,
// next to "name".
type FuncFact interface {
	analysis.Fact
	FuncJSON() map[string]any
}

// PackageFact is implemented by package facts that gentest facts prints: the
// keys of PackageJSON are merged into the package's JSON object, next to
// "package" and "functions".
type PackageFact interface {
	analysis.Fact
	PackageJSON() map[string]any
}
