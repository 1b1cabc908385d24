// Package a is the dependency in gentest's golangci-lint end-to-end test:
// its functions get purity facts that package b's diagnostics rely on.
package a

import (
	"sort"
	"strings"
)

// Sum is pure: b discards its result, which only a fact from a can reveal.
func Sum(x, y int) int { return x + y }

var counter int

// Bump writes a global, so discarding its result is not reported.
func Bump() int {
	counter++
	return counter
}

func discardLocally() {
	Sum(1, 2) // want `result of example.com/gentest/e2e/a.Sum is discarded`
}

var registry = map[string]int{"a": 1, "b": 2}

// Names joins the registered names in map iteration order: text whose
// order changes from run to run. (A function over the caller's map, like
// Keys(m), is not reported: the order is the caller's; nor, by default,
// a listing returned as a slice: see -purity.listings.)
func Names() string {
	var keys []string
	for k := range registry { // want `slice built in map iteration order reaches output at strings.Join \(a.go:\d+\) without being sorted`
		keys = append(keys, k)
	}
	return strings.Join(keys, ",")
}

// SortedKeys sorts before returning, so the order does not leak.
func SortedKeys(m map[string]int) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Counter is a value whose observer methods are checked.
type Counter struct{ n int }

// String is a conventional observer that mutates its receiver.
func (c *Counter) String() string { // want `String method \(\*example.com/gentest/e2e/a.Counter\).String has side effects: mutates-receiver`
	c.n++
	return "counter"
}

// Len is a conventional observer without side effects.
func (c *Counter) Len() int { return c.n }
