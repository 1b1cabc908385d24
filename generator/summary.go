package generator

import (
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/explain"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/verify"
)

// Summary describes what gentest did for one package; it is printed as
// JSON with -json.
type Summary struct {
	Package string `json:"package"`
	File    string `json:"file"`
	Tests   int    `json:"tests"`
	Cases   int    `json:"cases"`
	// Asserted is the asserted fraction of the written file: its cases
	// whose test checks what the target returned or changed (a result,
	// its error, an observer after it, a documented panic) over all its
	// cases; the others only call the target (emit.Output.Unchecked).
	// -1 when no file was written.
	Asserted float64 `json:"asserted"`
	Coverage float64 `json:"coverage"`
	// SearchCoverage is the statement coverage every sequence the search
	// ran reached together, panicking and clock-dependent runs included:
	// what the written file's Coverage could reach at most, short of
	// what its tests cover together that no single run did.
	SearchCoverage float64 `json:"search_coverage"`
	// CoverageBefore is the statement coverage of the package's own
	// tests, without gentest's files; -1 when not measured (they do not
	// build, or the package was skipped), 0 when it has none.
	CoverageBefore float64 `json:"coverage_before"`
	// CoverageAfter is the statement coverage of the package's own tests
	// and the written file together (the union of their profiles); -1
	// when not measured.
	CoverageAfter float64 `json:"coverage_after"`
	// Skipped says why no tests were generated for the package (only
	// with several packages, where one package's problem is an error;
	// and when complement mode finds nothing the own tests miss).
	Skipped string `json:"skipped,omitempty"`
	// Failed says why gentest failed on the package in a run of several
	// (the first line of its error; the run's error says it whole).
	Failed   string           `json:"failed,omitempty"`
	Findings []Finding        `json:"findings"`
	Excluded []model.Excluded `json:"excluded"`
	// Kept counts the tests kept from the earlier generated file (Tests
	// includes them); Dropped then also lists the earlier tests left out.
	Kept int `json:"kept"`
	// Dropped lists the tests verification left out, with the reason.
	Dropped     []verify.Dropped `json:"dropped"`
	Execs       int              `json:"execs"`
	ExecsPerSec float64          `json:"execs_per_sec"`
	// SearchSeconds is the wall time of the search; with a time budget it
	// stays within the budget plus one call's limit.
	SearchSeconds float64 `json:"search_seconds"`
	// SearchLost says where the executors' time went during the search
	// besides running sequences: a few slow or hanging inputs can spend
	// most of a budget on timeouts and restarts.
	SearchLost LostTime `json:"search_lost"`
	Seconds    float64  `json:"seconds"`
	// Phases are the wall times of the package's stages, and which of
	// them their deadline cut short (deadline.go).
	Phases PhaseTimes `json:"phases"`
	// SearchStartSeconds is the time from the start of the run (loading
	// included) to the start of this package's search.
	SearchStartSeconds float64 `json:"search_start_seconds"`
	// PrepPeakRSSMB is gentest's own peak resident set when the search
	// started: what loading, analysis, the model and the executor build
	// needed, in MiB (0 where the platform does not report it).
	PrepPeakRSSMB float64 `json:"prep_peak_rss_mb"`
	// PeakRSSMB is the largest resident set of any one process of the
	// run so far: gentest itself or a child (executors, the go command,
	// compiler and linker building the executor, verification's test
	// binaries), in MiB.
	PeakRSSMB float64 `json:"peak_rss_mb"`
	// PeakRSSTotalMB is the largest sum of the resident sets of gentest
	// and its live children at one moment, in MiB; where children cannot
	// be listed (not Linux), gentest's peak plus the largest executor's
	// times the number of executors, an upper bound.
	PeakRSSTotalMB float64 `json:"peak_rss_total_mb"`
	// PeakRSSByProcess breaks PeakRSSMB down by process role ("gentest",
	// "executor", "go", "compile", "link", "test binary", ...), in MiB.
	PeakRSSByProcess map[string]float64 `json:"peak_rss_by_process"`
	Crashes          map[string]int     `json:"crashes,omitempty"`
	AddedRequire     string             `json:"added_require,omitempty"`
	// Protections are what confined the executors: the effect policy,
	// the Landlock rules by ABI (Linux), the memory watch.
	Protections executor.Protections `json:"protections"`
	// Disagreements lists calls the purity analysis said are pure that
	// changed an argument or gave a different result when repeated.
	Disagreements []string `json:"disagreements"`
	// Explain says, for every function the written tests leave
	// uncovered or partly covered, what gentest knows of the cause.
	Explain *explain.Report `json:"explain,omitempty"`
	// Mutation says what the mutants compiled into the executor showed of
	// the written tests, as the judge measured them; nil when the
	// executor has none.
	Mutation *MutationSummary `json:"mutation,omitempty"`
	// Complement is complement mode's before and after (own tests, then
	// own tests and the written file), when the package has own tests.
	Complement *ComplementSummary `json:"complement,omitempty"`
	// DSE says whether dynamic symbolic execution ran and what it solved
	// (dse.go).
	DSE *DSESummary `json:"dse,omitempty"`
}

// MutationSummary is what the judge's runs against mutants showed of the
// written tests (oracle.CaseMutation, over the cases verification kept).
// The judge runs each case against a bounded number of the mutants it
// infects, so Killed is a lower bound of what the file kills; gentest
// mutate measures it with the go command.
type MutationSummary struct {
	// Mutants is the number of mutants in the executor.
	Mutants int `json:"mutants"`
	// Infected counts the mutants some written test infects (weak
	// mutation: the mutated expression's value differs where it runs).
	Infected int `json:"infected"`
	// Judged counts the mutants some written test ran against.
	Judged int `json:"judged"`
	// Killed counts the mutants some written test kills (strong
	// mutation): a check sees another value, or a call panics, crashes
	// or hangs where it did not.
	Killed int `json:"killed"`
	// KilledByTimeout counts the mutants of Killed that every written
	// test killing them kills by running past the call limit.
	KilledByTimeout int `json:"killed_by_timeout"`
	// KillNothing lists the written tests that kill none of the mutants,
	// by the name go test gives them (Func or Func/subtest): they are in
	// the file for the coverage they add.
	KillNothing []string `json:"kill_nothing"`
	// Idle lists the written tests, named as in KillNothing, that kill
	// no mutant and cover no probe block the file's other tests do not
	// (as the judge's runs saw them): tests that add nothing to the file.
	// Suite reduction keeps none (issue 30); verification dropping
	// tests only makes the others add more.
	Idle []string `json:"idle"`
}

// init gives the list fields empty values, so that -json prints [] not null.
func (s *Summary) init() {
	if s.Findings == nil {
		s.Findings = []Finding{}
	}
	if s.Excluded == nil {
		s.Excluded = []model.Excluded{}
	}
	if s.Dropped == nil {
		s.Dropped = []verify.Dropped{}
	}
	if s.Disagreements == nil {
		s.Disagreements = []string{}
	}
	if s.Crashes == nil {
		s.Crashes = map[string]int{}
	}
}

// LostTime is executor time spent on crashes and what they cost, in seconds
// summed over the executors (see exec.TimeStats): with -p 2 it can reach
// twice the search's wall time.
type LostTime struct {
	// Timeouts is the time calls ran past their limit until the executor
	// was ended, Crashes the same for other executor deaths.
	Timeouts float64 `json:"timeouts"`
	Crashes  float64 `json:"crashes"`
	// Starts is the time restarting executors, Replays the time re-running
	// a crash's suspects to name its culprit, Attribution the time running
	// crashing sequences alone to find the statement that crashed.
	Starts      float64 `json:"starts"`
	Replays     float64 `json:"replays"`
	Attribution float64 `json:"attribution"`
	// Exits is the part of the above that the package's code exiting
	// the process cost (os.Exit, log.Fatal, directly or through a
	// handler variable): each exit ends an executor, and its restart and
	// replay are lost to the search (exec.TimeStats.Exits). The count of
	// exits is Crashes["exit"].
	Exits float64 `json:"exits"`
}

// Finding is a probable bug found while generating.
type Finding struct {
	Kind     string `json:"kind"`
	Function string `json:"function"`
	Message  string `json:"message"`
	Test     string `json:"test,omitempty"`
	// Unconfirmed is set when the run's deadline ended the findings'
	// go test runs before this finding's test had failed all its runs
	// (findings.Written.Unconfirmed): it failed every run it had, or
	// had none (then Test is empty).
	Unconfirmed bool `json:"unconfirmed,omitempty"`
}
