// Package constpool defines an Analyzer that mines the constants of a
// package for test generation (GRT's constant mining).
//
// # Analyzer constpool
//
// constpool: collect literal and named constants, with how they are used, as facts for test generation
//
// Random values rarely satisfy `if mode == "--dry-run"` or `if port == 8443`.
// The analyzer records, for every function and for the package as a whole,
// the constants the code uses so that the generator can seed its value pools
// with them, weight them (GRT's TF-IDF over packages and a local pool per
// function), and try boundary values around the constants the code compares
// against.
//
// It reports no diagnostics. It exports two kinds of facts, for the analyzed
// package and, because go/analysis runs fact-producing analyzers on every
// dependency, for the dependencies too:
//
//   - a [*FuncConsts] object fact on each package-level function and method
//     that uses at least one constant. Constants used in function literals
//     belong to the enclosing declared function.
//   - a [*PackageConsts] package fact: the union of all function pools, the
//     constants of package-level variable initializers and of constant
//     declarations, and the enums of the package.
//
// A constant is taken from the SSA form of the code, after the type checker
// and SSA builder have folded constant expressions (60*60 appears as 3600)
// and lifted local variables (n := 5; if x > n compares x with 5). Each
// [Const] carries how it was used:
//
//   - Ops: the comparison operators it appears with, normalized so that the
//     constant is the right operand (5 < x is recorded as x > 5);
//   - LenOps: the same for comparisons with len(x), so the generator can
//     build strings and slices of that length;
//   - Funcs: the strings/bytes functions it is passed to (HasPrefix,
//     Contains, Cut, TrimPrefix, ...), so the generator can build strings
//     with that prefix, suffix or substring;
//   - Origin: flags for literal use, declaration, comparison, switch case,
//     string-function argument and length comparison;
//   - Count: the number of uses, for weighting.
//
// An enum is a defined type with a basic underlying type and the constants
// declared with that type in one package (Red, Green, Blue of type Color).
// Constants of an enum type carry the qualified name of a constant with that
// value, taken from the declaring package's fact, so that emitted tests can
// write enums.Blue rather than 2.
//
// Compiler-introduced constants (the -1 and 1 of range loops, the 0 of
// zero-value initializations) are recorded like any other: the counts and
// TF-IDF weighting make such ubiquitous values cheap, and telling them apart
// from user-written ones is not possible in SSA.
package constpool
