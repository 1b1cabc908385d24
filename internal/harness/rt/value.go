package rt

import (
	"reflect"
	"unsafe"
)

// What the hashes (hash.go) and the trees (tree.go) of result values share.

// isNilable reports whether v's kind has nil among its values.
func isNilable(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Ptr, reflect.Slice, reflect.UnsafePointer:
		return true
	}
	return false
}

// rtypePtr is the dynamic type of a reflect.Type (*reflect.rtype).
var rtypePtr = reflect.TypeOf(reflect.TypeOf(0))

// asType returns the reflect.Type a pointer value v holds when v is a type
// descriptor, even one reached through unexported fields (where
// v.Interface would panic): the pointer is copied into a fresh variable of
// its type, which reflect.NewAt reads without the read-only flag.
func asType(v reflect.Value) (reflect.Type, bool) {
	if v.Type() != rtypePtr {
		return nil, false
	}
	p := v.Pointer()
	t, ok := reflect.NewAt(rtypePtr, unsafe.Pointer(&p)).Elem().Interface().(reflect.Type)
	return t, ok
}
