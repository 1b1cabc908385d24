package purityobsclass

import "testing"

// counting is a fixture that mutates in String on purpose, to test what
// a caller does with such a value: not reported.
type counting struct{ calls int }

func (c *counting) String() string {
	c.calls++
	return "counting"
}

func TestCounting(t *testing.T) {
	c := &counting{}
	_ = c.String()
	if c.calls != 1 {
		t.Fatal(c.calls)
	}
}
