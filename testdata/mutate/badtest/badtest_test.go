package badtest

import "testing"

func TestF(t *testing.T) {
	var s string = F(1)
	_ = s
}
