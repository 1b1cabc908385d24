package golangci

// The end-to-end test builds a real golangci-lint with this plugin the way a
// user does (`golangci-lint custom` and a .custom-gcl.yml pointing at this
// checkout), runs it on the module in testdata/golangci/e2e, and checks its
// issues against the `// want` comments there. It takes minutes when nothing
// is cached, so it runs only when GENTEST_E2E_GOLANGCI is set.
//
// `golangci-lint custom` always clones
// https://github.com/golangci/golangci-lint.git at the requested tag. So that
// the test needs only the Go module proxy (and no GitHub access), it serves
// that clone from a local git repository made from the golangci-lint module
// as the proxy serves it (checked against the checksum database), through a
// git `url.<local>.insteadOf` rule in a private XDG_CONFIG_HOME. Everything
// else is the unmodified custom build.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/gentest-go/gentest/analyzers/suite"
)

const (
	// golangciVersion is the golangci-lint release the test builds; keep it
	// in step with docs/golangci.md and analyzers/golangci/example.
	golangciVersion = "v2.15.0"
	golangciModule  = "github.com/golangci/golangci-lint/v2"
	golangciRepoURL = "https://github.com/golangci/golangci-lint.git"

	gentestModule = "github.com/gentest-go/gentest"
	pluginImport  = gentestModule + "/analyzers/golangci"

	// envE2E enables the test.
	envE2E = "GENTEST_E2E_GOLANGCI"
	// envCache overrides where built binaries are kept between runs.
	envCache = "GENTEST_E2E_GOLANGCI_CACHE"
	// envModuleDir points the custom build at another gentest checkout
	// (default: the one this test is in).
	envModuleDir = "GENTEST_E2E_GOLANGCI_MODULE_DIR"
)

func TestGolangciLintEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped under -short: builds golangci-lint with the plugin, which takes minutes")
	}
	if os.Getenv(envE2E) == "" {
		t.Skipf("set %s=1 to build golangci-lint %s with the gentest plugin and run it on testdata/golangci/e2e (takes minutes; needs the Go module proxy and git)", envE2E, golangciVersion)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("golangci-lint custom needs git: %v", err)
	}

	ctx := t.Context()
	if dl, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		// Leave time to report what was running when the deadline hit.
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-30*time.Second))
		t.Cleanup(cancel)
	}

	moduleDir := os.Getenv(envModuleDir)
	if moduleDir == "" {
		var err error
		if moduleDir, err = filepath.Abs(filepath.Join("..", "..")); err != nil {
			t.Fatal(err)
		}
		// The custom binary runs the suite of this checkout, so a suite
		// without purity cannot produce the expected diagnostics: say so
		// instead of reporting every one of them missing.
		if !slices.ContainsFunc(suite.Analyzers(), func(a *analysis.Analyzer) bool { return a.Name == "purity" }) {
			t.Fatalf("suite.Analyzers() has no analyzer named purity; the expectations in testdata/golangci/e2e come from purity")
		}
	}

	cacheDir, err := e2eCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		t.Fatal(err)
	}
	custom, err := customBinary(ctx, t, cacheDir, moduleDir)
	if err != nil {
		t.Fatal(err)
	}

	work := t.TempDir()
	if err := os.CopyFS(work, os.DirFS(filepath.Join("..", "..", "testdata", "golangci", "e2e"))); err != nil {
		t.Fatalf("copying the testdata module: %v", err)
	}
	wants, err := parseWants(work)
	if err != nil {
		t.Fatal(err)
	}

	// Each run gets its own golangci-lint cache unless it shares one on
	// purpose: golangci-lint caches facts and issues per package.
	t.Run("all packages", func(t *testing.T) {
		issues := runLint(ctx, t, custom, work, t.TempDir(), "", "./...")
		checkIssues(t, issues, wants, "a", "b")
	})
	t.Run("facts of a dependency from source", func(t *testing.T) {
		// Only b is analyzed for diagnostics: a is a dependency, analyzed
		// for its facts alone.
		issues := runLint(ctx, t, custom, work, t.TempDir(), "", "./b")
		checkIssues(t, issues, wants, "b")
	})
	t.Run("facts of a dependency from the cache", func(t *testing.T) {
		// The first run stores a's facts in golangci-lint's cache (gob
		// encoded); the second must read them back to report b's issues.
		cache := t.TempDir()
		checkIssues(t, runLint(ctx, t, custom, work, cache, "", "./a"), wants, "a")
		// golangci-lint's debug log is the only witness that the facts
		// came from the cache rather than from analyzing a again.
		issues, log := runLintLog(ctx, t, custom, work, cache, "", []string{"GL_DEBUG=goanalysis/facts/cache"}, "./b")
		checkIssues(t, issues, wants, "b")
		if !regexp.MustCompile(`Loaded [1-9][0-9]* cached facts for package \\"a\\" and analyzer purity`).MatchString(log) {
			t.Errorf("golangci-lint did not load purity facts for package a from its cache; debug log:\n%s", log)
		}
	})
	t.Run("settings disable purity", func(t *testing.T) {
		cfg := writeConfig(t, `
          analyzers:
            purity:
              enabled: false`)
		issues := runLint(ctx, t, custom, work, t.TempDir(), cfg, "./...")
		checkIssues(t, issues, nil)
	})
	t.Run("settings set a flag", func(t *testing.T) {
		// purity's -discard flag turns off its discarded-result check;
		// the other checks still report.
		cfg := writeConfig(t, `
          analyzers:
            purity:
              flags:
                discard: false`)
		var kept []want
		for _, w := range wants {
			if !strings.Contains(w.re.String(), "discarded") {
				kept = append(kept, w)
			}
		}
		if len(kept) == len(wants) || len(kept) == 0 {
			t.Fatalf("testdata needs both discarded-result wants and others; have %v", wants)
		}
		issues := runLint(ctx, t, custom, work, t.TempDir(), cfg, "./...")
		checkIssues(t, issues, kept, "a", "b")
	})
	t.Run("example configuration", func(t *testing.T) {
		// The example in analyzers/golangci/example is what users copy:
		// it must be accepted and give the same gentest issues. Its other
		// linters (default: standard) may report too; they are not checked.
		cfg, err := os.ReadFile(filepath.Join("example", ".golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		// Inside the module, so that paths are relative to it.
		path := filepath.Join(work, "example-golangci.yml")
		if err := os.WriteFile(path, cfg, 0o644); err != nil {
			t.Fatal(err)
		}
		var issues []issue
		for _, is := range runLint(ctx, t, custom, work, t.TempDir(), path, "./...") {
			if is.FromLinter == PluginName {
				issues = append(issues, is)
			}
		}
		checkIssues(t, issues, wants, "a", "b")
	})
	// Bad settings must stop golangci-lint with the plugin's message: this
	// shows the settings reach the plugin, down to the analyzers' flags.
	for _, tc := range []struct{ name, settings, want string }{
		{"unknown analyzer rejected", `
          analyzers:
            nosuch:
              enabled: true`, `unknown analyzer "nosuch"`},
		{"unknown flag rejected", `
          analyzers:
            purity:
              flags:
                nosuch: 1`, `analyzer purity: unknown flag "nosuch"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := lint(ctx, custom, work, t.TempDir(), writeConfig(t, tc.settings), "./...")
			if err == nil {
				t.Fatalf("golangci-lint accepted the settings; output:\n%s", out)
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("golangci-lint failed without saying %s:\n%s", tc.want, out)
			}
		})
	}
}

// writeConfig writes a golangci-lint configuration enabling only the plugin
// with the given settings block (indented to sit under `settings:`).
func writeConfig(t *testing.T, settings string) string {
	t.Helper()
	// relative-path-mode: wd, because the file is not in the module and
	// golangci-lint otherwise reports paths relative to it.
	cfg := `version: "2"
run:
  relative-path-mode: wd
linters:
  default: none
  enable:
    - gentest
  settings:
    custom:
      gentest:
        type: module
        settings:` + settings + `
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
`
	path := filepath.Join(t.TempDir(), "golangci.yml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// issue is the part of golangci-lint's JSON output the test checks.
type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename string
		Line     int
	}
}

func (is issue) String() string {
	return fmt.Sprintf("%s:%d: %s (%s)", is.Pos.Filename, is.Pos.Line, is.Text, is.FromLinter)
}

// lint runs the custom binary in dir on pkgs with the given golangci-lint
// cache and, if cfg is set, configuration file. It returns the combined
// output; err is set when golangci-lint fails for a reason other than
// having found issues.
func lint(ctx context.Context, custom, dir, cache, cfg string, pkgs ...string) (string, error) {
	js, _, err := lintEnv(ctx, custom, dir, cache, cfg, nil, pkgs...)
	return js, err
}

// lintEnv is lint with extra environment variables; it also returns
// golangci-lint's own output (logs, and the text report on errors).
func lintEnv(ctx context.Context, custom, dir, cache, cfg string, env []string, pkgs ...string) (js, log string, err error) {
	jsonOut := filepath.Join(cache, "issues.json")
	args := []string{"run", "--output.json.path=" + jsonOut, "--show-stats=false"}
	if cfg != "" {
		args = append(args, "--config="+cfg)
	}
	args = append(args, pkgs...)
	cmd := exec.CommandContext(ctx, custom, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+cache, "GOWORK=off")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		// Exit code 1 means issues were found (issues-exit-code).
		err = nil
	}
	if err != nil {
		return string(out), string(out), fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	data, err := os.ReadFile(jsonOut)
	if err != nil {
		return string(out), string(out), fmt.Errorf("reading golangci-lint's JSON output: %w", err)
	}
	return string(data), string(out), nil
}

// runLint is lint for runs expected to succeed; it returns the issues.
func runLint(ctx context.Context, t *testing.T, custom, dir, cache, cfg string, pkgs ...string) []issue {
	t.Helper()
	issues, _ := runLintLog(ctx, t, custom, dir, cache, cfg, nil, pkgs...)
	return issues
}

// runLintLog is runLint with extra environment variables; it also returns
// golangci-lint's log.
func runLintLog(ctx context.Context, t *testing.T, custom, dir, cache, cfg string, env []string, pkgs ...string) ([]issue, string) {
	t.Helper()
	start := time.Now()
	out, log, err := lintEnv(ctx, custom, dir, cache, cfg, env, pkgs...)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("golangci-lint run %s: %v", strings.Join(pkgs, " "), time.Since(start).Round(time.Millisecond))
	var report struct{ Issues []issue }
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("decoding golangci-lint's JSON output: %v\n%s", err, out)
	}
	for i := range report.Issues {
		report.Issues[i].Pos.Filename = filepath.ToSlash(report.Issues[i].Pos.Filename)
	}
	return report.Issues, log
}

// want is one expected diagnostic: a `// want` pattern at a source line.
type want struct {
	file string // slash-separated, relative to the module root
	line int
	re   *regexp.Regexp
}

func (w want) String() string { return fmt.Sprintf("%s:%d: %s", w.file, w.line, w.re) }

// parseWants reads the `// want "re" ...` comments of the module in dir, in
// the form analysistest uses: one or more Go string literals, each a regular
// expression that one diagnostic on that line must match.
func parseWants(dir string) ([]want, error) {
	var wants []want
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			_, rest, ok := strings.Cut(line, "// want ")
			if !ok {
				continue
			}
			pats, err := stringLiterals(rest)
			if err != nil || len(pats) == 0 {
				return fmt.Errorf("%s:%d: bad want comment %q: %v", rel, i+1, rest, err)
			}
			for _, p := range pats {
				re, err := regexp.Compile(p)
				if err != nil {
					return fmt.Errorf("%s:%d: %w", rel, i+1, err)
				}
				wants = append(wants, want{file: filepath.ToSlash(rel), line: i + 1, re: re})
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading want comments: %w", err)
	}
	return wants, nil
}

// stringLiterals returns the values of the Go string literals in s, which
// must hold nothing else.
func stringLiterals(s string) ([]string, error) {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	src := []byte(s)
	var errs []string
	sc.Init(fset.AddFile("want", -1, len(src)), src, func(_ token.Position, msg string) { errs = append(errs, msg) }, 0)
	var lits []string
	for {
		_, tok, lit := sc.Scan()
		switch tok {
		case token.EOF:
			if len(errs) > 0 {
				return nil, errors.New(strings.Join(errs, "; "))
			}
			return lits, nil
		case token.SEMICOLON: // inserted at end of input
		case token.STRING:
			v, err := strconv.Unquote(lit)
			if err != nil {
				return nil, err
			}
			lits = append(lits, v)
		default:
			return nil, fmt.Errorf("unexpected %s", tok)
		}
	}
}

// checkIssues matches issues against the wants in the given package
// directories: every issue must match a want on its line and every want
// must be matched.
func checkIssues(t *testing.T, issues []issue, wants []want, pkgDirs ...string) {
	t.Helper()
	var pending []want
	for _, w := range wants {
		if slices.Contains(pkgDirs, filepath.Dir(filepath.FromSlash(w.file))) {
			pending = append(pending, w)
		}
	}
	for _, is := range issues {
		i := slices.IndexFunc(pending, func(w want) bool {
			return w.file == is.Pos.Filename && w.line == is.Pos.Line && w.re.MatchString(is.Text)
		})
		if is.FromLinter != PluginName || i < 0 {
			t.Errorf("unexpected issue: %s", is)
			continue
		}
		pending = slices.Delete(pending, i, i+1)
	}
	for _, w := range pending {
		t.Errorf("missing issue: %s", w)
	}
}

// e2eCacheDir is where binaries are kept between runs.
func e2eCacheDir() (string, error) {
	if dir := os.Getenv(envCache); dir != "" {
		return dir, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the golangci-lint build (set %s): %w", envCache, err)
	}
	return filepath.Join(dir, "gentest", "e2e-golangci"), nil
}

// customBinary returns the path of a golangci-lint built by
// `golangci-lint custom` with the plugin from moduleDir, building it unless
// one built from the same plugin sources, golangci-lint version and Go
// toolchain is cached.
func customBinary(ctx context.Context, t *testing.T, cacheDir, moduleDir string) (string, error) {
	goVersion, err := goOutput(ctx, moduleDir, "env", "GOVERSION")
	if err != nil {
		return "", err
	}
	srcHash, err := pluginSourceHash(ctx, moduleDir)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256([]byte(strings.Join([]string{golangciVersion, goVersion, runtime.GOOS, runtime.GOARCH, srcHash}, "\n")))
	key := hex.EncodeToString(h[:12])
	customDir := filepath.Join(cacheDir, "custom", golangciVersion)
	bin := filepath.Join(customDir, key, "custom-gcl")
	if _, err := os.Stat(bin); err == nil {
		t.Logf("using cached custom golangci-lint %s", bin)
		return bin, nil
	}

	base, err := baseBinary(ctx, t, cacheDir)
	if err != nil {
		return "", err
	}
	mirror, err := golangciMirror(ctx, t, cacheDir)
	if err != nil {
		return "", err
	}

	build := t.TempDir()
	out := filepath.Join(build, "out")
	gitConfig := fmt.Sprintf("[url %q]\n\tinsteadOf = %s\n", "file://"+filepath.ToSlash(mirror), golangciRepoURL)
	if err := os.MkdirAll(filepath.Join(build, "xdg", "git"), 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(build, "xdg", "git", "config"), []byte(gitConfig), 0o644); err != nil {
		return "", err
	}
	customYML := fmt.Sprintf(`version: %s
name: custom-gcl
destination: %s
plugins:
  - module: %s
    import: %s
    path: %s
`, golangciVersion, strconv.Quote(out), gentestModule, pluginImport, strconv.Quote(moduleDir))
	if err := os.WriteFile(filepath.Join(build, ".custom-gcl.yml"), []byte(customYML), 0o644); err != nil {
		return "", err
	}
	goEnv, err := goOutput(ctx, moduleDir, "env", "GOENV")
	if err != nil {
		return "", err
	}

	cmd := exec.CommandContext(ctx, base, "custom", "-v")
	cmd.Dir = build
	cmd.Env = append(os.Environ(),
		// git reads $XDG_CONFIG_HOME/git/config; golangci-lint drops GIT_*
		// variables, so this is the way to reach the clone it makes.
		"XDG_CONFIG_HOME="+filepath.Join(build, "xdg"),
		// Keep the user's go env file, which moving XDG_CONFIG_HOME would hide.
		"GOENV="+goEnv,
		"GOWORK=off",
	)
	start := time.Now()
	output, err := cmd.CombinedOutput()
	elapsed := time.Since(start)
	if err != nil {
		return "", fmt.Errorf("golangci-lint custom: %w\n%s", err, output)
	}
	t.Logf("golangci-lint custom (%s, plugin from %s) took %v", golangciVersion, moduleDir, elapsed.Round(time.Millisecond))

	if err := renameInto(out, filepath.Join(customDir, key)); err != nil {
		return "", err
	}
	// Keep only this build: each binary is ~50 MB, and older ones are for
	// sources that no longer exist.
	old, err := os.ReadDir(customDir)
	if err != nil {
		return "", err
	}
	for _, e := range old {
		if e.Name() != key {
			if err := os.RemoveAll(filepath.Join(customDir, e.Name())); err != nil {
				return "", err
			}
		}
	}
	return bin, nil
}

// baseBinary installs the pinned golangci-lint from the module proxy.
func baseBinary(ctx context.Context, t *testing.T, cacheDir string) (string, error) {
	dir := filepath.Join(cacheDir, "base", golangciVersion)
	bin := filepath.Join(dir, "golangci-lint")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	tmp, err := os.MkdirTemp(cacheDir, "base-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	start := time.Now()
	cmd := exec.CommandContext(ctx, "go", "install", golangciModule+"/cmd/golangci-lint@"+golangciVersion)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOBIN="+tmp, "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install golangci-lint %s: %w\n%s", golangciVersion, err, out)
	}
	t.Logf("go install golangci-lint %s took %v", golangciVersion, time.Since(start).Round(time.Millisecond))
	if err := renameInto(tmp, dir); err != nil {
		return "", err
	}
	return bin, nil
}

// golangciMirror returns a local git repository holding the golangci-lint
// module source at golangciVersion, tagged like the upstream release, for
// `golangci-lint custom` to clone.
func golangciMirror(ctx context.Context, t *testing.T, cacheDir string) (string, error) {
	dir := filepath.Join(cacheDir, "mirror", golangciVersion)
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		return dir, nil
	}
	js, err := goOutput(ctx, cacheDir, "mod", "download", "-json", golangciModule+"@"+golangciVersion)
	if err != nil {
		return "", err
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(js), &mod); err != nil {
		return "", fmt.Errorf("go mod download: %w", err)
	}
	if mod.Error != "" || mod.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s: %s", golangciModule, golangciVersion, mod.Error)
	}
	tmp, err := os.MkdirTemp(cacheDir, "mirror-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	src := filepath.Join(tmp, "src")
	if err := os.CopyFS(src, os.DirFS(mod.Dir)); err != nil {
		return "", fmt.Errorf("copying golangci-lint source: %w", err)
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "-A"},
		{"commit", "-q", "-m", "golangci-lint " + golangciVersion + " from the Go module proxy"},
		{"tag", golangciVersion},
	} {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "user.name=gentest", "-c", "user.email=gentest@invalid", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = src
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, out)
		}
	}
	t.Logf("made a git mirror of golangci-lint %s from %s", golangciVersion, mod.Dir)
	if err := renameInto(src, dir); err != nil {
		return "", err
	}
	return dir, nil
}

// renameInto moves from to to, creating to's parent; if another run got
// there first, its result is kept.
func renameInto(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if err := os.Rename(from, to); err != nil {
		if _, statErr := os.Stat(to); statErr == nil {
			return nil
		}
		return fmt.Errorf("caching %s: %w", to, err)
	}
	return nil
}

// pluginSourceHash hashes the files of the gentest packages the plugin is
// built from, and the module's go.mod and go.sum: what decides the custom
// binary, apart from golangci-lint's version and the toolchain.
func pluginSourceHash(ctx context.Context, moduleDir string) (string, error) {
	js, err := goOutput(ctx, moduleDir, "list", "-deps", "-json=Dir,ImportPath,Module,GoFiles,CgoFiles,EmbedFiles", "./analyzers/golangci")
	if err != nil {
		return "", err
	}
	h := sha256.New()
	hashFile := func(path string) error {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\n", path)
		_, err = io.Copy(h, f)
		return err
	}
	for _, name := range []string{"go.mod", "go.sum"} {
		if err := hashFile(filepath.Join(moduleDir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	dec := json.NewDecoder(strings.NewReader(js))
	for {
		var pkg struct {
			Dir                           string
			Module                        *struct{ Path string }
			GoFiles, CgoFiles, EmbedFiles []string
		}
		if err := dec.Decode(&pkg); err == io.EOF {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list: %w", err)
		}
		if pkg.Module == nil || pkg.Module.Path != gentestModule {
			continue
		}
		for _, name := range slices.Concat(pkg.GoFiles, pkg.CgoFiles, pkg.EmbedFiles) {
			if err := hashFile(filepath.Join(pkg.Dir, name)); err != nil {
				return "", err
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// goOutput runs the go command in dir and returns its trimmed stdout.
func goOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return strings.TrimSpace(string(out)), nil
}
