package basic

import "testing"

func TestAdult(t *testing.T) {
	if !Adult(30) {
		t.Error("Adult(30) = false")
	}
	if Adult(5) {
		t.Error("Adult(5) = true")
	}
}

func TestAdd(t *testing.T) {
	if got := Add(2, 3); got != 5 {
		t.Errorf("Add(2, 3) = %d", got)
	}
}

func TestCheck(t *testing.T) {
	if err := Check(4); err != nil {
		t.Error(err)
	}
}
