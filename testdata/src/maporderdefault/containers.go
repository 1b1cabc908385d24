package maporderdefault

import (
	"fmt"
	"log"
)

// A slice built in map order and stored into one field of a message: the
// message reaches output only through that field. A warning that prints
// another field of the message (serf's query, whose filters are a set
// the receiver evaluates, logged by name) shows no order; one that
// prints the slice's field does.

type queryMsg struct {
	Name    string
	Filters []string
}

type queryParams struct {
	Tags map[string]string
}

// encode lists the tags the receiver must have, for the wire.
func (p *queryParams) encode() []string {
	var filters []string
	for tag := range p.Tags {
		filters = append(filters, tag)
	}
	return filters
}

// Query sends a query and warns by name when it is handled late.
func Query(name string, p *queryParams) {
	q := queryMsg{Name: name, Filters: p.encode()}
	handleQuery(&q)
}

func handleQuery(q *queryMsg) {
	if len(q.Filters) > 8 {
		log.Printf("[WARN] received old query %s", q.Name)
	}
}

// Explain describes a query: its filters, in the order they were listed.
func Explain(name string, p *queryParams) string {
	q := queryMsg{Name: name, Filters: p.explainFilters()}
	return describe(&q)
}

// explainFilters lists the tags to explain.
func (p *queryParams) explainFilters() []string {
	var filters []string
	for tag := range p.Tags { // want `slice built in map iteration order is returned at containers.go:56 and reaches output at fmt.Sprintf`
		filters = append(filters, tag)
	}
	return filters
}

func describe(q *queryMsg) string {
	return fmt.Sprintf("query %s filters on %v", q.Name, q.Filters)
}
