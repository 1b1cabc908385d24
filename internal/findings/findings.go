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

// maxRounds bounds the rounds of rendering and running the findings file:
// each round drops what did not build or did not fail every run, and the
// last writes the file once all its tests failed together.
const maxRounds = 4

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
	for round := 0; round < maxRounds && len(withCase) > 0; round++ {
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
		kept, unsure := judge(r.Tests, rep)
		if len(unsure) > 0 {
			// The binary died before every test had its runs: a test
			// that ends the process (a fatal error, an exit) ends the
			// others' runs with it, and they would be dropped with it.
			// Each test not yet judged is run alone, so that one test
			// that kills the binary costs that test only.
			for _, k := range o.alone(ctx, vo, unsure) {
				kept[k] = true
			}
		}
		for _, f := range withCase {
			if kept[f.Case.Key] {
				keep = append(keep, f)
			}
		}
		if len(unsure) == 0 && len(keep) == len(r.Tests) {
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

// judge reads a run of tests: the keys of the cases that failed every
// run and never passed, and the tests neither kept nor refuted because
// the binary died before they had all their runs (failed fewer than Runs
// times, never passed).
func judge(tests []emit.TestInfo, rep *verify.Report) (kept map[int]bool, unsure []emit.TestInfo) {
	kept = map[int]bool{}
	for _, ti := range tests {
		open := false
		for i, k := range ti.Keys {
			name := ti.Func
			if ti.Subtests[i] != "" {
				name += "/" + ti.Subtests[i]
			}
			switch {
			case rep.Passed[name]:
			case rep.Fails[name] >= Runs:
				kept[k] = true
			default:
				open = true
			}
		}
		if open {
			unsure = append(unsure, ti)
		}
	}
	return kept, unsure
}

// alone runs each of tests by itself under vo and returns the keys of
// the cases that failed every run; a test that kills its own binary
// again, or does not fail every run, keeps none.
func (o Options) alone(ctx context.Context, vo verify.Options, tests []emit.TestInfo) []int {
	var out []int
	for _, ti := range tests {
		vo.Run = verify.RunPattern([]emit.TestInfo{ti})
		rep, err := verify.Run(ctx, vo)
		if err != nil || rep.BuildFailed {
			continue
		}
		kept, unsure := judge([]emit.TestInfo{ti}, rep)
		o.Logf("findings test %s alone: %d of %d cases fail every run (unsure %d)%s", ti.Func, len(kept), len(ti.Keys), len(unsure), death(rep.Output, len(unsure) > 0))
		for _, k := range ti.Keys {
			if kept[k] {
				out = append(out, k)
			}
		}
	}
	return out
}

// death returns, when died, the start of what ended the binary (the
// runtime's "fatal error:" or the panic line), for the debug log: the tail
// the log shows of a run is the other goroutines' stacks.
func death(out string, died bool) string {
	if !died {
		return ""
	}
	for _, w := range []string{"fatal error:", "unexpected fault", "panic:", "SIG"} {
		if i := strings.Index(out, w); i >= 0 {
			end := min(len(out), i+600)
			return "; the binary died: " + out[i:end]
		}
	}
	return "; the binary died: " + tail(out, 600)
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
