package sysmem

import "testing"

func TestStatmResident(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1230 456 78 9 0 100 0\n", 456, true},
		{"1230 456", 456, true},
		{"1230  77 1\n", 77, true},
		{"1230\n", 0, false},
		{"1230 x 1\n", 0, false},
		{"1230 45x 1\n", 0, false},
		{"", 0, false},
		{"1 9999999999999999999 2\n", 0, false}, // past int64
	} {
		got, ok := statmResident([]byte(c.in))
		if got != c.want && c.ok || ok != c.ok {
			t.Errorf("statmResident(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
