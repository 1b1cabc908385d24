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
	"time"

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
	// go.sum), Remove, WorkDir, Sandbox.
	Verify verify.Options
	Logf   func(format string, args ...any)
	// Deadline, when not zero, is when the findings' go test runs end
	// (the generator's run budget plus its slack): each run still gets
	// MinRound, so that a run already late confirms what it can.
	Deadline time.Time
}

// MinRound is the least time a go test run of the findings file gets
// under a Deadline: a build of the package's tests (with vet) and a few
// runs. 20 s was too little under a load average of 90: uint256's one
// finding was left unconfirmed, with no test, its build unfinished
// (issue 32).
const MinRound = time.Minute

// roundTimeout is the timeout of a go test run: the time left to the
// deadline, at least MinRound; 0 (verify's default) without a deadline.
func (o Options) roundTimeout() time.Duration {
	if o.Deadline.IsZero() {
		return 0
	}
	return max(time.Until(o.Deadline), MinRound)
}

// cut reports whether a go test run that returned err ended at the
// deadline rather than by itself (verify.Run returns what it read of a
// run its timeout ended, with an error; nil when the timeout ended the
// build or vet).
func (o Options) cut(err error) bool {
	return err != nil && !o.Deadline.IsZero() && !time.Now().Before(o.Deadline)
}

// round is the verification of one go test run of the findings file r:
// r beside the main file, under the tag, Runs runs, vet first, ending
// by the deadline.
func (o Options) round(r *emit.Output) verify.Options {
	vo := o.Verify
	vo.Files = map[string][]byte{}
	for k, v := range o.Verify.Files {
		vo.Files[k] = v
	}
	vo.Files[filepath.Join(vo.Dir, filepath.Base(o.Out))] = r.Src
	vo.Files[o.MainFile] = o.MainSrc
	vo.Tags, vo.Count, vo.Run, vo.Vet = emit.FindingsTag, Runs, verify.RunPattern(r.Tests), true
	vo.Timeout = o.roundTimeout()
	return vo
}

// buildable returns the findings of withCase whose tests the build
// failure of rep is not pinned on (verify.Blame).
func (o Options) buildable(r *emit.Output, withCase []*oracle.Finding, rep *verify.Report) []*oracle.Finding {
	byKey := map[int]*oracle.Finding{}
	for _, f := range withCase {
		byKey[f.Case.Key] = f
	}
	bad, _ := verify.Blame(r, filepath.Base(o.Out), rep)
	var keep []*oracle.Finding
	for _, ti := range r.Tests {
		for _, k := range ti.Keys {
			if _, isBad := bad[k]; !isBad {
				keep = append(keep, byKey[k])
			}
		}
	}
	return keep
}

// verdict is what the runs a deadline ended showed of one case.
type verdict int

const (
	vConfirmed verdict = iota // failed Runs runs (in this round or an earlier one)
	vRefuted                  // passed a run
	vOnce                     // failed every run it had, at least one
	vUnrun                    // had no run
)

// verdicts judges each case of tests by the runs a deadline ended: rep
// (this round's run, possibly partial), confirmed (cases that failed
// every run of an earlier round) and refuted (cases a run alone
// refuted).
func verdicts(tests []emit.TestInfo, confirmed, refuted map[int]bool, rep *verify.Report) map[int]verdict {
	out := map[int]verdict{}
	for _, ti := range tests {
		for i, k := range ti.Keys {
			n := ti.Func
			if ti.Subtests[i] != "" {
				n += "/" + ti.Subtests[i]
			}
			fails := rep.Fails[n]
			switch {
			case confirmed[k] || fails >= Runs && !rep.Passed[n]:
				out[k] = vConfirmed
			case refuted[k] || rep.Passed[n]:
				out[k] = vRefuted
			case fails > 0:
				out[k] = vOnce
			default:
				out[k] = vUnrun
			}
		}
	}
	return out
}

// partial ends Write at the deadline with what the runs of r showed
// (verdicts; rep nil when none ran): the confirmed cases and those whose
// test failed every run it had are written (the latter Unconfirmed);
// those whose test had not run are Unconfirmed with no test; a test that
// passed once refutes its case.
func (o Options) partial(r *emit.Output, withCase []*oracle.Finding, reserved map[string]bool, confirmed, refuted map[int]bool, rep *verify.Report) (Written, error) {
	if rep == nil {
		rep = &verify.Report{}
	}
	v := verdicts(r.Tests, confirmed, refuted, rep)
	w := Written{Names: map[*oracle.Finding]string{}, Unconfirmed: map[*oracle.Finding]bool{}}
	var file []*oracle.Finding
	for _, f := range withCase {
		switch v[f.Case.Key] {
		case vConfirmed:
			file = append(file, f)
		case vRefuted:
			o.Logf("findings: %s's test passed a run: dropped", f.Function)
		case vOnce:
			file = append(file, f)
			w.Unconfirmed[f] = true
			o.Logf("findings: %s's test failed every run it had by the deadline, fewer than %d: unconfirmed", f.Function, Runs)
		case vUnrun:
			w.Unconfirmed[f] = true
			o.Logf("findings: %s's test did not run by the deadline: unconfirmed, no test", f.Function)
		}
	}
	if len(file) == 0 {
		os.Remove(o.Out)
		return w, nil
	}
	out, err := emit.RenderFindings(o.Prog, file, emit.Options{Reserved: reserved, BuildTag: o.BuildTag})
	if err != nil {
		return Written{}, fmt.Errorf("%s: %w", o.Prog.Pkg.Path(), err)
	}
	for _, f := range file {
		w.Names[f] = testNameOf(out, f.Case.Key)
	}
	return w, write.File(o.Out, out.Src)
}

// Path is the findings file that goes with a main generated file.
func Path(mainFile string) string {
	if strings.HasSuffix(mainFile, "_gentest_test.go") {
		return strings.TrimSuffix(mainFile, "_gentest_test.go") + "_gentest_findings_test.go"
	}
	return strings.TrimSuffix(mainFile, ".go") + "_findings_test.go"
}

// Written is what Write wrote.
type Written struct {
	// Names holds the test name of each finding whose test is in the
	// findings file.
	Names map[*oracle.Finding]string
	// Unconfirmed holds the findings Options.Deadline left short of
	// their Runs failing runs: those whose test failed every run it had
	// (at least one; their test is in the file and in Names), and those
	// whose test had not run by then (no test: the search and the
	// oracle's replays reproduced them). A finding reproduced once is
	// reported as unconfirmed, never dropped for want of time.
	Unconfirmed map[*oracle.Finding]bool
}

// Write writes the findings whose test reproduces them and returns the
// test name of each such finding. Findings without a case, or whose test
// does not fail every time, get no test. A stale findings file from an
// earlier run is removed when no finding has a test. With a Deadline,
// the go test runs end by it (each given at least MinRound): what they
// had not confirmed by then is Unconfirmed.
func Write(ctx context.Context, o Options, fs []*oracle.Finding) (Written, error) {
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
	// confirmed holds the cases whose test failed every run of a round:
	// a later round that the deadline cuts does not unconfirm them.
	confirmed := map[int]bool{}
	for round := 0; round < maxRounds && len(withCase) > 0; round++ {
		r, err := emit.RenderFindings(o.Prog, withCase, emit.Options{Reserved: res, BuildTag: o.BuildTag})
		if err != nil {
			return Written{}, fmt.Errorf("%s: %w", o.Prog.Pkg.Path(), err)
		}
		vo := o.round(r)
		rep, err := verify.Run(ctx, vo)
		cut := o.cut(err)
		if err != nil && !cut {
			return Written{}, err
		}
		if cut {
			o.Logf("findings file round %d: %d tests, cut by the deadline: %v", round, len(r.Tests), err)
			return o.partial(r, withCase, res, confirmed, nil, rep)
		}
		o.Logf("findings file round %d: %d tests in %.1fs; go test said:\n%s", round, len(r.Tests), rep.Elapsed.Seconds(), tail(rep.Output, 4000))
		var keep []*oracle.Finding
		if rep.BuildFailed {
			keep = o.buildable(r, withCase, rep)
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
			alone, refuted, left := o.alone(ctx, vo, unsure)
			for _, k := range alone {
				kept[k] = true
			}
			if left > 0 {
				// The deadline came before every test had run alone:
				// those left are judged by the runs they had.
				for k := range kept {
					confirmed[k] = true
				}
				return o.partial(r, withCase, res, confirmed, refuted, rep)
			}
		}
		for k := range kept {
			confirmed[k] = true
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
			return Written{Names: names}, write.File(o.Out, r.Src)
		}
		withCase = keep
	}
	os.Remove(o.Out)
	return Written{}, nil
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
// the cases that failed every run, those refuted (a test that kills its
// own binary again, or does not fail every run, keeps none), and how
// many tests the deadline left unrun.
func (o Options) alone(ctx context.Context, vo verify.Options, tests []emit.TestInfo) (out []int, refuted map[int]bool, left int) {
	refuted = map[int]bool{}
	for i, ti := range tests {
		if !o.Deadline.IsZero() && !time.Now().Before(o.Deadline) {
			return out, refuted, len(tests) - i
		}
		vo.Run = verify.RunPattern([]emit.TestInfo{ti})
		vo.Timeout = o.roundTimeout()
		rep, err := verify.Run(ctx, vo)
		if o.cut(err) {
			return out, refuted, len(tests) - i
		}
		if err != nil || rep.BuildFailed {
			for _, k := range ti.Keys {
				refuted[k] = true
			}
			continue
		}
		kept, unsure := judge([]emit.TestInfo{ti}, rep)
		o.Logf("findings test %s alone: %d of %d cases fail every run (unsure %d) in %.1fs%s", ti.Func, len(kept), len(ti.Keys), len(unsure), rep.Elapsed.Seconds(), death(rep.Output, len(unsure) > 0))
		for _, k := range ti.Keys {
			if kept[k] {
				out = append(out, k)
			} else {
				refuted[k] = true
			}
		}
	}
	return out, refuted, 0
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
