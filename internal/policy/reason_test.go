package policy

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/analyzers/purity"
)

// reason turns a fact into the exclusion reason: the dangerous effects by
// name with the first detail, unless -allow opts in; a conservative
// summary excludes outside the sandbox, unless every dangerous effect is
// allowed.
func TestReason(t *testing.T) {
	fsWrite := purity.Reason{Effect: "io:fs-write", Detail: "calls os.WriteFile at a.go:3"}
	exec := purity.Reason{Effect: "io:exec", Detail: "calls os/exec.Command at b.go:4"}
	net := purity.Reason{Effect: "io:net", Detail: "calls net.Dial at c.go:5"}
	exits := purity.Reason{Effect: "exits", Detail: "calls os.Exit at d.go:6"}
	read := purity.Reason{Effect: "io:fs-read", Detail: "calls os.ReadFile at e.go:7"}
	unresolved := purity.Reason{Effect: "conservative", Detail: "calls a function value at f.go:8"}
	const all = purity.FSWrite | purity.Exec | purity.Net | purity.Exits
	tests := []struct {
		name      string
		fact      purity.Fact
		allow     purity.Effect
		sandboxed bool
		want      string
	}{
		{"fs-write", purity.Fact{Effects: purity.FSWrite, Why: []purity.Reason{fsWrite}}, 0, false,
			"io:fs-write: calls os.WriteFile at a.go:3 (use -allow to call it)"},
		{"exec", purity.Fact{Effects: purity.Exec, Why: []purity.Reason{exec}}, 0, false,
			"io:exec: calls os/exec.Command at b.go:4 (use -allow to call it)"},
		{"net", purity.Fact{Effects: purity.Net, Why: []purity.Reason{net}}, 0, false,
			"io:net: calls net.Dial at c.go:5 (use -allow to call it)"},
		{"exit", purity.Fact{Effects: purity.Exits, Why: []purity.Reason{exits}}, 0, false,
			"exits: calls os.Exit at d.go:6 (use -allow to call it)"},
		{"several, first detail", purity.Fact{Effects: purity.FSWrite | purity.Net, Why: []purity.Reason{fsWrite, net}}, 0, false,
			"io:fs-write, io:net: calls os.WriteFile at a.go:3 (use -allow to call it)"},
		{"the sandbox does not lift known effects", purity.Fact{Effects: purity.FSWrite, Why: []purity.Reason{fsWrite}}, 0, true,
			"io:fs-write: calls os.WriteFile at a.go:3 (use -allow to call it)"},
		{"allowed", purity.Fact{Effects: purity.FSWrite, Why: []purity.Reason{fsWrite}}, purity.FSWrite, false, ""},
		{"partly allowed", purity.Fact{Effects: purity.FSWrite | purity.Net, Why: []purity.Reason{fsWrite, net}}, purity.FSWrite, false,
			"io:net: calls net.Dial at c.go:5 (use -allow to call it)"},
		{"reading is not dangerous", purity.Fact{Effects: purity.FSRead, Why: []purity.Reason{read}}, 0, false, ""},
		{"other effects are not dangerous", purity.Fact{Effects: purity.MutatesReceiver | purity.Nondeterministic | purity.WritesGlobal | purity.Blocks}, 0, false, ""},
		{"pure", purity.Fact{}, 0, false, ""},
		{"conservative outside the sandbox", purity.Fact{Conservative: true, Why: []purity.Reason{unresolved}}, 0, false,
			"effects unknown (conservative summary); not called by default: calls a function value at f.go:8"},
		{"conservative in the sandbox", purity.Fact{Conservative: true, Why: []purity.Reason{unresolved}}, 0, true, ""},
		{"conservative, some effects allowed", purity.Fact{Conservative: true}, purity.FSWrite | purity.Net, false,
			"effects unknown (conservative summary); not called by default"},
		{"conservative, everything allowed", purity.Fact{Conservative: true}, all, false, ""},
		{"conservative with a known dangerous effect, in the sandbox", purity.Fact{Effects: purity.Exits, Conservative: true, Why: []purity.Reason{exits}}, 0, true,
			"exits: calls os.Exit at d.go:6 (use -allow to call it)"},
	}
	for _, tc := range tests {
		f := tc.fact
		if got := reason(&f, tc.allow, tc.sandboxed); got != tc.want {
			t.Errorf("%s: reason = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestParseAllow(t *testing.T) {
	tests := []struct {
		list string
		want purity.Effect
		err  string
	}{
		{"", 0, ""},
		{"fs-write", purity.FSWrite, ""},
		{"fs-write,net", purity.FSWrite | purity.Net, ""},
		{" exec , exit ,", purity.Exec | purity.Exits, ""},
		{"io", purity.FSWrite | purity.Exec | purity.Net, ""},
		{"io,exit", Dangerous, ""},
		{"fs-read", 0, `-allow: unknown effect "fs-read" (known: exec, exit, fs-write, io, net)`},
		{"net,bogus", 0, `unknown effect "bogus"`},
		{"FS-WRITE", 0, `unknown effect "FS-WRITE"`},
	}
	for _, tc := range tests {
		got, err := ParseAllow(tc.list)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseAllow(%q) error %v, want %q", tc.list, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("ParseAllow(%q): %v", tc.list, err)
		case got != tc.want:
			t.Errorf("ParseAllow(%q) = %b, want %b", tc.list, got, tc.want)
		}
	}
}
