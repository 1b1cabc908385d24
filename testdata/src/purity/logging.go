package purity

import (
	"bytes"
	"log"
	"strings"
)

// A parser that logs under a debug switch of its own type (net/mail's
// debugT): the standard logger's time stamp reaches standard error, not
// the result, so the parser is deterministic; it still writes stderr.

type debugT bool

var debugLog = debugT(false)

func (d debugT) Printf(format string, args ...any) { // want Printf:"^writes-global conservative$"
	if d {
		log.Printf(format, args...)
	}
}

func ParseWord(s string) (string, bool) { // want ParseWord:"^writes-global conservative$"
	debugLog.Printf("parsing %q", s)
	w, _, ok := strings.Cut(s, " ")
	return w, ok
}

// A logger of the package's own writing into a buffer the function
// returns: the time stamp is in the result.
func Stamped(msg string) string { // want Stamped:"^writes-global nondeterministic callsite conservative$"
	var buf bytes.Buffer
	l := log.New(&buf, "", log.LstdFlags)
	l.Print(msg)
	return buf.String()
}
