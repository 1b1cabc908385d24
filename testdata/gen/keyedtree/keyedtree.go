// Package keyedtree is a fixture of keyed containers whose interesting
// branches need many insertions of distinct keys and then the removal of a
// key the container holds: an AVL tree ordered by a comparator over
// empty-interface keys (the comparator asserts one dynamic type, so keys
// of another kind panic), whose removal rebalances only in trees of four
// or more nodes, and only when the removed key is present.
package keyedtree

import "strings"

// Comparator orders keys: negative, zero or positive as a is less than,
// equal to or greater than b.
type Comparator func(a, b any) int

// IntComparator orders int keys; it panics on keys of another type.
func IntComparator(a, b any) int {
	x, y := a.(int), b.(int)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// StringComparator orders string keys; it panics on keys of another type.
func StringComparator(a, b any) int {
	return strings.Compare(a.(string), b.(string))
}

type node struct {
	key, value  any
	left, right *node
	height      int
}

// Tree is an AVL tree mapping keys to values.
type Tree struct {
	root *node
	size int
	cmp  Comparator
}

// NewWith returns an empty tree ordered by cmp.
func NewWith(cmp Comparator) *Tree { return &Tree{cmp: cmp} }

// NewInts returns an empty tree of int keys.
func NewInts() *Tree { return NewWith(IntComparator) }

// NewStrings returns an empty tree of string keys.
func NewStrings() *Tree { return NewWith(StringComparator) }

// Len returns the number of keys in the tree.
func (t *Tree) Len() int { return t.size }

// Height returns the height of the tree: 0 when it is empty.
func (t *Tree) Height() int { return height(t.root) }

// Put maps key to value, replacing the value of a key already present.
func (t *Tree) Put(key, value any) {
	t.root = t.put(t.root, key, value)
}

func (t *Tree) put(n *node, key, value any) *node {
	if n == nil {
		t.size++
		return &node{key: key, value: value, height: 1}
	}
	switch c := t.cmp(key, n.key); {
	case c < 0:
		n.left = t.put(n.left, key, value)
	case c > 0:
		n.right = t.put(n.right, key, value)
	default:
		n.value = value
		return n
	}
	return rebalance(n)
}

// Get returns the value of key and whether the tree holds it.
func (t *Tree) Get(key any) (any, bool) {
	n := t.root
	for n != nil {
		switch c := t.cmp(key, n.key); {
		case c < 0:
			n = n.left
		case c > 0:
			n = n.right
		default:
			return n.value, true
		}
	}
	return nil, false
}

// Remove deletes key and reports whether the tree held it.
func (t *Tree) Remove(key any) bool {
	var found bool
	t.root, found = t.remove(t.root, key)
	if found {
		t.size--
	}
	return found
}

func (t *Tree) remove(n *node, key any) (*node, bool) {
	if n == nil {
		return nil, false
	}
	var found bool
	switch c := t.cmp(key, n.key); {
	case c < 0:
		n.left, found = t.remove(n.left, key)
	case c > 0:
		n.right, found = t.remove(n.right, key)
	default:
		found = true
		if n.left == nil {
			return n.right, true
		}
		if n.right == nil {
			return n.left, true
		}
		// Two children: the successor takes the node's place.
		succ := n.right
		for succ.left != nil {
			succ = succ.left
		}
		n.key, n.value = succ.key, succ.value
		n.right, _ = t.remove(n.right, succ.key)
	}
	if !found {
		return n, false
	}
	return rebalanceAfterRemove(n), true
}

// Keys returns the keys in order.
func (t *Tree) Keys() []any {
	var out []any
	var walk func(*node)
	walk = func(n *node) {
		if n == nil {
			return
		}
		walk(n.left)
		out = append(out, n.key)
		walk(n.right)
	}
	walk(t.root)
	return out
}

func height(n *node) int {
	if n == nil {
		return 0
	}
	return n.height
}

func balance(n *node) int { return height(n.left) - height(n.right) }

func fix(n *node) {
	n.height = 1 + max(height(n.left), height(n.right))
}

func rotateRight(n *node) *node {
	l := n.left
	n.left = l.right
	l.right = n
	fix(n)
	fix(l)
	return l
}

func rotateLeft(n *node) *node {
	r := n.right
	n.right = r.left
	r.left = n
	fix(n)
	fix(r)
	return r
}

// rebalance restores the AVL balance at n after an insertion below it.
func rebalance(n *node) *node {
	fix(n)
	switch b := balance(n); {
	case b > 1 && balance(n.left) >= 0:
		return rotateRight(n)
	case b > 1:
		n.left = rotateLeft(n.left)
		return rotateRight(n)
	case b < -1 && balance(n.right) <= 0:
		return rotateLeft(n)
	case b < -1:
		n.right = rotateRight(n.right)
		return rotateLeft(n)
	}
	return n
}

// rebalanceAfterRemove restores the balance at n after a removal below it.
// Unlike an insertion, a removal can leave the taller child balanced,
// which takes a single rotation that keeps the height: a case only trees
// of several levels reach.
func rebalanceAfterRemove(n *node) *node {
	fix(n)
	switch b := balance(n); {
	case b > 1 && balance(n.left) == 0:
		n = rotateRight(n)
		return n
	case b > 1 && balance(n.left) > 0:
		return rotateRight(n)
	case b > 1:
		n.left = rotateLeft(n.left)
		return rotateRight(n)
	case b < -1 && balance(n.right) == 0:
		n = rotateLeft(n)
		return n
	case b < -1 && balance(n.right) < 0:
		return rotateLeft(n)
	case b < -1:
		n.right = rotateRight(n.right)
		return rotateLeft(n)
	}
	return n
}
