package harness

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
			Status string `json:"status"`
		} `json:"mutations"`
	} `json:"files"`
	TestEfficacy *float64 `json:"test_efficacy"`
}

// mutate runs gremlins on the package of copy cp with the tests the copy
// holds, mutating only the package's own files.
func (c *Config) mutate(ctx context.Context, cp *scratch.Copy, report string) *result.Mutation {
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
	for _, f := range rep.Files {
		for _, mu := range f.Mutations {
			switch mu.Status {
			case "KILLED":
				m.Killed++
			case "LIVED":
				m.Lived++
			case "NOT COVERED":
				m.NotCovered++
			case "TIMED OUT":
				m.TimedOut++
			case "NOT VIABLE":
				m.NotViable++
			}
		}
	}
	if den := m.Killed + m.Lived + m.TimedOut + m.NotCovered; den > 0 {
		m.Score = result.Of(100 * float64(m.Killed+m.TimedOut) / float64(den))
	}
	if rep.TestEfficacy != nil {
		m.Efficacy = result.Of(*rep.TestEfficacy)
	}
	return m, nil
}
