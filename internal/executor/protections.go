package executor

import (
	"runtime"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/sysmem"
)

// Protections says what confines the code under test in executors on this
// machine: which the -json summary reports and the log states.
type Protections struct {
	// EffectPolicy is always true: operations whose effect facts include
	// file writes, exec, network or exits are not called unless allowed,
	// and, without Landlock, neither are those whose effects are unknown.
	EffectPolicy bool `json:"effect_policy"`
	// Landlock is what the kernel enforces; its ABI is 0 when the sandbox
	// is off.
	Landlock rt.SandboxRules `json:"landlock"`
	// NoLandlock says why the sandbox is off, when it is.
	NoLandlock string `json:"no_landlock,omitempty"`
	// MemoryWatch says how the executor memory cap is enforced.
	MemoryWatch string `json:"memory_watch"`
}

// ActiveProtections returns the protections executors get when the pool is
// started with Config.Sandbox set to sandbox. The Landlock rules come from
// the same function the executor builds its ruleset with (rt.RulesFor), at
// the ABI the kernel reports.
func ActiveProtections(sandbox bool) Protections {
	p := Protections{EffectPolicy: true, MemoryWatch: memoryWatch()}
	abi := rt.LandlockABI()
	switch {
	case sandbox && abi >= 1:
		p.Landlock = rt.RulesFor(abi)
	case runtime.GOOS != "linux":
		p.NoLandlock = "Landlock is Linux-only"
	case abi < 1:
		p.NoLandlock = "the kernel has no Landlock (Linux 5.13+ with landlock in the lsm= list)"
	default:
		p.NoLandlock = "the sandbox was switched off"
	}
	return p
}

// memoryWatch describes the memory cap's enforcement on this platform.
func memoryWatch() string {
	s := "Go soft limit at 3/4 of the cap; executor stops itself when the Go runtime's memory passes the cap"
	if sysmem.CanWatch() {
		s += "; parent samples each executor's RSS every " + watchPeriod.String() + " and kills it above the cap"
	}
	return s
}

// String describes the protections in one line.
func (p Protections) String() string {
	var b strings.Builder
	if l := p.Landlock; l.ABI >= 1 {
		var rules []string
		add := func(on bool, what string) {
			if on {
				rules = append(rules, what)
			}
		}
		add(l.FSWrite, "file writes only in scratch")
		add(l.Execute, "no exec")
		add(l.Refer, "no cross-directory link/rename out of scratch")
		add(l.Truncate, "no truncate outside scratch")
		add(l.TCP, "no TCP bind/connect")
		add(l.IoctlDev, "no device ioctl")
		add(l.ScopeSignal, "no signals outside the sandbox")
		add(l.ScopeAbstractUnix, "no abstract Unix sockets outside the sandbox")
		b.WriteString("Landlock ABI " + strconv.Itoa(l.ABI) + " (" + strings.Join(rules, ", ") + ") and the effect policy")
	} else {
		b.WriteString("effect policy only (" + p.NoLandlock + ")")
	}
	b.WriteString("; memory: " + p.MemoryWatch)
	return b.String()
}

// Note returns the line to log when executors run without Landlock, and ""
// when they run inside it.
func (p Protections) Note() string {
	if p.Landlock.ABI >= 1 {
		return ""
	}
	return "no sandbox: " + p.NoLandlock + "; executors run under the effect policy alone, so operations whose effects are unknown are not called"
}
