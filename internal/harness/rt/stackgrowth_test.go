package rt

import (
	"testing"
	"time"
)

// TestOverflowProjection: a recursion that deepens at a constant rate is
// projected to reach the stack limit by the time it would (each doubling
// of the stack takes as long as all before it), and gets its time limit
// extended; one that slows as it deepens (a writer writing to itself
// re-formats a growing buffer at each level: its steps come 4x apart) is
// projected far past the extensions, so it is reported as the timeout it
// will end in rather than after five times the limit.
func TestOverflowProjection(t *testing.T) {
	const MiB = 1 << 20
	run := func(steps map[time.Duration]uint64, until time.Duration) *stackGrowth {
		var g stackGrowth
		g.sample(0, 64<<10)
		var cur uint64 = 64 << 10
		for at := 100 * time.Millisecond; at <= until; at += 100 * time.Millisecond {
			if b, ok := steps[at]; ok {
				cur = b
			}
			g.sample(at, cur)
		}
		return &g
	}
	// Constant rate: 16 MiB used at 0.5 s, 32 MiB at 1 s: overflow at 2 s.
	lin := run(map[time.Duration]uint64{500 * time.Millisecond: 32 * MiB, 1000 * time.Millisecond: 64 * MiB}, time.Second)
	if got := lin.overflowBy(maxStack); got > 2100*time.Millisecond || got < 1900*time.Millisecond {
		t.Errorf("constant-rate recursion: projected overflow at %v, want about 2s", got)
	}
	// Slowing down: steps at 0.2 s and 0.8 s (4x apart), 16 MiB used at
	// 0.8 s: 0.8 s * 4 * 4 = 12.8 s.
	slow := run(map[time.Duration]uint64{200 * time.Millisecond: 16 * MiB, 800 * time.Millisecond: 32 * MiB}, time.Second)
	if got := slow.overflowBy(maxStack); got < 10*time.Second {
		t.Errorf("slowing recursion: projected overflow at %v, want past 10s", got)
	}
	if got := slow.overflowBy(maxStack); got <= time.Second*(1+maxStackExtensions) {
		t.Errorf("slowing recursion would get extensions (%v)", got)
	}
	// No deep stack: no recursion to wait for.
	flat := run(nil, time.Second)
	if got := flat.overflowBy(maxStack); got < time.Hour {
		t.Errorf("shallow call: projected overflow at %v, want never", got)
	}
}
