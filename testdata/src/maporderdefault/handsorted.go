package maporderdefault

import "strings"

// The class of httprouter's allowed methods (bench/vet/triage.md, eighth
// run): a slice built in map order and then sorted by hand, in place
// (an insertion sort that avoids sort.Strings' allocations), before its
// order reaches output. Its counterpart rotates the slice instead, which
// leaves map order in it, and stays reported.

// Methods lists the methods of a route table, sorted by hand.
type Methods struct {
	routes map[string]int
}

// Allow joins the methods into an Allow header value, sorted.
func (m *Methods) Allow() string {
	allowed := make([]string, 0, len(m.routes))
	for method := range m.routes {
		allowed = append(allowed, method)
	}
	allowed = append(allowed, "OPTIONS")
	for i, l := 1, len(allowed); i < l; i++ {
		for j := i; j > 0 && allowed[j] < allowed[j-1]; j-- {
			allowed[j], allowed[j-1] = allowed[j-1], allowed[j]
		}
	}
	return strings.Join(allowed, ", ")
}

// Rotated joins the methods after moving the first to the end: the order
// is still the map's.
func (m *Methods) Rotated() string {
	allowed := make([]string, 0, len(m.routes))
	for method := range m.routes { // want `slice built in map iteration order reaches output at strings.Join`
		allowed = append(allowed, method)
	}
	if len(allowed) > 1 {
		allowed = append(allowed[1:], allowed[0])
	}
	return strings.Join(allowed, ", ")
}
