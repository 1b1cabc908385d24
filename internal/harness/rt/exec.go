// Package rt is the executor runtime of gentest.
//
// Its source is embedded in the gentest binary and written, through the
// go build overlay, into the package under test as a new directory. The
// generated operation registry (an external test file of the package, package p_test) calls
// Main from TestMain; the test binary then runs sequences sent by gentest
// over a pipe instead of running tests. Instrumented copies of the package's
// files report coverage and branch distances through the probes of
// cover.go.
//
// Files: exec.go is the executor's loop (serve) and what the registry
// and the parent configure it with; run.go runs one sequence, args.go
// builds a statement's arguments from the request's literals and earlier
// results, watchdog.go ends a call past its time limit, with blocked.go
// and deadlock.go telling a blocked call from a slow one; hash.go and
// tree.go summarise result values, typeid.go numbers their types' names;
// cryptorand.go makes crypto/rand a function of the sequence; wire*.go and
// arena.go are the protocol (see wire.go), cover*.go and collect.go the
// coverage probes (see cover.go), mutant_env.go the mutant switch of a
// test binary that is not an executor; the rest are the process's protections
// (sandbox, memory cap, CPU limit), its pipes and its CPU clock.
//
// Every file of the runtime is overlaid with a go1.21 build line
// (harness.WithMinGo), which makes it compile at language version go1.21
// whatever the user's go.mod declares (gods declares go 1.2): nothing
// newer may be used (no range over an int or a function; a for loop's
// variables are shared by its iterations). The probe files keep to Go 1.18
// (see cover.go).
package rt

import (
	"fmt"
	"os"
	"reflect"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Op is one operation of the registry: a typed Go closure taking its
// arguments as []any and appending its results to out.
type Op struct {
	Name   string
	Params []reflect.Type
	// Fn calls the operation with args and returns out with its results
	// appended: the executor passes one buffer for all the results of a
	// sequence instead of a new slice per call.
	Fn func(args, out []any) []any
	// Pure is true when the analysis found the operation pure; with
	// FlagCheckPurity the executor checks that it behaves so.
	Pure bool
	// Save and Restore, for an operation that sets package state, read
	// the state before the first call in a sequence and put it back after
	// the sequence, so that no sequence sees what another one set.
	Save    func() any
	Restore func(any)
}

// Environment variables the parent sets for an executor.
const (
	EnvExecutor    = "GENTEST_EXECUTOR"            // "1": run as an executor
	EnvCallTimeout = "GENTEST_CALL_TIMEOUT"        // per-call limit, a time.Duration
	EnvMemLimit    = "GENTEST_MEMLIMIT"            // soft memory limit in bytes
	EnvPkgPath     = "GENTEST_PKGPATH"             // import path of the package under test
	EnvCPUProfile  = "GENTEST_EXECUTOR_CPUPROFILE" // write a CPU profile of the executor here
)

// Main runs the executor loop when the process was started as an executor,
// and the package's tests otherwise. It never returns.
func Main(m *testing.M, ops []Op) {
	if os.Getenv(EnvExecutor) != "1" {
		os.Exit(m.Run())
	}
	os.Exit(serve(ops))
}

type executor struct {
	ops     []Op
	pkgPath string
	enc     *Encoder
	encMu   sync.Mutex

	// The watchdog reads these to tell which call is running for how long.
	curSeq atomic.Uint64
	// calls is the running call: the statement's index in the high 32
	// bits, and in the low ones a number that is odd while calls run and
	// new for each call (callNo|1), even once the sequence's calls are
	// done. The watchdog times a call from the first tick that sees its
	// value: one atomic store per call instead of reading the clock, at
	// the price of one tick of precision. A call's time runs until the
	// next call or the end of the sequence, so the executor's own work
	// between calls (building arguments, summarising values, which may
	// call Error methods) counts as the call's: it takes microseconds,
	// and a hanging Error method is then caught as well. Two atomic adds
	// and a store per call were a tenth of the executor's time on cheap
	// sequences.
	calls   atomic.Uint64
	callNo  uint32 // even; only the executor's goroutine uses it
	stmt    int    // the statement running, for the calls of save and restore
	timeout time.Duration

	// Buffers reused from one sequence to the next: a result is encoded
	// as soon as the sequence ran, so nothing else holds them.
	results [2]Result
	// sawMaps says whether the last run with FlagRepeat held a map of two
	// or more entries (see holdsMaps).
	sawMaps bool
	vals    [][]any
	argBuf  []any
	// resBuf holds the results of the statements of the sequence being
	// run; vals[i] are slices of it (of an earlier array, when an append
	// moved it).
	resBuf []any
}

func serve(ops []Op) int {
	in, out, err := protocolPipes()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentestrt: executor pipes: %v\n", err)
		return 2
	}
	e := &executor{ops: ops, pkgPath: os.Getenv(EnvPkgPath), enc: NewEncoder(out), timeout: time.Second}
	if d, err := time.ParseDuration(os.Getenv(EnvCallTimeout)); err == nil && d > 0 {
		e.timeout = d
	}
	if n, err := strconv.ParseInt(os.Getenv(EnvMemLimit), 10, 64); err == nil && n > 0 {
		debug.SetMemoryLimit(n)
	}
	// A deep recursion should fail fast instead of growing a 1 GB stack.
	debug.SetMaxStack(maxStack)
	// Mutants are set per request (Request.Mutant); the test binary's
	// switch (mutant_env.go) is off in an executor, and stays off should
	// a registry's init have set it.
	SetMutant(0)
	OnFirstInfection(nil)
	if path := os.Getenv(EnvCPUProfile); path != "" {
		// For tuning the executor itself (see the executor benchmark).
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			defer func() {
				pprof.StopCPUProfile()
				f.Close()
			}()
		}
	}
	go e.watchdog()

	e.encMu.Lock()
	e.enc.Hello(Hello{NumOps: len(ops), NumBlocks: NumBlocks(), NumConds: NumConds(), PID: os.Getpid(), Sandboxed: sandboxed})
	err = e.enc.Flush()
	e.encMu.Unlock()
	if err != nil {
		return 2
	}
	dec := NewDecoder(in)
	var seq Request
	for {
		kind, err := dec.Next()
		if err != nil {
			return 0 // the parent closed the pipe: done
		}
		if kind != FrameBatch {
			fmt.Fprintf(os.Stderr, "gentestrt: unexpected frame kind %d\n", kind)
			return 2
		}
		// Each sequence is decoded right before it runs, into the same
		// Request, which stays in the cache (see Decoder.RequestInto);
		// the frame stays in the decoder's buffer until the next Next. A
		// malformed frame, a bug of gentest's, ends the executor at the
		// first sequence that cannot be decoded, after the ones before it
		// ran.
		n, err := dec.BatchLen()
		if err != nil {
			fmt.Fprintf(os.Stderr, "gentestrt: %v\n", err)
			return 2
		}
		for i := 0; i < n; i++ {
			if err := dec.RequestInto(&seq); err != nil {
				fmt.Fprintf(os.Stderr, "gentestrt: %v\n", err)
				return 2
			}
			r := e.run(&seq)
			e.encMu.Lock()
			e.enc.Result(r)
			// Results are flushed with the batch (or by the watchdog's
			// tick), not one by one: a write and a wake-up of the parent
			// per sequence cost more than a cheap sequence. When the
			// process dies, the parent replays the sequences it got no
			// result for with FlagFlush to learn which one killed it.
			if seq.Flags&FlagFlush != 0 {
				err = e.enc.Flush()
			}
			e.encMu.Unlock()
			if err != nil {
				return 0
			}
		}
		e.encMu.Lock()
		e.enc.BatchDone()
		err = e.enc.Flush()
		e.encMu.Unlock()
		if err != nil {
			return 0
		}
	}
}
