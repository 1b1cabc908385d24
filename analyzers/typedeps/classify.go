package typedeps

import (
	"go/token"
	"go/types"
	"regexp"
)

// Class says how a client outside a type's package can obtain a value of
// the type. Lower classes are easier: a type is given the easiest class that
// applies.
type Class uint8

// Classes of constructibility.
const (
	// ZeroValue: the zero value (var x T, T{}, new(T)) is ready to use.
	ZeroValue Class = iota
	// CompositeLit: a composite literal, make or conversion from outside the
	// package builds a usable value, because every part that needs
	// initialization can be set by the client.
	CompositeLit
	// Interface: an interface type; values come from its implementers.
	Interface
	// Constructor: only an exported function or method of the type's
	// package produces a usable T or *T.
	Constructor
	// Unconstructible: no client outside the package can obtain a usable
	// value (except nil for pointers and interfaces).
	Unconstructible
)

var classNames = [...]string{"zero", "literal", "interface", "constructor", "none"}

// String returns the class's short name, as used in facts' JSON: zero,
// literal, interface, constructor or none.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Class(?)"
}

// zeroDoc matches the way Go documentation states that a zero value needs
// no initialization: "The zero value for Buffer is an empty buffer ready to
// use", "The zero value is usable", "A zero Mutex is valid".
var zeroDoc = regexp.MustCompile(`(?i)zero(\s+value)?\b[^.]*\b(ready\s+(to|for)\s+use|usable|valid|safe\s+to\s+use|an?\s+empty)`)

// Classifier classifies named types by constructibility. The zero
// Classifier looks at structure only; the analyzer adds documentation and
// the classes that dependencies' facts record.
//
// The heuristic, from the viewpoint of a client in another package:
//
//   - Interfaces are Interface.
//   - The zero value is usable (ZeroValue) when the type's documentation
//     says so (see zeroDoc), or when nothing in it needs initialization:
//     basic, slice and array types, and structs whose unexported fields
//     (followed into nested struct and array values, not through pointers)
//     are basic values, slices, or of named types whose own zero value is
//     usable, and whose exported fields are not maps or channels (nil
//     exported pointers, funcs and interfaces conventionally mean "use the
//     default"). Unexported pointer, map, channel, function and interface
//     fields are taken to need a constructor. Maps, channels, functions and
//     pointers themselves are not zero-usable: a nil map panics on write.
//   - Otherwise an exported type is CompositeLit when a client can fill in
//     what needs initialization: non-struct types (make, literals,
//     conversions), and structs whose unexported fields are zero-usable
//     (what needs initialization is exported).
//   - Otherwise Constructor when the package has an exported function, or
//     an exported method of another exported type, returning T or *T.
//   - Otherwise Unconstructible. Unexported types are Constructor or
//     Unconstructible by the same producer test.
type Classifier struct {
	// Doc returns the doc comment of a type's declaration, or "" when not
	// known (types loaded from export data).
	Doc func(*types.TypeName) string
	// Known returns the zero-value usability of a type of another package,
	// as recorded by that package's analysis, which saw its documentation.
	Known func(*types.TypeName) (zeroUsable, ok bool)

	// memo of zero-value usability, which also breaks recursive types.
	memo map[*types.TypeName]bool
}

// Constructibility classifies named by its structure alone; see
// [Classifier] for the rules.
func Constructibility(named *types.Named) Class {
	return new(Classifier).Classify(named)
}

// Classify returns the constructibility class of named.
func (c *Classifier) Classify(named *types.Named) Class {
	obj := named.Obj()
	if types.IsInterface(named) {
		return Interface
	}
	if c.zeroUsable(named) {
		if obj.Exported() {
			return ZeroValue
		}
	} else if obj.Exported() && c.literalPossible(named) {
		return CompositeLit
	}
	if hasExportedProducer(named) {
		return Constructor
	}
	return Unconstructible
}

// ZeroUsable reports whether the zero value of t needs no initialization.
func (c *Classifier) ZeroUsable(t types.Type) bool { return c.zeroUsable(t) }

func (c *Classifier) zeroUsable(t types.Type) bool {
	t = types.Unalias(t)
	if named, ok := t.(*types.Named); ok {
		obj := named.Obj()
		if obj.Pkg() == nil { // error
			return false
		}
		if v, ok := c.memo[obj]; ok {
			return v
		}
		if c.memo == nil {
			c.memo = make(map[*types.TypeName]bool)
		}
		c.memo[obj] = true // optimistic for recursive types: cycles go through pointers anyway
		v := c.namedZeroUsable(named)
		c.memo[obj] = v
		return v
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer
	case *types.Slice:
		return true // nil slices read as empty and append
	case *types.Array:
		return c.zeroUsable(u.Elem())
	case *types.Struct:
		for f := range u.Fields() {
			if f.Exported() {
				if !c.optionalField(f.Type()) {
					return false
				}
			} else if !c.zeroUsable(f.Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// optionalField reports whether an exported field of type t may be left
// zero: by Go convention nil pointers, funcs and interfaces in exported
// fields mean "use the default" (http.Client.Transport), while nil maps
// panic on write and nil channels block.
func (c *Classifier) optionalField(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Signature, *types.Interface:
		return true
	case *types.Map, *types.Chan:
		return false
	}
	return c.zeroUsable(t)
}

func (c *Classifier) namedZeroUsable(named *types.Named) bool {
	obj := named.Obj()
	if c.Doc != nil && zeroDoc.MatchString(c.Doc(obj)) {
		return true
	}
	if c.Known != nil {
		if v, ok := c.Known(obj); ok {
			return v
		}
	}
	if types.IsInterface(named) {
		return false
	}
	// Only the state a client cannot see is judged: exported fields it can
	// set itself.
	return c.zeroUsable(named.Underlying())
}

// literalPossible reports whether a client can build a usable value by a
// composite literal, make or conversion: every part needing initialization
// is visible to it.
func (c *Classifier) literalPossible(named *types.Named) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return true
	}
	for f := range st.Fields() {
		if !f.Exported() && !c.zeroUsable(f.Type()) {
			return false
		}
	}
	return true
}

// hasExportedProducer reports whether named's package has an exported
// function, or an exported method of another exported type, whose results
// include named or *named.
func hasExportedProducer(named *types.Named) bool {
	pkg := named.Obj().Pkg()
	if pkg == nil {
		return false
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if !token.IsExported(name) {
			continue
		}
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if yields(obj.Signature(), named) {
				return true
			}
		case *types.TypeName:
			other, ok := types.Unalias(obj.Type()).(*types.Named)
			if !ok || other.Obj() == named.Obj() {
				continue
			}
			for m := range methodsOf(other) {
				if m.Exported() && yields(m.Signature(), named) {
					return true
				}
			}
		}
	}
	return false
}

// yields reports whether sig has a result of type named or *named.
func yields(sig *types.Signature, named *types.Named) bool {
	for v := range sig.Results().Variables() {
		if base, _ := baseNamed(v.Type()); base != nil && base.Obj() == named.Obj() {
			return true
		}
	}
	return false
}

// baseNamed strips one pointer and aliases and returns the named type
// beneath, with whether a pointer was stripped.
func baseNamed(t types.Type) (*types.Named, bool) {
	t = types.Unalias(t)
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	named, _ := t.(*types.Named)
	return named, ptr
}
