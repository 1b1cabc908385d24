package executor

import (
	"time"

	"github.com/gentest-go/gentest/internal/sysmem"
)

// The parent's watch of an executor's memory (see Config.MemLimit).

// watchPeriod is how often the parent samples an executor's RSS.
const watchPeriod = 10 * time.Millisecond

// watchMemory samples the executor's RSS until it exits, for the peak in
// Stats, and kills it when the RSS passes the cap. The Go soft limit makes
// the runtime collect harder first; this is the hard stop. Where the parent
// cannot read another process's RSS (sysmem.CanWatch is false), the
// executor's own check (rt/memcap.go) is the stop.
func (p *Pool) watchMemory(c *child) {
	if !sysmem.CanWatch() || p.hooks.noWatch {
		return
	}
	proc, err := sysmem.OpenProcess(c.cmd.Process.Pid)
	if err != nil {
		return // exited already, or not watchable
	}
	defer proc.Close()
	tick := time.NewTicker(watchPeriod)
	defer tick.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-tick.C:
		}
		rss, err := proc.RSS()
		if err != nil {
			continue // exited: done is about to close
		}
		p.notePeak(rss)
		if p.cfg.MemLimit > 0 && rss > p.cfg.MemLimit {
			c.memKilled.Store(true)
			c.kill()
			return
		}
	}
}
