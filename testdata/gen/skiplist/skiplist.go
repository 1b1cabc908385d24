// Package skiplist is a fixture of a container ordered by a comparator,
// func(a, b K) int: a skip list whose search, insertion, deletion and
// range queries all branch on the comparator's sign. A comparator that
// always answers 0 keeps one element and never walks a level; one that
// compares its arguments is what orders anything.
package skiplist

import "errors"

// MaxLevel bounds the levels of the list.
const MaxLevel = 8

// ErrEmpty is returned by Min and Max on an empty list.
var ErrEmpty = errors.New("skiplist: empty")

// ErrRange is returned by Range when from is after to.
var ErrRange = errors.New("skiplist: from after to")

type node[K, V any] struct {
	key  K
	val  V
	next []*node[K, V]
}

// List is a skip list mapping keys to values in the order of its
// comparator.
type List[K, V any] struct {
	cmp   func(a, b K) int
	head  *node[K, V]
	level int
	n     int
	seed  uint32
}

// New returns an empty list ordered by cmp, which returns a negative
// number, zero or a positive number as a is less than, equal to or
// greater than b.
func New[K, V any](cmp func(a, b K) int) *List[K, V] {
	return &List[K, V]{cmp: cmp, head: &node[K, V]{next: make([]*node[K, V], MaxLevel)}, level: 1, seed: 2463534242}
}

// randomLevel draws a level from the list's own xorshift generator, so
// that a list's shape depends only on its insertions.
func (l *List[K, V]) randomLevel() int {
	lvl := 1
	for lvl < MaxLevel {
		l.seed ^= l.seed << 13
		l.seed ^= l.seed >> 17
		l.seed ^= l.seed << 5
		if l.seed%4 != 0 {
			break
		}
		lvl++
	}
	return lvl
}

// Len returns the number of keys.
func (l *List[K, V]) Len() int { return l.n }

// Level returns the number of levels in use.
func (l *List[K, V]) Level() int { return l.level }

// path fills update with the last node before key on each level and
// returns the node at key's place on the lowest level.
func (l *List[K, V]) path(key K, update []*node[K, V]) *node[K, V] {
	x := l.head
	for i := l.level - 1; i >= 0; i-- {
		for x.next[i] != nil && l.cmp(x.next[i].key, key) < 0 {
			x = x.next[i]
		}
		if update != nil {
			update[i] = x
		}
	}
	return x.next[0]
}

// Set maps key to val and reports whether key was new.
func (l *List[K, V]) Set(key K, val V) bool {
	update := make([]*node[K, V], MaxLevel)
	x := l.path(key, update)
	if x != nil && l.cmp(x.key, key) == 0 {
		x.val = val
		return false
	}
	lvl := l.randomLevel()
	if lvl > l.level {
		for i := l.level; i < lvl; i++ {
			update[i] = l.head
		}
		l.level = lvl
	}
	nd := &node[K, V]{key: key, val: val, next: make([]*node[K, V], lvl)}
	for i := 0; i < lvl; i++ {
		nd.next[i] = update[i].next[i]
		update[i].next[i] = nd
	}
	l.n++
	return true
}

// Get returns the value of key and whether the list holds it.
func (l *List[K, V]) Get(key K) (V, bool) {
	x := l.path(key, nil)
	if x != nil && l.cmp(x.key, key) == 0 {
		return x.val, true
	}
	var zero V
	return zero, false
}

// Delete removes key and reports whether the list held it.
func (l *List[K, V]) Delete(key K) bool {
	update := make([]*node[K, V], MaxLevel)
	x := l.path(key, update)
	if x == nil || l.cmp(x.key, key) != 0 {
		return false
	}
	for i := 0; i < l.level; i++ {
		if update[i].next[i] != x {
			break
		}
		update[i].next[i] = x.next[i]
	}
	for l.level > 1 && l.head.next[l.level-1] == nil {
		l.level--
	}
	l.n--
	return true
}

// Min returns the least key.
func (l *List[K, V]) Min() (K, error) {
	if l.n == 0 {
		var zero K
		return zero, ErrEmpty
	}
	return l.head.next[0].key, nil
}

// Max returns the greatest key.
func (l *List[K, V]) Max() (K, error) {
	if l.n == 0 {
		var zero K
		return zero, ErrEmpty
	}
	x := l.head
	for i := l.level - 1; i >= 0; i-- {
		for x.next[i] != nil {
			x = x.next[i]
		}
	}
	return x.key, nil
}

// Ceiling returns the least key not less than key, and whether there is
// one.
func (l *List[K, V]) Ceiling(key K) (K, bool) {
	x := l.path(key, nil)
	if x == nil {
		var zero K
		return zero, false
	}
	return x.key, true
}

// Keys returns the keys in order.
func (l *List[K, V]) Keys() []K {
	var out []K
	for x := l.head.next[0]; x != nil; x = x.next[0] {
		out = append(out, x.key)
	}
	return out
}

// Range returns the keys k with from <= k < to, in order.
func (l *List[K, V]) Range(from, to K) ([]K, error) {
	if l.cmp(from, to) > 0 {
		return nil, ErrRange
	}
	var out []K
	for x := l.path(from, nil); x != nil && l.cmp(x.key, to) < 0; x = x.next[0] {
		out = append(out, x.key)
	}
	return out, nil
}
