package failing

import "testing"

func TestF(t *testing.T) {
	if F(1) != 3 {
		t.Error("F(1) != 3")
	}
}
