package shapes // want package:`types\(shapes.Buffer:zero shapes.Shape:interface shapes.Stack\[T any\]:zero\) impl\(\)`

// This package declares an interface implemented elsewhere and a type whose
// documentation, not its structure, makes its zero value usable.

// Shape is implemented by package impl, which shapes does not import.
type Shape interface {
	Area() float64
}

// Buffer collects bytes. The zero value is ready to use.
type Buffer struct {
	next *Buffer // lazily allocated: structurally this would need a constructor
	data []byte
}

// Total sums the areas of shapes.
func Total(s ...Shape) float64 {
	var t float64
	for _, x := range s {
		t += x.Area()
	}
	return t
}

// Stack is generic: it implements nothing until instantiated, and its
// operations are marked Generic.
type Stack[T any] struct{ items []T }

// Push consumes a T.
func (s *Stack[T]) Push(x ...T) { s.items = append(s.items, x...) }

// Map is a generic function.
func Map[T, U any](xs []T, f func(T) U) []U { return nil }
