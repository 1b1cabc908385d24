package purityobsclass

import (
	"encoding/base64"
	"encoding/json"
	"sort"
)

// The classes below come from code the observer check was not written
// against (bench/vet/triage.md, sixth run): a sort adapter whose Less
// keeps the sort's bookkeeping (goja's typedArraySortCtx), and an
// observer appending to what an exported interface method of its package
// returned, where the package's implementations return fresh memory
// (jwx's Headers.Encode). Each has a true counterpart that stays
// reported.

// sortCtx is a sort adapter: an unexported type with Len, Less and Swap
// that the package builds to hand to sort.Sort. Its Less records that the
// user's comparator ran; every caller of Less is the package's own sort,
// which reads that record afterwards by design.
type sortCtx struct {
	items     []int
	compare   func(a, b int) int
	validated bool
	calls     int
}

func (c *sortCtx) Len() int      { return len(c.items) }
func (c *sortCtx) Swap(i, j int) { c.items[i], c.items[j] = c.items[j], c.items[i] }
func (c *sortCtx) Less(i, j int) bool {
	c.calls++
	c.validated = false
	return c.compare(c.items[i], c.items[j]) < 0
}

// SortWith sorts items by compare and says whether the comparator ran.
func SortWith(items []int, compare func(a, b int) int) bool {
	ctx := &sortCtx{items: items, compare: compare}
	sort.Sort(ctx)
	return ctx.calls > 0 && !ctx.validated
}

// ByCount is an exported sort.Interface: users hand it to sort.Sort or
// call Less themselves, and a Less that counts its calls changes the
// value they compare with.
type ByCount struct {
	Items []int
	Calls int
}

func (b *ByCount) Len() int      { return len(b.Items) }
func (b *ByCount) Swap(i, j int) { b.Items[i], b.Items[j] = b.Items[j], b.Items[i] }
func (b *ByCount) Less(i, j int) bool { // want "Less method .* has side effects: mutates-receiver"
	b.Calls++
	return b.Items[i] < b.Items[j]
}

// Headers is an exported interface of the package; its one
// implementation here, stdHeaders, returns a new buffer from Encode.
type Headers interface {
	Encode() ([]byte, error)
	Get(key string) string
}

type stdHeaders struct{ fields map[string]string }

func (h *stdHeaders) Encode() ([]byte, error) {
	buf, err := json.Marshal(h.fields)
	if err != nil {
		return nil, err
	}
	return []byte(base64.RawURLEncoding.EncodeToString(buf)), nil
}

func (h *stdHeaders) Get(key string) string { return h.fields[key] }

// Message appends a separator to what its headers' Encode returned: a
// fresh buffer in every implementation the package has, so the append
// writes nothing of the Message.
type Message struct {
	Protected Headers
	Payload   string
}

func (m *Message) MarshalJSON() ([]byte, error) {
	enc, err := m.Protected.Encode()
	if err != nil {
		return nil, err
	}
	enc = append(enc, '.')
	enc = append(enc, m.Payload...)
	return json.Marshal(string(enc))
}

// Buffer is an exported interface whose implementation in the package
// hands out its own memory: writing into what Bytes returned writes the
// receiver's buffer.
type Buffer interface {
	Bytes() []byte
}

type rawBuffer struct{ data []byte }

func (r *rawBuffer) Bytes() []byte { return r.data }

// Frame upper-cases the first byte of what its buffer's Bytes returned,
// in place: the buffer the Frame holds is changed by formatting it.
type Frame struct {
	Body Buffer
}

func (f *Frame) String() string { // want "String method .* has side effects: mutates-receiver"
	b := f.Body.Bytes()
	if len(b) > 0 && b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	return string(b)
}

// Script is a node of a script's object graph; MarshalJSON runs the
// encoder inside its engine's guard, in a closure. The encoder marks the
// nodes it visits and recurses through their MarshalJSON: the write is
// the encoder's, a callee's (reported, if at all, where it is declared),
// but its reason, recorded inside the recursive component, was lost on
// the way out of the closure, and an effect without a reason was taken
// for the method's own instruction (goja's Object.MarshalJSON, reported
// as "mutates-receiver ()").
type Script struct {
	Kids    []*Script
	visited bool
	rt      *engine
}

type engine struct{ depth int }

func (e *engine) try(f func()) error {
	e.depth++
	f()
	e.depth--
	return nil
}

type stringifier struct{ buf []byte }

func (s *stringifier) do(v *Script) {
	v.visited = true
	s.buf = append(s.buf, '[')
	for _, k := range v.Kids {
		b, _ := k.MarshalJSON()
		s.buf = append(s.buf, b...)
	}
	s.buf = append(s.buf, ']')
}

func (v *Script) MarshalJSON() ([]byte, error) {
	s := &stringifier{}
	if err := v.rt.try(func() { s.do(v) }); err != nil {
		return nil, err
	}
	return s.buf, nil
}

// Marked marks itself inside the closure it runs: the store is the
// method's own, and reported.
type Marked struct {
	visited bool
	rt      *engine
}

func (m *Marked) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver \\(stores at adapters.go"
	err := m.rt.try(func() { m.visited = true })
	return []byte("{}"), err
}
