package generator_test

// The end-to-end tests' harness is internal/generatortest, shared with
// the second binary of end-to-end tests in generator/endtoend; the names
// below keep this package's tests short.

import (
	"testing"

	"github.com/gentest-go/gentest/internal/generatortest"
)

func TestMain(m *testing.M) { generatortest.Main(m) }

var (
	isChild        = generatortest.IsChild
	runChild       = generatortest.RunChild
	scratchModule  = generatortest.ScratchModule
	resetModule    = generatortest.ResetModule
	skipShort      = generatortest.SkipShort
	endToEnd       = generatortest.EndToEnd
	full           = generatortest.Full
	comparisons    = generatortest.Comparisons
	comparative    = generatortest.Comparative
	waitBound      = generatortest.WaitBound
	skipUnlessFull = generatortest.SkipUnlessFull
	genFixture     = generatortest.GenFixture
	gen            = generatortest.Gen
	genConfig      = generatortest.GenConfig
)

const childDirEnv = generatortest.ChildDirEnv
