package rt

import "time"

// loopShare: a repeated statement stops before its last call once its
// calls used 1/loopShare of the call limit (loopClock), so that a loop of
// calls that are cheap one by one but costly together ends as a sequence
// not run as asked, not as a timeout the search would learn as a hang of
// the operation (a timeout's cost is the whole limit and a restart of the
// executor).
const loopShare = 2

// loopClock measures the CPU time a loop's calls used, as the watchdog
// measures a call's. It reads the wall clock after each call, which is
// cheap, and the process's CPU time (a system call) only once the wall
// clock says the share may be used: on a loaded machine the wall clock
// runs ahead of the CPU time, and the CPU time decides, so that a fixed
// seed stops the same loops whatever the load.
type loopClock struct {
	wall  time.Time
	cpu   time.Duration
	cpuOK bool
}

func startLoopClock() loopClock {
	cpu, ok := processCPU()
	return loopClock{wall: time.Now(), cpu: cpu, cpuOK: ok}
}

// spent reports whether the loop used d of CPU time (of wall time where
// the CPU time cannot be read).
func (c *loopClock) spent(d time.Duration) bool {
	if time.Since(c.wall) < d {
		return false
	}
	if !c.cpuOK {
		return true
	}
	now, ok := processCPU()
	return !ok || now-c.cpu >= d
}
