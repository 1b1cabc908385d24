// Package maporderfix holds map-order reports with and without suggested
// fixes; fix.go.golden and the other .golden files are the files with
// every fix applied (analyzertest.RunWithSuggestedFixes).
package maporderfix

import "strings"

// Registry lists what it holds.
type Registry struct {
	names map[string]bool
	sizes map[string]int
	ids   map[Point]string
	dirs  map[string]string
}

// Entry is one listed name and its size.
type Entry struct {
	Name string
	Size int
}

// Point is a key without an order.
type Point struct{ X, Y int }

// Names is empty before the loop and only appended to: sort it after.
func (r *Registry) Names() []string {
	var out []string
	for name := range r.names { // want "a listing of exported Names"
		out = append(out, name)
	}
	return out
}

// Sizes does the same with make.
func (r *Registry) Sizes() []int {
	out := make([]int, 0, len(r.sizes))
	for _, n := range r.sizes { // want "a listing of exported Sizes"
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// List builds structs, which have no order of their own: range over
// the sorted keys.
func (r *Registry) List() []Entry {
	var list []Entry
	for name, size := range r.sizes { // want "a listing of exported List"
		list = append(list, Entry{Name: name, Size: size})
	}
	return list
}

// WithRoot starts from an element the loop did not add: sorting the
// slice would move it, so the keys are sorted instead.
func (r *Registry) WithRoot() []string {
	out := []string{"/"}
	for dir, base := range r.dirs { // want "a listing of exported WithRoot"
		if base != "" {
			out = append(out, dir)
		}
	}
	return out
}

// Parallel builds two slices in step: sorting one would break the pairs,
// ranging over sorted keys keeps them.
func (r *Registry) Parallel() ([]string, []int) {
	var names []string
	var sizes []int
	for name, size := range r.sizes { // want "a listing of exported Parallel"
		names = append(names, name)
		sizes = append(sizes, size)
	}
	return names, sizes
}

// Points has a key type without an order and elements without one: no
// fix.
func (r *Registry) Points() []Point {
	var out []Point
	for p := range r.ids { // want "a listing of exported Points"
		out = append(out, p)
	}
	return out
}

// Trimmed calls a function in the loop, which could change the map: no
// sorted-keys fix, and the elements are structs: no fix.
func (r *Registry) Trimmed() []Entry {
	var list []Entry
	for name, size := range r.sizes { // want "a listing of exported Trimmed"
		list = append(list, Entry{Name: r.trim(name), Size: size})
	}
	return list
}

func (r *Registry) trim(s string) string {
	delete(r.sizes, s)
	return strings.TrimSpace(s)
}

// Shadowed declares its value variable again at the top of the body:
// v := m[k] would not compile, so no fix.
func (r *Registry) Shadowed() []Entry {
	var list []Entry
	for name, size := range r.sizes { // want "a listing of exported Shadowed"
		size := size * 2
		list = append(list, Entry{Name: name, Size: size})
	}
	return list
}

// Handlers ranges over the values only, as a router lists its routes:
// the fix names a key.
func (r *Registry) Handlers() []*Entry {
	routes := make([]*Entry, 0, len(r.sizes))
	for _, v := range r.sizes { // want "a listing of exported Handlers"
		routes = append(routes, &Entry{Size: v})
	}
	return routes
}
