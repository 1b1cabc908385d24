// Package clockids is a fixture for the search's determinism: IDs made
// from the clock (like time-based UUIDs) are plain values once made, and
// a later call that takes one branches on its digits. No branch of the
// package's own code on the clock is left for the instrumentation to
// see; the clock reaches Shard through the sequence's arguments. The same
// seed and -execs must still give the same file.
package clockids

import (
	"errors"
	"strconv"
	"time"
)

// New returns an ID: the clock's nanoseconds in hexadecimal.
func New() string {
	return strconv.FormatInt(time.Now().UnixNano(), 16)
}

// ErrEmpty is returned for an empty ID.
var ErrEmpty = errors.New("clockids: empty ID")

// Shard places an ID in one of eight shards by its last digit, and says
// which kind of digit that was.
func Shard(id string) (int, string, error) {
	if id == "" {
		return 0, "", ErrEmpty
	}
	switch c := id[len(id)-1]; {
	case c == '0':
		return 0, "zero", nil
	case c >= '1' && c <= '3':
		return 1, "low", nil
	case c >= '4' && c <= '7':
		return 2, "mid", nil
	case c == '8' || c == '9':
		return 3, "high", nil
	case c == 'a' || c == 'b':
		return 4, "ab", nil
	case c == 'c' || c == 'd':
		return 5, "cd", nil
	case c == 'e' || c == 'f':
		return 6, "ef", nil
	}
	return 7, "other", nil
}

// Older reports whether ID a was made before ID b (both from New).
func Older(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}
