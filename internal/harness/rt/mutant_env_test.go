package rt

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mutantEnvChild, set in a child's environment, makes TestMutantEnvChild
// act: the child is this test binary, started by TestMutantEnvInit.
const mutantEnvChild = "GENTEST_RT_MUTANT_ENV_CHILD"

// TestMutantEnvChild runs only in a child of TestMutantEnvInit: it prints
// the mutant active since initialisation, infects mutants 2, 3 and 2
// again, and exits at once with status 3, as a test calling os.Exit or
// crashing would, without returning to the testing package.
func TestMutantEnvChild(t *testing.T) {
	if os.Getenv(mutantEnvChild) != "1" {
		t.Skip("runs as TestMutantEnvInit's child")
	}
	active := ActiveMutant()
	InitMutants(4, nil) // as zz_size.go does, after this package's other inits
	fmt.Printf("active=%d on=%v\n", active, MOn(3))
	MOn(2)
	MOn(2)
	os.Exit(3)
}

// runMutantEnvChild runs TestMutantEnvChild with env added to the
// environment and returns its output and exit status.
func runMutantEnvChild(t *testing.T, env ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMutantEnvChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), append([]string{mutantEnvChild + "=1"}, env...)...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running the child: %v", err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// A test binary's environment activates the mutant before any test runs
// and makes the runtime append first infections to a file, each written
// at once (the child exits without returning); an executor ignores both
// variables; a malformed id stops the binary before its tests run.
func TestMutantEnvInit(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "infected")
	os.WriteFile(file, []byte("1\n"), 0o644) // appended to, not truncated
	out, code := runMutantEnvChild(t, EnvMutant+"=3", EnvInfected+"="+file)
	if code != 3 || !strings.Contains(out, "active=3 on=true") {
		t.Errorf("child: status %d, output %q; want 3 and mutant 3 active", code, out)
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "1\n3\n2\n" {
		t.Errorf("infected file %q, %v; want the old line, then 3 and 2 once each", b, err)
	}

	file2 := filepath.Join(dir, "executor")
	out, code = runMutantEnvChild(t, EnvExecutor+"=1", EnvMutant+"=3", EnvInfected+"="+file2)
	if code != 3 || !strings.Contains(out, "active=0 on=false") {
		t.Errorf("executor child: status %d, output %q; want 3 and no mutant active", code, out)
	}
	if _, err := os.Stat(file2); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an executor opened %s: %v", EnvInfected, err)
	}

	for _, env := range []string{EnvMutant + "=x", EnvMutant + "=-1", EnvInfected + "=" + filepath.Join(dir, "no", "such")} {
		out, code = runMutantEnvChild(t, env)
		if code != mutantEnvExit || !strings.Contains(out, "gentestrt: GENTEST_") || strings.Contains(out, "active=") {
			t.Errorf("%s: status %d, output %q; want %d before any test ran", env, code, out, mutantEnvExit)
		}
	}
}

// mutantEnv itself, in this process: empty values change nothing; a
// mutant is set; infections reach the file one line each.
func TestMutantEnv(t *testing.T) {
	defer SetMutant(0)
	defer OnFirstInfection(nil)
	defer InitMutants(0, nil)
	InitMutants(10, nil)
	if err := mutantEnv("", ""); err != nil || ActiveMutant() != 0 || mutOnFirst != nil {
		t.Fatalf("empty: %v, active %d", err, ActiveMutant())
	}
	file := filepath.Join(t.TempDir(), "inf")
	if err := mutantEnv("7", file); err != nil || ActiveMutant() != 7 {
		t.Fatalf("mutantEnv: %v, active %d", err, ActiveMutant())
	}
	MOn(10)
	MOn(1)
	MOn(10)
	MOn(11) // no such mutant: not reported
	if b, err := os.ReadFile(file); err != nil || string(b) != "10\n1\n" {
		t.Errorf("file %q, %v", b, err)
	}
}
