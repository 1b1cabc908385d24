// Package confget is a fixture of a configuration parser (issue 31): Parse
// reads the environment while it checks references in map order, so the
// purity facts call it nondeterministic (its error may name either of two
// bad keys), but what it returns for a good text is the same in every
// run, and so is what the getters read from it: their results are
// asserted and no test says they depend on the clock. Expires reads the
// clock itself: its result is never asserted, and its test says why.
package confget

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"time"
)

// ErrMissing is returned for a key the configuration does not have.
var ErrMissing = errors.New("confget: no such key")

// Config is a parsed "key = value" configuration.
type Config struct {
	values map[string]string
}

// Parse reads "key = value" lines; blank lines and lines starting with #
// are skipped. A value "$NAME" refers to the environment variable NAME,
// which must be set.
func Parse(text string) (*Config, error) {
	c := &Config{values: map[string]string{}}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, errors.New("confget: no = in " + strconv.Quote(line))
		}
		c.values[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	for k, v := range c.values {
		if name, ok := strings.CutPrefix(v, "$"); ok {
			if _, set := os.LookupEnv(name); !set {
				return nil, errors.New("confget: " + k + " refers to unset " + name)
			}
		}
	}
	return c, nil
}

// Get returns the value of key, "" if there is none.
func (c *Config) Get(key string) string {
	v := c.values[key]
	if name, ok := strings.CutPrefix(v, "$"); ok {
		return os.Getenv(name)
	}
	return v
}

// Int returns the value of key as an int.
func (c *Config) Int(key string) (int, error) {
	v, ok := c.values[key]
	if !ok {
		return 0, ErrMissing
	}
	return strconv.Atoi(v)
}

// Duration returns the value of key as a time.Duration ("1m30s").
func (c *Config) Duration(key string) (time.Duration, error) {
	v, ok := c.values[key]
	if !ok {
		return 0, ErrMissing
	}
	return time.ParseDuration(v)
}

// Len returns the number of keys.
func (c *Config) Len() int {
	return len(c.values)
}

// Expires returns when a session started now ends: now plus the "ttl"
// duration (an hour when there is none).
func (c *Config) Expires() time.Time {
	ttl, err := c.Duration("ttl")
	if err != nil {
		ttl = time.Hour
	}
	return time.Now().Add(ttl)
}
