// Package textbugs plants the runtime panics of issue 32 that the first
// candidate gate missed, and beside each its misuse twin.
//
// Bugs: Lookup returns no error but takes only text, and slices past the
// end of a text whose last pair has no ';'; Message.Unmarshal, called on
// a fresh zero Message as decoders are, trusts the length byte of its
// data.
//
// Not bugs: Prefix slices its text at the length its caller gave;
// Choose indexes with what the caller's callback chose; a literal Cursor
// (only List.Cursor makes one, in a method of an unexported type an alias
// names) dereferences its nil list.
package textbugs

import (
	"errors"
	"strings"
)

// Lookup returns the value of key in a text of "key=value;" pairs, or ""
// when key is not there.
func Lookup(text, key string) string {
	for text != "" {
		eq := strings.IndexByte(text, '=')
		if eq < 0 {
			return ""
		}
		k := text[:eq]
		text = text[eq+1:]
		// The bug: the last pair need not end with ';', and then end is
		// -1.
		end := strings.IndexByte(text, ';')
		v := text[:end]
		if k == key {
			return v
		}
		text = text[end+1:]
	}
	return ""
}

// Prefix returns the first n bytes of text.
func Prefix(text string, n int) string { return text[:n] }

// Choose returns the item choose picks among len(items).
func Choose(items []string, choose func(n int) int) (string, error) {
	if len(items) == 0 {
		return "", errors.New("textbugs: no items")
	}
	return items[choose(len(items))], nil
}

// Message is a length-prefixed message: a type byte, a length byte, and
// that many bytes of body.
type Message struct {
	// Type is the message's type, nil until a message is decoded.
	Type *byte
	Body []byte
}

// Unmarshal decodes data into m.
func (m *Message) Unmarshal(data []byte) error {
	if len(data) < 2 {
		return errors.New("textbugs: short message")
	}
	t := data[0]
	m.Type = &t
	// The bug: the declared length is not checked against the data.
	m.Body = append([]byte(nil), data[2:2+int(data[1])]...)
	return nil
}

// Marshal encodes m.
func (m *Message) Marshal() ([]byte, error) {
	if m.Type == nil || len(m.Body) > 255 {
		return nil, errors.New("textbugs: no message to marshal")
	}
	return append([]byte{*m.Type, byte(len(m.Body))}, m.Body...), nil
}

type list struct{ items []string }

// List is a list of items.
type List = *list

// NewList returns a list of items.
func NewList(items ...string) List { return &list{items: items} }

// Cursor returns a cursor at the list's first item.
func (l *list) Cursor() *Cursor { return &Cursor{l: l} }

// Cursor walks a list.
type Cursor struct {
	l *list
	i int
}

// Item returns the item at the cursor, or "" past the end.
func (c *Cursor) Item() string {
	if c.i >= len(c.l.items) {
		return ""
	}
	return c.l.items[c.i]
}

// Advance moves the cursor to the next item.
func (c *Cursor) Advance() { c.i++ }
