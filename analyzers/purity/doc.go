// Package purity defines an Analyzer that computes the side effects of
// every function and reports observer methods with side effects, discarded
// results of pure calls, and map iteration order leaking into results.
//
// # Analyzer purity
//
// purity: compute effect facts and check purity conventions
//
// The purity analyzer summarises the side effects of every function
// (mutated receiver and parameters, global writes, I/O, exits,
// nondeterminism, blocking, goroutines, panics) as facts that flow across
// packages, and reports observer methods (String, Len, Less, MarshalJSON,
// ...) with side effects, discarded results of pure calls, and slices built
// in map iteration order that are returned or stored unsorted.
//
// Each function and method is summarised as a set of effects:
// mutates-receiver and mutates-param:N (a write reachable from that
// argument: stores through pointers, slices and maps, append into a shared
// backing array, copy, clear, delete, and calls passing the value to a
// callee that mutates the corresponding parameter), writes-global, io
// (io:fs-read, io:fs-write, io:net, io:exec, io:env, io:stdio), exits,
// nondeterministic (clock, random sources, map iteration order reaching a
// result or an effect, select among several cases, the machine and the
// toolchain), callsite (results that depend on the call site or on the
// binary: runtime.Callers, Caller, FuncForPC, CallersFrames, stack traces,
// testing.Testing), blocks, spawns (goroutines, timers, tickers, the
// execution tracer, finalizers, signal handlers: activity that outlives the
// call) and panics. A function is pure when it has no effect other than
// panics: it changes nothing and returns equal results for equal
// arguments. A callsite function is not pure, since two call sites (the
// executor and the emitted test) see different results, but it changes
// nothing either (Fact.Inert): it may build inputs, and its discarded
// results are reported like a pure function's. A channel send, receive or
// close writes the channel, so a method sending on a channel of its
// receiver mutates the receiver.
//
// Summaries are exported as facts, so they flow across packages, including
// the standard library; recursion is solved by a fixpoint over the
// strongly connected components of the call graph. A write into an object
// the function allocated itself is not an effect; a write through a
// pointer derived from a parameter is, however many locals it went through.
// Closures are summarised into the function that creates them.
//
// Calls through function values and interfaces are resolved when SSA or the
// dynamic type of an interface value is known. A call through a parameter
// is recorded in Fact.CallsParams: the caller, who knows the argument, adds
// its effects. So is a method call on an element of a slice-of-interface
// parameter (xs[i].M(), range xs, a variadic ...I): a caller that built the
// slice itself (a variadic call or a slice literal) adds the effects of the
// interface's methods on each element it stored; any other slice leaves it
// conservative. A type assertion on an element can reach other methods and
// stays unresolved. fmt's printers, which assert their ...any operands to
// Formatter, GoStringer, error and Stringer through a field of a pooled
// printer, are roots instead: each call site adds the effects of the
// methods fmt may call on its operands' static types and on the exported
// fields, elements and map entries fmt prints by reflection, following the
// verbs of a constant format (%d calls no String, %T and %p nothing).
// An operand of interface type that is a parameter is recorded in
// Fact.FormatsParams for the caller to resolve; any other interface operand
// makes the summary conservative. The function returned by
// sync.OnceFunc, OnceValue or OnceValues calls its argument, and a method
// of an interface sealed by unexported methods in a root package (such as
// reflect.Type) has the root summary of that package. A call of an
// unexported method of the package being analysed runs one of the
// package's own methods of that name (no other package can declare one,
// and embedding only promotes them), so it has the union of their
// summaries; not when a generic type declares one, or more than 32 do. Any other unresolved call marks the fact Conservative, and
// the effects are then a lower bound. Hand-written summaries exist only for
// the roots of the analysis (system calls, the runtime, reflect, sync, the
// clock and process-wide random sources) and are all in roots.go. A
// reflect.Value made from an argument (ValueOf, Indirect) or derived from
// another (Elem, Field, Index, MapIndex, ...) refers to the same memory, so
// a Set on it writes what it was made from.
//
// Choices made for precision, each a deliberate trade-off:
//
//   - Effects reached only through an unresolved call are not guessed:
//     the fact is marked Conservative and Effects is a lower bound.
//     Fact.MayHave answers the safety question, Fact.Pure the observer one.
//   - A call's result points into the arguments the callee's summary says
//     it may return (Fact.ResultAliases), so a fresh result is fresh, and
//     its own memory is an argument's only when the summary says the
//     result may be that memory itself (Fact.ResultAliasesDirect: s[:1],
//     a pointer into it): appending to a new slice of an argument's
//     elements (a generic Map), or reading through a bytes.Reader made
//     over b, writes nothing of the argument. A struct copied whole from
//     a composite literal keeps the literal's fields apart: d := T{A: p.A}
//     then d.B = make(...) writes a new slice, not p's. A Conservative
//     callee summarised in this package from its body still says what
//     its result may point into (its walk applied the type rule below to
//     every unresolved call in it): Conservative bounds its effects only.
//     A Conservative fact of another package or of a root (no body) does
//     not, and the call falls back to the type rule. The
//     result of an unresolved call points into the arguments that can
//     reach memory of a type the result can point to: a callback given a
//     *Path ([]int32) and a []byte and returning a []byte returns the
//     buffer or a fresh one, never the path (barring unsafe). An
//     unresolved method in the append style (its results that can hold
//     memory are slices of one type, and it takes a buffer of that type:
//     formatTo(b []byte, ...) []byte through an interface, or a method
//     whose summary is conservative) returns that buffer or a fresh one,
//     not memory of its receiver: the convention of the package that
//     declares it. So does an exported method of an interface the
//     package declares, for what its result may point into: the union
//     of the package's own implementations (jwx's Headers.Encode, whose
//     implementation returns a new buffer), though other packages may
//     implement it too, so the call's effects stay unresolved and the
//     fact Conservative. A function value keeps the type rule, since it is
//     whatever the caller passed. A pointer made by unsafe.Pointer
//     arithmetic (unsafe.Pointer(uintptr(unsafe.Pointer(p)) + off))
//     points into p's memory: the integers are followed back to the
//     pointers they were converted from, so bbolt's writes into a page
//     through its element pointers mutate the page.
//   - Package memory is known per result (Fact.ResultGlobalOnly): a
//     constructor returning a fresh struct beside a package's sentinel
//     error (return nil, ErrUnsupported) has only its error there, so a
//     caller filling in the struct writes no package state (go-jose's
//     JSONWebKey.MarshalJSON). A write the function makes itself (a
//     store, an append, copy or map update) changes only cells of the
//     written type, so it reaches a call's aliased argument only when
//     that argument's memory can hold such a cell: appending to the
//     []string field of a struct a helper built around a []byte argument
//     writes nothing of the argument (accesspath.WrittenRoots). An
//     interface or type parameter in the written cell turns the filter
//     off; a callee's writes through an argument are not filtered.
//   - Lock and Unlock of sync mutexes (and of internal/sync.Mutex, which
//     sync.Map uses) and the function run by sync.Once are not effects of
//     each call; the Once itself is marked written. sync.Map is summarised
//     as a map: Load reads the receiver, Store and the like write it, and
//     Range is nondeterministic (its order depends on a random hash seed).
//   - Code under a constant-false condition (if debug { ... }) is ignored.
//   - Map order makes a function nondeterministic when a slice appended
//     in the loop is returned or stored unsorted, when a value derived
//     from the keys or elements is returned from inside the loop, or when
//     the loop does I/O or writes globals.
//
// The checks, each of which can be turned off with its flag:
//
//   - observer: a String, GoString, Error, Format, Len, Cap, Less, Equal,
//     Compare, Hash, MarshalJSON, MarshalText or MarshalBinary method, with
//     the signature of the interface that names it (String() string,
//     Len() int, Format(fmt.State, rune), MarshalJSON() ([]byte, error):
//     a future's Error() error that waits for its outcome is no observer),
//     that mutates its receiver or arguments, writes globals or does I/O, as a
//     caller would count side effects. Lazy, idempotent initialisation is
//     not one: a store, map update or atomic Store, CompareAndSwap or Swap
//     reached only on the branch where a load of the same place found it
//     unset (nil, zero, empty, a missing map or Load entry), a
//     CompareAndSwap from the zero value, LoadOrStore, and sync.Once.Do on
//     a Once the method did not make itself, with what it runs (time.Local's
//     zone loading, behind time.Time's String and Format, is such a
//     Once). Nor is code that only debugs or logs: the blocks under a
//     branch on a package-level boolean, or on an integer compared with a
//     constant (if debug, if verbosity > 1), that the method does not
//     itself write, and calls of the printing functions of log and
//     log/slog. Everything else is: a counter (atomic or not), an append
//     to the receiver, a refill when dirty or a second write beside a
//     fill, a Once or sync.OnceValue made inside the method (it runs every
//     time), output not under a switch, a write to a package map. Writing
//     to the fmt.State of Format is its contract and not reported. Only
//     effects of the method's own instructions (sync/atomic calls
//     included) or of a root it calls (os.Stdout's Write, also through
//     fmt.Fprintf) are reported: what a method that fmt calls on an
//     operand does is that method's, reported where it is declared, and
//     deeper effects are mostly caches of other shapes (token.FileSet's
//     last-file hint, go/types' lazily expanded types). The facts keep
//     every effect; Fact.Incidental marks those this check leaves out.
//     Methods in test files are fixtures that may mutate on purpose and
//     are not reported, nor are the observer methods of a command
//     (package main): every caller is the command's own code (a benchmark
//     tool's Less counting comparisons), nor the Len and Less of a sort
//     adapter (an unexported type with Swap, built by its package for its
//     own sort.Sort or container/heap: goja's typedArraySortCtx notes
//     that the script's comparator ran, for the sort to check after).
//     Nor are the writes an encoder adapter's MarshalJSON, MarshalText or
//     MarshalBinary makes into its scratch state (observer_adapter.go): a
//     field of an unexported type that every composite literal of the
//     type, inside a function body, fills with a fresh make, new or
//     literal while being an argument of a call, or with another value's
//     same field, and that nothing else assigns (miniredis' jsonValue,
//     built per json.Marshal with the cycle check of that encoding). The
//     same type's String and Error, and an adapter kept beyond one call,
//     stay reported.
//     A write a closure makes through a call into a recursive component
//     keeps that call as its reason (an effect with no recorded reason
//     is never taken for the method's own). A Format(fmt.State, rune) method
//     that records the current formatting in its own receiver is not
//     reported either (observer_formatter.go): a store into a field of
//     the receiver itself of a parameter, a constant, or the result of a
//     method call on the fmt.State (s.Precision(), s.Flag('+')), as
//     formatters keep the fmt.State, verb or precision for their helpers
//     (spew's formatState, x/text's plural parser). The next call
//     overwrites it; a counter, an append, a value computed from the old
//     state, a store through a further pointer, and any store by String,
//     Error and the other observers stay side effects.
//   - discard: the result of a call to a pure function discarded in an
//     expression statement, such as strings.TrimSpace(s) on its own. When
//     the callee is a method with a value receiver returning a value of
//     the receiver's type, called on a variable or field path (pebble's
//     buf.Reset(), which returns buf[:0]), the suggested fix assigns the
//     result back (buf = buf.Reset()).
//     An example program (package main under an example or examples
//     directory) is not checked: its calls show what the API returns,
//     the result often written in a comment beside the call (gods'
//     examples), as tests call pure functions on purpose.
//     Functions that may panic on purpose are called for that panic and
//     not reported: one with an explicit panic of its own (mustParse(x)),
//     and one of the package being checked that reaches an explicit panic
//     through calls within the package (an assertion method returning
//     what a package-level check returns, the check panicking). A
//     function that may panic only inside another package's code (a
//     helper built on strings.ToUpper) is reported, as staticcheck's
//     SA4017 does. Nor is a function that is, or reaches within the
//     package, one declared in a file built for some platforms only (a
//     //go:build line or a _windows.go suffix): this build's stub may be
//     inert while another platform's makes the system call the caller
//     wants. Nor are calls in a function literal assigned to the
//     blank variable (var _ = func(a T) { a.Equal(a) }), which is never
//     called and exists so that the compiler checks the calls in it;
//     named functions nobody calls are reported (dead code today, a bug
//     the day they run). Hand-written summaries and test files are not
//     reported.
//   - maporder: a slice built by appending in a range over a map, not
//     sorted (by a sort function, by a callee that permutes it, or by
//     hand: an element stored from another element of it, the swap of an
//     insertion sort, as httprouter sorts its Allow header), whose order a caller sees and cares about: it reaches
//     output (fmt, strings.Join, a writer, log; in the function or a
//     function of the package it is passed to), it is a list of messages
//     (errors, diagnostics, warnings, fmt-made strings whose format has
//     words: "%v=%v" makes an entry, not a message) returned or put into
//     the result, or it is returned by an unexported function whose
//     caller in the package does one of these without sorting. With
//     -purity.listings (off by default), also a listing: a slice returned
//     by a public function (exported, outside main and internal/), or by
//     an unexported one that such a function returns, whose order reaches
//     no output. Listings are off by default because their callers mostly
//     use them as sets (cel-go's TypeParams, terraform's UpdatedKeys):
//     in the triage of 64 modules (bench/vet/triage.md) 8 of 14 listings
//     were true, against 25 of 28 for output and messages. Not reported: the
//     map is a parameter or comes from one by a type assertion or an
//     accessor (lo.Keys; pgx's value.(HstoreValuer).HstoreValue() in an
//     encoder), Keys/Values/Entries methods of
//     map-backed types (also unexported ones an exported method returns),
//     elements that carry their key beside other data
//     (&X{Name: k}, k+"="+v, fmt.Sprintf("%s=%s", k, v), memberOf(k,
//     v).String(): a keyed set), either as a listing (unless, returned by
//     a public function, of an exported struct type: grpc's
//     GetServiceInfo lists MethodInfo{Name: m}, an API listing users
//     print and compare) or with their order reaching output, in the
//     function or, returned, in a caller (unless they are messages, or,
//     in a caller, of an exported struct type as above; such entries
//     are mostly text a program reads back as a set — a W3C baggage header, the tags line of a handler
//     script, the parts of a multipart request read by name — and
//     nothing in the code tells it from the same k=v text made for
//     people, such as kong's Tag.String, so the check takes the
//     conservative side),
//     docs (of the function or of a package interface method of its name)
//     saying the order is unspecified, slices only stored, and test
//     files. See maporder_observe.go.
//     Output is the whole slice formatted or joined, or an element
//     written in its turn (but not logged in its turn: log lines of one
//     element each are read one at a time; and not an element that is
//     itself the writer, as in sending each connection of a set its own
//     command, where no stream sees the order); one element formatted on its own is not, also
//     when it is passed down (errorf(pos, "%s", obj) in a package helper)
//     or stored in a variadic list. Two joins are not output, because no
//     consumer can tell the order (maporder_set.go): an alternation of
//     the elements (strings.Join(s, "|")) compiled into a regexp anchored
//     at both ends — alternation is commutative in what matches, and the
//     anchors fix the extent; an unanchored one is reported, its
//     FindString extent depends on the order — and key/value pairs joined
//     into a path (append(s, k, v); strings.Join(s, "/")), which its
//     reader parses back into a map (a Pushgateway grouping key): the
//     bytes differ, what the URL names does not. Text joined or
//     formatted from the slice is output only if it then goes somewhere a
//     person reads it (returned, printed, written, wrapped into an error,
//     passed to a function); text only stored into memory the function
//     did not make — a header value in the receiver's map (nomad's
//     X-Nomad-CSI-Secrets), an entry of a command's environment
//     (go-plugin's PLUGIN_PROTOCOL_VERSIONS) — is state, read by a program
//     that parses it, and like a stored slice it is not reported
//     (maporder_stored.go); so is text passed to a function of the
//     package that only stores it into memory its caller did not make
//     (connect's setHeaderCanonical(h, "Trailer", names), two helpers
//     deep at most), while a helper that prints or returns it keeps it
//     output. A function of the package the slice is passed to makes
//     no output of it in code the call cannot run: the body of a range
//     over its variadic parameter, or a branch on that parameter's
//     length being positive, when the call passes no variadic arguments;
//     the type-switch cases and comma-ok assertions for other types than
//     the concrete value the call converts to an interface argument
//     (gorm's Select formats its query into an error for a query of
//     another type or an unsupported extra argument; its association
//     code passes a []string and nothing more; maporder_variadic.go).
//     Of a struct the slice was stored into, only
//     that field is followed (into callees too): the struct formatted
//     whole is output, another of its fields logged is not (serf's query
//     filters, stored into a message whose name a warning prints). Of a
//     (slice, error)
//     result only the slice counts: an exported caller returning the
//     error does not list the slice.
//     Suggested fixes (maporder_fix.go), only where mechanical and
//     changing nothing but the order: slices.Sort(s) after the loop
//     (before go1.21, sort.Strings/Ints/Float64s for those exact element
//     types) when the elements are ordered, s is empty before the loop,
//     and the loop only appends to it and writes nothing else outside;
//     otherwise, from go1.23, ranging over slices.Sorted(maps.Keys(m))
//     with v := m[k] when the key type is ordered, m is a variable or
//     field path, and the body calls only builtins (no delete) and
//     assigns nothing rooted at m. The version is the later of go.mod's
//     and the file's //go:build line (the oldest toolchain, hence
//     standard library, that may build the file).
package purity
