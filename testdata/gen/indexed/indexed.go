// Package indexed has containers read element by element: a vector
// shows what it holds only through At and Len, so a fault that misplaces
// an element in the middle shows only when a test reads them all. A list
// that hands out its values as a slice needs no such reading.
package indexed

// Vector is a growable sequence of strings.
type Vector struct {
	xs []string
}

// Len returns the number of elements.
func (v *Vector) Len() int { return len(v.xs) }

// At returns the element at i; it panics if i is out of range.
func (v *Vector) At(i int) string { return v.xs[i] }

// Push appends x.
func (v *Vector) Push(x string) { v.xs = append(v.xs, x) }

// Insert puts x at position at (0 <= at <= Len()), moving the elements
// after it up by one. It reports false and does nothing if at is out of
// range.
func (v *Vector) Insert(at int, x string) bool {
	if at < 0 || at > len(v.xs) {
		return false
	}
	v.xs = append(v.xs, "")
	for i := len(v.xs) - 1; i > at; i-- {
		v.xs[i] = v.xs[i-1]
	}
	v.xs[at] = x
	return true
}

// Reverse reverses the order of the elements.
func (v *Vector) Reverse() {
	for i, j := 0, len(v.xs)-1; i < j; i, j = i+1, j-1 {
		v.xs[i], v.xs[j] = v.xs[j], v.xs[i]
	}
}

// List is a sequence of ints that hands out a copy of its values.
type List struct {
	xs []int
}

// Len returns the number of values.
func (l *List) Len() int { return len(l.xs) }

// Get returns the value at i and whether i is in range.
func (l *List) Get(i int) (int, bool) {
	if i < 0 || i >= len(l.xs) {
		return 0, false
	}
	return l.xs[i], true
}

// Add appends x.
func (l *List) Add(x int) { l.xs = append(l.xs, x) }

// Values returns a copy of the values.
func (l *List) Values() []int { return append([]int(nil), l.xs...) }
