// Package purityobsclass holds the classes of observer methods the
// observer check reports (a MarshalJSON that writes into the caller's map)
// and the ones it must not (String methods that build their text in a
// fresh buffer through helpers, fixtures in test files).
package purityobsclass

import (
	"encoding/json"
	"strconv"
)

// Node's MarshalJSON puts its ID into the caller's attribute map for the
// encoder and deletes it after: a caller's own "id" attribute is lost,
// and two goroutines marshaling the same Node race on the map.
type Node struct {
	ID    string
	Attrs map[string]any
}

func (n *Node) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver"
	if n.Attrs == nil {
		return json.Marshal(struct {
			ID string `json:"id"`
		}{n.ID})
	}
	n.Attrs["id"] = n.ID
	b, err := json.Marshal(n.Attrs)
	delete(n.Attrs, "id")
	return b, err
}

// Path is a list of field numbers; String renders it through helpers
// that consume a copy of the path (a pointer to String's own copy of the
// value receiver) and append to a buffer that starts nil. The helpers'
// results point into the buffer, never into the path: a []byte holds no
// int32.
type Path []int32

func (p Path) String() string {
	b := p.appendRoot(nil)
	for _, i := range p {
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(i), 10)
	}
	return string(b)
}

type appendFunc func(*Path, []byte) []byte

// appendField consumes the first number; it then calls f, which the
// caller picks, to go on with the rest.
func (p *Path) appendField(b []byte, name string, f appendFunc) []byte {
	if len(*p) == 0 {
		return b
	}
	b = append(b, '.')
	b = append(b, name...)
	*p = (*p)[1:]
	if f != nil {
		b = f(p, b)
	}
	return b
}

func (p *Path) appendRoot(b []byte) []byte {
	if len(*p) == 0 {
		return b
	}
	switch (*p)[0] {
	case 1:
		b = p.appendField(b, "name", nil)
	case 2:
		b = p.appendField(b, "child", (*Path).appendRoot)
	}
	return b
}

// Chunks keeps its text in byte slices; String must not append into
// them. A callback that may return one of them makes its result alias
// the receiver, and the append is reported.
type Chunks struct {
	parts [][]byte
	pick  func(*Chunks, []byte) []byte
}

func firstPart(c *Chunks, b []byte) []byte {
	if len(c.parts) > 0 {
		return c.parts[0]
	}
	return b
}

func (c *Chunks) render(b []byte, f func(*Chunks, []byte) []byte) []byte { return f(c, b) }

func (c *Chunks) String() string { // want "String method .* has side effects: mutates-receiver"
	b := c.render(nil, c.pick)
	b = append(b, '!')
	return string(b)
}

// Wrap renders its value through an interface method in the append
// style, as go-cmp's textWrap.String does: a method taking a buffer and
// returning []byte hands back that buffer, extended, or a fresh one, so
// the append after it lands in String's own buffer, not the receiver.
type Wrap struct {
	Prefix string
	Value  node
}

type node interface{ formatTo(b []byte, depth int) []byte }

type leaf struct{ text []byte }

func (l leaf) formatTo(b []byte, depth int) []byte { return append(b, l.text...) }

func (w *Wrap) String() string {
	b := append([]byte(nil), w.Prefix...)
	b = w.Value.formatTo(b, 0)
	b = append(b, '\n')
	return string(b)
}
