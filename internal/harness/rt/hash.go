package rt

import (
	"math"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Hashes of result values: the structural hash every result carries for
// each value, which tells equal values from different ones across
// executor processes.

// maxHashNodes bounds the nodes of a value that are hashed, so that a huge
// value cannot stall the executor.
const maxHashNodes = 20000

type hasher struct {
	h     uint64
	nodes int
	// visited lists the pointers hashed so far, in the order of their
	// first visit; one met again is hashed as a reference to that visit.
	// Stopping only at cycles on the current path made shared structure
	// (a doubly linked list, whose elements point to their list, a tree
	// with parent pointers) cost one visit per path, exponential up to
	// maxHashNodes for every result: container/list ran 500 sequences a
	// second. Equal values with the same sharing hash the same.
	visited []visit
	index   map[visit]int // visited's positions, once it is long
	buf     [8]visit      // visited's first backing array
}

// visit is a pointer and its type: a struct and its first field share an
// address.
type visit struct {
	p uintptr
	t reflect.Type
}

// maxLinearVisits is how long visited is searched linearly before the
// hasher builds an index.
const maxLinearVisits = 32

func (h *hasher) lookup(k visit) (int, bool) {
	if h.index != nil {
		i, ok := h.index[k]
		return i, ok
	}
	for i, q := range h.visited {
		if q == k {
			return i, true
		}
	}
	return 0, false
}

func (h *hasher) add(k visit) {
	h.visited = append(h.visited, k)
	if h.index != nil {
		h.index[k] = len(h.visited) - 1
	} else if len(h.visited) > maxLinearVisits {
		h.reindex()
	}
}

func (h *hasher) reindex() {
	h.index = make(map[visit]int, 2*len(h.visited))
	for i, q := range h.visited {
		h.index[q] = i
	}
}

// sub returns a hasher for one map entry: it starts from what h has
// visited, and its own visits stay its own, so that entries hash the same
// in any iteration order.
func (h *hasher) sub() *hasher {
	s := newHasher(h.nodes)
	s.visited = append(s.visited, h.visited...)
	if h.index != nil {
		s.reindex()
	}
	return s
}

// mix folds a word into the hash: a multiply and a shift per word, not
// per byte, since big results are hashed after every sequence.
func (h *hasher) mix(x uint64) { h.h = mixWord(h.h, x) }

func (h *hasher) mixString(s string) { h.h = mixString(h.h, s) }

func mixWord(h, x uint64) uint64 {
	h ^= x
	h *= 0x9e3779b97f4a7c15
	return h ^ h>>29
}

func mixString(h uint64, s string) uint64 {
	h = mixWord(h, uint64(len(s)))
	for len(s) >= 8 {
		h = mixWord(h, uint64(s[0])|uint64(s[1])<<8|uint64(s[2])<<16|uint64(s[3])<<24|
			uint64(s[4])<<32|uint64(s[5])<<40|uint64(s[6])<<48|uint64(s[7])<<56)
		s = s[8:]
	}
	var x uint64
	for i := 0; i < len(s); i++ {
		x |= uint64(s[i]) << (8 * uint(i))
	}
	return mixWord(h, x)
}

// Hash returns a structural hash of v: equal for values that are
// reflect.DeepEqual (up to map order) and alike in which pointers they
// share, following pointers but not their addresses, so it is the same
// across executor processes. The run-time
// type is hashed at the root and wherever an interface holds a value; the
// types of everything else follow from those.
func Hash(v any) uint64 {
	if x, _, ok := hashBasic(v); ok {
		return x
	}
	return hashReflect(v)
}

// hashReflect is Hash's general path, for any non-nil v.
func hashReflect(v any) uint64 {
	x, _ := hashReflectNamed(v)
	return x
}

// hashReflectNamed is hashReflect that also returns the number of the
// run-time type's name.
func hashReflectNamed(v any) (uint64, TypeID) {
	rv := reflect.ValueOf(v)
	tn := typeNameHash(rv.Type())
	if tn.flat && !rv.IsNil() {
		// What hasher.value computes for a non-nil pointer to a struct
		// of booleans and numbers (a constructor's *T, the most common
		// result after the basic types): the fields' words mixed into
		// the name's hash, in order. The pointer is the value's first
		// visit and no field refers back, so the hasher's list of
		// visits, its budget of nodes and its reuse are not needed.
		e := rv.Elem()
		x := tn.h
		for i := 0; i < e.NumField(); i++ {
			x = mixWord(x, scalarWord(e.Field(i)))
		}
		return x, tn.id
	}
	return hashReflectSlow(rv, tn)
}

// hashReflectSlow is hashReflectNamed's general path.
func hashReflectSlow(rv reflect.Value, tn *typeHashEntry) (uint64, TypeID) {
	h := newHasher(0)
	h.h = tn.h
	h.value(rv, 0)
	x := h.h
	freeHasher(h)
	return x, tn.id
}

// scalarWord is the word hasher.value mixes in for a boolean or a number.
func scalarWord(v reflect.Value) uint64 {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return 1
		}
		return 2
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return uint64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	}
	return floatBits(v.Float()) // Float32, Float64: see flatStructPtr
}

// flatStructPtr reports whether t is a pointer to a struct whose fields
// are all booleans and numbers (not complex), at most maxFlatFields of
// them: the values hashReflectNamed hashes without a hasher.
func flatStructPtr(t reflect.Type) bool {
	if t.Kind() != reflect.Ptr || t == rtypePtr {
		return false
	}
	e := t.Elem()
	if e.Kind() != reflect.Struct || e.NumField() > maxFlatFields {
		return false
	}
	for i := 0; i < e.NumField(); i++ {
		switch e.Field(i).Type.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64:
		default:
			return false
		}
	}
	return true
}

// maxFlatFields bounds the structs of the fast path far below
// maxHashNodes, which the general path would count them against.
const maxFlatFields = 64

// typeHashEntry is a type, its name's number, and the hash of the name
// from hashOffset, where hashReflect starts.
type typeHashEntry struct {
	t  reflect.Type
	id TypeID
	h  uint64
	// flat says whether t is a pointer to a struct of booleans and
	// numbers (flatStructPtr).
	flat bool
}

// typeHashes caches typeHashEntries, indexed by the type's address: the
// same few types come back in every result, and their names took a third
// of the time of hashing a pointer to a small struct. Entries are
// replaced whole, atomically, so that Hash stays safe to call from
// several goroutines.
var typeHashes [64]unsafe.Pointer // *typeHashEntry

func typeNameHash(t reflect.Type) *typeHashEntry {
	// The address of the type's descriptor: the data word of the
	// interface holding it.
	slot := &typeHashes[uintptr((*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1])>>4%uintptr(len(typeHashes))]
	if e := (*typeHashEntry)(atomic.LoadPointer(slot)); e != nil && e.t == t {
		return e
	}
	name := t.String()
	e := &typeHashEntry{t: t, id: InternType(name), h: mixString(hashOffset, name), flat: flatStructPtr(t)}
	atomic.StorePointer(slot, unsafe.Pointer(e))
	return e
}

// hashOffset is the hash of nothing: FNV-1a's offset basis.
const hashOffset = 14695981039346656037

// hashBasic is Hash, and the run-time type's name's number, for nil and the values
// of unnamed basic types, which most results are: a type switch instead
// of reflection and a hasher. The hashes are those Hash's general path
// gives (TestHashBasic).
func hashBasic(v any) (uint64, TypeID, bool) {
	switch x := v.(type) {
	case nil:
		return mixWord(hashOffset, 0), 0, true
	case int:
		return mixWord(typeHashInt, uint64(x)), typeIDInt, true
	case int64:
		return mixWord(typeHashInt64, uint64(x)), typeIDInt64, true
	case int32:
		return mixWord(typeHashInt32, uint64(x)), typeIDInt32, true
	case uint:
		return mixWord(typeHashUint, uint64(x)), typeIDUint, true
	case uint64:
		return mixWord(typeHashUint64, x), typeIDUint64, true
	case uint8:
		return mixWord(typeHashUint8, uint64(x)), typeIDUint8, true
	case float64:
		return mixWord(typeHashFloat64, floatBits(x)), typeIDFloat64, true
	case bool:
		b := uint64(2)
		if x {
			b = 1
		}
		return mixWord(typeHashBool, b), typeIDBool, true
	case string:
		return mixString(typeHashString, x), typeIDString, true
	case []byte:
		if x == nil {
			return mixWord(typeHashBytes, 3), typeIDBytes, true
		}
		return mixString(mixWord(typeHashBytes, uint64(len(x))), bytesString(x)), typeIDBytes, true
	}
	return 0, 0, false
}

// The hashes of the basic types' names, hashBasic's starting points:
// computed once rather than for every result.
var (
	typeHashInt     = mixString(hashOffset, "int")
	typeHashInt64   = mixString(hashOffset, "int64")
	typeHashInt32   = mixString(hashOffset, "int32")
	typeHashUint    = mixString(hashOffset, "uint")
	typeHashUint64  = mixString(hashOffset, "uint64")
	typeHashUint8   = mixString(hashOffset, "uint8")
	typeHashFloat64 = mixString(hashOffset, "float64")
	typeHashBool    = mixString(hashOffset, "bool")
	typeHashString  = mixString(hashOffset, "string")
	typeHashBytes   = mixString(hashOffset, "[]uint8")
)

// hashers are the hashers Hash reuses: a hasher escapes (its methods
// recurse), and allocating one per result was a good part of the cost of
// a cheap sequence.
var hashers sync.Pool

// newHasher returns a reset hasher with nodes already counted.
func newHasher(nodes int) *hasher {
	h, _ := hashers.Get().(*hasher)
	if h == nil {
		h = &hasher{}
	}
	h.h, h.nodes = hashOffset, nodes
	h.visited = h.buf[:0]
	h.index = nil
	return h
}

// freeHasher gives h back for reuse; it must not be used after.
func freeHasher(h *hasher) {
	if cap(h.visited) > 1024 {
		h.visited = nil // let a huge list go
	}
	h.index = nil
	hashers.Put(h)
}

// value mixes v into the hash, depth levels below the root.
func (h *hasher) value(v reflect.Value, depth int) {
	h.nodes++
	if h.nodes > maxHashNodes || depth > 64 {
		h.mix(0xdead)
		return
	}
	if !v.IsValid() {
		h.mix(1)
		return
	}
	t := v.Type()
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			h.mix(1)
		} else {
			h.mix(2)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		h.mix(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		h.mix(v.Uint())
	case reflect.Float32, reflect.Float64:
		h.mix(floatBits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		h.mix(floatBits(real(c)))
		h.mix(floatBits(imag(c)))
	case reflect.String:
		h.mixString(v.String())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			h.mix(3)
			return
		}
		n := v.Len()
		h.mix(uint64(n))
		if v.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			h.mixString(bytesString(v.Bytes()))
			return
		}
		for i := 0; i < n; i++ {
			h.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		h.mapValue(v, depth)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			h.value(v.Field(i), depth+1)
		}
	case reflect.Ptr:
		if v.IsNil() {
			h.mix(3)
			return
		}
		if rt, ok := asType(v); ok {
			// A reflect.Type (json.UnmarshalTypeError's Type) by its
			// name: its descriptor holds offsets into the binary, which
			// change with every build of the executor.
			h.mixString(rt.String())
			return
		}
		k := visit{v.Pointer(), t}
		if i, ok := h.lookup(k); ok {
			h.mix(4)
			h.mix(uint64(i))
			return
		}
		h.add(k)
		h.value(v.Elem(), depth+1)
	case reflect.Interface:
		if v.IsNil() {
			h.mix(3)
			return
		}
		e := v.Elem()
		h.mixString(e.Type().String())
		h.value(e, depth+1)
	default:
		// Funcs, chans and unsafe pointers: only their type and nil-ness,
		// since their identity differs between processes.
		if isNilable(v) && v.IsNil() {
			h.mix(3)
		}
	}
}

// mapValue is value for a map: the same whatever the order of its entries.
func (h *hasher) mapValue(v reflect.Value, depth int) {
	if v.IsNil() {
		h.mix(3)
		return
	}
	// Order-independent: sum the entry hashes.
	var sum uint64
	it := v.MapRange()
	for it.Next() {
		sub := h.sub()
		sub.value(it.Key(), depth+1)
		sub.value(it.Value(), depth+1)
		h.nodes = sub.nodes // one budget for the whole value
		sum += sub.h
		freeHasher(sub)
	}
	h.mix(uint64(v.Len()))
	h.mix(sum)
}

// canonicalNaN is the bits every NaN hashes as.
var canonicalNaN = math.Float64bits(math.NaN())

// floatBits is the bits a float hashes as: its own, but one pattern for
// every NaN. Two runs that both give NaN give the same value to a test
// (math.IsNaN holds for both), whatever payload and sign the hardware
// left in it (0*Inf and math.NaN() differ in bits on amd64). Signed
// zeros keep their bits: -0 and +0 are different results (1/x tells
// them apart, and the emitter checks the sign).
func floatBits(f float64) uint64 {
	if f != f {
		return canonicalNaN
	}
	return math.Float64bits(f)
}
