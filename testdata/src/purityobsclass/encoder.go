package purityobsclass

import (
	"encoding/json"
	"errors"
)

// The class of miniredis' gopher-json jsonValue (bench/vet/triage.md,
// seventh run): an unexported encoder adapter built for one json.Marshal
// call, whose MarshalJSON writes the cycle check of that one encoding, a
// map made with the adapter and shared only with the adapters of the
// nested values. Its counterparts keep state that outlives one encoding,
// and stay reported.

// GNode is a value of a graph that may contain cycles.
type GNode struct {
	Name string
	Kids []*GNode
}

var errCycle = errors.New("cycle")

// EncodeGNode encodes n, failing on a cycle.
func EncodeGNode(n *GNode) ([]byte, error) {
	return json.Marshal(gnodeJSON{node: n, visited: make(map[*GNode]bool)})
}

type gnodeJSON struct {
	node    *GNode
	visited map[*GNode]bool
}

func (j gnodeJSON) MarshalJSON() ([]byte, error) {
	if j.visited[j.node] {
		return nil, errCycle
	}
	j.visited[j.node] = true
	defer delete(j.visited, j.node)
	kids := make([]gnodeJSON, 0, len(j.node.Kids))
	for _, k := range j.node.Kids {
		kids = append(kids, gnodeJSON{k, j.visited})
	}
	return json.Marshal(map[string]any{"name": j.node.Name, "kids": kids})
}

// Registry keeps one encoder for its lifetime: the map its MarshalJSON
// fills is the registry's, and every encoding adds to it.
type Registry struct {
	enc *countingJSON
}

// NewRegistry returns a Registry.
func NewRegistry() *Registry {
	c := &countingJSON{seen: make(map[string]int)}
	return &Registry{enc: c}
}

// Encode encodes name with the registry's long-lived encoder.
func (r *Registry) Encode(name string) ([]byte, error) {
	r.enc.name = name
	return json.Marshal(r.enc)
}

type countingJSON struct {
	name string
	seen map[string]int
}

func (c *countingJSON) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver"
	c.seen[c.name]++
	return json.Marshal(c.name)
}

// labelJSON is built per call like gnodeJSON, but its String, which fmt
// and loggers call on any value, writes the map too.
type labelJSON struct {
	label   string
	visited map[string]bool
}

// EncodeLabel encodes label.
func EncodeLabel(label string) ([]byte, error) {
	return json.Marshal(labelJSON{label: label, visited: make(map[string]bool)})
}

func (l labelJSON) MarshalJSON() ([]byte, error) {
	l.visited[l.label] = true
	return json.Marshal(l.label)
}

func (l labelJSON) String() string { // want "String method .* has side effects: mutates-receiver"
	l.visited[l.label] = true
	return l.label
}
