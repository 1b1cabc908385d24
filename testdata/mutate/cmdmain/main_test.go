package main

import "testing"

func TestDouble(t *testing.T) {
	if double(2) != 4 {
		t.Error("double(2) != 4")
	}
}
