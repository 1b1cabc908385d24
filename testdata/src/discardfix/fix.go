// Package discardfix holds discarded results whose fix is mechanical: a
// method with a value receiver that returns the changed value (a Reset
// returning buf[:0]) called as if it changed its receiver.
package discardfix

// Buf is a byte buffer whose methods return the new buffer.
type Buf []byte

// Reset returns the buffer emptied.
func (b Buf) Reset() Buf { return b[:0] }

// Grow returns the buffer with room for n more bytes.
func (b Buf) Grow(n int) Buf {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make(Buf, len(b), 2*cap(b)+n)
	copy(nb, b)
	return nb
}

// Len is the buffer's length.
func (b Buf) Len() int { return len(b) }

type iter struct {
	cur  Buf
	next *iter
}

func (it *iter) clear() {
	it.cur.Reset()      // want `result of \(discardfix.Buf\).Reset is discarded; the call has no effect: it returns the new value, assign it back`
	it.next.cur.Grow(8) // want `result of \(discardfix.Buf\).Grow is discarded`
}

func local() int {
	var b Buf
	b.Reset() // want `result of \(discardfix.Buf\).Reset is discarded`
	b.Len()   // want `result of \(discardfix.Buf\).Len is discarded; the call has no effect: use the result, or remove the call`
	return len(b)
}

func chained() {
	Buf(nil).Grow(1) // want `result of \(discardfix.Buf\).Grow is discarded; the call has no effect: use the result, or remove the call`
}
