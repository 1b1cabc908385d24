// Package enumloop holds a loop that switches on an enum and advances
// only in its members' cases, as go-diff's DiffCleanupMerge does: for an
// Edit whose Kind is none of Delete, Keep and Insert, Merge never ends.
// Next to it are ordinary branches to cover. A search must learn, after a
// few timeouts, to draw Kinds among the members instead of setting the
// same trap again and again.
package enumloop

import (
	"fmt"
	"strings"
)

// Kind says what an Edit does.
type Kind int

// The kinds of edit.
const (
	Delete Kind = -1
	Keep   Kind = 0
	Insert Kind = 1
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Delete:
		return "delete"
	case Keep:
		return "keep"
	case Insert:
		return "insert"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Edit is one step of a diff.
type Edit struct {
	Kind Kind
	Text string
}

// Merge joins adjacent edits of the same kind and drops empty ones.
func Merge(edits []Edit) []Edit {
	var out []Edit
	i := 0
	for i < len(edits) {
		e := edits[i]
		switch e.Kind {
		case Delete, Insert, Keep:
			if e.Text == "" {
				i++
				continue
			}
			if n := len(out); n > 0 && out[n-1].Kind == e.Kind {
				out[n-1].Text += e.Text
			} else {
				out = append(out, e)
			}
			i++
		}
	}
	return out
}

// Apply returns the text an edit script turns src into, or an error when
// a kept or deleted text is not where the script says.
func Apply(src string, edits []Edit) (string, error) {
	var b strings.Builder
	for _, e := range Merge(edits) {
		switch e.Kind {
		case Insert:
			b.WriteString(e.Text)
		case Keep, Delete:
			if !strings.HasPrefix(src, e.Text) {
				return "", fmt.Errorf("enumloop: %s %q does not match %q", e.Kind, e.Text, src)
			}
			if e.Kind == Keep {
				b.WriteString(e.Text)
			}
			src = src[len(e.Text):]
		}
	}
	if src != "" {
		return "", fmt.Errorf("enumloop: %q left over", src)
	}
	return b.String(), nil
}

// Counts returns how many characters the script deletes and inserts.
func Counts(edits []Edit) (deleted, inserted int) {
	for _, e := range Merge(edits) {
		switch e.Kind {
		case Delete:
			deleted += len(e.Text)
		case Insert:
			inserted += len(e.Text)
		}
	}
	return deleted, inserted
}
