package purity

import (
	"go/token"
	"go/types"
	"strings"
)

// This file holds every hand-written summary of the analyzer. Everything
// else is computed from function bodies and from facts of dependencies.
// Summaries are written only where there is no body to analyse (assembly,
// functions pulled in from the runtime with go:linkname, system calls) or
// where analysing the body would give a wrong or useless answer because the
// semantics live below Go (the runtime, reflect, sync primitives, the
// process-wide random source). Each entry says why it is a root.

// rootFact returns the hand-written summary of fn, if it is a root.
func rootFact(fn *types.Func) (*Fact, bool) {
	if fn.Pkg() == nil {
		return nil, false
	}
	path := fn.Pkg().Path()
	name := fn.FullName()
	if e, ok := roots[name]; ok {
		f := e.fact()
		return handWritten(&f), true
	}
	switch {
	case path == "runtime" || strings.HasPrefix(path, "runtime/internal/") ||
		strings.HasPrefix(path, "internal/runtime/") || path == "internal/race" ||
		path == "internal/abi" || path == "internal/goarch" || path == "internal/godebug":
		// The runtime is written in a Go dialect whose effects (scheduler
		// and allocator state, GC metadata) are invisible to programs; its
		// API functions with visible effects are listed in roots. What is
		// left (KeepAlive, Caller, SetFinalizer, Gosched, ...) has no
		// effect a test can observe. internal/godebug reads settings that
		// are fixed for the life of the process.
		return handWritten(&Fact{}), true
	case path == "syscall" || path == "internal/syscall/unix" || path == "golang.org/x/sys/unix":
		// System calls: classify the wrappers by what the kernel does.
		if e, ok := syscallRoots[fn.Name()]; ok {
			f := e.fact()
			return handWritten(&f), true
		}
	case (path == "math/rand" || path == "math/rand/v2") && fn.Signature().Recv() == nil && token.IsExported(fn.Name()):
		// The top-level functions use the process-wide source, seeded at
		// random by the runtime; their bodies reach it through an
		// interface field the analysis cannot resolve.
		return handWritten(globalRandRoot(fn)), true
	case path == "regexp" && isRegexpMatcher(fn):
		// A *Regexp is safe for concurrent use (its doc): the matching
		// methods leave it as it was. Analysed, they are not: they borrow
		// a machine from the Regexp's pool and return it, and pass slices
		// of the package's empty arrayNoInts around, so every match on a
		// package-level pattern would write package state, and a
		// Validate() error built on one would be a setter of it.
		return handWritten(regexpRoot(fn)), true
	case path == "reflect" || path == "internal/reflectlite":
		// reflect works through unsafe pointers and runtime linknames;
		// analysing it would report the bookkeeping (e.g. escapes writes a
		// global dummy to force heap allocation), not the API's meaning.
		return handWritten(reflectRoot(fn)), true
	}
	return nil, false
}

// HandWritten is the Reason.Effect of the reason that marks a fact as a
// hand-written summary rather than one computed from a body.
const HandWritten = "hand-written"

func handWritten(f *Fact) *Fact {
	f.Why = append(f.Why, Reason{HandWritten, "summary in roots.go"})
	return f
}

// IsHandWritten reports whether f is a hand-written summary (roots.go) or
// the default for a function without a body.
func (f *Fact) IsHandWritten() bool {
	for _, r := range f.Why {
		if r.Effect == HandWritten {
			return true
		}
	}
	return false
}

// rootEntry is a hand-written summary, with parameter indices as in
// Fact.MutatedParams and -1 for the receiver.
type rootEntry struct {
	effects Effect
	mutates []int
	calls   []int
	results []int // Fact.ResultAliases: what the results may point into
	formats []int // Fact.FormatsParams
	cons    bool
	why     string
}

func (e rootEntry) fact() Fact {
	f := Fact{Effects: e.effects, Conservative: e.cons, CallsParams: e.calls, ResultAliases: e.results, ResultAliasesDirect: e.results, FormatsParams: e.formats}
	if f.Effects&Nondeterministic != 0 && f.Effects&nondetCause == 0 {
		f.Effects |= NotRandom // only the random roots say Random
	}
	why := e.why
	if why == "" {
		why = "hand-written summary"
	}
	for _, m := range e.mutates {
		if m < 0 {
			f.Effects |= MutatesReceiver
			f.Why = append(f.Why, Reason{"mutates-receiver", why})
		} else {
			f.Effects |= MutatesParams
			f.MutatedParams = append(f.MutatedParams, m)
			f.Why = append(f.Why, Reason{paramEffect(m), why})
		}
	}
	for _, en := range effectNames {
		if e.effects&en.e != 0 {
			f.Why = append(f.Why, Reason{en.name, why})
		}
	}
	sortReasons(f.Why)
	return f
}

var roots = map[string]rootEntry{
	// runtime API with visible effects.
	"runtime.Goexit":       {effects: Exits, why: "runtime.Goexit ends the goroutine"},
	"runtime.GOMAXPROCS":   {effects: WritesGlobal | Nondeterministic, why: "runtime.GOMAXPROCS reads and sets scheduler state"},
	"runtime.GC":           {effects: Blocks, why: "runtime.GC waits for a collection"},
	"runtime.NumGoroutine": {effects: Nondeterministic, why: "runtime.NumGoroutine depends on scheduling"},
	"runtime.ReadMemStats": {effects: Nondeterministic, mutates: []int{0}, why: "runtime.ReadMemStats fills *m with allocator state"},
	"runtime.Stack":        {effects: Nondeterministic | CallSite, mutates: []int{0}, why: "runtime.Stack writes goroutine stacks into buf"},
	// Program counters, and what the binary's tables say about them, depend
	// on the call site and on the code layout of the binary: the executor
	// and the emitted test see different ones (github.com/pkg/errors
	// records them in every error it makes).
	"runtime.Callers":          {effects: CallSite, mutates: []int{1}, why: "runtime.Callers fills pc with the caller's stack"},
	"runtime.Caller":           {effects: CallSite, why: "runtime.Caller reports the call site"},
	"runtime.FuncForPC":        {effects: CallSite, why: "runtime.FuncForPC looks a program counter up in this binary"},
	"runtime.CallersFrames":    {effects: CallSite, why: "runtime.CallersFrames looks program counters up in this binary"},
	"(*runtime.Frames).Next":   {effects: CallSite, mutates: []int{-1}, why: "Frames.Next looks program counters up in this binary"},
	"(*runtime.Func).Entry":    {effects: CallSite, why: "Func.Entry is a code address"},
	"(*runtime.Func).FileLine": {effects: CallSite, why: "Func.FileLine looks a program counter up in this binary"},
	"runtime.Breakpoint":       {effects: Exits, why: "runtime.Breakpoint traps"},
	// Concurrent activity that outlives the call: the tracer's goroutines,
	// finalizers and cleanups run later on the runtime's own goroutines.
	"runtime.StartTrace":   {effects: Spawns | WritesGlobal, why: "runtime.StartTrace starts the execution tracer"},
	"runtime.StopTrace":    {effects: WritesGlobal | Blocks, why: "runtime.StopTrace stops the execution tracer"},
	"runtime.ReadTrace":    {effects: Blocks | Nondeterministic, why: "runtime.ReadTrace waits for trace data"},
	"runtime.SetFinalizer": {effects: Spawns, why: "runtime.SetFinalizer registers a function run later by the runtime"},
	"runtime.AddCleanup":   {effects: Spawns, why: "runtime.AddCleanup registers a function run later by the runtime"},
	// Fixed for the process, but not between machines and toolchains: a
	// test asserting them breaks elsewhere.
	"runtime.NumCPU":         {effects: Nondeterministic, why: "runtime.NumCPU depends on the machine"},
	"runtime.Version":        {effects: Nondeterministic, why: "runtime.Version depends on the toolchain"},
	"runtime.GOROOT":         {effects: Env, why: "runtime.GOROOT reads the environment"},
	"runtime.NumCgoCall":     {effects: Nondeterministic, why: "runtime.NumCgoCall counts the process's calls"},
	"runtime.LockOSThread":   {effects: WritesGlobal, why: "runtime.LockOSThread wires the goroutine to its thread"},
	"runtime.UnlockOSThread": {effects: WritesGlobal, why: "runtime.UnlockOSThread unwires the goroutine"},
	// Profiling state is process-wide.
	"runtime.SetBlockProfileRate":     {effects: WritesGlobal, why: "sets the process's profiling rate"},
	"runtime.SetMutexProfileFraction": {effects: WritesGlobal | Nondeterministic, why: "sets the process's profiling rate"},
	"runtime.SetCPUProfileRate":       {effects: WritesGlobal, why: "sets the process's profiling rate"},
	"runtime.MemProfile":              {effects: Nondeterministic, mutates: []int{0}, why: "reads the process's allocation profile"},
	"runtime.BlockProfile":            {effects: Nondeterministic, mutates: []int{0}, why: "reads the process's blocking profile"},
	"runtime.MutexProfile":            {effects: Nondeterministic, mutates: []int{0}, why: "reads the process's mutex profile"},
	"runtime.GoroutineProfile":        {effects: Nondeterministic | CallSite, mutates: []int{0}, why: "reads the goroutines' stacks"},
	"runtime.ThreadCreateProfile":     {effects: Nondeterministic, mutates: []int{0}, why: "reads the process's thread profile"},

	// The clock: time.now and the monotonic clock are linknamed to the runtime.
	"time.now":         {effects: Nondeterministic, why: "reads the clock"},
	"time.runtimeNano": {effects: Nondeterministic, why: "reads the monotonic clock"},
	"time.Sleep":       {effects: Blocks, why: "sleeps"},
	// Timers and tickers live in the runtime (linknamed, no body): a timer
	// fires on its own later, sending on its channel or running a function
	// on a new goroutine, at a time read from the clock. AfterFunc's body
	// reaches f through an interface the analysis could not resolve.
	"time.newTimer":   {effects: Spawns | Nondeterministic, why: "starts a runtime timer"},
	"time.resetTimer": {effects: Spawns | Nondeterministic, mutates: []int{0}, why: "restarts a runtime timer"},
	"time.stopTimer":  {effects: Nondeterministic, mutates: []int{0}, why: "stops a runtime timer, which may have fired"},
	"time.AfterFunc":  {effects: Spawns | Nondeterministic, calls: []int{1}, why: "runs f on its own goroutine when the timer fires"},

	// A weak pointer turns nil when the collector has run: what Value
	// returns depends on when it did.
	"weak.runtime_makeStrongFromWeak": {effects: Nondeterministic, why: "depends on the garbage collector"},

	// os/signal's hooks into the runtime (linknamed, no body): handlers
	// are process-wide, and the first one starts the signal-watching
	// goroutine.
	"os/signal.signal_enable":       {effects: WritesGlobal | Spawns, why: "installs a process-wide signal handler"},
	"os/signal.signal_disable":      {effects: WritesGlobal, why: "removes a process-wide signal handler"},
	"os/signal.signal_ignore":       {effects: WritesGlobal, why: "ignores a signal process-wide"},
	"os/signal.signal_ignored":      {why: "reads the process-wide signal state"},
	"os/signal.signal_recv":         {effects: Blocks | Nondeterministic, why: "waits for a signal"},
	"os/signal.signalWaitUntilIdle": {effects: Blocks, why: "waits for the signal loop"},

	// The process-wide random sources are seeded by the runtime at start-up;
	// math/rand's top-level functions also go through an interface field,
	// which the analysis could not resolve, so they are listed by name.
	"math/rand.runtime_rand":    {effects: Nondeterministic | Random, why: "reads the runtime random source"},
	"math/rand/v2.runtime_rand": {effects: Nondeterministic | Random, why: "reads the runtime random source"},
	"crypto/rand.Read":          {effects: Nondeterministic | Random, mutates: []int{0}, why: "reads the OS random source"},
	"crypto/rand.Int":           {effects: Nondeterministic | Random, why: "reads the OS random source"},
	"crypto/rand.Prime":         {effects: Nondeterministic | Random, why: "reads the OS random source"},
	"crypto/rand.Text":          {effects: Nondeterministic | Random, why: "reads the OS random source"},

	// sync: lock and unlock leave the lock as they found it, and a getter
	// guarded by a mutex is an observer; waits block. Pool.Get hands out a
	// fresh object as far as the caller is concerned (see freshResult).
	"(*sync.Mutex).Lock":       {why: "lock state is restored by Unlock"},
	"(*sync.Mutex).Unlock":     {why: "lock state is restored by Unlock"},
	"(*sync.Mutex).TryLock":    {effects: Nondeterministic, why: "depends on other goroutines"},
	"(*sync.RWMutex).Lock":     {why: "lock state is restored by Unlock"},
	"(*sync.RWMutex).Unlock":   {why: "lock state is restored by Unlock"},
	"(*sync.RWMutex).RLock":    {why: "lock state is restored by RUnlock"},
	"(*sync.RWMutex).RUnlock":  {why: "lock state is restored by RUnlock"},
	"(*sync.RWMutex).TryLock":  {effects: Nondeterministic, why: "depends on other goroutines"},
	"(*sync.RWMutex).TryRLock": {effects: Nondeterministic, why: "depends on other goroutines"},
	"(*sync.WaitGroup).Wait":   {effects: Blocks, why: "waits for other goroutines"},
	"(*sync.WaitGroup).Add":    {mutates: []int{-1}, why: "changes the counter"},
	"(*sync.WaitGroup).Done":   {mutates: []int{-1}, why: "changes the counter"},
	"(*sync.WaitGroup).Go":     {effects: Spawns, mutates: []int{-1}, calls: []int{0}, why: "starts a goroutine"},
	"(*sync.Cond).Wait":        {effects: Blocks, why: "waits for a signal"},
	"(*sync.Pool).Get":         {why: "returns a pooled or new object, not shared with the caller's data"},
	// Once.Do runs f once per process: its effects are the one-time
	// initialisation of lazily computed state, not effects of each call.
	// Counting them would make every user of a lazily initialised table
	// (time.Local, unicode tables, ...) do I/O. Marking the Once as
	// written keeps such callers from looking pure.
	"(*sync.Once).Do":  {mutates: []int{-1}, why: "one-time initialisation"},
	"(*sync.Pool).Put": {why: "the pooled object is no longer the caller's"},
	// OnceFunc, OnceValue and OnceValues only wrap f: calls of the
	// function they return are resolved to calls of f where the wrapper
	// comes straight from them (see onceWrapped in summarize.go); their
	// bodies reach f through a field of a captured struct, which the
	// analysis could not resolve.
	"sync.OnceFunc":   {why: "returns a function that calls f once"},
	"sync.OnceValue":  {why: "returns a function that calls f once"},
	"sync.OnceValues": {why: "returns a function that calls f once"},
	// sync.Mutex is a wrapper around internal/sync.Mutex, which
	// sync.Map (through internal/sync.HashTrieMap) also uses directly;
	// the same reasoning applies. Its slow paths reach the runtime's
	// fatal error for an unlock of an unlocked mutex, a misuse rather
	// than a way to exit.
	"(*internal/sync.Mutex).Lock":    {why: "lock state is restored by Unlock"},
	"(*internal/sync.Mutex).Unlock":  {why: "lock state is restored by Unlock"},
	"(*internal/sync.Mutex).TryLock": {effects: Nondeterministic, why: "depends on other goroutines"},
	// sync.Map is a concurrent map: by its documented meaning, reads read
	// the receiver and writes write it; results point into the map (and
	// into the stored value for LoadOrStore). Its implementation
	// (internal/sync.HashTrieMap) hashes through a function field, locks
	// internal mutexes and seeds its hash at random, which would make
	// every cache built on it conservative, blocking and exiting.
	"(*sync.Map).Load":             {results: []int{-1}, why: "reads the map"},
	"(*sync.Map).Store":            {mutates: []int{-1}, why: "writes the map"},
	"(*sync.Map).Clear":            {mutates: []int{-1}, why: "writes the map"},
	"(*sync.Map).LoadOrStore":      {mutates: []int{-1}, results: []int{-1, 1}, why: "writes the map"},
	"(*sync.Map).LoadAndDelete":    {mutates: []int{-1}, results: []int{-1}, why: "writes the map"},
	"(*sync.Map).Delete":           {mutates: []int{-1}, why: "writes the map"},
	"(*sync.Map).Swap":             {mutates: []int{-1}, results: []int{-1}, why: "writes the map"},
	"(*sync.Map).CompareAndSwap":   {mutates: []int{-1}, why: "writes the map"},
	"(*sync.Map).CompareAndDelete": {mutates: []int{-1}, why: "writes the map"},
	// Range visits entries in an order that depends on a random hash seed.
	"(*sync.Map).Range": {effects: Nondeterministic, calls: []int{0}, why: "visits the map in random order"},

	// fmt's printers reach the operands' Format, GoString, Error and String
	// methods through type assertions on a field of a pooled printer, which
	// the analysis cannot resolve; by their documented meaning they format
	// the operands (FormatsParams: each call site adds the effects of the
	// methods its operands' types have, see fmtargs.go), write to w, and
	// Errorf's result holds the operands it wraps with %w. Panics in the
	// operands' methods are recovered and printed.
	"fmt.Sprint":   {formats: []int{0}, why: "formats its operands"},
	"fmt.Sprintf":  {formats: []int{1}, why: "formats its operands"},
	"fmt.Sprintln": {formats: []int{0}, why: "formats its operands"},
	"fmt.Errorf":   {formats: []int{1}, results: []int{1}, why: "formats its operands and wraps those of %w"},
	"fmt.Fprint":   {calls: []int{0}, formats: []int{1}, why: "formats its operands into w"},
	"fmt.Fprintf":  {calls: []int{0}, formats: []int{2}, why: "formats its operands into w"},
	"fmt.Fprintln": {calls: []int{0}, formats: []int{1}, why: "formats its operands into w"},
	"fmt.Print":    {effects: Stdio, formats: []int{0}, why: "formats its operands to standard output"},
	"fmt.Printf":   {effects: Stdio, formats: []int{1}, why: "formats its operands to standard output"},
	"fmt.Println":  {effects: Stdio, formats: []int{0}, why: "formats its operands to standard output"},
	"fmt.Append":   {mutates: []int{0}, results: []int{0}, formats: []int{1}, why: "appends its formatted operands to b"},
	"fmt.Appendf":  {mutates: []int{0}, results: []int{0}, formats: []int{2}, why: "appends its formatted operands to b"},
	"fmt.Appendln": {mutates: []int{0}, results: []int{0}, formats: []int{1}, why: "appends its formatted operands to b"},

	// encoding/json works by reflection: analysed, its type caches
	// (sync.Map memos keyed by reflect.Type) are global writes and its
	// calls of the values' Marshaler and Unmarshaler methods cannot be
	// resolved, so every UnmarshalJSON built on it was a "setter of
	// package state" and never called. By their documented meaning they
	// decode into v (or encode v) and call the methods of what v holds,
	// which each caller adds.
	"encoding/json.Unmarshal":     {mutates: []int{1}, calls: []int{1}, why: "decodes data into v"},
	"encoding/json.Marshal":       {calls: []int{0}, why: "encodes v"},
	"encoding/json.MarshalIndent": {calls: []int{0}, why: "encodes v"},
	"encoding/json.Valid":         {why: "checks data"},

	// encoding/binary likewise keeps a sync.Map of struct sizes keyed by
	// reflect.Type: memoization, whose write made every decoder built on
	// binary.Read (bits-and-blooms/bloom's ReadFrom, and the
	// UnmarshalBinary and GobDecode that wrap it) a "writer of package
	// state" that was never called. By their documented meaning Read
	// reads r and decodes into data, Write encodes data to w, Decode and
	// Encode work on buf, and Append appends to buf.
	"encoding/binary.Read":   {mutates: []int{2}, calls: []int{0}, why: "decodes from r into data"},
	"encoding/binary.Write":  {calls: []int{0}, why: "encodes data to w"},
	"encoding/binary.Size":   {why: "computes the encoded size of v"},
	"encoding/binary.Decode": {mutates: []int{2}, why: "decodes buf into data"},
	"encoding/binary.Encode": {mutates: []int{0}, why: "encodes data into buf"},
	"encoding/binary.Append": {mutates: []int{0}, results: []int{0}, why: "appends the encoding of data to buf"},

	// unique.Make interns its value in a process-wide map kept by weak
	// pointers and a cleanup goroutine: memoization with no state a
	// caller can observe (equal values give equal handles; Value returns
	// what was made). Analysed, it writes package state, spawns and is
	// nondeterministic, and so, through net/netip's interned IPv6 zones,
	// was every address parser above it (net.ParseIP, and from there all
	// of net/mail's address parsing, which the steadiness analysis then
	// hid from the search).
	"unique.Make": {why: "returns the canonical handle of value"},

	// sort.Slice and sort.SliceStable swap elements through the function
	// reflect.Swapper returns, which reflect (a root) cannot describe.
	"sort.Slice":         {mutates: []int{0}, calls: []int{1}, why: "sorts the slice through reflect.Swapper"},
	"sort.SliceStable":   {mutates: []int{0}, calls: []int{1}, why: "sorts the slice through reflect.Swapper"},
	"sort.SliceIsSorted": {calls: []int{1}, why: "reads the slice through reflect"},

	// os: file operations at the system-call boundary, so that opening a
	// file for reading is not taken for writing (both go through openat).
	"os.Open":                 {effects: FSRead, why: "opens a file"},
	"os.Create":               {effects: FSWrite, why: "creates a file"},
	"os.OpenFile":             {effects: FSRead | FSWrite, why: "opens a file, possibly for writing"},
	"os.OpenRoot":             {effects: FSRead, why: "opens a directory"},
	"os.Stat":                 {effects: FSRead, why: "stats a file"},
	"os.Lstat":                {effects: FSRead, why: "stats a file"},
	"os.ReadDir":              {effects: FSRead, why: "reads a directory"},
	"os.Readlink":             {effects: FSRead, why: "reads a link"},
	"os.Getwd":                {effects: FSRead, why: "reads the working directory"},
	"os.Remove":               {effects: FSWrite, why: "removes a file"},
	"os.RemoveAll":            {effects: FSWrite, why: "removes files"},
	"os.Rename":               {effects: FSWrite, why: "renames a file"},
	"os.Mkdir":                {effects: FSWrite, why: "creates a directory"},
	"os.MkdirAll":             {effects: FSWrite, why: "creates directories"},
	"os.MkdirTemp":            {effects: FSWrite | Nondeterministic, why: "creates a directory with a random name"},
	"os.CreateTemp":           {effects: FSWrite | Nondeterministic, why: "creates a file with a random name"},
	"os.Chdir":                {effects: FSRead | WritesGlobal, why: "changes the working directory"},
	"os.Chmod":                {effects: FSWrite, why: "changes file mode"},
	"os.Chown":                {effects: FSWrite, why: "changes file owner"},
	"os.Lchown":               {effects: FSWrite, why: "changes file owner"},
	"os.Chtimes":              {effects: FSWrite, why: "changes file times"},
	"os.Truncate":             {effects: FSWrite, why: "truncates a file"},
	"os.Link":                 {effects: FSWrite, why: "creates a link"},
	"os.Symlink":              {effects: FSWrite, why: "creates a link"},
	"os.ReadFile":             {effects: FSRead, why: "reads a file"},
	"os.WriteFile":            {effects: FSWrite, why: "writes a file"},
	"os.Exit":                 {effects: Exits, why: "exits the process"},
	"os.Getenv":               {effects: Env, why: "reads the environment"},
	"os.LookupEnv":            {effects: Env, why: "reads the environment"},
	"os.Setenv":               {effects: Env, why: "writes the environment"},
	"os.Unsetenv":             {effects: Env, why: "writes the environment"},
	"os.Clearenv":             {effects: Env, why: "writes the environment"},
	"os.Environ":              {effects: Env, why: "reads the environment"},
	"os.ExpandEnv":            {effects: Env, why: "reads the environment"},
	"os.Getpid":               {effects: Nondeterministic, why: "process id"},
	"os.Hostname":             {effects: Net, why: "reads the host name"},
	"os.UserHomeDir":          {effects: Env, why: "reads the environment"},
	"os.TempDir":              {effects: Env, why: "reads the environment"},
	"os.StartProcess":         {effects: Exec, why: "starts a process"},
	"(*os.Process).Kill":      {effects: Exec, why: "signals a process"},
	"(*os.Process).Signal":    {effects: Exec, why: "signals a process"},
	"(*os.Process).Wait":      {effects: Exec | Blocks, why: "waits for a process"},
	"(*os.File).Read":         {effects: FSRead, mutates: []int{0}, why: "reads a file"},
	"(*os.File).ReadAt":       {effects: FSRead, mutates: []int{0}, why: "reads a file"},
	"(*os.File).ReadFrom":     {effects: FSWrite, calls: []int{0}, why: "writes a file"},
	"(*os.File).ReadDir":      {effects: FSRead, why: "reads a directory"},
	"(*os.File).Readdir":      {effects: FSRead, why: "reads a directory"},
	"(*os.File).Readdirnames": {effects: FSRead, why: "reads a directory"},
	"(*os.File).Stat":         {effects: FSRead, why: "stats a file"},
	"(*os.File).Seek":         {effects: FSRead, why: "moves the file offset"},
	"(*os.File).Write":        {effects: FSWrite, why: "writes a file"},
	"(*os.File).WriteAt":      {effects: FSWrite, why: "writes a file"},
	"(*os.File).WriteString":  {effects: FSWrite, why: "writes a file"},
	"(*os.File).WriteTo":      {effects: FSRead, calls: []int{0}, why: "reads a file"},
	"(*os.File).Truncate":     {effects: FSWrite, why: "truncates a file"},
	"(*os.File).Sync":         {effects: FSWrite, why: "syncs a file"},
	"(*os.File).Chmod":        {effects: FSWrite, why: "changes file mode"},
	"(*os.File).Chown":        {effects: FSWrite, why: "changes file owner"},
	"(*os.File).Chdir":        {effects: FSRead | WritesGlobal, why: "changes the working directory"},
	"(*os.File).Close":        {mutates: []int{-1}, why: "closes the descriptor"},
	"(*os.File).Fd":           {why: "returns the descriptor"},
	"(*os.File).Name":         {why: "returns the name"},
}

// fmtFormat gives, for each fmt printer, the index of its format string
// parameter, or -1 for the printers that format every operand with %v.
// Call sites with a constant format learn which verb each operand gets,
// and so which of its methods fmt calls.
var fmtFormat = map[string]int{
	"fmt.Sprint": -1, "fmt.Sprintln": -1, "fmt.Fprint": -1, "fmt.Fprintln": -1,
	"fmt.Print": -1, "fmt.Println": -1, "fmt.Append": -1, "fmt.Appendln": -1,
	"fmt.Sprintf": 0, "fmt.Errorf": 0, "fmt.Printf": 0, "fmt.Fprintf": 1, "fmt.Appendf": 1,
}

// syscallRoots classifies system-call wrappers by name, for the packages
// that make raw system calls.
var syscallRoots = map[string]rootEntry{
	"Read": {effects: FSRead, mutates: []int{1}, why: "read(2)"}, "Pread": {effects: FSRead, mutates: []int{1}, why: "pread(2)"},
	"ReadDirent": {effects: FSRead, mutates: []int{1}, why: "getdents(2)"}, "Getdents": {effects: FSRead, mutates: []int{1}, why: "getdents(2)"},
	"Stat": {effects: FSRead, mutates: []int{1}, why: "stat(2)"}, "Lstat": {effects: FSRead, mutates: []int{1}, why: "lstat(2)"},
	"Fstat": {effects: FSRead, mutates: []int{1}, why: "fstat(2)"}, "Fstatat": {effects: FSRead, mutates: []int{2}, why: "fstatat(2)"},
	"Open": {effects: FSRead, why: "open(2)"}, "Openat": {effects: FSRead, why: "openat(2)"},
	"Readlink": {effects: FSRead, mutates: []int{1}, why: "readlink(2)"}, "Getcwd": {effects: FSRead, mutates: []int{0}, why: "getcwd(2)"},
	"Access": {effects: FSRead, why: "access(2)"}, "Seek": {effects: FSRead, why: "lseek(2)"},
	"Write": {effects: FSWrite, why: "write(2)"}, "Pwrite": {effects: FSWrite, why: "pwrite(2)"},
	"Creat": {effects: FSWrite, why: "creat(2)"}, "Mkdir": {effects: FSWrite, why: "mkdir(2)"}, "Mkdirat": {effects: FSWrite, why: "mkdirat(2)"},
	"Unlink": {effects: FSWrite, why: "unlink(2)"}, "Unlinkat": {effects: FSWrite, why: "unlinkat(2)"}, "Rmdir": {effects: FSWrite, why: "rmdir(2)"},
	"Rename": {effects: FSWrite, why: "rename(2)"}, "Renameat": {effects: FSWrite, why: "renameat(2)"}, "Link": {effects: FSWrite, why: "link(2)"},
	"Symlink": {effects: FSWrite, why: "symlink(2)"}, "Chmod": {effects: FSWrite, why: "chmod(2)"}, "Fchmod": {effects: FSWrite, why: "fchmod(2)"},
	"Chown": {effects: FSWrite, why: "chown(2)"}, "Fchown": {effects: FSWrite, why: "fchown(2)"}, "Truncate": {effects: FSWrite, why: "truncate(2)"},
	"Ftruncate": {effects: FSWrite, why: "ftruncate(2)"}, "Fsync": {effects: FSWrite, why: "fsync(2)"}, "UtimesNano": {effects: FSWrite, why: "utimensat(2)"},
	"Socket": {effects: Net, why: "socket(2)"}, "Connect": {effects: Net, why: "connect(2)"}, "Bind": {effects: Net, why: "bind(2)"},
	"Listen": {effects: Net, why: "listen(2)"}, "Accept": {effects: Net | Blocks, why: "accept(2)"}, "Accept4": {effects: Net | Blocks, why: "accept4(2)"},
	"Sendto": {effects: Net, why: "sendto(2)"}, "Recvfrom": {effects: Net, mutates: []int{1}, why: "recvfrom(2)"},
	"SendmsgN": {effects: Net, why: "sendmsg(2)"}, "Recvmsg": {effects: Net, mutates: []int{1, 2}, why: "recvmsg(2)"},
	"Shutdown": {effects: Net, why: "shutdown(2)"},
	// A netlink route dump (net.Interfaces, net.InterfaceAddrs) opens a
	// socket, but one to the kernel: it asks for the host's link and
	// address tables, as reading /proc/net would, and nothing leaves the
	// machine. The answer is the host's, so it is nondeterministic.
	"NetlinkRIB": {effects: FSRead | Nondeterministic, why: "netlink dump of the host's network tables"},
	"ForkExec":   {effects: Exec, why: "fork/exec"}, "StartProcess": {effects: Exec, why: "fork/exec"}, "Exec": {effects: Exec, why: "execve(2)"},
	"Kill": {effects: Exec, why: "kill(2)"}, "Wait4": {effects: Exec | Blocks, why: "wait4(2)"},
	"Getenv": {effects: Env, why: "reads the environment"}, "Setenv": {effects: Env, why: "writes the environment"},
	"Unsetenv": {effects: Env, why: "writes the environment"}, "Clearenv": {effects: Env, why: "writes the environment"},
	"Environ": {effects: Env, why: "reads the environment"},
	"Exit":    {effects: Exits, why: "exit(2)"},
	"Getpid":  {effects: Nondeterministic, why: "getpid(2)"}, "Gettimeofday": {effects: Nondeterministic, mutates: []int{0}, why: "gettimeofday(2)"},
	"Syscall": {cons: true, why: "raw system call"}, "Syscall6": {cons: true, why: "raw system call"},
	"RawSyscall": {cons: true, why: "raw system call"}, "RawSyscall6": {cons: true, why: "raw system call"},
}

func globalRandRoot(fn *types.Func) *Fact {
	var e rootEntry
	switch name := fn.Name(); {
	case strings.HasPrefix(name, "New"):
		e = rootEntry{why: "constructs a generator"}
	case name == "Seed":
		e = rootEntry{effects: WritesGlobal, why: "reseeds the global source"}
	case name == "Read":
		e = rootEntry{effects: Nondeterministic | Random, mutates: []int{0}, why: "reads the global random source"}
	case name == "Shuffle":
		e = rootEntry{effects: Nondeterministic | Random, calls: []int{1}, why: "reads the global random source"}
	default:
		e = rootEntry{effects: Nondeterministic | Random, why: "reads the global random source"}
	}
	f := e.fact()
	return &f
}

// isRegexpMatcher reports whether fn is one of (*regexp.Regexp)'s
// matching methods: Find*, Match*, ReplaceAll* and Split (not Longest,
// which configures the Regexp, nor Expand, which appends to its dst
// argument and is analysed from its body).
func isRegexpMatcher(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	ptr, ok := recv.Type().(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	if !ok || named.Obj().Name() != "Regexp" {
		return false
	}
	name := fn.Name()
	return strings.HasPrefix(name, "Find") || strings.HasPrefix(name, "Match") ||
		strings.HasPrefix(name, "ReplaceAll") || name == "Split"
}

// regexpRoot summarises a matching method of *regexp.Regexp: no effect
// on the Regexp or on package state; the Func variants call their repl
// argument and the Reader variants read their io.RuneReader; results of
// the []byte methods that return matches (Find, FindAll, FindSubmatch,
// FindAllSubmatch) are subslices of the input.
func regexpRoot(fn *types.Func) *Fact {
	name := fn.Name()
	e := rootEntry{why: "regexp.Regexp's matching methods are safe for concurrent use and leave it unchanged"}
	sig := fn.Signature()
	for i := range sig.Params().Len() {
		switch sig.Params().At(i).Type().Underlying().(type) {
		case *types.Signature, *types.Interface:
			e.calls = append(e.calls, i)
		}
	}
	if strings.Contains(name, "Reader") {
		// ReadRune advances the reader: the input is consumed.
		e.mutates = append(e.mutates, 0)
	}
	if !strings.Contains(name, "String") && !strings.Contains(name, "Index") &&
		(name == "Find" || name == "FindAll" || name == "FindSubmatch" || name == "FindAllSubmatch") {
		e.results = []int{0}
	}
	f := e.fact()
	return &f
}

// reflectDerived are the methods of reflect.Value and reflect.MapIter
// whose results refer to the memory their receiver refers to: a Set on
// what they return writes what the receiver was made from.
var reflectDerived = map[string]bool{
	"Elem": true, "Field": true, "FieldByIndex": true, "FieldByIndexErr": true, "FieldByName": true,
	"FieldByNameFunc": true, "Index": true, "MapIndex": true, "MapKeys": true, "MapRange": true,
	"Addr": true, "Slice": true, "Slice3": true, "Interface": true, "Key": true, "Value": true,
}

// reflectValueRecv reports whether fn is a method of reflect.Value or
// *reflect.MapIter (not of reflect.Type, whose results describe types).
func reflectValueRecv(fn *types.Func) bool {
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && (n.Obj().Name() == "Value" || n.Obj().Name() == "MapIter")
}

// reflectRoot summarises the reflect API by its documented meaning. A
// Value made from an argument (ValueOf, Indirect) or derived from another
// (Elem, Field, Index, ...: reflectDerived) refers to the same memory, so
// its results alias their input: without that, a helper that sets a field
// of its argument through reflection looked pure, and the discard check
// reported callers that call it for that write (ojg's reflectSetChild,
// goqu's SafeSetFieldByIndex, issue 36's seventh run).
func reflectRoot(fn *types.Func) *Fact {
	name := fn.Name()
	recv := fn.Signature().Recv() != nil
	var e rootEntry
	switch {
	case recv && name == "FieldByNameFunc" && reflectValueRecv(fn):
		e = rootEntry{calls: []int{0}, results: []int{-1}, why: "calls match"}
	case recv && name == "FieldByNameFunc":
		e = rootEntry{calls: []int{0}, why: "calls match"}
	case recv && reflectDerived[name] && reflectValueRecv(fn):
		e = rootEntry{results: []int{-1}}
	case !recv && (name == "ValueOf" || name == "Indirect"):
		e = rootEntry{results: []int{0}}
	case recv && (strings.HasPrefix(name, "Set") || name == "Clear" || name == "Grow" || name == "Close"):
		e = rootEntry{mutates: []int{-1}, why: "reflect.Value." + name + " writes the value"}
	case recv && (name == "Send" || name == "Recv"):
		e = rootEntry{effects: Blocks, mutates: []int{-1}, why: "channel operation"}
	case recv && (name == "TrySend" || name == "TryRecv"):
		e = rootEntry{effects: Nondeterministic, mutates: []int{-1}, why: "channel operation"}
	case recv && (name == "Call" || name == "CallSlice"):
		e = rootEntry{cons: true, why: "calls an unknown function"}
	case !recv && name == "Copy":
		e = rootEntry{mutates: []int{0}, why: "reflect.Copy writes dst"}
	case !recv && name == "Select":
		e = rootEntry{effects: Blocks | Nondeterministic, why: "reflect.Select"}
	}
	f := e.fact()
	return &f
}

// stdStreams are the globals whose I/O is standard I/O rather than files.
var stdStreams = map[string]bool{"os.Stdin": true, "os.Stdout": true, "os.Stderr": true}

// processGlobals are package-level variables the runtime or the linker set
// for the process: reading them reads the process's environment, which
// differs between the executor and the emitted test's binary.
var processGlobals = map[string]rootEntry{
	"os.Args":            {effects: Env, why: "reads the command line (os.Args)"},
	"testing.testBinary": {effects: CallSite, why: "depends on whether the binary is a test"},
}

// runtimeHook summarises functions that packages pull in from the runtime
// with go:linkname, by their conventional names, and the assembly of
// sync/atomic.
func runtimeHook(fn *types.Func) (rootEntry, bool) {
	name := fn.Name()
	if fn.Pkg().Path() == "sync/atomic" && fn.Signature().Recv() == nil {
		if strings.HasPrefix(name, "Load") {
			return rootEntry{why: "atomic load"}, true
		}
		return rootEntry{mutates: []int{0}, why: "atomic read-modify-write of *addr"}, true
	}
	switch {
	case strings.HasPrefix(name, "runtime_Semacquire"), strings.HasPrefix(name, "runtime_notifyListWait"),
		strings.HasPrefix(name, "runtime_pollWait"), strings.HasPrefix(name, "runtime_blockUntil"):
		return rootEntry{effects: Blocks, why: "waits in the runtime"}, true
	case name == "runtime_rand" || name == "runtime_randn" || name == "fastrand" || name == "fastrandn":
		return rootEntry{effects: Nondeterministic, why: "reads the runtime random source"}, true
	case name == "runtimeNano" || name == "runtimeNow" || name == "now" || name == "nanotime":
		return rootEntry{effects: Nondeterministic, why: "reads the clock"}, true
	case name == "throw" || name == "fatal":
		return rootEntry{effects: Exits, why: "fatal error"}, true
	case strings.HasPrefix(name, "runtime_"):
		// Scheduler and poller bookkeeping (procPin, Semrelease,
		// pollOpen, ...), invisible to the program.
		return rootEntry{why: "runtime bookkeeping"}, true
	}
	return rootEntry{}, false
}

// bodylessDefault summarises a function declared without a body in the
// package being analysed. Assembly kernels in the numeric, hashing,
// cryptographic and string packages only compute, writing to their output
// parameters by convention named dst, z, out, d or h; other functions
// without bodies are linknamed runtime hooks whose effects are unknown.
func bodylessDefault(fn *types.Func) Fact {
	path := fn.Pkg().Path()
	if e, ok := runtimeHook(fn); ok {
		return *handWritten(new(e.fact()))
	}
	asm := strings.HasPrefix(path, "math") || strings.HasPrefix(path, "crypto") ||
		strings.HasPrefix(path, "hash") || strings.HasPrefix(path, "internal/bytealg") ||
		strings.HasPrefix(path, "internal/cpu") || strings.HasPrefix(path, "vendor/golang.org/x/crypto") ||
		strings.HasPrefix(path, "golang.org/x/crypto") || path == "strings" || path == "bytes" ||
		strings.HasPrefix(path, "unicode") || strings.HasPrefix(path, "internal/chacha8rand")
	if !asm {
		return *handWritten(&Fact{Conservative: true, Why: []Reason{{"conservative", "no body for " + fn.FullName()}}})
	}
	var e rootEntry
	sig := fn.Signature()
	if sig.Recv() != nil && isPointerLike(sig.Recv().Type()) {
		e.mutates = append(e.mutates, -1)
	}
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		switch p.Name() {
		case "dst", "z", "out", "d", "h", "dig", "state", "xo":
			if isPointerLike(p.Type()) {
				e.mutates = append(e.mutates, i)
			}
		}
	}
	e.why = "assembly: writes its output parameters"
	return *handWritten(new(e.fact()))
}

func isPointerLike(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}
