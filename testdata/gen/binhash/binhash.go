// Package binhash is a fixture for values that depend on the binary, not
// on the inputs. Like protobuf's internal/detrand, it hashes its own
// executable file when it initialises (the size and eight samples of the
// bytes) and lets the hash choose how its error messages and one String
// method are spelled: the executor gentest runs, the go test binary and
// the go test -cover binary each see another spelling. Its other
// functions are ordinary and deterministic. A generated test may assert
// that an error is returned and what the deterministic functions return,
// never the binary-dependent texts.
package binhash

import (
	"encoding/binary"
	"errors"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
)

// binHash is the hash of the running executable, read once at
// initialisation (detrand does the same).
var binHash = hashExecutable()

func hashExecutable() uint64 {
	exe, err := os.Executable()
	if err != nil {
		return 0
	}
	f, err := os.Open(exe)
	if err != nil {
		return 0
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0
	}
	h := fnv.New64a()
	var buf [64]byte
	binary.LittleEndian.PutUint64(buf[:8], uint64(fi.Size()))
	h.Write(buf[:8])
	const samples = 8
	for i := int64(0); i < samples; i++ {
		if _, err := f.ReadAt(buf[:], i*fi.Size()/samples); err != nil {
			return 0
		}
		h.Write(buf[:])
	}
	return h.Sum64()
}

// separators are the spellings of the gap after "binhash:"; the binary's
// hash picks one, so that nobody compares messages by their text.
var separators = []string{" ", "  ", "\u00a0", " \u00a0", "\u2002", "\u2003", "\u2009", "\u3000",
	" -", " :", " |", " ~", " >", " =", " +", " *"}

func prefix() string { return "binhash:" + separators[binHash%uint64(len(separators))] }

// prefixError is an error whose message starts with the binary's prefix.
type prefixError struct{ msg string }

func (e *prefixError) Error() string { return prefix() + e.msg }

// The errors Parse returns: their messages depend on the binary, and the
// package exports no sentinel to compare them with (protowire's shape),
// so only a message could tell them apart in a test.
var (
	errEmpty    error = &prefixError{"empty input"}
	errNegative error = &prefixError{"negative number"}
	errSyntax   error = &prefixError{"not a number"}
)

// Parse reads a non-negative decimal number.
func Parse(s string) (int, error) {
	if s == "" {
		return 0, errEmpty
	}
	if strings.HasPrefix(s, "-") {
		return 0, errNegative
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, errSyntax
	}
	return n, nil
}

// ParseError returns the error for a negative result code of Parse-like
// functions, nil for a code of zero or more (protowire.ParseError's shape).
func ParseError(code int) error {
	switch {
	case code >= 0:
		return nil
	case code == -1:
		return errEmpty
	case code == -2:
		return errNegative
	case code == -3:
		return errSyntax
	}
	return errors.New(prefix() + "unknown code " + strconv.Itoa(code))
}

// Double returns twice n.
func Double(n int) int { return 2 * n }

// Label says how big n is.
func Label(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n < 10:
		return "small"
	case n < 1000:
		return "medium"
	}
	return "large"
}

// Build names a build of something.
type Build struct {
	name string
}

// NewBuild returns a build named name.
func NewBuild(name string) *Build { return &Build{name: name} }

// Name returns the build's name.
func (b *Build) Name() string { return b.name }

// String shows the name with the running binary's fingerprint.
func (b *Build) String() string {
	return b.name + "@" + strconv.FormatUint(binHash%100000, 16)
}
