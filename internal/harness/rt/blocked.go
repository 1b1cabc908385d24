package rt

import (
	"bytes"
	"reflect"
	"runtime"
)

// A call that has not used its CPU budget by the time its limit has passed
// on the wall clock is either blocked (waiting on a channel, a lock, a
// timer, I/O: it would wait as long on an idle machine) or starved (it, or
// a goroutine it waits for, is ready to run but the machine is busy). The
// share of CPU the call got cannot tell them apart: under heavy load a busy
// call gets a few percent, as little as a blocked one wakes for. The
// goroutines' states can: a starved call has a goroutine that is running
// or runnable, a blocked one has all of its goroutines waiting.

// blockedStates are the wait reasons (runtime2.go's waitReasonStrings, as
// runtime.Stack prints them) of a goroutine that waits for an event and
// uses no CPU meanwhile. A goroutine in a system call counts as blocked:
// read on a pipe or a device that never answers, the case today's limit
// exists for; a system call that computes uses CPU and reaches the CPU
// limit. States not listed (running, runnable, preempted, the garbage
// collector's assist and sweep waits, which are work the call caused) mean
// the call still has work to do; an unknown state errs that way too, so
// that a busy call is never cut by the wall clock.
var blockedStates = map[string]bool{
	"IO wait":                       true,
	"chan receive":                  true,
	"chan receive (nil chan)":       true,
	"chan receive (durable)":        true,
	"chan send":                     true,
	"chan send (nil chan)":          true,
	"chan send (durable)":           true,
	"select":                        true,
	"select (no cases)":             true,
	"select (durable)":              true,
	"semacquire":                    true,
	"sleep":                         true,
	"sync.Cond.Wait":                true,
	"sync.Mutex.Lock":               true,
	"sync.RWMutex.Lock":             true,
	"sync.RWMutex.RLock":            true,
	"sync.WaitGroup.Wait":           true,
	"sync.WaitGroup.Wait (durable)": true,
	"synctest.Run":                  true,
	"synctest.Wait":                 true,
	"syscall":                       true,
	"panicwait":                     true,
	"coroutine":                     true,
}

// ownFuncs are the functions at the root of the executor's own goroutines
// besides the watchdog (which takes the dump and comes first in it): their
// states say nothing about the call.
var ownFuncs = [][]byte{
	[]byte(funcName(watchMemCap) + "("),
}

func funcName(f any) string {
	if fn := runtime.FuncForPC(reflect.ValueOf(f).Pointer()); fn != nil {
		return fn.Name()
	}
	return "\x00" // matches no frame
}

// maxDump bounds the buffer for the goroutine dump: a call that started
// hundreds of thousands of goroutines is taken for a busy one.
const maxDump = 32 << 20

// callBlocked reports whether every goroutine of the code under test (all
// goroutines but the caller, which must be the watchdog, and the
// executor's own) waits in a blocked state. It stops the world for the
// dump, so the watchdog calls it only for a call past its limit.
func callBlocked(buf []byte) (bool, []byte) {
	if len(buf) == 0 {
		buf = make([]byte, 64<<10)
	}
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return dumpBlocked(buf[:n], ownFuncs), buf
		}
		if len(buf) >= maxDump {
			return false, buf
		}
		buf = make([]byte, 2*len(buf))
	}
}

// dumpBlocked reads a runtime.Stack(all) dump: goroutine records separated
// by blank lines, each starting "goroutine N [state, extra]:". The first
// record is the dumping goroutine itself; records with a frame of one of
// the own functions are skipped.
func dumpBlocked(dump []byte, own [][]byte) bool {
	first := true
	for len(dump) > 0 {
		rec := dump
		if i := bytes.Index(dump, []byte("\n\n")); i >= 0 {
			rec, dump = dump[:i], dump[i+2:]
		} else {
			dump = nil
		}
		if !bytes.HasPrefix(rec, []byte("goroutine ")) {
			continue
		}
		if first {
			first = false
			continue
		}
		isOwn := false
		for _, f := range own {
			if bytes.Contains(rec, append([]byte("\n"), f...)) {
				isOwn = true
				break
			}
		}
		if isOwn {
			continue
		}
		if !blockedStates[goroutineState(rec)] {
			return false
		}
	}
	return true
}

// goroutineState returns the state in a record's header line, without the
// extras runtime.Stack appends ("chan receive, 2 minutes, locked to
// thread" gives "chan receive").
func goroutineState(rec []byte) string {
	open := bytes.IndexByte(rec, '[')
	if open < 0 {
		return ""
	}
	s := rec[open+1:]
	end := bytes.IndexAny(s, ",]")
	if end < 0 {
		return ""
	}
	return string(s[:end])
}
