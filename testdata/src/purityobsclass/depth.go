package purityobsclass

import (
	"encoding/json"
	"strings"
)

// The classes below are observers that write only memory they made
// themselves, although that memory holds or is copied from the receiver's:
// a fresh slice whose elements come from the receiver (a generic Map), a
// local struct that copies some receiver fields and gets a fresh slice in
// another, and a fresh map an unexported interface method returns. Their
// true counterparts write the receiver's own memory.

func mapSlice[T, U any](s []T, f func(T) U) []U {
	out := make([]U, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	return out
}

func head[T any](s []T) []T { return s[:len(s):len(s)] }

// Args formats its items through mapSlice, whose result is a new slice;
// appending to it writes nothing of the receiver.
type Args struct {
	Items    []string
	Variadic string
}

func (a Args) String() string {
	buf := mapSlice(a.Items, strings.ToUpper)
	if a.Variadic != "" {
		buf = append(buf, a.Variadic+"...")
	}
	return "(" + strings.Join(buf, ", ") + ")"
}

// Shared formats through head, whose result is the receiver's own array:
// writing into it changes the receiver's Items.
type Shared struct{ Items []string }

func (s Shared) String() string { // want "String method .* has side effects: mutates-receiver"
	buf := head(s.Items)
	if len(buf) > 0 {
		buf[0] = strings.ToUpper(buf[0])
	}
	return strings.Join(buf, ",")
}

// Annotation marshals a mirror struct that copies some fields and makes a
// new slice for another.
type Annotation struct {
	Path   []string
	Schema *string
}

type annotationJSON struct {
	Path   []string `json:"path"`
	Schema *string  `json:"schema,omitempty"`
}

func (a *Annotation) MarshalJSON() ([]byte, error) {
	d := annotationJSON{Schema: a.Schema}
	if a.Path != nil {
		d.Path = make([]string, len(a.Path))
		for i, p := range a.Path {
			d.Path[i] = strings.ToLower(p)
		}
	}
	return json.Marshal(d)
}

// Mirror copies the receiver's slice into its mirror and lowercases it
// there: the copy shares the receiver's array.
type Mirror struct{ Path []string }

func (m *Mirror) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver"
	d := annotationJSON{Path: m.Path}
	for i, p := range d.Path {
		d.Path[i] = strings.ToLower(p)
	}
	return json.Marshal(d)
}

// Kind is implemented by the package's types; each toMap returns a map it
// has just made, so Named may add to it.
type Kind interface{ marker() string }

type scalar struct{ name string }

func (s scalar) marker() string        { return s.name }
func (s scalar) toMap() map[string]any { return map[string]any{"type": s.name} }

type list struct{ of Kind }

func (l list) marker() string { return "list" }
func (l list) toMap() map[string]any {
	return map[string]any{"type": "list", "of": l.of.marker()}
}

type Named struct {
	Name string
	Kind Kind
}

func (n *Named) MarshalJSON() ([]byte, error) {
	var obj map[string]any
	switch x := n.Kind.(type) {
	case interface{ toMap() map[string]any }:
		obj = x.toMap()
	default:
		obj = map[string]any{"type": n.Kind.marker()}
	}
	obj["name"] = n.Name
	return json.Marshal(obj)
}

// Cached's attrs method hands out the receiver's own map, so String
// writes the receiver.
type Cached struct{ m map[string]any }

type attrser interface{ attrs() map[string]any }

func (c *Cached) attrs() map[string]any { return c.m }

func (c *Cached) String() string { // want "String method .* has side effects: mutates-receiver"
	var a attrser = c
	obj := a.attrs()
	obj["seen"] = true
	b, _ := json.Marshal(obj)
	return string(b)
}
