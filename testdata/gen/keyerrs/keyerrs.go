// Package keyerrs is a fixture of a decoder that validates a table's keys
// in map iteration order and returns the first failure (as BurntSushi/
// toml's unifyMap does): which error a document with two bad keys gets
// depends on the order, but a document that decodes gets the same table
// on every run, so its result is checked; a document that fails is
// checked only for failing.
package keyerrs

import (
	"errors"
	"strconv"
	"strings"
)

// ErrSyntax is returned for a line without "=".
var ErrSyntax = errors.New("keyerrs: line without =")

// Decode parses lines "key=value" with integer values into a table. A
// negative value or an empty key is an error naming the key.
func Decode(doc string) (map[string]int, error) {
	raw := map[string]string{}
	for _, line := range strings.Split(doc, "\n") {
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, ErrSyntax
		}
		raw[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	out := make(map[string]int, len(raw))
	for k, v := range raw {
		n, err := check(k, v)
		if err != nil {
			return nil, err
		}
		out[k] = n
	}
	return out, nil
}

func check(k, v string) (int, error) {
	if k == "" {
		return 0, errors.New("keyerrs: empty key")
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, errors.New("keyerrs: " + k + ": not a number")
	}
	if n < 0 {
		return 0, errors.New("keyerrs: " + k + ": negative")
	}
	return n, nil
}

// Sum decodes doc and adds its values.
func Sum(doc string) (int, error) {
	t, err := Decode(doc)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, n := range t {
		total += n
	}
	return total, nil
}
