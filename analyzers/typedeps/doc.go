// Package typedeps defines an Analyzer that records how values of each type
// can be obtained and used, for test generation (GRT's detective and
// elephant brain).
//
// # Analyzer typedeps
//
// typedeps: record producers, consumers, implementers and constructibility of types as facts for test generation
//
// A package often takes inputs it cannot build itself: an io.Reader, an
// interface implemented in another package, an opaque type that only a
// validating constructor builds. To construct such inputs on demand, the
// generator needs to know, for each type, which operations of which
// packages produce it, which interfaces it implements, and whether a client
// can simply write its zero value or a literal.
//
// The analyzer exports one [*PackageTypes] fact per package, for the
// analyzed package and its dependencies:
//
//   - Types: each named type declared in the package with its
//     constructibility [Class] (zero value usable, composite literal,
//     interface, only via a constructor, not constructible from outside);
//     see [Classifier] for the heuristic. Documentation such as "The zero
//     value is ready to use" counts, and so do the facts of dependencies for
//     fields of their types.
//   - Operations: functions, methods (also of interfaces) and composite
//     literals, with input and result types.
//   - Implements: (type, interface) pairs where one side is declared in the
//     package and the other in the package or its transitive imports. An
//     analyzer sees only a package and its dependencies, so an interface's
//     implementers in packages that do not import it are found by unioning
//     the facts of all packages the generator loads (the module under test
//     and its dependencies): see [Graph], [NewGraph].
//   - Index: per type, the package's operations producing it (results of
//     type T or *T, or of a type implementing the interface T, a trailing
//     error excepted) and consuming it.
//
// Types are named by types.TypeString with full package paths.
//
// The classification and enumeration logic is also available as plain
// functions over go/types ([Constructibility], [Classifier.Classify],
// [Operations], [Producers], [Implementers], [Imports]), so the generator
// can compute the same answers for packages it has loaded without facts.
//
// With -typedeps.unconstructible (off by default) the analyzer reports
// parameters of exported functions and methods whose type, declared in the
// package, no client can obtain: an unexported type, a struct whose
// unexported fields need initialization, or an interface with unexported
// methods, when no exported function or method returns it. Such functions
// cannot be tested from outside, and are often an API mistake:
//
//	type handle struct{ fd int }
//	func Close(h *handle) error // parameter h of Close has type *handle, which no client can obtain
package typedeps
