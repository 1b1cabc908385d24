// Package misuse is correct code full of misuse hazards: every way to make
// it fail is a caller breaking its contract — a nil input, the zero value
// of a type meant to come from its constructor, a value wired into itself,
// a panic the documentation announces. gentest must report no finding on
// it (docs/findings.md). Its Playlist cursor states its call protocol only
// in another method's doc comment: reading a song before Forward returned
// true is misuse too. Its NullCount is absent when Valid is false, and
// then marshals as its zero value does, to a form Unmarshal refuses: the
// round trip of an absent count fails as the zero value's does, which is
// no finding either. Its Weekday's String documents its panic on a number
// that is no day of the week. Its Clock and Span have exported int fields
// whose domain is narrower than int's: a literal Clock{Hour: 25} is no
// time of day (its text does not parse back), and a literal Span{Pos: 5}
// points into a text only Find sets (its String slices out of range);
// both are the caller's doing (docs/findings.md rule 9).
package misuse

import (
	"encoding/binary"
	"errors"
	"io"
	"strconv"
	"strings"
)

// LineReader reads lines from an io.Reader.
type LineReader struct {
	r   io.Reader
	buf []byte
}

// NewLineReader returns a reader of the lines of r.
func NewLineReader(r io.Reader) *LineReader { return &LineReader{r: r} }

// ReadLine returns the next line, without its newline.
func (l *LineReader) ReadLine() (string, error) {
	var one [1]byte
	var line []byte
	for {
		n, err := l.r.Read(one[:]) // a nil reader is the caller's mistake
		if n == 1 {
			if one[0] == '\n' {
				return string(line), nil
			}
			line = append(line, one[0])
		}
		if err != nil {
			if len(line) > 0 {
				return string(line), nil
			}
			return "", err
		}
	}
}

// Table maps names to numbers. Use NewTable: the zero Table has no map.
type Table struct {
	m map[string]int
}

// NewTable returns an empty table.
func NewTable() *Table { return &Table{m: map[string]int{}} }

// Put sets name to v.
func (t *Table) Put(name string, v int) { t.m[name] = v }

// Get returns the number for name.
func (t *Table) Get(name string) (int, bool) {
	v, ok := t.m[name]
	return v, ok
}

// Node is a node of a singly linked chain.
type Node struct {
	Val  int
	next *Node
}

// NewNode returns a node holding v.
func NewNode(v int) *Node { return &Node{Val: v} }

// SetNext links n to next. Linking a node to itself, directly or through
// others, makes a cycle that Len walks forever.
func (n *Node) SetNext(next *Node) { n.next = next }

// Len counts the nodes from n to the end of its chain.
func (n *Node) Len() int {
	if n.next == nil {
		return 1
	}
	return 1 + n.next.Len()
}

// Stack is a stack of strings.
type Stack struct {
	top *frame
	n   int
}

type frame struct {
	s    string
	next *frame
}

// NewStack returns an empty stack.
func NewStack() *Stack { return &Stack{} }

// Push pushes s.
func (s *Stack) Push(v string) {
	s.top = &frame{s: v, next: s.top}
	s.n++
}

// Top returns the top of the stack. It panics if the stack is empty.
func (s *Stack) Top() string { return s.top.s }

// Len is the number of strings on the stack.
func (s *Stack) Len() int { return s.n }

// ErrEmpty is returned by Pop on an empty stack.
var ErrEmpty = errors.New("misuse: empty stack")

// Pop removes and returns the top of the stack.
func (s *Stack) Pop() (string, error) {
	if s.top == nil {
		return "", ErrEmpty
	}
	v := s.top.s
	s.top = s.top.next
	s.n--
	return v, nil
}

// Upper upper-cases s; a plain function, to give the search something to
// cover.
func Upper(s string) string { return strings.ToUpper(s) }

// Playlist is an ordered list of songs.
type Playlist struct {
	first, last *song
	n           int
}

type song struct {
	title string
	next  *song
}

// NewPlaylist returns a playlist of the titles, in order.
func NewPlaylist(titles ...string) *Playlist {
	p := &Playlist{}
	for _, t := range titles {
		p.Append(t)
	}
	return p
}

// Append adds title at the end.
func (p *Playlist) Append(title string) {
	s := &song{title: title}
	if p.last == nil {
		p.first = s
	} else {
		p.last.next = s
	}
	p.last = s
	p.n++
}

// Len is the number of songs.
func (p *Playlist) Len() int { return p.n }

// Cursor returns a cursor over the songs.
func (p *Playlist) Cursor() Cursor { return Cursor{p: p} }

// Cursor walks the songs of a Playlist.
type Cursor struct {
	p       *Playlist
	at      *song
	started bool
}

// Forward moves to the next song and reports whether there was one.
func (c *Cursor) Forward() bool {
	if !c.started {
		c.started = true
		c.at = c.p.first
	} else if c.at != nil {
		c.at = c.at.next
	}
	return c.at != nil
}

// Rewind puts the cursor back before the first song; call Forward to play
// it again.
func (c *Cursor) Rewind() { c.at, c.started = nil, false }

// Title is the title of the current song.
func (c *Cursor) Title() string { return c.at.title }

// Last reports whether the current song is the last one.
func (c *Cursor) Last() bool { return c.at.next == nil }

// NullCount is a count that may be absent, as in a database column that
// may be NULL. Count is meaningful only when Valid is true.
type NullCount struct {
	Count int64
	Valid bool
}

// MarshalText writes the count in decimal, or null when it is absent.
func (n NullCount) MarshalText() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	return strconv.AppendInt(nil, n.Count, 10), nil
}

// UnmarshalText reads a count in decimal; null is not a count.
func (n *NullCount) UnmarshalText(b []byte) error {
	c, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return err
	}
	n.Count, n.Valid = c, true
	return nil
}

// MarshalBinary writes the count in 8 bytes, or no bytes when it is
// absent.
func (n NullCount) MarshalBinary() ([]byte, error) {
	if !n.Valid {
		return nil, nil
	}
	return binary.BigEndian.AppendUint64(nil, uint64(n.Count)), nil
}

// UnmarshalBinary reads a count of 8 bytes.
func (n *NullCount) UnmarshalBinary(b []byte) error {
	if len(b) != 8 {
		return errors.New("misuse: a count is 8 bytes, got " + strconv.Itoa(len(b)))
	}
	n.Count, n.Valid = int64(binary.BigEndian.Uint64(b)), true
	return nil
}

// Weekday is a day of the week, Sunday = 0 to Saturday = 6.
type Weekday int

var dayNames = [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// String returns the English name of the day. It panics if d is not a day
// of the week (0 to 6).
func (d Weekday) String() string { return dayNames[d] }

// Valid reports whether d is a day of the week: a caller checks a
// number it did not make before it asks for the name.
func (d Weekday) Valid() bool {
	if d < 0 || d > 6 {
		return false
	}
	return true
}

// Clock is a time of day. Its fields are exported to be read; they hold a
// time of day only in their domain, narrower than int's: Hour from 0 to
// 23, Minute from 0 to 59. At, ParseClock and UnmarshalText make clocks;
// a literal with Hour 25 is no time of day, and its text does not parse.
type Clock struct {
	Hour   int // 0 to 23
	Minute int // 0 to 59
}

// ParseClock reads a time of day written hh:mm.
func ParseClock(s string) (Clock, error) {
	h, m, ok := strings.Cut(s, ":")
	if !ok || len(h) != 2 || len(m) != 2 {
		return Clock{}, errors.New("misuse: a clock is hh:mm, got " + strconv.Quote(s))
	}
	hour, err := strconv.Atoi(h)
	if err != nil || hour < 0 || hour > 23 {
		return Clock{}, errors.New("misuse: no hour " + strconv.Quote(h))
	}
	minute, err := strconv.Atoi(m)
	if err != nil || minute < 0 || minute > 59 {
		return Clock{}, errors.New("misuse: no minute " + strconv.Quote(m))
	}
	return Clock{Hour: hour, Minute: minute}, nil
}

// At returns the time of day minutes after midnight, modulo a day.
func At(minutes int) Clock {
	minutes = (minutes%(24*60) + 24*60) % (24 * 60)
	return Clock{Hour: minutes / 60, Minute: minutes % 60}
}

// String writes the clock as hh:mm.
func (c Clock) String() string {
	return string([]byte{'0' + byte(c.Hour/10), '0' + byte(c.Hour%10), ':', '0' + byte(c.Minute/10), '0' + byte(c.Minute%10)})
}

// MarshalText writes the clock as hh:mm.
func (c Clock) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a clock written hh:mm.
func (c *Clock) UnmarshalText(b []byte) error {
	v, err := ParseClock(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Found is where Find found a word in a text.
type Found struct {
	Span
	Word string
}

// Span is a part of a text that Find found: Len bytes from Pos. Its
// position is exported to be read; only Find knows the text it is in.
type Span struct {
	text     string
	Pos, Len int
}

// String returns the part of the text the span covers.
func (s Span) String() string { return s.text[s.Pos : s.Pos+s.Len] }

// Find finds the first place word is in text, or returns nil.
func Find(text, word string) *Found {
	i := strings.Index(text, word)
	if i < 0 || word == "" {
		return nil
	}
	return &Found{Span: Span{text: text, Pos: i, Len: len(word)}, Word: word}
}
