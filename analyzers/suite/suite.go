// Package suite lists gentest's analyzers in one place, so that every
// driver (gentest vet, go vet's vettool protocol, gentest facts, the
// generator and the golangci-lint plugin) runs the same set.
package suite

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/analyzers/apidoc"
	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/construct"
	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/analyzers/typedeps"
)

// Analyzers returns the analyzers of the suite, in a fixed order.
// Fact-only analyzers are included: drivers run them for their facts even
// when they report nothing.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{purity.Analyzer, constpool.Analyzer, typedeps.Analyzer, construct.Analyzer, apidoc.Analyzer}
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
