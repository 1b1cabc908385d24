package rt

import (
	"runtime"
	"strings"
	"testing"
)

// The linker escapes the dots of an import path's last element in
// function names: panicSite must look for gopkg.in/yaml%2ev3's frames,
// not gopkg.in/yaml.v3's (issue 32).
func TestSymbolPrefix(t *testing.T) {
	for in, want := range map[string]string{
		"gopkg.in/yaml.v3":            "gopkg.in/yaml%2ev3",
		"github.com/buger/jsonparser": "github.com/buger/jsonparser",
		"example.com/a.b/c":           "example.com/a.b/c",
		"x/go.dot.d":                  "x/go%2edot%2ed",
	} {
		if got := SymbolPrefix(in); got != want {
			t.Errorf("SymbolPrefix(%q) = %q, want %q", in, got, want)
		}
	}
	// This package's own frames, whose path has no dot in its last
	// element, are spelt as the path is.
	pc, _, _, _ := runtime.Caller(0)
	fn := runtime.FuncForPC(pc).Name()
	if !strings.HasPrefix(fn, SymbolPrefix("github.com/gentest-go/gentest/internal/harness/rt")+".") {
		t.Errorf("frame %q does not start with the symbol prefix", fn)
	}
}
