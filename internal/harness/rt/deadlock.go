package rt

import "sync/atomic"

// After a call has run past its limit, the executor lets the Go runtime
// tell a deadlock from a slow call. The runtime declares "all goroutines
// are asleep - deadlock!" only when no goroutine can run and no timer is
// pending, and the executor's own watchdog and memory watch sleep on
// timers, so while they tick a deadlocked call looks the same as one in an
// infinite loop. So the watchdog reports the timeout, then it and the memory
// watch block forever without timers: if the code under test is deadlocked
// (its goroutines all blocked on channels or locks, with no timer that
// could wake them), the runtime now sees it and crashes with its report,
// which the parent classifies as a deadlock; otherwise the parent kills the
// process after a short grace and reports a timeout.
//
// A call that is blocked reaches this point at its limit on the wall clock
// (the watchdog saw all its goroutines waiting, see blocked.go), so a
// deadlock is found as soon as it was before the limit became CPU time; one
// the watchdog took for starved (a goroutine runnable) is no deadlock.
//
// Nothing in the executor wakes after that, so if gentest died in the grace
// period the process would stay. A CPU-time limit ends a spinning call on
// Linux, and the job object ends the executor with gentest on Windows; on
// macOS, and for a blocked call, the process stays until killed.

// parked is set when the executor's own goroutines stop ticking.
var parked atomic.Bool

// parkForever blocks the calling goroutine with no timer.
func parkForever() {
	select {}
}

// awaitDeadlock is called by the watchdog after it reported a timeout.
func awaitDeadlock() {
	limitCPU(2)
	parked.Store(true)
	parkForever()
}
