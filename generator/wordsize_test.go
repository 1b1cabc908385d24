package generator_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A file that writes a word-sized value needing 64 bits (Not(0) is
// 18446744073709551615 as a uint) builds on 64-bit platforms only (issue
// 31's review: math/bits' file did not compile for GOARCH=386): it
// carries a build constraint excluding the 32-bit architectures, so that
// `GOARCH=386 go vet` passes, and it still vets and passes on this one.
func TestWordSizedConstants(t *testing.T) {
	endToEnd(t)
	dir := scratchModule(t, "../testdata/gen/wordsize", "example.com/wordsize")
	_, src := gen(t, dir, 3000, 1)
	text := string(src)
	if !strings.Contains(text, "18446744073709551615") {
		t.Skipf("the search wrote no 64-bit uint (the case this test is about):\n%s", text)
	}
	if !strings.Contains(text, "//go:build !386 && !arm && !mips && !mipsle") {
		t.Errorf("a 64-bit uint constant without a 64-bit build constraint:\n%s", text)
	}
	for _, arch := range []string{"386", "arm", "amd64"} {
		cmd := exec.Command("go", "vet", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOARCH="+arch, "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOARCH=%s go vet: %v\n%s", arch, err, out)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test: %v\n%s", err, out)
	}
}
