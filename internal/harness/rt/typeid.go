package rt

import (
	"sync"
	"sync/atomic"
)

// TypeID numbers a run-time type name in this process's table of names.
// A Value carries the number, not the string, so that arrays of values hold
// no pointers: the parent keeps tens of thousands of results, and the
// garbage collector does not scan pointer-free arrays. TypeID 0 is "", the
// type of a nil interface.
//
// Numbers are given in the order names are first seen, which depends on
// which executor answers first: they are for equality and for looking the
// name up, never for ordering or hashing (use String).
type TypeID uint32

// typeTab is the process's table of type names. Interning takes a lock;
// String, called for every name read, does not: it loads the current
// slice, whose entries below a published number never change.
var typeTab struct {
	mu    sync.Mutex
	ids   map[string]TypeID
	names []string                 // under mu; names[0] is ""
	pub   atomic.Pointer[[]string] // names, as last published
}

// InternType returns the number of the type name s, numbering it if it is
// new.
func InternType(s string) TypeID {
	if s == "" {
		return 0
	}
	typeTab.mu.Lock()
	defer typeTab.mu.Unlock()
	if id, ok := typeTab.ids[s]; ok {
		return id
	}
	if typeTab.ids == nil {
		typeTab.ids = map[string]TypeID{}
		typeTab.names = append(typeTab.names, "")
	}
	id := TypeID(len(typeTab.names))
	// Appending writes past the end of the published slice only, which no
	// reader indexes: the number that lets one do so is returned after the
	// store below.
	typeTab.names = append(typeTab.names, s)
	typeTab.ids[s] = id
	names := typeTab.names
	typeTab.pub.Store(&names)
	return id
}

// String returns the type name t numbers: reflect's String form of a
// result's run-time type, "" for a nil interface.
func (t TypeID) String() string {
	if t == 0 {
		return ""
	}
	names := typeTab.pub.Load()
	if names == nil || int(t) >= len(*names) {
		return "" // not a number InternType gave
	}
	return (*names)[t]
}

// The numbers of the unnamed basic types' names, which hashBasic returns
// for most results without a lookup.
var (
	typeIDInt     = InternType("int")
	typeIDInt64   = InternType("int64")
	typeIDInt32   = InternType("int32")
	typeIDUint    = InternType("uint")
	typeIDUint64  = InternType("uint64")
	typeIDUint8   = InternType("uint8")
	typeIDFloat64 = InternType("float64")
	typeIDBool    = InternType("bool")
	typeIDString  = InternType("string")
	typeIDBytes   = InternType("[]uint8")
)
