// Package write puts gentest's outputs in place atomically: a reader (an
// editor, a concurrent go test) sees the old file or the new one, never
// half of one.
package write

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// File writes data to a temporary file beside path and renames it into
// place.
func File(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, errors.Join(werr, cerr))
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
