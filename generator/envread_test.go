package generator_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Results computed from the environment are not pinned (issue 31's
// review: go-runewidth's TestIsEastAsian asserted false, which fails
// under LANG=ja_JP.UTF-8): the written file passes under another LANG
// than the executor's, and its notes name the environment as the cause,
// while Width, which reads none, is still checked.
func TestEnvironmentNotPinned(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/envread", "example.com/envread")
	_, src := gen(t, dir, 3000, 1)
	text := string(src)
	if !strings.Contains(text, "depends on the environment") {
		t.Errorf("no note names the environment:\n%s", text)
	}
	if !strings.Contains(text, "envread.Width(") || !strings.Contains(text, "want") {
		t.Errorf("Width is not checked:\n%s", text)
	}
	for _, lang := range []string{"C", "ja_JP.UTF-8"} {
		cmd := exec.Command("go", "test", "-count=1", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "LANG="+lang)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("LANG=%s go test: %v\n%s\n%s", lang, err, out, text)
		}
	}
}
