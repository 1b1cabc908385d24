// Package latepanic is the fixture of a goroutine that panics after the
// call that started it returned (issue 34's robfig/cron class): a Ticker
// with no location set starts a loop that panics 50 ms later, usually
// after its test ended, killing the test binary under another test or
// none. Add and Reverse are ordinary functions that must keep their tests.
package latepanic

import "time"

// Ticker reports the time in Loc on each tick once started.
type Ticker struct {
	Loc  *time.Location
	Last time.Time
}

// Start starts the ticker's loop and returns at once. A Ticker whose Loc
// is nil makes the loop panic ("time: missing Location") on its first tick.
func (t *Ticker) Start() {
	go func() {
		time.Sleep(50 * time.Millisecond)
		t.Last = time.Now().In(t.Loc)
	}()
}

// Add returns a+b.
func Add(a, b int) int { return a + b }

// Reverse returns s reversed byte by byte.
func Reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
