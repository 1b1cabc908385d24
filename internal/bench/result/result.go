// Package result holds gentest-bench measurements and their aggregation over
// seeds. A measurement that could not be taken is NA, which is kept distinct
// from zero everywhere: the zero Value is NA, so a forgotten measurement can
// never show up as 0.
package result

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"
)

// Value is a number that may be missing (NA).
type Value struct {
	v  float64
	ok bool
}

// Of returns a present Value. NaN and infinities are not measurements and
// become NA.
func Of(f float64) Value {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Value{}
	}
	return Value{v: f, ok: true}
}

// NA is the missing Value.
var NA Value

// Get returns the number and whether it is present.
func (v Value) Get() (float64, bool) { return v.v, v.ok }

// IsNA reports whether the value is missing.
func (v Value) IsNA() bool { return !v.ok }

// Format prints the value with prec decimals, or "NA".
func (v Value) Format(prec int) string {
	if !v.ok {
		return "NA"
	}
	return strconv.FormatFloat(v.v, 'f', prec, 64)
}

// MarshalJSON writes the number, or null for NA, so that saved results
// keep NA distinct from zero.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.ok {
		return []byte("null"), nil
	}
	return json.Marshal(v.v)
}

// UnmarshalJSON reads a number, or null as NA.
func (v *Value) UnmarshalJSON(b []byte) error {
	var f *float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if f == nil {
		*v = NA
	} else {
		*v = Of(*f)
	}
	return nil
}

// Bool converts a yes/no measurement (known reports whether it was taken).
func Bool(b, known bool) Value {
	if !known {
		return NA
	}
	if b {
		return Of(1)
	}
	return Of(0)
}

// Stats are the median and range of the present values of a sample.
type Stats struct {
	Median, Min, Max Value
	// N counts the present values.
	N int
}

// Summarize computes Stats over the present values; all-NA gives NA stats.
func Summarize(vals []Value) Stats {
	var xs []float64
	for _, v := range vals {
		if f, ok := v.Get(); ok {
			xs = append(xs, f)
		}
	}
	if len(xs) == 0 {
		return Stats{}
	}
	slices.Sort(xs)
	n := len(xs)
	med := xs[n/2]
	if n%2 == 0 {
		med = (xs[n/2-1] + xs[n/2]) / 2
	}
	return Stats{Median: Of(med), Min: Of(xs[0]), Max: Of(xs[n-1]), N: n}
}

// Mean is the mean of the present values and how many there were.
func Mean(vals []Value) (Value, int) {
	var sum float64
	n := 0
	for _, v := range vals {
		if f, ok := v.Get(); ok {
			sum += f
			n++
		}
	}
	if n == 0 {
		return NA, 0
	}
	return Of(sum / float64(n)), n
}

// Run is one `gentest gen` of one subject with one seed and configuration,
// and the measurements of the file it wrote.
type Run struct {
	Seed   int64
	Budget time.Duration
	// Disabled is the component passed as -no=, empty for the full generator.
	Disabled string

	// GenCov and CombinedCov are statement coverage in percent of the
	// generated file alone and of human tests plus generated file.
	GenCov, CombinedCov Value
	// ReportedCov is the coverage gentest itself reported, in percent.
	ReportedCov Value
	// Asserted is the asserted fraction gentest reported for its file,
	// in percent: test cases that check what their target returned or
	// changed, over all (NA without a file or an older gentest).
	Asserted Value
	// CompileOK and Pass are 1 or 0 (NA if not measured).
	CompileOK, Pass Value
	// Flaky counts distinct top-level tests that failed in at least one of
	// the shuffled reruns.
	Flaky           Value
	Tests, Findings Value
	// Disagreements counts calls the purity analysis said are pure that
	// gentest saw change an argument or a repeated result.
	Disagreements      Value
	GenSeconds         Value
	Execs, ExecsPerSec Value
	// PeakRSSMB is gentest's own report (the largest single process among
	// gentest and its children) if it gives one, else TreeRSSMB, else
	// MaxProcRSSMB.
	PeakRSSMB Value
	// TreeRSSMB is the peak of the summed resident sets of gentest and all
	// its descendants (executors, compilers), as gentest's summary reports
	// it (peak_rss_total_mb); NA when gentest gave no summary.
	TreeRSSMB Value
	// MaxProcRSSMB is ru_maxrss from wait4: the largest single process.
	MaxProcRSSMB Value

	// Written is 1 when gentest wrote its test file, 0 when it did not
	// (NA when gentest was not run).
	Written Value
	// Class is the failure class of the run (package failure), "" when
	// it was not classified; Detail is the line that says most about it.
	Class, Detail string

	// Readability is measured on the written file; nil when there is
	// none or it could not be read.
	Readability *Readability `json:",omitempty"`

	// Err says why generation failed; the coverage values are then NA.
	Err string
	// Notes explain NA values that are not generation failures.
	Notes []string
}

// Readability is what a reviewer sees in a generated test file; package
// internal/bench/readability measures it (see there).
type Readability struct {
	// Tests counts test cases: a top-level Test function without
	// subtests, each subtest written out, and each table row.
	Tests int
	// Assertions counts the checks (t.Error*, t.Fatal* calls) in the
	// source; AssertionsPerTest is the checks a test case runs, averaged
	// over the cases (a table's checks count for each of its rows).
	Assertions        int
	AssertionsPerTest Value
	// NoTarget counts test cases that check nothing after their first
	// call of the function or method they are named after and do not say
	// why; PanicOnly counts those that say, in a comment, that the call
	// must not panic (and check nothing after it).
	NoTarget, PanicOnly int
	// Discarded counts statements that throw every result of a call away
	// (`_ = f()`, `_, _ = f()`), outside a "must not panic" test where the
	// thrown-away call is the target. gentest writes a call it keeps for
	// what it does (Push, Add) as a plain statement, so what is counted
	// here is a result dropped from a call kept for nothing (or a file
	// from a gentest that wrote arrangements with _ =).
	Discarded int
	// MedianStmts is the median number of statements of a test case: the
	// statements a reader reads for one case, a check (an if whose body
	// only reports, or an if/else of such checks) counting one per
	// report; a table's rows are data, not statements.
	MedianStmts Value
	// ErrorChecks counts error checks against a specific error:
	// errors.Is, errors.As and comparisons of an Error() message.
	// MessageErrors counts the message comparisons, and SentinelsOrTypes
	// says whether the package exports an error variable or an error type
	// (so that a message comparison is avoidable).
	ErrorChecks, MessageErrors int
	SentinelsOrTypes           bool
	// NumberedNames counts subtest names that end in _<number> while
	// another name of the same test has the same stem: names told apart
	// by a counter rather than by what distinguishes the cases.
	NumberedNames int
}

// CurvePoint is generated coverage at one budget.
type CurvePoint struct {
	Budget time.Duration
	Cov    Value
	Err    string
}

// Ablation is the runs of one generator configuration.
type Ablation struct {
	// Disabled is the component turned off; "" is the full generator.
	Disabled string
	Runs     []Run
}

// Mutation is the outcome of one mutation-testing run.
type Mutation struct {
	// Score is (killed + timed out) / (killed + lived + timed out + not
	// covered), in percent: mutants no test reaches count as survivors.
	// Both tools' scores are computed so, from their counts.
	Score Value
	// Efficacy is gremlins' own killed / (killed + lived), in percent; for
	// gentest's engine (killed + timed out) / (killed + timed out + lived),
	// the score over the mutants the tests reach.
	Efficacy                                       Value
	Killed, Lived, NotCovered, TimedOut, NotViable int
	// Skipped counts the mutants gentest's engine did not run (it reports
	// why in its own output); gremlins has none.
	Skipped int
	// Reported is the score the tool printed itself, NA if it printed none.
	Reported Value
	// Seconds is the tool's own wall time for the run, NA if it gave none.
	Seconds Value
	// TestFiles are the test files gentest's engine ran (base names).
	TestFiles []string `json:",omitempty"`
	// Operators is gentest's engine's breakdown by operator class, in the
	// order of its report; gremlins' is not read.
	Operators []OperatorMutation `json:",omitempty"`
	Err       string
}

// Mutants is the number of mutants that count in the score (killed, timed
// out, lived or not covered).
func (m Mutation) Mutants() int { return m.Killed + m.TimedOut + m.Lived + m.NotCovered }

// OperatorMutation is one operator class's share of a gentest mutate run.
type OperatorMutation struct {
	// Op is the class ("arith", "rel-boundary", "remove", ...).
	Op                                                    string
	Mutants, Killed, TimedOut, Lived, NotCovered, Skipped int
	// Score is computed as Mutation.Score is.
	Score Value
}

// MutationSet is one tool's runs on one subject: with the human tests alone,
// the generated file alone, and both together. A nil run was not made.
type MutationSet struct {
	Human, Gen, Both *Mutation
}

// ScoreOf is (killed + timed out) / (killed + timed out + lived + not
// covered) in percent, NA when there are no such mutants.
func ScoreOf(killed, timedOut, lived, notCovered int) Value {
	den := killed + timedOut + lived + notCovered
	if den == 0 {
		return NA
	}
	return Of(100 * float64(killed+timedOut) / float64(den))
}

// Subject is everything measured for one subject.
type Subject struct {
	// Name is "std" or module@version; Package is the original import path.
	Name, Package string
	HumanCov      Value
	// HumanNote says why HumanCov is NA, or that the human tests failed.
	HumanNote string
	// Runs holds the full generator's runs, one per seed.
	Runs []Run
	// Ablations holds -ablate configurations in flag order.
	Ablations []Ablation
	Curve     []CurvePoint
	// Gremlins and Engine are the mutation runs of gremlins and of
	// gentest's own engine (gentest mutate); nil unless -mutation asked for
	// that tool.
	Gremlins, Engine *MutationSet
	// Err is set when the subject could not be prepared at all.
	Err string
}
