package main

import (
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/gentest-go/gentest/analyzers/suite"
)

// cmdVet runs the suite standalone. multichecker gives the same flags and
// output as other go/analysis drivers (-json, -c, per-analyzer flags); it
// exits itself.
func cmdVet(args []string) int {
	os.Args = append([]string{"gentest vet"}, args...)
	multichecker.Main(suite.Analyzers()...)
	return 0
}
