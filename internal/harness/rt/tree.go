package rt

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
)

// Trees of result values: the bounded copies, with FlagDetail, from which
// the emitter writes assertions.

// Tree kinds.
const (
	TNil     = 0
	TBool    = 1
	TInt     = 2
	TUint    = 3
	TFloat   = 4
	TComplex = 5
	TString  = 6
	TSlice   = 7
	TArray   = 8
	TMap     = 9
	TStruct  = 10
	TPtr     = 11
	TError   = 12 // an error value: S holds Error(); Elems[0], for a pointer to a struct, the struct
	TFunc    = 13
	TChan    = 14
	TOpaque  = 15 // a value that cannot be shown: unsafe pointers, cycles, too deep
	TBytes   = 16 // []byte, held in S
)

// Tree is a bounded, self-describing copy of a value, from which the
// emitter writes regression assertions.
type Tree struct {
	Kind uint8
	// Type is the run-time type in reflect's String form ("demo.Color",
	// "[]string", "*demo.Point").
	Type string
	// Named is "importpath.Name" for a defined type, "" otherwise.
	Named string
	// Exported is true for a struct whose fields are all exported, so that
	// a composite literal of it can be written outside its package.
	Exported  bool
	B         bool
	I         int64
	U         uint64
	F, Imag   float64
	S         string
	Truncated bool
	// Elems holds elements (slices, arrays), alternating keys and values
	// sorted by key (maps), fields (structs) or the pointee (pointers).
	Elems  []Tree
	Fields []string
	// Is names, for an error (TError), the exported error variables of
	// the package under test the error matches with errors.Is, in
	// declaration order (see Sentinels).
	Is []string
	// Varies is set by gentest, never on the wire: the value's text (an
	// error's message) differs between differently built binaries, so
	// only what they agree on (that it is an error, which sentinels it
	// matches) may be asserted.
	Varies bool
}

// Sentinel is an exported error variable of the package under test, which
// errors the code returns are compared with (errors.Is).
type Sentinel struct {
	Name string
	Err  error
}

// Sentinels are the package's exported error variables; the registry sets
// them in its init, before any sequence runs.
var Sentinels []Sentinel

// sentinelsOf returns the names of the sentinels err matches. errors.Is
// may call the package's own Is methods, which may panic.
func sentinelsOf(err error) (names []string) {
	defer func() {
		if recover() != nil {
			names = nil
		}
	}()
	for _, s := range Sentinels {
		if s.Err != nil && errors.Is(err, s.Err) {
			names = append(names, s.Name)
		}
	}
	return names
}

// Limits on value trees, so a huge or cyclic value cannot stall the
// executor or flood the pipe.
const (
	maxTreeDepth = 8
	maxTreeElems = 64
	maxTreeNodes = 2000
	maxStringLen = 4096
)

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// treeBuilder makes one value's tree: it counts the nodes made and the
// pointers on the path from the root.
type treeBuilder struct {
	nodes int
	seen  map[uintptr]bool
}

// MakeTree returns a bounded tree describing v.
func MakeTree(v any) *Tree {
	if v == nil {
		return &Tree{Kind: TNil}
	}
	b := &treeBuilder{seen: map[uintptr]bool{}}
	t := b.build(reflect.ValueOf(v), 0)
	return &t
}

func namedOf(t reflect.Type) string {
	if t.Name() == "" || t.PkgPath() == "" {
		return ""
	}
	return t.PkgPath() + "." + t.Name()
}

// build returns the tree of v, depth levels below the root.
func (b *treeBuilder) build(v reflect.Value, depth int) Tree {
	b.nodes++
	if !v.IsValid() {
		return Tree{Kind: TNil}
	}
	t := v.Type()
	out := Tree{Type: t.String(), Named: namedOf(t)}
	if b.nodes > maxTreeNodes || depth > maxTreeDepth {
		out.Kind = TOpaque
		out.Truncated = true
		return out
	}
	// Errors are shown by their message: that is what callers compare.
	if t.Implements(errorType) && v.Kind() != reflect.Interface {
		b.errorTree(&out, v, depth)
		return out
	}
	switch v.Kind() {
	case reflect.Bool:
		out.Kind, out.B = TBool, v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out.Kind, out.I = TInt, v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		out.Kind, out.U = TUint, v.Uint()
	case reflect.Float32, reflect.Float64:
		out.Kind, out.F = TFloat, v.Float()
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		out.Kind, out.F, out.Imag = TComplex, real(c), imag(c)
	case reflect.String:
		out.Kind = TString
		out.S = v.String()
		if len(out.S) > maxStringLen {
			out.S, out.Truncated = out.S[:maxStringLen], true
		}
	case reflect.Slice:
		if v.IsNil() {
			out.Kind = TNil
			return out
		}
		if t.Elem().Kind() == reflect.Uint8 {
			out.Kind = TBytes
			bs := v.Bytes()
			if len(bs) > maxStringLen {
				bs, out.Truncated = bs[:maxStringLen], true
			}
			out.S = string(bs)
			return out
		}
		out.Kind = TSlice
		b.elems(&out, v, depth)
	case reflect.Array:
		out.Kind = TArray
		b.elems(&out, v, depth)
	case reflect.Map:
		if v.IsNil() {
			out.Kind = TNil
			return out
		}
		out.Kind = TMap
		b.mapElems(&out, v, depth)
	case reflect.Struct:
		b.fields(&out, v, depth)
	case reflect.Ptr:
		b.pointer(&out, v, depth)
	case reflect.Interface:
		if v.IsNil() {
			out.Kind = TNil
			return out
		}
		return b.build(v.Elem(), depth)
	case reflect.Func:
		out.Kind = TFunc
		if v.IsNil() {
			out.Kind = TNil
		}
	case reflect.Chan:
		out.Kind = TChan
		if v.IsNil() {
			out.Kind = TNil
		}
	default:
		out.Kind = TOpaque
	}
	return out
}

// errorTree fills out with an error value v: its message, the sentinels it
// matches and, for a pointer to a struct, the struct.
func (b *treeBuilder) errorTree(out *Tree, v reflect.Value, depth int) {
	if isNilable(v) && v.IsNil() {
		out.Kind = TNil
		return
	}
	out.Kind = TError
	out.S = safeError(v)
	// A value read from an unexported field cannot be an interface
	// again; only the error a call returned is compared anyway.
	if v.CanInterface() {
		if e, ok := v.Interface().(error); ok {
			out.Is = sentinelsOf(e)
		}
	}
	// The fields of a *T error (errors.As checks them); a T whose
	// value is an error itself would come back here.
	if v.Kind() == reflect.Ptr && v.Elem().Kind() == reflect.Struct && !v.Elem().Type().Implements(errorType) {
		out.Elems = []Tree{b.build(v.Elem(), depth+1)}
	}
}

// pointer fills out with a pointer v and what it points to, unless it
// is nil, a type descriptor or on the path from the root already (a
// cycle).
func (b *treeBuilder) pointer(out *Tree, v reflect.Value, depth int) {
	if v.IsNil() {
		out.Kind = TNil
		return
	}
	if _, ok := asType(v); ok {
		// A type descriptor is not a value to assert: its fields are
		// offsets into the binary.
		out.Kind = TOpaque
		return
	}
	p := v.Pointer()
	if b.seen[p] {
		out.Kind, out.Truncated = TOpaque, true
		return
	}
	b.seen[p] = true
	out.Kind = TPtr
	out.Elems = []Tree{b.build(v.Elem(), depth+1)}
	delete(b.seen, p)
}

// mapElems fills out with a map's entries, keys and values alternating,
// sorted by key so that the tree does not depend on map order.
func (b *treeBuilder) mapElems(out *Tree, v reflect.Value, depth int) {
	type kv struct {
		key  string
		k, v Tree
	}
	var kvs []kv
	it := v.MapRange()
	for it.Next() {
		k := b.build(it.Key(), depth+1)
		kvs = append(kvs, kv{key: treeKey(&k), k: k, v: b.build(it.Value(), depth+1)})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].key < kvs[j].key })
	if len(kvs) > maxTreeElems {
		kvs, out.Truncated = kvs[:maxTreeElems], true
	}
	for _, e := range kvs {
		out.Elems = append(out.Elems, e.k, e.v)
	}
}

// fields fills out with a struct's fields; Exported says whether all are.
func (b *treeBuilder) fields(out *Tree, v reflect.Value, depth int) {
	t := v.Type()
	out.Kind = TStruct
	out.Exported = true
	for i := 0; i < v.NumField(); i++ {
		f := t.Field(i)
		if f.PkgPath != "" {
			out.Exported = false
		}
		out.Fields = append(out.Fields, f.Name)
		out.Elems = append(out.Elems, b.build(v.Field(i), depth+1))
	}
}

func (b *treeBuilder) elems(out *Tree, v reflect.Value, depth int) {
	n := v.Len()
	if n > maxTreeElems {
		n, out.Truncated = maxTreeElems, true
	}
	for i := 0; i < n; i++ {
		out.Elems = append(out.Elems, b.build(v.Index(i), depth+1))
	}
}

// treeKey orders map keys deterministically.
func treeKey(t *Tree) string {
	switch t.Kind {
	case TInt:
		return fmt.Sprintf("%020d", t.I+math.MaxInt64/2)
	case TUint:
		return fmt.Sprintf("%020d", t.U)
	case TFloat:
		return strconv.FormatFloat(t.F, 'g', -1, 64)
	case TString, TBytes, TError:
		return t.S
	case TBool:
		return strconv.FormatBool(t.B)
	}
	return fmt.Sprintf("%v", *t)
}

// safeError calls Error, which is user code and may panic.
func safeError(v reflect.Value) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = "<Error panicked>"
		}
	}()
	e, ok := v.Interface().(error)
	if !ok {
		return ""
	}
	s = e.Error()
	if len(s) > maxStringLen {
		s = s[:maxStringLen]
	}
	return s
}
