// Package purityfactsonly holds one case of each purity check in a package
// that imports nothing, so that a test can run the analyzer over it and
// its importer (use) without the standard library: TestFactsAnalyzer
// compares the facts of purity.Analyzer and purity.FactsAnalyzer here.
package purityfactsonly

// calls counts String calls: a global write an observer should not make.
var calls int

// Counter is a value whose String writes global state (observer check).
type Counter struct{ n int }

func (c Counter) String() string {
	calls++
	return "counter"
}

// Sum is pure.
func Sum(a, b int) int { return a + b }

// Discard drops the result of a pure call (discard check).
func Discard() {
	Sum(1, 2)
}

// keyError is an error about one key.
type keyError string

func (e keyError) Error() string { return "unknown key " + string(e) }

// Check returns an error per key, in map order (map-order check: a list
// of messages returned).
func Check(keys map[string]int) []error {
	var errs []error
	for k := range keys {
		errs = append(errs, keyError(k))
	}
	return errs
}

// Bump writes its argument: a fact an importer reads.
func Bump(p *int) { *p++ }
