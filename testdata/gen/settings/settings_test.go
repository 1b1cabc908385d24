package settings_test

import (
	"testing"

	"example.com/settings/pkg"
)

func TestDefaults(t *testing.T) {
	if got := settings.Join("a", "b"); got != "a,b" {
		t.Errorf("Join = %q, want a,b", got)
	}
	if got := settings.Names(); got != 2 {
		t.Errorf("Names = %d, want 2", got)
	}
	if got, err := settings.Apply("nope", "x"); err != nil || got != "x" {
		t.Errorf("Apply(nope) = %q, %v; want x, nil (not strict)", got, err)
	}
}

func TestApply(t *testing.T) {
	if got, _ := settings.Apply("upper", "go"); got != "GO" {
		t.Errorf("Apply(upper) = %q", got)
	}
}

func TestDefaultFormatter(t *testing.T) {
	if got := settings.Format("a"); got != "> a" {
		t.Errorf("Format = %q, want > a", got)
	}
	if got := settings.Default().Hooks(); got != 0 {
		t.Errorf("Hooks = %d, want 0", got)
	}
}
