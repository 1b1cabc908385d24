package loop

import "testing"

func TestSum(t *testing.T) {
	if got := Sum(4); got != 10 {
		t.Errorf("Sum(4) = %d", got)
	}
}
