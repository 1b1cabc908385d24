package instrument

import (
	"bytes"
	"fmt"
	"sort"
)

// Edits are applied to the original bytes, like cmd/cover does, instead of
// printing a rewritten AST: everything not touched (comments, //line and
// //go: directives, build constraints, formatting) survives verbatim, and no
// inserted text contains a newline, so line numbers do not move.

// editClass orders edits at the same offset. Wrappers nest: the closing
// text of inner expressions must precede that of outer ones, and statements
// (block counters) precede the opening text of an expression starting at the
// same place.
type editClass int

const (
	classClose   editClass = iota // text closing an expression wrapper
	classStmt                     // a statement or brace inserted between statements
	classOpen                     // text opening an expression wrapper
	classReplace                  // a replacement of original bytes
)

type edit struct {
	start, end int // byte offsets; start == end for insertions
	text       string
	class      editClass
	seq        int // emission order, ties broken by it
}

type editBuf struct {
	edits []edit
}

func (b *editBuf) add(start, end int, text string, class editClass) {
	b.edits = append(b.edits, edit{start: start, end: end, text: text, class: class, seq: len(b.edits)})
}

// apply returns src with all edits applied. Closing texts at one offset are
// applied in emission order; since a wrapper's closing text is emitted after
// the wrapped expression was walked, inner wrappers close first. Opening
// texts are emitted outer first, so they also come out in emission order.
func (b *editBuf) apply(src []byte) ([]byte, error) {
	es := b.edits
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].start != es[j].start {
			return es[i].start < es[j].start
		}
		if es[i].class != es[j].class {
			return es[i].class < es[j].class
		}
		return es[i].seq < es[j].seq
	})
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/2)
	pos := 0
	for _, e := range es {
		if e.start < pos || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("internal error: overlapping edits at offset %d", e.start)
		}
		out.Write(src[pos:e.start])
		out.WriteString(e.text)
		pos = e.end
	}
	out.Write(src[pos:])
	return out.Bytes(), nil
}
