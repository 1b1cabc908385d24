package rt

import (
	"fmt"
	"os"
	"strconv"
)

// The mutant switch of a test binary.
//
// The package's own tests, compiled with its instrumented and mutated
// sources (harness.InstrumentedFiles) but without the registry, never
// call Main: gentest runs them as `go test` would, once per mutant, and
// says which mutant through the environment. The executor sets mutants
// per request instead (Request.Mutant) and ignores these variables.
//
// Package initialisation runs this package's init functions before any of
// the package under test, which imports it, so the mutant is active from
// the first line of the package's own var initialisers and init functions.
// This file's init runs before zz_size.go's (files initialise in name
// order), which calls InitMutants: that sizes the infection state but
// leaves the active mutant and the infection callback alone.

// Environment variables of a test binary's mutant switch.
const (
	// EnvMutant, a decimal mutant id, makes that mutant active for the
	// whole run; 0 or unset: none. An id the build has no mutant for
	// activates nothing: the parent, which has the table, checks ids.
	EnvMutant = "GENTEST_MUTANT"
	// EnvInfected names a file to which the run appends the id of each
	// mutant the first time it is infected, one decimal a line. Lines
	// are written as they happen, so a test that crashes or calls
	// os.Exit loses none; a subprocess that inherits the environment
	// appends to the same file; concurrent first infections of one id
	// (from the tests' goroutines) may write it twice. Readers take the
	// set of ids.
	EnvInfected = "GENTEST_INFECTED"
)

// mutantEnvExit is the exit status of a test binary whose mutant switch
// is malformed: running the tests anyway would report the original
// program's behaviour as the mutant's.
const mutantEnvExit = 2

func init() {
	if os.Getenv(EnvExecutor) == "1" {
		return // the executor sets mutants per request
	}
	if err := mutantEnv(os.Getenv(EnvMutant), os.Getenv(EnvInfected)); err != nil {
		fmt.Fprintf(os.Stderr, "gentestrt: %v\n", err)
		os.Exit(mutantEnvExit)
	}
}

// mutantEnv activates the mutant named by mutant (EnvMutant's value) and
// makes the runtime report first infections to the file named by infected
// (EnvInfected's value); empty values change nothing.
//
// The file is opened here, at initialisation, and kept open: the sandbox
// (sandbox.go, whose init runs after this file's) forbids opening files
// outside the test's directory, not writing to a file already open.
func mutantEnv(mutant, infected string) error {
	if mutant != "" {
		id, err := strconv.ParseInt(mutant, 10, 32)
		if err != nil || id < 0 {
			return fmt.Errorf("%s=%q: not a mutant id", EnvMutant, mutant)
		}
		SetMutant(int(id))
	}
	if infected == "" {
		return nil
	}
	f, err := os.OpenFile(infected, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("%s: %w", EnvInfected, err)
	}
	OnFirstInfection(func(id int) {
		// One write per line: with O_APPEND each lands whole, even from
		// several processes. An error cannot be reported from a probe;
		// the parent sees missing lines as uninfected mutants.
		var buf [24]byte
		b := strconv.AppendInt(buf[:0], int64(id), 10)
		f.Write(append(b, '\n'))
	})
	return nil
}
