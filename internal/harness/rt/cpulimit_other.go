//go:build !linux

package rt

// limitCPU does nothing here (see cpulimit_linux.go). On Windows the
// executor's job object ends it when gentest goes away.
func limitCPU(sec int64) {}
