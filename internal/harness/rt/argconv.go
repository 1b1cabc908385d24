package rt

import "reflect"

// ArgAs returns the argument v as a T, for the registry's closures (see
// harness/registry.go): v itself when it is a T, T's zero value when v
// is nil, and otherwise v converted when Go would assign it to a T
// without a conversion, as a written test does: a []float64 that one call
// returned, passed where another wants a named slice type over []float64
// (stats' Float64Data), or the reverse. A comma-ok type assertion gave
// the zero value there, so the executor's call saw an empty slice where
// the written test passes the real one, and the check made of the
// executor's result failed in go test (issue 31).
func ArgAs[T any](v any) T {
	t, ok := v.(T)
	if ok || v == nil {
		return t
	}
	rv := reflect.ValueOf(v)
	if dst := reflect.ValueOf(&t).Elem(); rv.Type().AssignableTo(dst.Type()) {
		dst.Set(rv)
	}
	return t
}
