package generator_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// TestFocusTargets: with -run the written file tests the selection only:
// the functions it leaves out are never called (nothing needs them to
// build an input), and the selected ones are; the file's stamp records the
// selection.
func TestFocusTargets(t *testing.T) {
	endToEnd(t)
	for _, tc := range []struct {
		run       string
		want, not []string
	}{
		{"^Abs$", []string{"focus.Abs("}, []string{"focus.Clamp(", "focus.Sign(", "focus.NewStack("}},
		{"Stack", []string{"focus.NewStack(", ".Pop()"}, []string{"focus.Abs(", "focus.Clamp(", "focus.Sign("}},
	} {
		t.Run(tc.run, func(t *testing.T) {
			dir := scratchModule(t, "../testdata/gen/focus", "example.com/focus")
			_, src := genConfig(t, generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 2000, Seed: 1, Workers: 2,
				CallTimeout: 300 * time.Millisecond, Run: tc.run})
			for _, w := range tc.want {
				if !bytes.Contains(src, []byte(w)) {
					t.Errorf("-run %s: the file never calls %s\n%s", tc.run, w, src)
				}
			}
			for _, n := range tc.not {
				if bytes.Contains(src, []byte(n)) {
					t.Errorf("-run %s: the file calls %s, outside the selection\n%s", tc.run, n, src)
				}
			}
			if !strings.Contains(string(src), "run="+tc.run+"\n") {
				t.Errorf("-run %s: the stamp does not record the selection\n%s", tc.run, src)
			}
		})
	}
}
