package generator_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/verify"
)

// Output that depends on the binary, not on the inputs: testdata/gen/binhash
// hashes its own executable (like protobuf's internal/detrand) to spell its
// error messages and one String result, so the executor, go test and go
// test -cover each see other texts. The written file must pass under
// differently built test binaries, assert the deterministic results, and
// still check that the binary-dependent errors are errors.
func TestBinaryDependentValues(t *testing.T) {
	endToEnd(t)
	sum, src := genFixture(t, "binhash", 1000)
	dir := filepath.Dir(sum.File)
	file := string(src)
	if strings.Contains(file, "binhash:") || strings.Contains(file, "@") {
		t.Errorf("a binary-dependent text is asserted:\n%s", file)
	}
	for _, want := range []string{`"medium"`, `"large"`, "binhash.Double("} {
		if !strings.Contains(file, want) {
			t.Errorf("the deterministic results (%s) are not asserted:\n%s", want, file)
		}
	}
	if !regexp.MustCompile(`ParseError\(-\d+\)|code: -\d+, wantErr: true`).MatchString(file) {
		t.Errorf("no negative code's error is checked to be an error:\n%s", file)
	}
	// A probe beside the file prints the fingerprint each build sees, so
	// the test knows the builds did differ.
	probe := `package binhash_test

import (
	"testing"

	binhash "example.com/binhash/pkg"
)

func TestProbeFingerprint(t *testing.T) { t.Log("fingerprint", binhash.NewBuild("p").String()) }
`
	if err := os.WriteFile(filepath.Join(dir, "probe_test.go"), []byte(probe), 0o644); err != nil {
		t.Fatal(err)
	}
	builds := [][]string{{}, {"-cover"}, {"-ldflags=-s -w"}}
	if verify.RaceAvailable() {
		builds = append(builds, []string{"-race"})
	}
	prints := map[string]bool{}
	fp := regexp.MustCompile(`fingerprint (p@\w+)`)
	for _, flags := range builds {
		args := append([]string{"test", "-count=1", "-v"}, flags...)
		cmd := exec.Command("go", append(args, ".")...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("go test %v on the generated file failed: %v\n%s", flags, err, out)
			continue
		}
		if m := fp.FindSubmatch(out); m != nil {
			prints[string(m[1])] = true
		}
	}
	if len(prints) < 2 {
		t.Errorf("the builds saw %d fingerprints, want at least 2 (the fixture did not tell the binaries apart)", len(prints))
	}
}
