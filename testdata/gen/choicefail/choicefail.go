// Package choicefail is a fixture of a decoder that may only choose which
// error it returns (it validates a table's keys in map iteration order and
// returns the first failure, as BurntSushi/toml's unify does) called on
// inputs that fail before that loop: a line without "=", or a target that
// is not a pointer to a table. Such a call fails with the same error on
// every run, so its test checks that it failed; it is not left unchecked
// as a value that "may differ between runs" (issue 31).
package choicefail

import (
	"errors"
	"strconv"
	"strings"
)

// ErrSyntax is returned for a line without "=".
var ErrSyntax = errors.New("choicefail: line without =")

// ErrTarget is returned when the target is not a non-nil *map[string]int.
var ErrTarget = errors.New("choicefail: target is not a *map[string]int")

// Meta says what a decode found: the keys of the document, in order.
type Meta struct {
	Keys []string
}

// Decode parses lines "key=value" with integer values into the table v
// points to. A negative value or an empty key is an error naming the key.
func Decode(doc string, v any) (Meta, error) {
	var md Meta
	raw := map[string]string{}
	for _, line := range strings.Split(doc, "\n") {
		if line == "" {
			continue
		}
		k, val, ok := strings.Cut(line, "=")
		if !ok {
			return md, ErrSyntax
		}
		k = strings.TrimSpace(k)
		md.Keys = append(md.Keys, k)
		raw[k] = strings.TrimSpace(val)
	}
	p, ok := v.(*map[string]int)
	if !ok || p == nil {
		return md, ErrTarget
	}
	if *p == nil {
		*p = map[string]int{}
	}
	for k, s := range raw {
		n, err := strconv.Atoi(s)
		if k == "" || err != nil || n < 0 {
			return md, errors.New("choicefail: bad entry " + strconv.Quote(k))
		}
		(*p)[k] = n
	}
	return md, nil
}
