package instrument

import (
	"fmt"
	"go/types"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const clockSrc = `package p

import "time"

var timeNow = time.Now // a test seam: calls through it read the clock

var (
	last     int64
	clockSeq uint16
	count    int
)

func getTime() (int64, uint16, error) {
	now := timeNow().UnixNano()
	if now <= last {
		clockSeq++
	}
	last = now
	return now, clockSeq, nil
}

func NewID() (int64, error) {
	now, _, err := getTime()
	if err != nil {
		return 0, err
	}
	if now%2 == 0 {
		bump()
	}
	return now, nil
}

func bump() {
	if count > 3 {
		count = 0
	}
	count++
}

func Seq() int {
	if clockSeq == 0 {
		return -1
	}
	return int(clockSeq)
}

type Limiter struct {
	last time.Time
	n    int
}

func (l *Limiter) Allow(d time.Duration) bool {
	if time.Since(l.last) < d {
		return false
	}
	l.last = time.Now()
	l.n++
	return true
}

func (l *Limiter) Fresh() bool { return l.last.IsZero() }

func Ago(t time.Time) string { return RelTime(t, time.Now()) }

func RelTime(a, b time.Time) string {
	if a.After(b) {
		return "from now"
	}
	return "ago"
}

func Pure(n int) int {
	if n > 10 {
		return 1
	}
	return 0
}
`

// clockSource takes time.Now and time.Since as the nondeterministic
// functions, as the generator's purity facts do.
func clockSource(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == "time" && (fn.Name() == "Now" || fn.Name() == "Since")
}

// Conditions on values read from the clock, directly, through a test
// seam, through a package function's result or parameter or through
// package state written from the clock (explicitly or under a clock
// condition), are Nondet; code that runs only under them is Unsteady,
// and so is a package function called there; the rest is steady: an
// error result that is always nil, a parameter, a field never written
// from the clock. Package variables make the taint state; a field of a
// value or a parameter keep it a call's.
func TestNondetConditions(t *testing.T) {
	_, tab := instrumentWith(t, map[string]string{"p.go": clockSrc}, Options{Nondet: clockSource})
	const call, state = UnsteadyCall, UnsteadyState
	type marks struct{ Nondet, Unsteady Steadiness }
	got := map[string]marks{}
	for _, c := range tab.Conds {
		got[c.Text] = marks{c.Nondet, c.Unsteady}
	}
	want := map[string]marks{
		"now <= last":            {call | state, call | state},
		"now%2 == 0":             {call | state, call | state},
		"clockSeq == 0":          {call | state, call | state},
		"count > 3":              {0, call | state},
		"time.Since(l.last) < d": {call, call},
		"a.After(b)":             {call, call},
		"err != nil":             {},
		"n > 10":                 {},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("conditions (-want +got):\n%s", d)
	}
	// Blocks: both sides of the clock conditions (the code after an early
	// return under one is its other side) and all of bump are unsteady;
	// NewID's code after its steady err check, Pure and Fresh are not.
	unsteadyIn := map[string]int{}
	for _, b := range tab.Blocks {
		if b.Unsteady != 0 {
			unsteadyIn[b.Func]++
		}
	}
	wantBlocks := map[string]int{"getTime": 1, "NewID": 1, "bump": 3, "Seq": 2, "(*Limiter).Allow": 2, "RelTime": 2}
	if d := cmp.Diff(wantBlocks, unsteadyIn); d != "" {
		t.Errorf("unsteady blocks per function (-want +got):\n%s", d)
	}
}

// Without a source of nondeterminism nothing is marked.
func TestNondetOff(t *testing.T) {
	_, tab := instrumentWith(t, map[string]string{"p.go": clockSrc}, Options{})
	for _, c := range tab.Conds {
		if c.Nondet != 0 || c.Unsteady != 0 {
			t.Errorf("condition %s marked without a source", c.Text)
		}
	}
	for _, b := range tab.Blocks {
		if b.Unsteady != 0 {
			t.Errorf("block %d of %s marked without a source", b.ID, b.Func)
		}
	}
}

// Every unsteady probe names the Nondet conditions it is unsteady
// through (its Roots, which the clock watch of internal/runner checks at run
// time): a Nondet condition itself among them, only Nondet conditions,
// ascending; a steady probe names none.
func TestUnsteadyRoots(t *testing.T) {
	_, tab := instrumentWith(t, map[string]string{"p.go": clockSrc}, Options{Nondet: clockSource})
	check := func(what string, unsteady Steadiness, roots []int) {
		t.Helper()
		if (unsteady != 0) != (len(roots) > 0) {
			t.Errorf("%s: unsteady=%d with roots %v", what, unsteady, roots)
		}
		for i, r := range roots {
			if r < 0 || r >= len(tab.Conds) || tab.Conds[r].Nondet == 0 || (i > 0 && roots[i-1] >= r) {
				t.Errorf("%s: roots %v: %d is not a Nondet condition in order", what, roots, r)
			}
		}
	}
	for _, c := range tab.Conds {
		check("condition "+c.Text, c.Unsteady, c.Roots)
		if c.Nondet != 0 && !slices.Contains(c.Roots, c.ID) {
			t.Errorf("Nondet condition %s: roots %v lack itself", c.Text, c.Roots)
		}
	}
	for _, b := range tab.Blocks {
		check(fmt.Sprintf("block %s:%d", b.Func, b.StartLine), b.Unsteady, b.Roots)
	}
}
