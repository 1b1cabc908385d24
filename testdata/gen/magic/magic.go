// Package magic branches on values random search rarely hits: typed enums,
// string switches, a magic integer and then a magic string, and float
// thresholds.
package magic

import (
	"errors"
	"strings"
)

// Level is a log level.
type Level int

// Levels.
const (
	Debug Level = iota
	Info
	Warn
	Error
	Fatal
)

// Describe names a level.
func Describe(l Level) string {
	switch l {
	case Debug:
		return "debug"
	case Info:
		return "info"
	case Warn:
		return "warning"
	case Error:
		return "error"
	case Fatal:
		return "fatal"
	}
	return "unknown"
}

// Command parses a command-line mode.
func Command(mode string) (string, error) {
	switch mode {
	case "--dry-run":
		return "simulate", nil
	case "--force":
		return "overwrite", nil
	case "--verbose", "-v":
		return "talk", nil
	}
	if strings.HasPrefix(mode, "--log=") {
		return "log to " + strings.TrimPrefix(mode, "--log="), nil
	}
	return "", errors.New("magic: unknown mode " + mode)
}

// Unlock opens only for the right port and then the right word.
func Unlock(port int, word string) string {
	if port == 8443 {
		if word == "sesame" {
			return "open"
		}
		return "wrong word"
	}
	if port > 1024 {
		return "high port"
	}
	return "closed"
}

// Grade classifies a score between 0 and 1.
func Grade(score float64) string {
	switch {
	case score < 0 || score > 1:
		return "invalid"
	case score >= 0.9:
		return "A"
	case score >= 0.75:
		return "B"
	case score >= 0.5:
		return "C"
	}
	return "F"
}
