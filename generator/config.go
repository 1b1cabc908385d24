package generator

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/internal/policy"
	"github.com/gentest-go/gentest/internal/search"
	"golang.org/x/tools/go/analysis"
)

// Config configures a run of gentest gen.
type Config struct {
	// Dir is the directory patterns are relative to.
	Dir      string
	Patterns []string
	Budget   time.Duration
	// Execs, when positive, bounds the search by executed sequences
	// instead of time; with a fixed Seed the output is then reproducible.
	Execs       int
	Seed        int64
	Output      string // explicit output file; only with one package
	Workers     int
	CallTimeout time.Duration
	MemLimit    int64
	Analyzers   []*analysis.Analyzer
	// CacheDir caches built executors; "" disables caching.
	CacheDir string
	// FactCacheDir caches the analysis facts of dependencies; ""
	// disables it.
	FactCacheDir string
	// sourceLoad loads every package from source even when the fact
	// cache would allow loading dependencies from export data (set when
	// that failed).
	sourceLoad bool
	// sharded says Run narrowed Patterns to Shard's import paths: still
	// a run over a package list, whose packages gentest cannot work on
	// are skipped rows however few the shard holds.
	sharded bool
	// runStart is when Run started, for Summary.SearchStartSeconds.
	runStart time.Time
	// Log receives progress lines.
	Log io.Writer
	// ModelOnly stops each package's run once its model is built: a
	// package gentest cannot work on is a skipped row with its reason,
	// as in a full run, and no executor is built, nothing runs and
	// nothing is written. gentest check asks it about packages without a
	// generated file, since whether gen has anything to call there (a
	// package of generic functions whose constraints gentest cannot
	// satisfy) needs the types and the facts, not only the syntax.
	ModelOnly bool
	// Fresh regenerates the file from scratch; by default an earlier
	// generated file's tests that still compile and pass are kept byte
	// for byte, and new tests are added after them (keep.go).
	Fresh bool
	// Disable switches generator components off, for ablation (see
	// Components).
	Disable map[Component]bool
	// NoSandbox runs executors without the Landlock sandbox even where
	// it is available; unknown effects are then not risked.
	NoSandbox bool
	// Allow opts in to calling operations with these effects.
	Allow purity.Effect
	// Engine names the search engine (search.Engines); "" is the
	// default, search.DefaultEngine.
	Engine string
	// Cmp says when generated files may use go-cmp ("" is CmpAuto).
	Cmp CmpMode
	// CmpVersion is the go-cmp version to require when the target module
	// lacks it (with CmpAlways).
	CmpVersion string
	// Jobs is the number of packages generated at once (0: Workers/2,
	// at least 1); Workers executors are shared among them.
	Jobs int
	// Shard, when Count > 1, keeps one part of the sorted package list.
	Shard Shard
	// Run, when set, is -run: a regexp selecting the functions, methods
	// and types to write tests for (focus.go).
	Run string
	// Progress, when set, is told each package's phase and, during the
	// search, its executions and coverage so far. It is called from the
	// packages' goroutines and must be safe for concurrent use.
	Progress func(Progress)
}

// CmpMode says when generated files may compare values with go-cmp
// (-cmp). Whatever the mode, a standard-library package's file uses the
// standard library only.
type CmpMode string

// The -cmp modes.
const (
	// CmpAuto, the default, uses go-cmp where the module can import it
	// already, and adds nothing to go.mod.
	CmpAuto CmpMode = "auto"
	// CmpAlways uses go-cmp everywhere, adding the requirement to go.mod
	// and go.sum where the module lacks it (gentest before issue 31).
	CmpAlways CmpMode = "always"
	// CmpNever uses the standard library only, even where the module
	// requires go-cmp.
	CmpNever CmpMode = "never"
)

// CmpModes lists the -cmp modes, the default first.
var CmpModes = []CmpMode{CmpAuto, CmpAlways, CmpNever}

// ParseCmp checks a -cmp mode.
func ParseCmp(s string) (CmpMode, error) {
	for _, m := range CmpModes {
		if CmpMode(s) == m {
			return m, nil
		}
	}
	return "", fmt.Errorf("-cmp: unknown mode %q (known: auto, always, never)", s)
}

// Engines lists the search engines -engine accepts, the default first.
var Engines = search.Engines

// ParseEngine checks an -engine name.
func ParseEngine(name string) (string, error) {
	for _, e := range search.Engines {
		if name == e {
			return name, nil
		}
	}
	return "", fmt.Errorf("-engine: unknown engine %q (known: %s)", name, strings.Join(search.Engines, ", "))
}

// ParseAllow parses the -allow list.
func ParseAllow(list string) (purity.Effect, error) { return policy.ParseAllow(list) }
