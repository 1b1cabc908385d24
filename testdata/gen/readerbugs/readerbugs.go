// Package readerbugs plants a runtime panic of issue 32's class of
// parsers that read an io.Reader (x/net/html's Parse, GO-2020-0014 and
// its siblings in the bug benchmark): the panic needs a sentence of three
// tags in a certain order, which only the sentence search grows, and the
// parser takes its input as a reader, not as text.
//
// Bug: Parse of "<item><note></item>" indexes below the bottom of its
// stack of open elements: ending an element that holds open ones looks
// up its parent, and an element opened at the top level has none.
//
// Not a bug: Parse of "<list><item><note></item>", "<note></item>"
// (an error: no item is open) and of any text without tags.
package readerbugs

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Node is an element of a document, or its root (Name "").
type Node struct {
	Name     string
	Text     string
	Children []*Node
}

// Parse reads a document of nested <list>, <item> and <note> elements
// and text from r. An element left open at the end of the input ends
// there. It returns an error for an unknown tag or an end tag with no
// element of its name open.
func Parse(r io.Reader) (*Node, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("readerbugs: %w", err)
	}
	root := &Node{}
	var open []*Node // the open elements, innermost last; the root is not in it
	parent := func() *Node {
		if len(open) == 0 {
			return root
		}
		return open[len(open)-1]
	}
	s := string(data)
	for s != "" {
		i := strings.IndexByte(s, '<')
		if i != 0 {
			if i < 0 {
				i = len(s)
			}
			p := parent()
			p.Text += s[:i]
			s = s[i:]
			continue
		}
		j := strings.IndexByte(s, '>')
		if j < 0 {
			return nil, errors.New("readerbugs: unterminated tag")
		}
		tag := s[:j+1]
		s = s[j+1:]
		switch tag {
		case "<list>", "<item>", "<note>":
			n := &Node{Name: tag[1 : len(tag)-1]}
			p := parent()
			p.Children = append(p.Children, n)
			open = append(open, n)
		case "</list>", "</item>", "</note>":
			name := tag[2 : len(tag)-1]
			k := len(open) - 1
			for k >= 0 && open[k].Name != name {
				k--
			}
			if k < 0 {
				return nil, fmt.Errorf("readerbugs: %s with no <%s> open", tag, name)
			}
			if k < len(open)-1 {
				// The elements still open inside the one that ends end
				// with it, and its parent takes their text. The bug: an
				// element at the top level has no parent in open.
				up := open[k-1]
				for _, n := range open[k+1:] {
					up.Text += n.Text
				}
			}
			open = open[:k]
		default:
			return nil, fmt.Errorf("readerbugs: unknown tag %q", tag)
		}
	}
	return root, nil
}

// Count returns the number of elements named name under n.
func Count(n *Node, name string) int {
	c := 0
	for _, ch := range n.Children {
		if ch.Name == name {
			c++
		}
		c += Count(ch, name)
	}
	return c
}
