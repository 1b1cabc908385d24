package generator

import (
	"fmt"
	"io"
	"strings"
	"time"

	gexec "github.com/gentest-go/gentest/generator/exec"

	"github.com/gentest-go/gentest/analyzers/purity"
	"github.com/gentest-go/gentest/generator/model"
	"github.com/gentest-go/gentest/generator/oracle"
	"github.com/gentest-go/gentest/generator/policy"
	"github.com/gentest-go/gentest/generator/search"
	"github.com/gentest-go/gentest/generator/verify"
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
	// Log receives progress lines.
	Log io.Writer
	// Disable switches generator components off for ablation, by name
	// (see Components).
	Disable map[string]bool
	// NoSandbox runs executors without the Landlock sandbox even where
	// it is available; unknown effects are then not risked.
	NoSandbox bool
	// Allow opts in to calling operations with these effects.
	Allow purity.Effect
	// Engine names the search engine (search.Engines); "" is the
	// default, search.DefaultEngine.
	Engine string
	// CmpVersion is the go-cmp version to require when the target module
	// lacks it.
	CmpVersion string
}

// Summary describes what gentest did for one package; it is printed as
// JSON with -json.
type Summary struct {
	Package  string           `json:"package"`
	File     string           `json:"file"`
	Tests    int              `json:"tests"`
	Cases    int              `json:"cases"`
	Coverage float64          `json:"coverage"`
	Findings []Finding        `json:"findings"`
	Excluded []model.Excluded `json:"excluded"`
	// Dropped lists the tests verification left out, with the reason.
	Dropped      []verify.Dropped `json:"dropped"`
	Execs        int              `json:"execs"`
	ExecsPerSec  float64          `json:"execs_per_sec"`
	Seconds      float64          `json:"seconds"`
	PeakRSSMB    float64          `json:"peak_rss_mb"`
	Crashes      map[string]int   `json:"crashes,omitempty"`
	AddedRequire string           `json:"added_require,omitempty"`
	// Protections are what confined the executors: the effect policy,
	// the Landlock rules by ABI (Linux), the memory watch.
	Protections gexec.Protections `json:"protections"`
	// Disagreements lists calls the purity analysis said are pure that
	// changed an argument or gave a different result when repeated.
	Disagreements []string `json:"disagreements"`
}

// Finding is a probable bug found while generating.
type Finding struct {
	Kind     string `json:"kind"`
	Function string `json:"function"`
	Message  string `json:"message"`
	Test     string `json:"test,omitempty"`
}

// Components are the generator components -no can switch off.
var Components = []string{"constants", "impurity", "elephant", "detective", "orienteering", "bloodhound", "local-search", "input-to-state"}

// ParseDisable parses the -no list.
func ParseDisable(list string) (map[string]bool, error) {
	m := map[string]bool{}
	known := map[string]bool{"contracts": true, "fuzz": true}
	for _, c := range Components {
		known[c] = true
	}
	for _, c := range oracle.ContractNames {
		known[c] = true
	}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !known[name] {
			return nil, fmt.Errorf("-no: unknown component %q (known: %s)", name, strings.Join(DisableNames(), ", "))
		}
		m[name] = true
	}
	return m, nil
}

// DisableNames lists every name -no accepts.
func DisableNames() []string {
	names := append([]string{}, Components...)
	names = append(names, "fuzz", "contracts")
	return append(names, oracle.ContractNames...)
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
