// Package selectorlang is a CSS-like selector language matched over a
// small tree built with exported constructors: a selector gentest must
// write as a sentence the parser accepts, then match against a tree that
// has what the selector asks for.
//
//	selector = compound { (" " | ">") compound }
//	compound = [ tag | "*" ] { "#" name | "." name | "[" name [ "=" name ] "]" | ":first" }
package selectorlang

import (
	"fmt"
	"strings"
)

// Node is an element of a tree.
type Node struct {
	Tag      string
	ID       string
	Classes  []string
	Attrs    map[string]string
	Parent   *Node
	Children []*Node
}

// NewNode returns an element with the tag and the classes.
func NewNode(tag string, classes ...string) *Node {
	return &Node{Tag: tag, Classes: classes, Attrs: map[string]string{}}
}

// SetID sets the element's id and returns it.
func (n *Node) SetID(id string) *Node { n.ID = id; return n }

// SetAttr sets an attribute and returns the element.
func (n *Node) SetAttr(k, v string) *Node { n.Attrs[k] = v; return n }

// Append adds child as n's last child and returns n.
func (n *Node) Append(child *Node) *Node {
	if child == nil || child == n || child.Parent != nil {
		return n
	}
	child.Parent = n
	n.Children = append(n.Children, child)
	return n
}

// part is one condition of a compound selector.
type part struct {
	kind byte // 't' tag, '#' id, '.' class, '[' attribute, ':' first child
	name string
	val  string
	eq   bool
}

// step is a compound selector and how it relates to the previous one.
type step struct {
	child bool // '>' before it: a child of the previous match, else a descendant
	parts []part
}

// Selector is a parsed selector.
type Selector struct{ steps []step }

// ParseError is a parse error at a position of the selector.
type ParseError struct {
	Pos int
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("selector: %s at %d", e.Msg, e.Pos) }

func isName(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// Compile parses a selector.
func Compile(src string) (*Selector, error) {
	s := &Selector{}
	i, child := 0, false
	for {
		for i < len(src) && src[i] == ' ' {
			i++
		}
		if i < len(src) && src[i] == '>' {
			if len(s.steps) == 0 || child {
				return nil, &ParseError{i, "unexpected >"}
			}
			child = true
			i++
			continue
		}
		if i >= len(src) {
			break
		}
		st, n, err := compound(src, i)
		if err != nil {
			return nil, err
		}
		st.child = child
		s.steps = append(s.steps, st)
		i, child = n, false
	}
	if len(s.steps) == 0 || child {
		return nil, &ParseError{i, "empty selector"}
	}
	return s, nil
}

func name(src string, i int) (string, int) {
	j := i
	for j < len(src) && isName(src[j]) {
		j++
	}
	return src[i:j], j
}

// compound parses the compound selector at src[i:].
func compound(src string, i int) (step, int, error) {
	var st step
	if i < len(src) && src[i] == '*' {
		i++
	} else if n, j := name(src, i); n != "" {
		st.parts = append(st.parts, part{kind: 't', name: n})
		i = j
	}
	for i < len(src) && src[i] != ' ' && src[i] != '>' {
		c := src[i]
		switch c {
		case '#', '.':
			n, j := name(src, i+1)
			if n == "" {
				return st, 0, &ParseError{i + 1, "name expected"}
			}
			st.parts = append(st.parts, part{kind: c, name: n})
			i = j
		case '[':
			n, j := name(src, i+1)
			if n == "" {
				return st, 0, &ParseError{i + 1, "attribute expected"}
			}
			p := part{kind: '[', name: n}
			if j < len(src) && src[j] == '=' {
				p.eq = true
				p.val, j = name(src, j+1)
			}
			if j >= len(src) || src[j] != ']' {
				return st, 0, &ParseError{j, "] expected"}
			}
			st.parts = append(st.parts, p)
			i = j + 1
		case ':':
			if !strings.HasPrefix(src[i:], ":first") {
				return st, 0, &ParseError{i, "unknown pseudo-class"}
			}
			st.parts = append(st.parts, part{kind: ':'})
			i += len(":first")
		default:
			return st, 0, &ParseError{i, fmt.Sprintf("unexpected %q", c)}
		}
	}
	return st, i, nil
}

// matchPart says whether n meets p.
func matchPart(n *Node, p part) bool {
	switch p.kind {
	case 't':
		return n.Tag == p.name
	case '#':
		return n.ID == p.name
	case '.':
		for _, c := range n.Classes {
			if c == p.name {
				return true
			}
		}
		return false
	case '[':
		v, ok := n.Attrs[p.name]
		if !ok {
			return false
		}
		return !p.eq || v == p.val
	case ':':
		return n.Parent != nil && n.Parent.Children[0] == n
	}
	return false
}

func matchStep(n *Node, st step) bool {
	for _, p := range st.parts {
		if !matchPart(n, p) {
			return false
		}
	}
	return true
}

// matches says whether n matches the selector's steps up to k.
func (s *Selector) matches(n *Node, k int) bool {
	if !matchStep(n, s.steps[k]) {
		return false
	}
	if k == 0 {
		return true
	}
	if s.steps[k].child {
		return n.Parent != nil && s.matches(n.Parent, k-1)
	}
	for a := n.Parent; a != nil; a = a.Parent {
		if s.matches(a, k-1) {
			return true
		}
	}
	return false
}

// Match says whether n matches s.
func (s *Selector) Match(n *Node) bool {
	if n == nil {
		return false
	}
	return s.matches(n, len(s.steps)-1)
}

// Select returns the elements of the tree under root, root included, that
// match s, in document order.
func (s *Selector) Select(root *Node) []*Node {
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if s.Match(n) {
			out = append(out, n)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	if root != nil {
		walk(root)
	}
	return out
}
