// Package endtoend_test holds end-to-end tests of the generator on the
// fixture packages under testdata/: a second test binary beside package
// generator's own, so that each stays within go test's default 10-minute
// limit on two cores (internal/generatortest is their shared harness).
package endtoend_test

import (
	"testing"

	"github.com/gentest-go/gentest/internal/generatortest"
)

func TestMain(m *testing.M) { generatortest.Main(m) }
