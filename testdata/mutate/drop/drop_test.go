package drop

import "testing"

func TestAddSub(t *testing.T) {
	if Add(2, 3) != 5 || Sub(2, 3) != -1 {
		t.Error("Add or Sub is wrong")
	}
}
