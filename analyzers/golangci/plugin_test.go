package golangci

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/analyzers/suite"
)

// fakeAnalyzers returns fresh analyzers with flags, so tests neither depend
// on the suite's contents nor mutate its shared flag state.
func fakeAnalyzers() (pure, consts *analysis.Analyzer, observer *bool, budget *int) {
	pure = &analysis.Analyzer{Name: "purity", Doc: "fake purity", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	observer = pure.Flags.Bool("observer", true, "report observers with side effects")
	budget = pure.Flags.Int("budget", 10, "a numeric flag")
	pure.Flags.String("MixedCase", "", "a flag whose name viper would lower-case")
	consts = &analysis.Analyzer{Name: "constpool", Doc: "fake constpool", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	return pure, consts, observer, budget
}

// yamlish turns JSON text into the map[string]any golangci-lint hands over
// after reading YAML.
func yamlish(t *testing.T, text string) any {
	t.Helper()
	if text == "" {
		return nil
	}
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("bad test settings %s: %v", text, err)
	}
	return v
}

func names(as []*analysis.Analyzer) string {
	var s []string
	for _, a := range as {
		s = append(s, a.Name)
	}
	return strings.Join(s, ",")
}

func TestSelection(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings string
		want     string
	}{
		{"nil settings run everything", "", "purity,constpool"},
		{"empty settings run everything", `{}`, "purity,constpool"},
		{"disable one", `{"analyzers": {"constpool": {"enabled": false}}}`, "purity"},
		{"default none", `{"default": "none"}`, ""},
		{"default none enable one", `{"default": "none", "analyzers": {"constpool": {"enabled": true}}}`, "constpool"},
		{"listed without enabled follows default", `{"default": "none", "analyzers": {"purity": {"flags": {"observer": false}}}}`, ""},
		{"names are case-insensitive", `{"default": "NONE", "analyzers": {"Purity": {"enabled": true}}}`, "purity"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pure, consts, _, _ := fakeAnalyzers()
			p, err := newPlugin([]*analysis.Analyzer{pure, consts}, yamlish(t, tc.settings))
			if err != nil {
				t.Fatalf("newPlugin: %v", err)
			}
			got, err := p.BuildAnalyzers()
			if err != nil {
				t.Fatalf("BuildAnalyzers: %v", err)
			}
			if names(got) != tc.want {
				t.Errorf("analyzers = %q, want %q", names(got), tc.want)
			}
			if p.GetLoadMode() != register.LoadModeTypesInfo {
				t.Errorf("load mode = %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
			}
		})
	}
}

func TestFlags(t *testing.T) {
	pure, consts, observer, budget := fakeAnalyzers()
	conf := yamlish(t, `{"analyzers": {"purity": {"flags": {"observer": false, "budget": 42, "mixedcase": "x"}}}}`)
	p, err := newPlugin([]*analysis.Analyzer{pure, consts}, conf)
	if err != nil {
		t.Fatalf("newPlugin: %v", err)
	}
	if !*observer || *budget != 10 {
		t.Fatalf("flags changed before BuildAnalyzers: observer=%v budget=%d", *observer, *budget)
	}
	if _, err := p.BuildAnalyzers(); err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	if *observer || *budget != 42 {
		t.Errorf("observer=%v budget=%d, want false 42", *observer, *budget)
	}
	if got := pure.Flags.Lookup("MixedCase").Value.String(); got != "x" {
		t.Errorf("MixedCase = %q, want %q", got, "x")
	}
}

// TestBadFlagValueRestores checks that a rejected value leaves every flag as
// it was: the analyzers are shared, so half-applied settings would leak.
func TestBadFlagValueRestores(t *testing.T) {
	pure, consts, observer, budget := fakeAnalyzers()
	// Flags are applied in sorted order: budget, then observer.
	conf := yamlish(t, `{"analyzers": {"purity": {"flags": {"budget": 7, "observer": "maybe"}}}}`)
	p, err := newPlugin([]*analysis.Analyzer{pure, consts}, conf)
	if err != nil {
		t.Fatalf("newPlugin: %v", err)
	}
	_, err = p.BuildAnalyzers()
	if err == nil || !strings.Contains(err.Error(), `flag observer="maybe"`) {
		t.Fatalf("BuildAnalyzers error = %v, want one naming observer", err)
	}
	if !*observer || *budget != 10 {
		t.Errorf("after failure observer=%v budget=%d, want the defaults true 10", *observer, *budget)
	}
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings string
		want     string
	}{
		{"unknown analyzer", `{"analyzers": {"nosuch": {}}}`, `unknown analyzer "nosuch" (have purity, constpool)`},
		{"unknown flag", `{"analyzers": {"purity": {"flags": {"nosuch": 1}}}}`, `unknown flag "nosuch" (have MixedCase, budget, observer)`},
		{"flag of analyzer without flags", `{"analyzers": {"constpool": {"flags": {"x": 1}}}}`, "has no flags"},
		{"unknown setting", `{"analyzer": {}}`, `unknown field "analyzer"`},
		{"bad default", `{"default": "some"}`, `default "some"`},
		{"list flag value", `{"analyzers": {"purity": {"flags": {"budget": [1]}}}}`, "want a string, boolean or number"},
		{"null flag value", `{"analyzers": {"purity": {"flags": {"budget": null}}}}`, "want a string, boolean or number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pure, consts, _, _ := fakeAnalyzers()
			_, err := newPlugin([]*analysis.Analyzer{pure, consts}, yamlish(t, tc.settings))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("newPlugin error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestRegistered checks the plugin is reachable the way golangci-lint looks
// it up, and that the real suite accepts empty settings.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin(PluginName)
	if err != nil {
		t.Fatalf("GetPlugin(%q): %v", PluginName, err)
	}
	p, err := newPlugin(map[string]any{})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode = %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
}

// TestRunsOnlyReporting checks that the real plugin runs the analyzers that
// report diagnostics and no fact-only one, even when the settings enable one
// by name, which stays valid.
func TestRunsOnlyReporting(t *testing.T) {
	want := names(suite.Reporting())
	for _, settings := range []string{`{}`, `{"analyzers": {"constpool": {"enabled": true}, "apidoc": {"enabled": true}}}`} {
		p, err := New(yamlish(t, settings))
		if err != nil {
			t.Fatalf("New(%s): %v", settings, err)
		}
		got, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatalf("BuildAnalyzers(%s): %v", settings, err)
		}
		if names(got) != want {
			t.Errorf("settings %s run %q, want %q", settings, names(got), want)
		}
	}
	if _, err := New(yamlish(t, `{"analyzers": {"construct": {"flags": {"nosuchflag": true}}}}`)); err == nil {
		t.Errorf("New accepted an unknown flag of a fact-only analyzer")
	}
}
