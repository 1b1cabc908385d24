package generator

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gentest-go/gentest/generator/harness"
	"github.com/gentest-go/gentest/generator/verify"
)

// verifyOptions are the base options of every verification run: the
// user's tests hidden, go.mod and go.sum overlaid when go-cmp is added,
// five shuffled runs with the race detector where it works, inside the
// sandbox when the executors had one.
func (r *pkgRun) verifyOptions(userTests []string, modFiles map[string][]byte) (verify.Options, error) {
	o := verify.Options{Dir: r.dir, Files: map[string][]byte{}, Remove: userTests, Count: 5,
		Shuffle: fmt.Sprint(r.cfg.Seed), Race: verify.RaceAvailable(), Cover: true, Vet: true, WorkDir: r.work}
	for k, v := range modFiles {
		o.Files[k] = v
	}
	if !r.sandbox {
		return o, nil
	}
	// The generated tests run confined too: verification is the first
	// time they run outside an executor.
	sf, err := harness.SandboxFiles(r.dir, r.pkg.PkgPath, r.pkg.Types.Name()+"_test")
	if err != nil {
		return o, err
	}
	o.VetSkip = map[string]bool{}
	for k, v := range sf {
		o.Files[k] = v
		o.VetSkip[k] = true
	}
	vdir := filepath.Join(r.work, "verify-scratch")
	if err := os.MkdirAll(vdir, 0o700); err != nil {
		return o, err
	}
	o.Sandbox = []string{vdir}
	return o, nil
}
