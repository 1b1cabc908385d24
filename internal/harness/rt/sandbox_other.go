//go:build !linux

package rt

import "errors"

// LandlockABI returns 0: Landlock is Linux-only.
func LandlockABI() int { return 0 }

func enterSandbox(scratch string) error { return errors.New("no sandbox on this platform") }

// ExecConfined fails: Landlock is Linux-only.
func ExecConfined(dirs string, argv, env []string) error {
	return errors.New("no sandbox on this platform")
}
