// Command gentest generates unit tests for Go packages and runs the static
// analyses that guide it.
//
// Usage:
//
//	gentest gen   [flags] [packages]   generate tests (default ".")
//	gentest vet   [flags] [packages]   run the analyzers, print diagnostics
//	gentest facts [flags] [packages]   print the facts the generator uses
//	gentest mutate [flags] [packages]  mutation score of the packages' tests
//	gentest check [flags] [packages]   whether the generated files are current (CI)
//	gentest clean                      remove gentest's caches
//	go vet -vettool=$(command -v gentest) ./...
//
// Run "gentest <command> -h" for the flags of each command.
package main

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/gentest-go/gentest/analyzers/suite"
)

const usage = `gentest writes unit tests for Go packages and runs the analyses that guide it.

Usage:

	gentest gen   [flags] [packages]   generate tests (default ".")
	gentest vet   [flags] [packages]   run the analyzers and print diagnostics
	gentest facts [flags] [packages]   print the facts the generator uses
	gentest mutate [flags] [packages]  the mutation score of the packages' tests
	gentest check [flags] [packages]   fail when a generated file is missing, stale or failing
	gentest clean                      remove gentest's caches (built executors)
	go vet -vettool=$(command -v gentest) ./...

Run "gentest <command> -h" for a command's flags.
`

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if isVetInvocation(args) {
		// go vet drives the tool with -V=full, -flags, and a .cfg file per
		// package; unitchecker speaks that protocol and exits itself. Only
		// the analyzers that report run: the facts go into go vet's vetx
		// files, which nothing but go vet reads (the generator keeps its
		// own fact cache), and go vet runs the tool on every dependency.
		tuneVetMemory()
		unitchecker.Main(suite.ForVettool(args)...)
		return 0
	}
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return 2
	}
	switch args[0] {
	case "gen":
		return cmdGen(args[1:])
	case "vet":
		return cmdVet(args[1:])
	case "facts":
		return cmdFacts(args[1:])
	case "mutate":
		return cmdMutate(args[1:])
	case "check":
		return cmdCheck(args[1:])
	case "clean":
		return cmdClean(args[1:])
	case "-h", "-help", "--help", "help":
		if len(args) == 2 && args[0] == "help" && args[1] != "help" {
			// gentest help gen is gentest gen -h.
			return run([]string{args[1], "-h"})
		}
		fmt.Fprint(os.Stdout, usage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "gentest: unknown command %q\n\n%s", args[0], usage)
	return 2
}

// isVetInvocation recognises how go vet calls a vettool.
func isVetInvocation(args []string) bool {
	if len(args) == 0 {
		return false
	}
	a := args[0]
	return strings.HasPrefix(a, "-V=") || a == "-V" || a == "-flags" ||
		strings.HasSuffix(args[len(args)-1], ".cfg")
}
