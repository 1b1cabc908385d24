package purity

import (
	"reflect"
	"sync"
)

// sync.OnceFunc, OnceValue and OnceValues: calling the wrapper calls f.

var onceHits int

func Lazy(n int) int { // want Lazy:"^pure$"
	get := sync.OnceValue(func() int { return n * 2 })
	return get()
}

func LazyParam(f func() int) int { // want LazyParam:"^pure calls-param:0$"
	return sync.OnceValue(f)()
}

func LazyNoisy() int { // want LazyNoisy:"^writes-global$"
	get := sync.OnceValue(func() int { onceHits++; return onceHits })
	return get()
}

func bumpOnce() { onceHits++ } // want bumpOnce:"^writes-global$"

func LazyNamed() { // want LazyNamed:"^writes-global$"
	sync.OnceFunc(bumpOnce)()
}

// A reflective cache in the style of encoding/json: a package-level
// sync.Map keyed by reflect.Type, filled through sync.OnceValue. Storing
// into the cache writes a global; nothing exits, blocks or depends on
// the run. The encoders are found by calling function values read back
// from the cache, which the analysis cannot resolve.

type encoderFn func(v reflect.Value) string

var encCache sync.Map // reflect.Type to encoderFn

func encoderFor(t reflect.Type) encoderFn { // want encoderFor:"^writes-global conservative$"
	if fi, ok := encCache.Load(t); ok {
		return fi.(encoderFn)
	}
	indirect := sync.OnceValue(func() encoderFn { return newEncoder(t) })
	fi, loaded := encCache.LoadOrStore(t, encoderFn(func(v reflect.Value) string {
		return indirect()(v)
	}))
	if loaded {
		return fi.(encoderFn)
	}
	f := indirect()
	encCache.Store(t, f)
	return f
}

func newEncoder(t reflect.Type) encoderFn { // want newEncoder:"^writes-global conservative$"
	switch t.Kind() {
	case reflect.Pointer:
		elem := encoderFor(t.Elem())
		return func(v reflect.Value) string { return elem(v.Elem()) }
	case reflect.String:
		return func(v reflect.Value) string { return v.String() }
	}
	return func(reflect.Value) string { return t.String() }
}

var nameCache sync.Map // reflect.Type to string

func CachedName(t reflect.Type) string { // want CachedName:"^writes-global$"
	if n, ok := nameCache.Load(t); ok {
		return n.(string)
	}
	n := t.String() // reflect.Type is sealed: only reflect implements it
	nameCache.Store(t, n)
	return n
}

func LookupName(t reflect.Type) (string, bool) { // want LookupName:"^pure$"
	n, ok := nameCache.Load(t)
	s, _ := n.(string)
	return s, ok
}

func CachedNames() int { // want CachedNames:"^nondeterministic$"
	count := 0
	nameCache.Range(func(k, v any) bool { count++; return true })
	return count
}

type stringer interface{ String() string }

var stringerType = reflect.TypeFor[stringer]()

func PointerIsStringer(t reflect.Type) bool { // want PointerIsStringer:"^pure$"
	return reflect.PointerTo(t).Implements(stringerType)
}

// Calls of methods on the elements of a slice-of-interface parameter,
// variadic or not, are calls through that parameter.

type Namer interface{ Name() string }

func JoinNames(xs ...Namer) string { // want JoinNames:"^pure calls-param:0$"
	s := ""
	for _, x := range xs {
		s += x.Name()
	}
	return s
}

func FirstName(xs []Namer) string { // want FirstName:"^pure calls-param:0$"
	return xs[0].Name()
}

type quietName struct{}

func (quietName) Name() string { return "q" } // want Name:"^pure$"

type loudName struct{}

var nameHits int

func (loudName) Name() string { nameHits++; return "l" } // want Name:"^writes-global$"

func QuietNames() string { return JoinNames(quietName{}, quietName{}) } // want QuietNames:"^pure$"

func LoudNames() string { return JoinNames(quietName{}, loudName{}) } // want LoudNames:"^writes-global$"

func LiteralNames() string { return FirstName([]Namer{loudName{}}) } // want LiteralNames:"^writes-global$"

func ForwardNames(xs ...Namer) string { return JoinNames(xs...) } // want ForwardNames:"^pure calls-param:0$"

func AppendedNames() string { // want AppendedNames:"^pure conservative$"
	var xs []Namer
	xs = append(xs, loudName{})
	return JoinNames(xs...)
}

// A type assertion can reach any method of the dynamic value, not only
// those of the parameter's element type: unresolved.
func AssertNames(xs ...any) string { // want AssertNames:"^pure conservative$"
	s := ""
	for _, x := range xs {
		if n, ok := x.(Namer); ok {
			s += n.Name()
		}
	}
	return s
}
