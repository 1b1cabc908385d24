// Package deadline is a fixture of an API that reads the clock only to
// compute a deadline, the way go-diff's DiffMain does: Differ.Diff sets
// deadline = time.Now().Add(timeout) and its loop gives up on an optimal
// script once time.Now() is after it. For the inputs a test tries, the
// timeout (a second by default) never fires, so Diff's result depends on
// its arguments alone; but its purity facts say nondeterministic, since
// it reads the clock. The timeout is set in whole seconds, so no timeout
// a test sets fires in one run and not the next (internal/runner/opwatch.go
// says why a timeout about as long as a run is out of reach).
//
// Its deltas (edit scripts as text) feed the rest of the API: FromDelta
// parses one into a Script (checked by a checksum, so a delta worth
// parsing comes from Diff), Apply replays a script, Summary tells what a
// script does. A search that treats every result of Diff as
// clock-made learns nothing from those calls; the generator's clock
// watch reruns the sequences that call Diff and trusts its results once
// they agree.
package deadline

import (
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
	"time"
)

// Op is what an edit does.
type Op int8

// The edit operations.
const (
	Delete Op = -1
	Equal  Op = 0
	Insert Op = 1
)

// Edit is one step of an edit script: Text deleted from the source,
// inserted, or kept.
type Edit struct {
	Op   Op
	Text string
}

// Script is an edit script from one string to another. FromDelta makes
// one from a delta, so a test gets a script worth replaying from Diff.
type Script struct {
	src   string
	edits []Edit
}

// Edits returns the script's steps.
func (s *Script) Edits() []Edit { return append([]Edit(nil), s.edits...) }

// Differ computes edit scripts between two strings.
type Differ struct {
	// TimeoutSeconds bounds how long Diff searches for a shortest script,
	// in seconds; 0 is no bound. Past it, Diff returns a script that
	// deletes and inserts what is left.
	TimeoutSeconds int
}

// New returns a Differ with a one-second timeout.
func New() *Differ { return &Differ{TimeoutSeconds: 1} }

// Diff returns the delta (see Delta) of an edit script turning a into b,
// shortest unless the timeout fires first.
func (d *Differ) Diff(a, b string) string { return d.script(a, b).Delta() }

func (d *Differ) script(a, b string) *Script {
	var deadline time.Time
	if d.TimeoutSeconds != 0 {
		deadline = time.Now().Add(time.Duration(d.TimeoutSeconds) * time.Second)
	}
	ra, rb := []rune(a), []rune(b)
	// Common prefix and suffix first.
	p := 0
	for p < len(ra) && p < len(rb) && ra[p] == rb[p] {
		p++
	}
	s := 0
	for s < len(ra)-p && s < len(rb)-p && ra[len(ra)-1-s] == rb[len(rb)-1-s] {
		s++
	}
	var out []Edit
	if p > 0 {
		out = append(out, Edit{Equal, string(ra[:p])})
	}
	out = append(out, lcs(ra[p:len(ra)-s], rb[p:len(rb)-s], deadline)...)
	if s > 0 {
		out = append(out, Edit{Equal, string(ra[len(ra)-s:])})
	}
	return &Script{src: a, edits: merge(out)}
}

// lcs is the edit script of a longest common subsequence, by dynamic
// programming, checking the deadline every 16 rows.
func lcs(a, b []rune, deadline time.Time) []Edit {
	if len(a) == 0 && len(b) == 0 {
		return nil
	}
	n, m := len(a), len(b)
	t := make([][]int, n+1)
	for i := range t {
		t[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		if !deadline.IsZero() && i%16 == 0 && time.Now().After(deadline) {
			// Out of time: replace the whole middle.
			return []Edit{{Delete, string(a)}, {Insert, string(b)}}
		}
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	var out []Edit
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			out = append(out, Edit{Equal, string(a[i])})
			i, j = i+1, j+1
		case t[i+1][j] >= t[i][j+1]:
			out = append(out, Edit{Delete, string(a[i])})
			i++
		default:
			out = append(out, Edit{Insert, string(b[j])})
			j++
		}
	}
	if i < n {
		out = append(out, Edit{Delete, string(a[i:])})
	}
	if j < m {
		out = append(out, Edit{Insert, string(b[j:])})
	}
	return out
}

// merge joins neighbouring edits of one kind and drops empty ones.
func merge(es []Edit) []Edit {
	var out []Edit
	for _, e := range es {
		if e.Text == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Op == e.Op {
			out[n-1].Text += e.Text
			continue
		}
		out = append(out, e)
	}
	return out
}

// Delta encodes a script as text: tab-separated steps, "=text" kept,
// "-text" deleted, "+text" inserted (with %, tab and newline escaped as
// %25, %09 and %0A), after the steps' checksum (eight hex digits) and a
// colon.
func (s *Script) Delta() string {
	var b strings.Builder
	for i, e := range s.edits {
		if i > 0 {
			b.WriteByte('\t')
		}
		switch e.Op {
		case Equal:
			b.WriteByte('=')
		case Delete:
			b.WriteByte('-')
		default:
			b.WriteByte('+')
		}
		b.WriteString(escaper.Replace(e.Text))
	}
	return fmt.Sprintf("%08x:%s", crc32.ChecksumIEEE([]byte(b.String())), b.String())
}

var (
	escaper   = strings.NewReplacer("%", "%25", "\t", "%09", "\n", "%0A")
	unescaper = strings.NewReplacer("%25", "%", "%09", "\t", "%0A", "\n")
)

// ErrChecksum is FromDelta's error for a delta whose checksum does not
// match its steps: one Delta did not write.
var ErrChecksum = errors.New("deadline: delta checksum does not match")

// FromDelta rebuilds the script a delta encodes.
func FromDelta(delta string) (*Script, error) {
	sum, steps, ok := strings.Cut(delta, ":")
	if !ok || len(sum) != 8 {
		return nil, fmt.Errorf("%w: no checksum", ErrChecksum)
	}
	if want := fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(steps))); sum != want {
		return nil, fmt.Errorf("%w: %s, steps have %s", ErrChecksum, sum, want)
	}
	s := &Script{}
	if steps == "" {
		return s, nil
	}
	var src strings.Builder
	for _, step := range strings.Split(steps, "\t") {
		if step == "" {
			continue // Delta writes none; a hand-made delta may
		}
		text := unescaper.Replace(step[1:])
		op := Insert
		switch step[0] {
		case '=':
			op = Equal
		case '-':
			op = Delete
		}
		if op != Insert {
			src.WriteString(text)
		}
		s.edits = append(s.edits, Edit{op, text})
	}
	s.src = src.String()
	return s, nil
}

// Apply returns the target the script turns its source into, and the
// source itself.
func (s *Script) Apply() (target, source string) {
	var t, src strings.Builder
	for _, e := range s.edits {
		if e.Op != Insert {
			src.WriteString(e.Text)
		}
		if e.Op != Delete {
			t.WriteString(e.Text)
		}
	}
	return t.String(), src.String()
}

// Summary describes a script: "same" when it keeps everything,
// "replace" when it keeps nothing, otherwise how many runes it inserts,
// deletes and keeps, and whether it only appends.
func (s *Script) Summary() string {
	es := s.edits
	var ins, del, eq int
	for _, e := range es {
		n := len([]rune(e.Text))
		switch e.Op {
		case Insert:
			ins += n
		case Delete:
			del += n
		default:
			eq += n
		}
	}
	switch {
	case ins == 0 && del == 0:
		return "same"
	case eq == 0:
		return "replace"
	case del == 0 && len(es) == 2 && es[0].Op == Equal:
		return fmt.Sprintf("append %d", ins)
	case ins == 0 && len(es) == 2 && es[1].Op == Equal:
		return fmt.Sprintf("cut %d", del)
	}
	return fmt.Sprintf("+%d -%d =%d", ins, del, eq)
}
