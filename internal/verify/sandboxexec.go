package verify

import (
	"fmt"
	"os"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
)

// envSandboxExec, set in a process's environment, makes the process the
// sandbox wrapper of a verification run (see sandboxExec): go test's -exec
// runs the test binary as `<this executable> <test binary> args...`, and
// the variable holds the directories the test binary may write to.
const envSandboxExec = "GENTEST_SANDBOX_EXEC"

// init turns this process into the sandbox wrapper when envSandboxExec is
// set, before main or TestMain: it confines itself with Landlock and
// executes the test binary in its place, which so runs confined without
// the executor runtime compiled into it. Any binary that links this
// package (gentest, gentest-bench, the tests that run verification) can
// serve, so verification names its own executable. It never returns when
// the variable is set: a test binary that cannot be confined does not run.
func init() {
	dirs, ok := os.LookupEnv(envSandboxExec)
	if !ok {
		return
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, envSandboxExec+"=") {
			env = append(env, kv)
		}
	}
	err := rt.ExecConfined(dirs, os.Args[1:], env)
	fmt.Fprintf(os.Stderr, "gentest: cannot run the test binary in the sandbox: %v\n", err)
	os.Exit(5)
}

// sandboxExec returns the -exec value that runs a test binary confined
// to dirs, with home as its HOME, TMPDIR and XDG directories.
func sandboxExec(dirs []string, home string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("verify: the sandbox wrapper (this executable): %w", err)
	}
	words := []string{"env",
		"HOME=" + home, "TMPDIR=" + home, "XDG_CONFIG_HOME=" + home, "XDG_CACHE_HOME=" + home,
		envSandboxExec + "=" + strings.Join(dirs, string(os.PathListSeparator)), self}
	for _, w := range words {
		if strings.ContainsAny(w, " \t\n'\"") {
			// go test splits -exec at spaces and honours quotes; a path
			// that needs them is rare enough to refuse plainly.
			return "", fmt.Errorf("verify: cannot pass %q to go test -exec", w)
		}
	}
	return strings.Join(words, " "), nil
}
