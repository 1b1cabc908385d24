package endtoend_test

import (
	"testing"

	"github.com/gentest-go/gentest/internal/generatortest"
)

// Functions taking interfaces other than `any` that the package declares
// or imports and implements nowhere (testdata/gen/ifaceparams: Shape,
// Visitor, Source, fmt.Stringer, sort.Interface) are given synthesized
// implementations declared once in the test file, whose methods return
// fields the search fills (model/ifacestubs.go); with nil and other
// packages' values alone the package reached 37% at 3000 executions.
func TestInterfaceParameterStubs(t *testing.T) {
	generatortest.EndToEnd(t)
	genHolding(t, "ifaceparams", 3000, 0.9, "type ShapeShape struct {", "func (s VisitorShape) Visit(_ int) bool { return s.VisitResult }",
		"SortInterfaceShape{", "NextErr: ifaceparams.ErrStop")
}
