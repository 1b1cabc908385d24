package generator

// Phases of a package, as reported to Config.Progress.
const (
	PhaseModel    = "model"
	PhaseBuild    = "build"
	PhaseOwnTests = "own tests"  // complement mode measures the package's own tests
	PhaseKept     = "kept tests" // an update runs the earlier file's tests on the new code (keep.go)
	PhaseSearch   = "search"
	PhaseMinimize = "minimize"
	PhaseVerify   = "verify"
	PhaseDone     = "done"
	PhaseSkipped  = "skipped"
	PhaseFailed   = "failed"
)

// Progress is one report of a package's progress.
type Progress struct {
	Package string
	Phase   string
	// Execs is the number of sequences executed so far.
	Execs int
	// Coverage is the statement coverage so far (0..1), measured by the
	// executors' probes during the search and by go test after
	// verification; -1 before anything ran.
	Coverage float64
	// Detail is the skip reason, the error, or the file written.
	Detail string
}

func (c *Config) progress(p Progress) {
	if c.Progress != nil {
		c.Progress(p)
	}
}
