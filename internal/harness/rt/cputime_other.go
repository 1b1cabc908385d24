//go:build !unix && !windows

package rt

import "time"

// processCPU has no CPU clock to read here (Plan 9, WebAssembly): the
// watchdog times calls by the wall clock, as it did before it had one.
func processCPU() (time.Duration, bool) { return 0, false }
