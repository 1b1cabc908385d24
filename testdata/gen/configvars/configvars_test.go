package configvars_test

import (
	"testing"

	"example.com/configvars/pkg"
)

// The defaults are what they were before any generated test ran: every
// test that changed a variable put it back.
func TestDefaults(t *testing.T) {
	if !configvars.Lenient || !configvars.Detailed || configvars.Quoted {
		t.Errorf("Lenient=%v Detailed=%v Quoted=%v, want true true false", configvars.Lenient, configvars.Detailed, configvars.Quoted)
	}
	if got, err := configvars.Parse(" +7"); err != nil || got != 7 {
		t.Errorf("Parse(\" +7\") = %d, %v; want 7, nil", got, err)
	}
}
