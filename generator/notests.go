package generator

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/search"
)

// noTests says why the search left nothing to verify, in one line: most
// often every operation needs a value nothing in the program builds (an
// interface only clients implement, such as heap.Interface), so every
// sequence passed nil there and stopped at an illegal input.
func noTests(prog *model.Program, st search.Stats) string {
	msg := fmt.Sprintf("no test to write: %d sequences ran, %d of them with an illegal input, and none gave a test", st.Executed, st.Illegal)
	if need := prog.Unbuildable(); len(need) > 0 {
		names := make([]string, 0, 3)
		for i, t := range need {
			if i == 3 {
				names = append(names, fmt.Sprintf("and %d more", len(need)-3))
				break
			}
			names = append(names, types.TypeString(t, func(p *types.Package) string { return p.Name() }))
		}
		msg += "; nothing builds a value of " + strings.Join(names, ", ") + " (a test of this package must implement or construct it)"
	}
	return msg + "; nothing written"
}
