package purityobs

import (
	"fmt"
	"log"
	"log/slog"
	"os"
	"strconv"
)

// Debug and logging code: a branch on a package-level switch, a call into
// log or log/slog.

var (
	debug     bool
	verbosity int
)

type Traced struct{ n int }

func (t Traced) String() string {
	if debug {
		fmt.Fprintln(os.Stderr, "Traced.String", t.n)
	}
	return strconv.Itoa(t.n)
}

func (t Traced) Error() string {
	if verbosity > 1 && t.n > 0 {
		fmt.Printf("Traced.Error %d\n", t.n)
	}
	return "traced"
}

type Logged struct{ n int }

func (l Logged) String() string {
	log.Printf("Logged.String %d", l.n)
	return strconv.Itoa(l.n)
}

func (l Logged) Error() string {
	slog.Debug("Logged.Error", "n", l.n)
	return "logged"
}

// A value whose String traces under a switch, formatted by another String:
// the trace is not the outer method's side effect either.
type Outer struct{ in Traced }

func (o Outer) String() string { return fmt.Sprintf("Outer(%v)", o.in) }

// Unconditional output, and a branch on a variable the method itself
// changes (state, not a switch), are side effects.

type Loud struct{ n int }

func (l Loud) String() string { // want "String method .* has side effects: io, io:stdio"
	fmt.Fprintln(os.Stdout, "Loud.String", l.n)
	return strconv.Itoa(l.n)
}

var calls int

type Throttled struct{}

func (Throttled) String() string { // want "String method .* has side effects: writes-global, io, io:stdio"
	calls++
	if calls > 10 {
		fmt.Println("called often")
	}
	return "throttled"
}

// The plain side effects: a counter, an append to the receiver, a
// package map.

type Tally struct {
	count int
	seen  []string
}

func (t *Tally) String() string { // want "String method .* has side effects: mutates-receiver"
	t.count++
	return strconv.Itoa(t.count)
}

func (t *Tally) Error() string { // want "Error method .* has side effects: mutates-receiver"
	t.seen = append(t.seen, "error")
	return "tally"
}

var registry = map[string]bool{}

type Named string

func (n Named) String() string { // want "String method .* has side effects: writes-global"
	registry[string(n)] = true
	return string(n)
}
