// Package splittree is a fixture of the class of state that needs many
// calls (issue 34): a two-level index whose leaves split only when they
// hold maxEntries distinct keys, so that the split path, the sorting and
// the routing through the new root are reachable only with at least 64
// distinct inserts in one sequence.
package splittree

import (
	"errors"
	"sort"
)

// maxEntries is the capacity of a leaf: the 65th distinct key splits it.
const maxEntries = 64

// ErrNotFound is returned by Get for a key the tree does not hold.
var ErrNotFound = errors.New("splittree: not found")

type entry struct {
	key int
	val string
}

type leaf struct {
	entries []entry
}

// Tree maps int keys to strings.
type Tree struct {
	leaves []*leaf // in key order; bounds[i] is the least key of leaves[i+1]
	bounds []int
	size   int
	splits int
}

// New returns an empty tree.
func New() *Tree { return &Tree{leaves: []*leaf{{}}} }

// Insert sets key to val and reports whether the key is new.
func (t *Tree) Insert(key int, val string) bool {
	l := t.leaves[t.route(key)]
	for i := range l.entries {
		if l.entries[i].key == key {
			l.entries[i].val = val
			return false
		}
	}
	l.entries = append(l.entries, entry{key, val})
	t.size++
	if len(l.entries) > maxEntries {
		t.split(t.route(key))
	}
	return true
}

// route returns the index of the leaf that holds key.
func (t *Tree) route(key int) int {
	return sort.Search(len(t.bounds), func(i int) bool { return t.bounds[i] > key })
}

// split divides leaf i into two halves around its median key.
func (t *Tree) split(i int) {
	l := t.leaves[i]
	sort.Slice(l.entries, func(a, b int) bool { return l.entries[a].key < l.entries[b].key })
	mid := len(l.entries) / 2
	right := &leaf{entries: append([]entry(nil), l.entries[mid:]...)}
	l.entries = l.entries[:mid]
	t.leaves = append(t.leaves, nil)
	copy(t.leaves[i+2:], t.leaves[i+1:])
	t.leaves[i+1] = right
	t.bounds = append(t.bounds, 0)
	copy(t.bounds[i+1:], t.bounds[i:])
	t.bounds[i] = right.entries[0].key
	t.splits++
}

// Get returns the value of key.
func (t *Tree) Get(key int) (string, error) {
	for _, e := range t.leaves[t.route(key)].entries {
		if e.key == key {
			return e.val, nil
		}
	}
	return "", ErrNotFound
}

// Len returns the number of keys.
func (t *Tree) Len() int { return t.size }

// Height is 1 for a single leaf and 2 once a leaf has split.
func (t *Tree) Height() int {
	if len(t.leaves) == 1 {
		return 1
	}
	return 2
}

// Splits returns how many times a leaf split.
func (t *Tree) Splits() int { return t.splits }

// Keys returns the keys in order.
func (t *Tree) Keys() []int {
	var out []int
	for _, l := range t.leaves {
		ks := make([]int, 0, len(l.entries))
		for _, e := range l.entries {
			ks = append(ks, e.key)
		}
		sort.Ints(ks)
		out = append(out, ks...)
	}
	return out
}

// Cache is a set of named values that evicts its oldest name when it holds
// more than maxEntries.
type Cache struct {
	order   []string
	vals    map[string]int
	evicted int
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{vals: map[string]int{}} }

// Put sets name to v, evicting the oldest name past the capacity, and
// returns the name it evicted ("" for none).
func (c *Cache) Put(name string, v int) string {
	if _, ok := c.vals[name]; ok {
		c.vals[name] = v
		return ""
	}
	c.vals[name] = v
	c.order = append(c.order, name)
	if len(c.order) <= maxEntries {
		return ""
	}
	old := c.order[0]
	c.order = c.order[1:]
	delete(c.vals, old)
	c.evicted++
	return old
}

// Evicted returns how many names the cache evicted.
func (c *Cache) Evicted() int { return c.evicted }

// Lookup returns the value of name.
func (c *Cache) Lookup(name string) (int, bool) {
	v, ok := c.vals[name]
	return v, ok
}
