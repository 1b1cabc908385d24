package harness

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/result"
	"github.com/gentest-go/gentest/internal/bench/scratch"
)

// GremlinsModule is the mutation tool -mutation installs from the module
// proxy.
const GremlinsModule = "github.com/go-gremlins/gremlins/cmd/gremlins"

// mutationTimeout bounds one gremlins run; it runs the tests once per mutant.
const mutationTimeout = 30 * time.Minute

// InstallGremlins installs gremlins@version into gobin through the module
// proxy and returns the binary's path and the version it reports, or an error
// saying exactly what failed.
func InstallGremlins(ctx context.Context, env []string, gobin, version string) (bin, reported string, err error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	env = append(env[:len(env):len(env)], "GOBIN="+gobin)
	args := []string{"install", GremlinsModule + "@" + version}
	if r := proc.Run(ctx, gobin, env, "go", args...); r.Err != nil {
		return "", "", fmt.Errorf("installing gremlins: %w", r.Failure("go", args...))
	}
	bin = filepath.Join(gobin, "gremlins")
	if _, err := os.Stat(bin); err != nil {
		return "", "", fmt.Errorf("installing gremlins: %w", err)
	}
	ver := proc.Run(ctx, gobin, env, bin, "--version")
	if ver.Err != nil {
		return "", "", fmt.Errorf("gremlins does not run: %w", ver.Failure(bin, "--version"))
	}
	return bin, moduleVersion(ctx, env, bin), nil
}

// moduleVersion is the version of the main module built into bin, as go
// version -m reports it ("v0.6.0"); binaries installed with @latest say only
// "dev" when asked for their version themselves.
func moduleVersion(ctx context.Context, env []string, bin string) string {
	r := proc.Run(ctx, "", env, "go", "version", "-m", bin)
	for _, line := range strings.Split(string(r.Stdout), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "mod" {
			return f[1] + "@" + f[2]
		}
	}
	return "unknown version"
}

// gremlinsReport is the part of gremlins' -o JSON report the harness reads.
type gremlinsReport struct {
	Files []struct {
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
		} `json:"mutations"`
	} `json:"files"`
	TestEfficacy *float64 `json:"test_efficacy"`
	ElapsedTime  *float64 `json:"elapsed_time"`
}

// mutations runs the mutation tools c asks for on subject res: on the
// human tests (copy base), on the generated file alone (copy gen, which
// holds no human tests; nil when no generation succeeded) and on both
// together, a copy of gen with the human tests restored. genFile is the
// generated file's path. dir is the subject's scratch directory.
func (c *Config) mutations(ctx context.Context, res *result.Subject, base, gen *scratch.Copy, genFile, dir string) {
	var both *scratch.Copy
	noBoth := "no successful generation to test"
	if gen != nil {
		var err error
		both, err = gen.Clone(filepath.Join(dir, "mutation-both"))
		if err == nil {
			err = both.RestoreHumanTests(base)
		}
		if err != nil {
			both, noBoth = nil, fmt.Sprintf("copy with human and generated tests: %v", err)
		}
	}
	failed := func(msg string) *result.Mutation { return &result.Mutation{Err: msg} }
	if c.Mutation {
		set := &result.MutationSet{Gen: failed("no successful generation to test"), Both: failed(noBoth)}
		c.progress("gremlins: human tests")
		set.Human = c.gremlins(ctx, base, filepath.Join(dir, "gremlins-human.json"))
		if gen != nil {
			c.progress("gremlins: generated tests")
			set.Gen = c.gremlins(ctx, gen, filepath.Join(dir, "gremlins-gen.json"))
		}
		if both != nil {
			c.progress("gremlins: human and generated tests")
			set.Both = c.gremlins(ctx, both, filepath.Join(dir, "gremlins-both.json"))
		}
		res.Gremlins = set
	}
	if c.Engine {
		set := &result.MutationSet{Gen: failed("no successful generation to test"), Both: failed(noBoth)}
		if both == nil {
			// The human tests alone are the base copy's tests.
			set.Human = c.engine(ctx, base, filepath.Join(dir, "mutate-human"), TestFilter{})
		} else {
			human, generated, all := engineFilters(genFile)
			set.Human = c.engine(ctx, both, filepath.Join(dir, "mutate-human"), human)
			set.Gen = c.engine(ctx, both, filepath.Join(dir, "mutate-gen"), generated)
			set.Both = c.engine(ctx, both, filepath.Join(dir, "mutate-both"), all)
		}
		res.Engine = set
	}
}

// gremlins runs gremlins on the package of copy cp with the tests the copy
// holds, mutating only the package's own files, and keeps its report in
// the file report.
func (c *Config) gremlins(ctx context.Context, cp *scratch.Copy, report string) *result.Mutation {
	if c.Gremlins == "" {
		return &result.Mutation{Err: c.GremlinsErr}
	}
	mctx, cancel := context.WithTimeout(ctx, mutationTimeout)
	defer cancel()
	target := "./" + cp.Dir
	if cp.Dir == "." {
		target = "."
	}
	// gremlins walks the target directory recursively; "/" in a path
	// relative to it means a subdirectory, which is another package.
	args := []string{"unleash", "--exclude-files", "/", "--output", report, target}
	r := proc.Run(mctx, cp.Root, c.Env, c.Gremlins, args...)
	if r.Err != nil {
		return &result.Mutation{Err: r.Failure("gremlins", args...).Error()}
	}
	m, err := ParseGremlins(report)
	if err != nil {
		return &result.Mutation{Err: err.Error()}
	}
	return m
}

// ParseGremlins reads a gremlins JSON report.
func ParseGremlins(file string) (*result.Mutation, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("gremlins report: %w", err)
	}
	var rep gremlinsReport
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("gremlins report %s: %w", file, err)
	}
	m := &result.Mutation{}
	byType := map[string]*result.OperatorMutation{}
	var types []string
	for _, f := range rep.Files {
		for _, mu := range f.Mutations {
			name := strings.ToLower(mu.Type)
			op := byType[name]
			if op == nil {
				op = &result.OperatorMutation{Op: name}
				byType[name] = op
				types = append(types, name)
			}
			op.Mutants++
			switch mu.Status {
			case "KILLED":
				m.Killed++
				op.Killed++
			case "LIVED":
				m.Lived++
				op.Lived++
			case "NOT COVERED":
				m.NotCovered++
				op.NotCovered++
			case "TIMED OUT":
				m.TimedOut++
				op.TimedOut++
			case "NOT VIABLE":
				m.NotViable++
				op.Skipped++
			}
		}
	}
	// By type name, as gentest's classes are: the report's order is its
	// workers' and means nothing.
	slices.Sort(types)
	for _, name := range types {
		op := byType[name]
		op.Score = result.ScoreOf(op.Killed, op.TimedOut, op.Lived, op.NotCovered)
		m.Operators = append(m.Operators, *op)
	}
	m.Score = result.ScoreOf(m.Killed, m.TimedOut, m.Lived, m.NotCovered)
	if rep.TestEfficacy != nil {
		m.Efficacy = result.Of(*rep.TestEfficacy)
	}
	if rep.ElapsedTime != nil {
		m.Seconds = result.Of(*rep.ElapsedTime)
	}
	return m, nil
}
