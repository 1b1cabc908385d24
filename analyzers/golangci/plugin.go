// Package golangci makes gentest's analyzer suite available to golangci-lint
// v2 as a module plugin named "gentest".
//
// A blank import of this package registers the plugin with
// github.com/golangci/plugin-module-register; `golangci-lint custom` does that
// import when .custom-gcl.yml lists this package. The plugin runs the
// analyzers of [suite.Reporting], as go vet does, so golangci-lint and go vet
// always report the same set. See docs/golangci.md for the build and
// configuration files.
//
// # Settings
//
// The plugin reads the `settings` block of
// linters.settings.custom.gentest in .golangci.yml:
//
//	settings:
//	  default: all            # or "none": whether unlisted analyzers run
//	  analyzers:
//	    purity:
//	      enabled: true       # omitted: follows "default"
//	      flags:              # the analyzer's own flags (analysis.Analyzer.Flags)
//	        observer: false
//
// Flag values may be YAML strings, booleans or numbers; each is passed to the
// flag's Set method as text, exactly as `go vet -purity.observer=false` would.
// Analyzer and flag names are matched case-insensitively, because
// golangci-lint reads its configuration with viper, which lower-cases map
// keys before the plugin sees them.
//
// A disabled analyzer that an enabled one requires still runs (go/analysis
// runs what is required), but its diagnostics are not reported. The
// analyzers that report nothing (constpool, construct, apidoc) never run
// under golangci-lint; their settings are checked and otherwise ignored.
package golangci

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/analyzers/suite"
)

// PluginName is the name under which the plugin registers itself; it is the
// key of the plugin's block under linters.settings.custom in .golangci.yml
// and the linter name to enable.
const PluginName = "gentest"

func init() {
	register.Plugin(PluginName, New)
}

// Values of Settings.Default.
const (
	DefaultAll  = "all"
	DefaultNone = "none"
)

// Settings is the plugin's configuration, decoded from the `settings` block
// of linters.settings.custom.gentest in .golangci.yml. The zero value runs
// every analyzer of the suite with its default flags.
type Settings struct {
	// Default says whether analyzers not enabled or disabled explicitly in
	// Analyzers run: DefaultAll (also when empty) or DefaultNone.
	Default string `json:"default"`

	// Analyzers configures analyzers by name (analysis.Analyzer.Name).
	Analyzers map[string]AnalyzerSettings `json:"analyzers"`
}

// AnalyzerSettings configures one analyzer.
type AnalyzerSettings struct {
	// Enabled turns the analyzer on or off; nil follows Settings.Default.
	Enabled *bool `json:"enabled"`

	// Flags sets the analyzer's flags (analysis.Analyzer.Flags) by name.
	Flags map[string]FlagValue `json:"flags"`
}

// FlagValue is the text of a flag value. It decodes from a JSON string,
// boolean or number (YAML scalars arrive as those), so that both
// `observer: false` and `observer: "false"` work; numbers keep their literal
// spelling instead of going through float64.
type FlagValue string

// UnmarshalJSON implements json.Unmarshaler.
func (v *FlagValue) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return errors.New("empty flag value")
	}
	switch data[0] {
	case '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return fmt.Errorf("flag value %s: %w", data, err)
		}
		*v = FlagValue(s)
	case 't', 'f', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		// true, false or a number: the JSON literal is the text.
		*v = FlagValue(data)
	default:
		return fmt.Errorf("flag value %s: want a string, boolean or number", data)
	}
	return nil
}

// New is the plugin constructor golangci-lint calls with the raw settings;
// it checks them against the analyzers of the suite.
//
// Settings may name any analyzer of the suite, but only those of
// [suite.Reporting] run: golangci-lint keeps the facts of the fact-only ones
// in its own cache, where nothing reads them, after running them on every
// dependency. Their settings are still checked, so a configuration stays
// valid across versions.
func New(conf any) (register.LinterPlugin, error) {
	p, err := newPlugin(suite.Analyzers(), conf)
	if err != nil {
		return nil, err
	}
	p.analyzers = onlyAmong(p.analyzers, suite.Reporting())
	return p, nil
}

// onlyAmong returns the analyzers of as that are in keep, in as's order.
func onlyAmong(as, keep []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range as {
		if slices.Contains(keep, a) {
			out = append(out, a)
		}
	}
	return out
}

// plugin is the register.LinterPlugin for a checked configuration.
type plugin struct {
	// analyzers are the enabled analyzers, in suite order.
	analyzers []*analysis.Analyzer
	// flags are the flag assignments to make before the analyzers run.
	flags []flagAssignment
}

// flagAssignment is one flag to set on one analyzer.
type flagAssignment struct {
	analyzer *analysis.Analyzer
	flag     *flag.Flag
	value    string
}

// newPlugin decodes conf and checks it against all, the analyzers on offer;
// tests pass their own analyzers because the suite's are package-level
// values shared with the rest of the program.
func newPlugin(all []*analysis.Analyzer, conf any) (*plugin, error) {
	settings, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("gentest plugin settings: %w", err)
	}

	var enableByDefault bool
	switch strings.ToLower(settings.Default) {
	case "", DefaultAll:
		enableByDefault = true
	case DefaultNone:
		enableByDefault = false
	default:
		return nil, fmt.Errorf("gentest plugin settings: default %q: want %q or %q", settings.Default, DefaultAll, DefaultNone)
	}

	byName := make(map[string]*analysis.Analyzer, len(all))
	for _, a := range all {
		byName[strings.ToLower(a.Name)] = a
	}

	p := new(plugin)
	enabled := make(map[*analysis.Analyzer]bool, len(all))
	for _, a := range all {
		enabled[a] = enableByDefault
	}
	// Sorted so that the first error reported does not depend on map order.
	for _, name := range slices.Sorted(maps.Keys(settings.Analyzers)) {
		as := settings.Analyzers[name]
		a, ok := lookupAnalyzer(all, byName, name)
		if !ok {
			return nil, fmt.Errorf("gentest plugin settings: unknown analyzer %q (have %s)", name, analyzerNames(all))
		}
		if as.Enabled != nil {
			enabled[a] = *as.Enabled
		}
		for _, fname := range slices.Sorted(maps.Keys(as.Flags)) {
			f, err := lookupFlag(&a.Flags, fname)
			if err != nil {
				return nil, fmt.Errorf("gentest plugin settings: analyzer %s: %w", a.Name, err)
			}
			p.flags = append(p.flags, flagAssignment{analyzer: a, flag: f, value: string(as.Flags[fname])})
		}
	}
	for _, a := range all {
		if enabled[a] {
			p.analyzers = append(p.analyzers, a)
		}
	}
	return p, nil
}

// BuildAnalyzers sets the configured flags and returns the enabled analyzers.
// If a value is rejected, the flags already set are restored, so a bad
// configuration leaves the analyzers as they were.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	type saved struct {
		flag  *flag.Flag
		value string
	}
	var done []saved
	for _, fa := range p.flags {
		old := fa.flag.Value.String()
		// Recorded before Set: some Values (flag's own bool, for one) store
		// a zero value even when they reject the text.
		done = append(done, saved{fa.flag, old})
		if err := fa.flag.Value.Set(fa.value); err != nil {
			for i := len(done) - 1; i >= 0; i-- {
				// Best effort: the old text came from the same Value.
				_ = done[i].flag.Value.Set(done[i].value)
			}
			return nil, fmt.Errorf("gentest plugin settings: analyzer %s: flag %s=%q: %w", fa.analyzer.Name, fa.flag.Name, fa.value, err)
		}
	}
	return slices.Clone(p.analyzers), nil
}

// GetLoadMode asks for type information: the analyzers build SSA and
// exchange facts across packages, which golangci-lint supports only in this
// mode (it then analyzes dependencies for their facts too).
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}

// lookupAnalyzer finds an analyzer by exact name, then case-insensitively.
func lookupAnalyzer(all []*analysis.Analyzer, byLower map[string]*analysis.Analyzer, name string) (*analysis.Analyzer, bool) {
	for _, a := range all {
		if a.Name == name {
			return a, true
		}
	}
	a, ok := byLower[strings.ToLower(name)]
	return a, ok
}

// lookupFlag finds a flag by exact name, then by a unique case-insensitive
// match (viper lower-cases configuration keys).
func lookupFlag(fs *flag.FlagSet, name string) (*flag.Flag, error) {
	if f := fs.Lookup(name); f != nil {
		return f, nil
	}
	var match []*flag.Flag
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		names = append(names, f.Name)
		if strings.EqualFold(f.Name, name) {
			match = append(match, f)
		}
	})
	switch len(match) {
	case 1:
		return match[0], nil
	case 0:
		if len(names) == 0 {
			return nil, fmt.Errorf("unknown flag %q (the analyzer has no flags)", name)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("unknown flag %q (have %s)", name, strings.Join(names, ", "))
	default:
		return nil, fmt.Errorf("flag %q matches several flags that differ only in case; configuration keys are lower-cased", name)
	}
}

func analyzerNames(all []*analysis.Analyzer) string {
	if len(all) == 0 {
		return "none: the suite is empty"
	}
	names := make([]string, len(all))
	for i, a := range all {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}
