// Package lazystate keeps package state that its first use sets, as
// google/uuid's NodeID picks a network interface the first time it runs
// and NodeInterface reports the one picked: a test that reads the state
// without setting it sees what the tests before it left, so the value it
// would assert belongs to the order of the tests, not to the code.
package lazystate

import (
	"strconv"
	"sync"
)

var (
	mu     sync.Mutex
	source string // the source the first ID chose; "" before any
	issued int
)

// Source returns the source the first call of ID chose, or "" before any.
func Source() string {
	mu.Lock()
	defer mu.Unlock()
	return source
}

// ID returns a new identifier, choosing its source on first use.
func ID() string {
	mu.Lock()
	defer mu.Unlock()
	if source == "" {
		source = "host"
	}
	issued++
	return source + "-" + strconv.Itoa(issued)
}

// Label names an identifier for display; it reads no package state.
func Label(id string) string {
	if id == "" {
		return "(none)"
	}
	return "id " + id
}
