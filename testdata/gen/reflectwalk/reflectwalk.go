// Package reflectwalk is a fixture of a reflective walker over any value,
// the class of hashing libraries (hashstructure), struct-tag encoders and
// deep-equal functions: it switches on the reflect.Kind of what it is
// given, reads the struct tag "walk" (a field named "ignore" is skipped,
// the option ",omitempty" skips a zero field, ",string" hashes the
// field's text), and special-cases time.Time. An argument of one basic
// type reaches only a few of its branches.
package reflectwalk

import (
	"errors"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"
	"time"
)

// ErrFunc is returned for a func or channel value, which has no content
// to hash.
var ErrFunc = errors.New("reflectwalk: cannot hash func or chan")

// ErrDepth is returned for a value nested deeper than MaxDepth.
var ErrDepth = errors.New("reflectwalk: too deep")

// MaxDepth bounds the nesting the walker follows.
const MaxDepth = 8

// Hasher walks values and hashes them.
type Hasher struct {
	// ZeroNil hashes a nil pointer as the zero value it points to.
	ZeroNil bool
	// Visited counts the values the last Hash visited.
	Visited int
	// Ignored counts the fields the last Hash left out.
	Ignored int
}

// Hash returns the hash of v.
func Hash(v any) (uint64, error) {
	var h Hasher
	return h.Hash(v)
}

// Hash returns the hash of v, counting what it visits.
func (h *Hasher) Hash(v any) (uint64, error) {
	h.Visited, h.Ignored = 0, 0
	return h.walk(reflect.ValueOf(v), 0)
}

func mix(a, b uint64) uint64 { return a*1099511628211 ^ b }

func hashString(s string) uint64 {
	f := fnv.New64a()
	f.Write([]byte(s))
	return f.Sum64()
}

var timeType = reflect.TypeOf(time.Time{})

func (h *Hasher) walk(v reflect.Value, depth int) (uint64, error) {
	if depth > MaxDepth {
		return 0, ErrDepth
	}
	h.Visited++
	if !v.IsValid() {
		return 0, nil
	}
	if v.Type() == timeType {
		b, err := v.Interface().(time.Time).MarshalBinary()
		if err != nil {
			return 0, fmt.Errorf("reflectwalk: time: %w", err)
		}
		return hashString(string(b)), nil
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return 1, nil
		}
		return 2, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return uint64(v.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint(), nil
	case reflect.Float32, reflect.Float64:
		return uint64(v.Float() * 1000), nil
	case reflect.String:
		return hashString(v.String()), nil
	case reflect.Ptr:
		if v.IsNil() {
			if h.ZeroNil {
				return h.walk(reflect.Zero(v.Type().Elem()), depth+1)
			}
			return 3, nil
		}
		return h.walk(v.Elem(), depth+1)
	case reflect.Interface:
		if v.IsNil() {
			return 4, nil
		}
		return h.walk(v.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		return h.list(v, depth)
	case reflect.Map:
		return h.mapping(v, depth)
	case reflect.Struct:
		return h.structure(v, depth)
	case reflect.Func, reflect.Chan:
		return 0, ErrFunc
	}
	return 0, fmt.Errorf("reflectwalk: unsupported kind %s", v.Kind())
}

// list hashes a slice or array in order.
func (h *Hasher) list(v reflect.Value, depth int) (uint64, error) {
	if v.Kind() == reflect.Slice && v.IsNil() {
		return 5, nil
	}
	sum := uint64(v.Len())
	for i := 0; i < v.Len(); i++ {
		e, err := h.walk(v.Index(i), depth+1)
		if err != nil {
			return 0, fmt.Errorf("reflectwalk: index %d: %w", i, err)
		}
		sum = mix(sum, e)
	}
	return sum, nil
}

// mapping hashes a map whatever its iteration order, as hashstructure
// does: the entries' hashes are combined by exclusive or.
func (h *Hasher) mapping(v reflect.Value, depth int) (uint64, error) {
	if v.IsNil() {
		return 6, nil
	}
	sum := uint64(v.Len())
	iter := v.MapRange()
	for iter.Next() {
		k, err := h.walk(iter.Key(), depth+1)
		if err != nil {
			return 0, fmt.Errorf("reflectwalk: map key: %w", err)
		}
		e, err := h.walk(iter.Value(), depth+1)
		if err != nil {
			return 0, fmt.Errorf("reflectwalk: map value: %w", err)
		}
		sum ^= mix(k, e)
	}
	return sum, nil
}

// structure hashes the exported fields of a struct by name, honouring the
// walk tag.
func (h *Hasher) structure(v reflect.Value, depth int) (uint64, error) {
	t := v.Type()
	sum := hashString(t.Name())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.PkgPath != "" {
			continue // unexported
		}
		name, opts := parseTag(f.Tag.Get("walk"))
		if name == "ignore" || name == "-" {
			h.Ignored++
			continue
		}
		if name == "" {
			name = f.Name
		}
		fv := v.Field(i)
		if opts.has("omitempty") && fv.IsZero() {
			h.Ignored++
			continue
		}
		var e uint64
		if opts.has("string") {
			e = hashString(fmt.Sprint(fv.Interface()))
		} else {
			var err error
			if e, err = h.walk(fv, depth+1); err != nil {
				return 0, fmt.Errorf("reflectwalk: field %s: %w", name, err)
			}
		}
		sum = mix(sum, mix(hashString(name), e))
	}
	return sum, nil
}

type tagOptions []string

func parseTag(tag string) (string, tagOptions) {
	parts := strings.Split(tag, ",")
	return parts[0], tagOptions(parts[1:])
}

func (o tagOptions) has(opt string) bool {
	for _, x := range o {
		if x == opt {
			return true
		}
	}
	return false
}

// Equal reports whether a and b hash alike; values that cannot be hashed
// are never equal.
func Equal(a, b any) bool {
	x, err := Hash(a)
	if err != nil {
		return false
	}
	y, err := Hash(b)
	return err == nil && x == y
}

// Fields lists the names the walker hashes for the struct (or pointer to
// struct) v, in declaration order, or nil for any other value.
func Fields(v any) []string {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Ptr && !rv.IsNil() {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	t := rv.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.PkgPath != "" {
			continue
		}
		name, _ := parseTag(f.Tag.Get("walk"))
		switch name {
		case "ignore", "-":
			continue
		case "":
			name = f.Name
		}
		names = append(names, name)
	}
	return names
}
