package puritydiscard

import "reflect"

// Helpers that write through reflection: the reflect.Value they set is
// made from their argument (ValueOf, Elem, Field, Index, MapIndex), so a
// caller that drops their result calls them for that write (ojg's
// reflectSetChild, goqu's SafeSetFieldByIndex). A helper that only reads
// through reflection is still reported.

// setField sets the named field of the struct p points to and says
// whether it had one.
func setField(p any, name string, v any) bool {
	f := reflect.ValueOf(p).Elem().FieldByName(name)
	if !f.IsValid() || !f.CanSet() {
		return false
	}
	f.Set(reflect.ValueOf(v))
	return true
}

// setNth sets element i of the slice s holds.
func setNth(s reflect.Value, i int, v any) reflect.Value {
	s.Index(i).Set(reflect.ValueOf(v))
	return s
}

// fieldCount reads only.
func fieldCount(p any) int {
	return reflect.Indirect(reflect.ValueOf(p)).NumField()
}

type row struct{ A, B int }

// Fill writes two columns through reflection, dropping what the helpers
// return.
func Fill(r *row, xs []int) {
	setField(r, "A", 1)
	setNth(reflect.ValueOf(xs), 0, 2)
	fieldCount(r) // want "result of puritydiscard.fieldCount is discarded"
}
