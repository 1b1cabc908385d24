package a

// Grow grows the buffer. If n is negative, Grow will panic.
func Grow(n int) int { return make([]int, n)[0:0:n][0] } // want Grow:"panics: If n is negative, Grow will panic."

// Len never panics.
func Len(s []int) int { return len(s) }

// Buffer is a buffer.
type Buffer struct{ b []byte }

// Truncate discards all but n bytes. It panics if n is out of range.
func (b *Buffer) Truncate(n int) { b.b = b.b[:n] } // want Truncate:"panics: It panics if n is out of range."

// Safe returns a copy without panicking.
func (b *Buffer) Safe() []byte { return append([]byte(nil), b.b...) }

func undocumented(n int) int { return n }
