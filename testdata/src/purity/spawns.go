package purity

import (
	"os"
	"os/signal"
	"runtime"
	"time"
)

// Concurrent activity that outlives the call: goroutines, timers, tickers,
// the execution tracer, finalizers and signal handlers. None of these
// functions is side-effect free.

func NewTimer() *time.Timer { return time.NewTimer(time.Hour) } // want NewTimer:"^nondeterministic spawns$"

func Ticker() *time.Ticker { return time.NewTicker(time.Hour) } // want Ticker:"spawns"

func Later(f func()) *time.Timer { return time.AfterFunc(time.Hour, f) } // want Later:"^nondeterministic spawns calls-param:0$"

func LaterBump() *time.Timer { return time.AfterFunc(time.Hour, Bump) } // want LaterBump:"^writes-global nondeterministic spawns$"

func Rearm(t *time.Timer) { t.Reset(time.Hour) } // want Rearm:"^mutates-param:0 nondeterministic spawns panics$"

func Trace() error { return runtime.StartTrace() } // want Trace:"^writes-global spawns$"

type resource struct{ fd int }

func Track() *resource { // want Track:"^spawns$"
	r := &resource{fd: 1}
	runtime.SetFinalizer(r, func(*resource) {})
	return r
}

func OnInterrupt() chan os.Signal { // want OnInterrupt:"writes-global.*spawns"
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	return c
}

func CPUs() int { return runtime.NumCPU() } // want CPUs:"^nondeterministic$"
