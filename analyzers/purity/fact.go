package purity

import (
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// Effect is a set of side effects a function may have.
type Effect uint32

// The effects. Each one is reported under the name given by EffectNames.
const (
	MutatesReceiver  Effect = 1 << iota // writes memory reachable from the receiver
	MutatesParams                       // writes memory reachable from a parameter; see Fact.MutatedParams
	WritesGlobal                        // writes a package-level variable or memory reachable from one
	FSRead                              // reads the file system
	FSWrite                             // writes the file system
	Net                                 // uses the network
	Exec                                // starts or signals processes
	Env                                 // reads or writes the process environment
	Stdio                               // reads or writes standard input, output or error
	Exits                               // may terminate the process or the goroutine (os.Exit, log.Fatal, runtime.Goexit)
	Nondeterministic                    // result or effects may differ between runs on equal inputs
	Blocks                              // may block on a channel, a sync wait or a sleep
	Spawns                              // starts concurrent activity that outlives the call: goroutines, timers, tickers, traces, finalizers, signal handlers
	Panics                              // may panic on purpose (a reachable explicit panic call)
	// CallSite: results depend on where the function is called from or on
	// the code layout of the binary (runtime.Callers, runtime.Caller,
	// runtime.FuncForPC, stack traces), so two call sites with equal
	// arguments, or the executor and the emitted test, see different
	// results. It is not a side effect: such a function may still build
	// inputs, but its results are not asserted or compared.
	CallSite
	// ErrChoice: the only nondeterminism is which of several errors is
	// returned, chosen in map iteration order (a decoder that validates
	// a table's keys in a range loop and returns the first failure).
	// Whether an error is returned does not depend on the order, and a
	// run that returns none chose nothing, so its results may be
	// asserted; the error itself is compared only with nil. A function
	// that also has Nondeterministic is nondeterministic whole.
	ErrChoice
	// Random and NotRandom say where Nondeterministic comes from; they
	// are never reported (they have no name in EffectNames) and appear
	// only beside it. Random: a random source (math/rand's global
	// functions, crypto/rand); NotRandom: any other cause (the clock,
	// map order, scheduling, the machine), set wherever
	// Nondeterministic is added without Random. A function whose
	// nondeterminism is Random and not NotRandom draws from a random
	// source and reads nothing else that varies: two runs that agree on
	// its result many times over (each with other random state) show
	// that the input fixes it (Shuffle of one rune), which a clock
	// read, whose coarse parts agree for years, never shows.
	Random
	NotRandom
)

// nondetCause is Random|NotRandom, which only qualify Nondeterministic.
const nondetCause = Random | NotRandom

// IO is the union of the input/output effects.
const IO = FSRead | FSWrite | Net | Exec | Env | Stdio

// effectNames names the single-bit effects other than MutatesParams, whose
// name carries the parameter index. The order is the order of EffectNames.
var effectNames = []struct {
	e    Effect
	name string
}{
	{MutatesReceiver, "mutates-receiver"},
	{WritesGlobal, "writes-global"},
	{FSRead, "io:fs-read"},
	{FSWrite, "io:fs-write"},
	{Net, "io:net"},
	{Exec, "io:exec"},
	{Env, "io:env"},
	{Stdio, "io:stdio"},
	{Exits, "exits"},
	{Nondeterministic, "nondeterministic"},
	{CallSite, "callsite"},
	{ErrChoice, "error-choice"},
	{Blocks, "blocks"},
	{Spawns, "spawns"},
	{Panics, "panics"},
}

// Name returns the name of a single effect, "" for MutatesParams (whose name
// depends on the parameter) and for sets of several effects.
func (e Effect) Name() string {
	for _, en := range effectNames {
		if en.e == e {
			return en.name
		}
	}
	return ""
}

// Fact is the effect summary of a function or method. Closures are
// summarised into the function that creates them.
//
// Effects is a lower bound when Conservative is set: some call could not
// be resolved statically (a call through a function value or an interface
// whose dynamic type is unknown and that is not a parameter), and its
// effects are unknown. Calls through function-typed or interface-typed
// parameters are not effects of the function itself: they are listed in
// CallsParams and added by each caller, which knows the argument.
//
// The encoding is deterministic (sorted slices, no maps), so facts can be
// cached and compared byte for byte.
type Fact struct {
	Effects       Effect
	MutatedParams []int // 0-based parameter indices, receiver excluded, sorted
	Conservative  bool  // some call could not be resolved; Effects is a lower bound
	// CallsParams lists the parameters, 0-based, receiver excluded (-1 for a
	// receiver of func type), whose function value or interface methods the
	// function calls; their effects are the caller's, added at each call site.
	CallsParams []int
	// FormatsParams lists the parameters, 0-based, receiver excluded, of
	// interface type or slice-of-interface type whose values the function
	// formats with fmt (directly or through another function that does):
	// fmt calls the Format, GoString, Error and String methods of the
	// dynamic values and of what they contain. Each caller, which knows
	// the arguments' types, adds the effects of those methods.
	FormatsParams []int
	// CallsTypeParams reports that a generic function calls methods of its
	// type parameters; callers add the effects of the type arguments' methods.
	CallsTypeParams bool
	// ResultAliases lists the parameters (as in CallsParams) whose memory
	// the results may point into, and ResultGlobal whether they may point
	// into package-level variables. Writes through a result are then
	// writes to those arguments or globals; other results are fresh.
	ResultAliases []int
	// ResultAliasesDirect is the subset of ResultAliases whose memory the
	// results themselves may be (head(s) returning s[:1], a pointer into
	// the argument), not only refer to through memory the function made
	// (a new slice of the argument's elements, a wrapper struct). A write
	// into the result's own array, map or struct is a write to these
	// arguments only; a write through what the result holds may reach
	// any of ResultAliases.
	ResultAliasesDirect []int
	ResultGlobal        bool
	// ResultGlobalOnly, when ResultGlobal is set and it is not empty,
	// lists the results (0-based) that may point into package-level
	// variables; the others do not. Empty means any of them may (a
	// hand-written root says nothing finer). A constructor returning
	// (fresh, ErrSentinel) has only its error there, so a caller writing
	// into the fresh object writes no package state.
	ResultGlobalOnly []int
	// ResultShared reports that a result itself, not only memory it
	// refers to, may be memory a package-level variable holds: the
	// function hands out a package singleton (return std, return
	// &defaultConfig). A method that mutates such a result writes package
	// state, although its own fact says only mutates-receiver. A fresh
	// object that merely points to package memory (New returning
	// &Logger{Out: os.Stderr}) is not shared: ResultGlobal covers it.
	ResultShared bool
	Why          []Reason // at least one per effect, in EffectNames order
	// Incidental lists the effects of Effects that the function has only
	// through lazy, idempotent initialisation (a sync.Once, an atomic or
	// nil-checked cache filled once) or inside debug and logging code (a
	// branch on a package-level switch, a call into log or log/slog), and
	// IncidentalParams the mutated parameters (as in MutatedParams) that
	// are mutated only there. They are for the observer check, which
	// reports only what a caller would call a side effect; Effects and
	// MutatedParams keep them. See incidental.go.
	Incidental       Effect
	IncidentalParams []int
}

// Reason explains one effect: Effect is one of the names of EffectNames
// ("mutates-param:1", "io:fs-write", ...), Detail says where it comes from,
// such as "calls os.WriteFile at save.go:12".
type Reason struct {
	Effect string
	Detail string
}

// AFact marks Fact as an analysis fact.
func (*Fact) AFact() {}

// Has reports whether the fact includes all the effects of e.
func (f *Fact) Has(e Effect) bool { return f.Effects&e == e && e != 0 }

// MayHave reports whether a function may have an effect of e: it has one,
// or its summary is conservative and so only a lower bound. Safety policies
// use MayHave; observers and diagnostics use Has and Pure.
func (f *Fact) MayHave(e Effect) bool { return f.Effects&e != 0 || f.Conservative }

// Pure reports whether the function has no effect other than Panics and its
// summary is exact: it changes nothing and returns equal results for equal
// arguments wherever it is called from (a CallSite function is not pure). A
// pure function may still call its function-typed or interface-typed
// parameters (CallsParams): it is pure when they are.
func (f *Fact) Pure() bool { return f.Effects&^Panics == 0 && !f.Conservative }

// Inert reports whether calling the function changes nothing a caller can
// observe: no effect other than Panics and CallSite, and an exact summary.
// Its results may still depend on the call site; see Pure.
func (f *Fact) Inert() bool { return f.Effects&^(Panics|CallSite) == 0 && !f.Conservative }

// EffectNames returns the names of the effects, in a fixed order:
// "mutates-receiver", "mutates-param:N" for each mutated parameter,
// "writes-global", "io" when any I/O kind is present followed by each kind
// ("io:fs-read", "io:fs-write", "io:net", "io:exec", "io:env", "io:stdio"),
// "exits", "nondeterministic", "callsite", "error-choice", "blocks", "spawns",
// "panics".
func (f *Fact) EffectNames() []string {
	var names []string
	for _, en := range effectNames {
		if en.e == WritesGlobal {
			// mutates-param:N sorts between mutates-receiver and writes-global.
			for _, p := range f.MutatedParams {
				names = append(names, paramEffect(p))
			}
		}
		if en.e == FSRead && f.Effects&IO != 0 {
			names = append(names, "io")
		}
		if f.Effects&en.e != 0 {
			names = append(names, en.name)
		}
	}
	return names
}

func paramEffect(i int) string { return "mutates-param:" + strconv.Itoa(i) }

// String returns the effect names separated by spaces, preceded by "pure"
// when there are none other than panics, followed by "calls-param:N",
// "formats-param:N", "calls-type-params" and "conservative" markers when
// they apply. Tests match facts against this string.
func (f *Fact) String() string {
	parts := f.EffectNames()
	if f.Effects&^Panics == 0 {
		parts = append([]string{"pure"}, parts...)
	}
	for _, p := range f.CallsParams {
		parts = append(parts, "calls-param:"+strconv.Itoa(p))
	}
	for _, p := range f.FormatsParams {
		parts = append(parts, "formats-param:"+strconv.Itoa(p))
	}
	if f.CallsTypeParams {
		parts = append(parts, "calls-type-params")
	}
	if f.Conservative {
		parts = append(parts, "conservative")
	}
	return strings.Join(parts, " ")
}

// FuncJSON returns the keys gentest facts -json prints for the function:
// "pure", "effects", "why" (effect name to details) and "conservative",
// and when they apply "calls_params", "formats_params", "result_aliases",
// "result_aliases_direct", "result_global" (with "result_global_only")
// and "result_shared".
func (f *Fact) FuncJSON() map[string]any {
	effects := f.EffectNames()
	if effects == nil {
		effects = []string{}
	}
	why := make(map[string][]string)
	for _, r := range f.Why {
		why[r.Effect] = append(why[r.Effect], r.Detail)
	}
	m := map[string]any{
		"pure":         f.Pure(),
		"effects":      effects,
		"why":          why,
		"conservative": f.Conservative,
	}
	if len(f.CallsParams) > 0 {
		m["calls_params"] = slices.Clone(f.CallsParams)
	}
	if len(f.FormatsParams) > 0 {
		m["formats_params"] = slices.Clone(f.FormatsParams)
	}
	if len(f.ResultAliases) > 0 {
		m["result_aliases"] = slices.Clone(f.ResultAliases)
	}
	if len(f.ResultAliasesDirect) > 0 {
		m["result_aliases_direct"] = slices.Clone(f.ResultAliasesDirect)
	}
	if f.ResultGlobal {
		m["result_global"] = true
		if len(f.ResultGlobalOnly) > 0 {
			m["result_global_only"] = slices.Clone(f.ResultGlobalOnly)
		}
	}
	if f.ResultShared {
		m["result_shared"] = true
	}
	return m
}

// Result is the result of the purity analyzer for the current package.
type Result struct {
	// Facts holds the summary of every function and method declared in
	// the package, exported or not, including generic ones and those whose
	// facts cannot be exported. Closures are summarised into their parents.
	Facts map[*types.Func]*Fact
}

// Effect names used in diagnostics and reasons for the I/O union.
func describeEffects(e Effect, params []int) string {
	f := Fact{Effects: e, MutatedParams: params}
	return strings.Join(f.EffectNames(), ", ")
}
