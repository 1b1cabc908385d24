// Key.Strings with an empty delimiter never returns on a non-empty value
// (gopkg.in/ini.v1 v1.68.0): strings.HasPrefix(str[i:], "") is always
// true, so the loop appends empty parts without advancing. Ints, Uint64s,
// StrictUint64s, ValidUint64s and the other list getters call Strings and
// hang the same way. Reached by gentest (60 s, seed 1); see found.md.
package repro

import (
	"testing"
	"time"

	"gopkg.in/ini.v1"
)

func TestRepro(t *testing.T) {
	f := ini.Empty()
	k, err := f.Section("").NewKey("a", "1")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []string, 1)
	go func() { done <- k.Strings("") }()
	select {
	case v := <-done:
		t.Logf("Strings(\"\") = %q", v)
	// 3 s, not 10: the loop also grows a slice, and memory with it.
	case <-time.After(3 * time.Second):
		t.Fatal("bug: Key.Strings(\"\") on the value \"1\" did not return in 3 s")
	}
}
