// Package construct defines an Analyzer that records how values of each
// type are built and which fields of which inputs each branch condition
// reads: the Go form of EvoObj's object construction graph (Lin et al.,
// ESEC/FSE 2021), for test generation.
//
// # Analyzer construct
//
// construct: record how values of each type are built and which fields branches depend on, as facts for test generation
//
// A random *Config rarely reaches `if c.Inner != nil && c.Inner.Strict`:
// the generator has to know that the branch reads Inner.Strict of the
// receiver, and how a Config with a non-nil Inner whose Strict is true is
// built (a literal, a constructor argument, an option, a setter). EvoObj
// answers the first question with a backward slice from the branch to the
// fields of the method's inputs, and the second by finding the methods
// that write those fields; its templates are the construction steps, in
// order, with the primitive values left as slots for the search to tune.
// This analyzer computes both halves over SSA.
//
// # Construction recipes
//
// For every named type declared in the package, a [Type] records:
//
//   - Literal and Fields: whether another package can write a composite
//     literal of the type, and the field paths it can set, with their
//     types: exported fields and, through them, the fields of structs of
//     the package held by value, through pointers, and as elements of
//     slices, arrays and maps (also of named slice and map types), three
//     levels deep, a type already on the path not expanded again. A field is settable when
//     every name on its path is exported and a value of its type (and of
//     every pointer's or element's type on the way) can be created
//     outside the package.
//   - Constructors: functions and methods returning the type or a pointer
//     to it (also with an error or other results), with the fields of the
//     result each sets and the parameters it sets them from (NewConfig
//     sets result.Name from p0). Writes are followed into package helpers
//     (c.init(name), return newConfig(...)), into objects stored in the
//     result (&Config{Inner: &Inner{Strict: s}} sets result.Inner.Strict),
//     and through literals copied whole (*b = Reader{buf: buf}).
//   - OptionOf and Options: a functional option type (func(*T), func(*T)
//     error, or an interface whose method takes *T, T a struct of the
//     package) and the functions returning one, with the fields of T the
//     option writes when applied: those of the function literal it returns
//     (following helper calls such as o.setName(n)), of the interface
//     method of the value it converts to the interface, of a package
//     function used as the option, or of the option it gets from another
//     option constructor (WithDefaults returning WithTimeout(time.Second)
//     writes timeout with the constant).
//   - Setters: methods and functions that write fields of a value of the
//     type they receive, with the fields and sources, and whether the
//     method returns its receiver (a chainable builder: b.Port(1).Name("x"))
//     or, for a value receiver, a modified copy (o = o.WithLevel(2)).
//   - Vars and Consts: package variables of the type or a pointer to it
//     (base64.StdEncoding) and constants of the type (enums).
//
// A write records its path (rooted at the receiver, the result, the
// option's target, or a parameter), its kind (set, put for a map entry,
// append), the parameters its value is computed from, and the constant
// when it writes one.
//
// # Branch dependencies
//
// For every function, a [Branches] value lists its branch conditions (SSA
// If instructions, by position) that depend on its inputs, each with the
// access paths it reads ([Dep]): the parameter or receiver, then field
// selections (through pointers), elements of slices, arrays and strings
// (with the index when constant), map values (with the key when
// constant), map keys, len and cap, and explicit dereferences. The
// comparison is recorded with the path as left operand: the operator and
// the constant on the other side (len(p0.Items) > 0, recv.Inner != nil,
// p0.Tags["mode"] == "fast"); a boolean path is compared with true; a
// comma-ok map lookup is "has" its key, a comma-ok type assertion "is"
// its type. Exact is unset when the value reached the comparison through
// arithmetic (~p0.N > 10), and Via names the function outside the package
// whose result was compared (strconv.Atoi(p0.Port) != nil).
//
// Values are followed through locals, phis, conversions, loads of local
// variables (by the stores into them, flow-insensitively, the
// "lightweight alias analysis" of EvoObj), comparisons returned by
// helpers, and results of package functions (a getter returning
// c.Inner.Level). A branch in a package function reached with an input
// as argument counts for the caller, with the path rebased (checkName(c.Name)
// branching on its parameter is a branch on recv.Name, In naming
// checkName), up to MaxDepth (5, EvoObj's t_dep) calls deep; so does a
// branch of a function literal on a captured input. Calls within a
// recursive component are not composed.
//
// # Facts and results
//
// Facts are what importers need, kept small because go vet decodes every
// dependency's facts for every package (see docs/architecture.md):
//
//   - a [*Package] package fact with the exported types and, for each,
//     the settable fields and exported operations. A type's fields are
//     listed once: the fact does not nest the fields of a field whose
//     type has an entry of its own (importers chain through it), and cuts
//     write paths after three steps (a write of a prefix covers the reads
//     below it). The result keeps the full nesting and paths;
//   - [*Branches] object facts on exported functions and methods, only
//     with the -construct.branchfacts flag (set by gentest facts and the
//     tests). No importer reads them, and go vet would copy the facts of
//     methods into the fact file of every package that transitively
//     imports them.
//
// The analyzer's [*Result] holds everything for the package under
// analysis: all types (unexported ones, unsettable fields, unexported
// operations, for internal tests) and, computed on the first call of
// Result.Branches, the branches of every function. Drivers that never
// ask for them, such as go vet, do not pay for them.
//
// # How the generator uses them
//
// The generator picks an uncovered branch of a function under test, reads
// its Deps, and builds a template that sets the paths the branch reads:
// for each path, the steps that write it, preferring (as EvoObj scores
// them) an operation whose write comes from a parameter (a slot) over one
// writing a constant, and an API route (constructor, option, setter) over
// a literal field. A path is written by an operation when the write's
// path is a prefix of it ([Path.HasPrefix]): a write of recv.Items
// covers a read of len(recv.Items). Non-leaf steps become construction of
// the intermediate objects (recv.Inner != nil needs an Inner), elements
// become slices or maps of the right length or with the constant key, and
// the constants of the comparisons seed the slots.
package construct
