// Package noopmove is a fixture of methods that return nothing and, on
// some inputs, do nothing, as their documentation says: moving an item
// that belongs to another queue, appending an empty queue, removing an
// item twice (container/list's MoveToBack, MoveToFront and PushBackList,
// issue 31). No mutant shows in what such a call leaves behind, so the
// judge's mutation filter found every read of the queue after it idle;
// the test then checked nothing ("must not panic; it returns nothing, and
// no call here reads what it changes"). A read of the queue says what the
// call did: nothing changed.
package noopmove

// Queue is a double-ended queue of ints that owns its items.
type Queue struct {
	items []*Item
}

// Item is an element of a Queue.
type Item struct {
	Value int
	owner *Queue
}

// New returns an empty queue.
func New() *Queue { return &Queue{} }

// Len returns the number of items in q.
func (q *Queue) Len() int { return len(q.items) }

// Front returns the first item of q, or nil if q is empty.
func (q *Queue) Front() *Item {
	if len(q.items) == 0 {
		return nil
	}
	return q.items[0]
}

// Back returns the last item of q, or nil if q is empty.
func (q *Queue) Back() *Item {
	if len(q.items) == 0 {
		return nil
	}
	return q.items[len(q.items)-1]
}

// PushBack appends v to q and returns its item.
func (q *Queue) PushBack(v int) *Item {
	it := &Item{Value: v, owner: q}
	q.items = append(q.items, it)
	return it
}

// PushFront prepends v to q and returns its item.
func (q *Queue) PushFront(v int) *Item {
	it := &Item{Value: v, owner: q}
	q.items = append([]*Item{it}, q.items...)
	return it
}

func (q *Queue) index(it *Item) int {
	for i, x := range q.items {
		if x == it {
			return i
		}
	}
	return -1
}

// MoveToBack moves it to the back of q. If it is not an item of q, q is
// not modified.
func (q *Queue) MoveToBack(it *Item) {
	if it == nil || it.owner != q {
		return
	}
	i := q.index(it)
	q.items = append(append(q.items[:i:i], q.items[i+1:]...), it)
}

// MoveToFront moves it to the front of q. If it is not an item of q, q is
// not modified.
func (q *Queue) MoveToFront(it *Item) {
	if it == nil || it.owner != q {
		return
	}
	i := q.index(it)
	rest := append(q.items[:i:i], q.items[i+1:]...)
	q.items = append([]*Item{it}, rest...)
}

// Remove removes it from q. If it is not an item of q, q is not modified.
func (q *Queue) Remove(it *Item) {
	if it == nil || it.owner != q {
		return
	}
	i := q.index(it)
	q.items = append(q.items[:i:i], q.items[i+1:]...)
	it.owner = nil
}

// AppendAll appends copies of the values of other to q, in order.
func (q *Queue) AppendAll(other *Queue) {
	if other == nil {
		return
	}
	for _, it := range other.items[:len(other.items):len(other.items)] {
		q.PushBack(it.Value)
	}
}
