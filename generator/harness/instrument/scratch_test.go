package instrument

import "testing"

func TestScratch(t *testing.T) {
	out, tab := instrumentSrc(t, `package p

type N int
type B bool

func F(x int, u uint64, f float32, s string, n N, b B) int {
	if x == 42 {
		return 1
	} else if u > 1<<63 && !(f < 0.1) || s != "abc" {
		return 2
	}
	for i := 0; i < x; i++ {
		if n >= 3 { break }
	}
	if b { x++ }
L:
	x--
	if x > 100 { goto L }
	switch y := x * 2; y {
	case 1, 2:
		x = 3
		fallthrough
	case 5:
	default:
	}
	var any interface{} = x
	switch v := any.(type) {
	case int, string:
		_ = v
	case nil:
	default:
	}
	switch {
	case x > 3:
	case s == "x" && u == 0:
	}
	var bb B = x > 3 && u < 4
	_ = bb
	return 0
}
`)
	t.Log(out)
	for _, c := range tab.Conds {
		t.Logf("%+v", c)
	}
}
