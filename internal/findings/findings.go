// Package findings writes the findings file: one test per probable bug,
// behind the gentest_findings build tag, so that `go test -tags
// gentest_findings` reproduces the bugs and plain `go test` stays green. A
// finding's test is kept only if it fails under the tag in every one of
// several runs: a test that does not fail does not show its bug, and one
// that fails only sometimes does not show it reliably.
package findings

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/verify"
	"github.com/gentest-go/gentest/internal/write"
)

// Runs is how many runs a finding's test must fail.
const Runs = 3

// Options configure Write.
type Options struct {
	Prog *model.Program
	// MainFile is the main generated file's path in the package directory
	// and MainSrc its contents: the findings file builds beside it.
	MainFile string
	MainSrc  []byte
	// Out is where the findings file is written.
	Out string
	// Reserved holds names the user's tests declare.
	Reserved map[string]bool
	// BuildTag is the file's constraint (emit.FindingsTag, with a go
	// version when the module needs one).
	BuildTag string
	// Verify is the base of the verification runs: Dir, Files (go.mod,
	// go.sum, sandbox runtime), Remove, WorkDir, Sandbox, VetSkip.
	Verify verify.Options
	Logf   func(format string, args ...any)
}

// Path is the findings file that goes with a main generated file.
func Path(mainFile string) string {
	if strings.HasSuffix(mainFile, "_gentest_test.go") {
		return strings.TrimSuffix(mainFile, "_gentest_test.go") + "_gentest_findings_test.go"
	}
	return strings.TrimSuffix(mainFile, ".go") + "_findings_test.go"
}

// Write writes the findings whose test reproduces them and returns the
// test name of each such finding. Findings without a case, or whose test
// does not fail every time, get no test. A stale findings file from an
// earlier run is removed when no finding has a test.
func Write(ctx context.Context, o Options, fs []*oracle.Finding) (map[*oracle.Finding]string, error) {
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	var withCase []*oracle.Finding
	for _, f := range fs {
		if f.Case != nil {
			withCase = append(withCase, f)
		}
	}
	// The findings file builds together with the main file under the tag.
	res := map[string]bool{}
	for k := range o.Reserved {
		res[k] = true
	}
	for _, name := range emit.FuncNames(o.MainSrc) {
		res[name] = true
	}
	for round := 0; round < 3 && len(withCase) > 0; round++ {
		r, err := emit.RenderFindings(o.Prog, withCase, emit.Options{Reserved: res, BuildTag: o.BuildTag})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.Prog.Pkg.Path(), err)
		}
		vo := o.Verify
		vo.Files = map[string][]byte{}
		for k, v := range o.Verify.Files {
			vo.Files[k] = v
		}
		inPkg := filepath.Join(vo.Dir, filepath.Base(o.Out))
		vo.Files[inPkg] = r.Src
		vo.Files[o.MainFile] = o.MainSrc
		vo.Tags, vo.Count, vo.Run, vo.Vet = emit.FindingsTag, Runs, verify.RunPattern(r.Tests), true
		rep, err := verify.Run(ctx, vo)
		if err != nil {
			return nil, err
		}
		o.Logf("findings file round %d: %d tests; go test said:\n%s", round, len(r.Tests), tail(rep.Output, 4000))
		byKey := map[int]*oracle.Finding{}
		for _, f := range withCase {
			byKey[f.Case.Key] = f
		}
		var keep []*oracle.Finding
		if rep.BuildFailed {
			bad, _ := verify.Blame(r, filepath.Base(o.Out), rep)
			for _, ti := range r.Tests {
				for _, k := range ti.Keys {
					if _, isBad := bad[k]; !isBad {
						keep = append(keep, byKey[k])
					}
				}
			}
			if len(keep) == len(withCase) {
				break // nothing to pin the failure on
			}
			withCase = keep
			continue
		}
		for _, ti := range r.Tests {
			for i, k := range ti.Keys {
				name := ti.Func
				if ti.Subtests[i] != "" {
					name += "/" + ti.Subtests[i]
				}
				if rep.Fails[name] >= Runs && !rep.Passed[name] {
					keep = append(keep, byKey[k])
				}
			}
		}
		if len(keep) == len(r.Tests) {
			names := map[*oracle.Finding]string{}
			for _, f := range keep {
				names[f] = testNameOf(r, f.Case.Key)
			}
			return names, write.File(o.Out, r.Src)
		}
		withCase = keep
	}
	os.Remove(o.Out)
	return nil, nil
}

func testNameOf(r *emit.Output, key int) string {
	for _, ti := range r.Tests {
		for _, k := range ti.Keys {
			if k == key {
				return ti.Func
			}
		}
	}
	return ""
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
