// Package apidoc defines an analyzer that reads the contracts a package
// states in its doc comments, as facts for test generation.
//
// # Analyzer apidoc
//
// apidoc: record the panics functions document and the call protocols types document, as facts for test generation
//
// A function whose doc comment announces that it panics ("It panics if n
// is negative", "MustCompile ... panics if the expression cannot be
// parsed") gets a [Panics] fact holding the sentence. The generator treats
// a panic of such a function as the caller breaking a documented
// precondition, never as a bug the package should hear about: a finding is
// a claim about someone else's code, and the documentation is the
// package's own word on what callers may do. Sentences that deny a panic
// ("never panics", "does not panic") do not count.
//
// A method that returns only a bool (an iterator's Next, First or Seek)
// gets an [Advance] fact when the doc comments of its type state it as a
// step the type's other methods depend on: a sentence that names it, is
// in the type's doc or another method's doc or names another method, and
// puts an order on the calls ("If Next() returns true, then the key can be
// retrieved by Key()"; "Call Next() to fetch the first element"). The
// generator treats a panic in an accessor of a value on which no advance
// returned true as the caller skipping the documented protocol.
//
// The analyzer reports no diagnostics.
package apidoc
