//go:build !unix && !windows

package sysmem

import "os"

func selfPeakRSS() int64 { return 0 }

func exitedPeakRSS(ps *os.ProcessState) (int64, bool) { return 0, false }
