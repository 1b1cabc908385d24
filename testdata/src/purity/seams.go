package purity

import "time"

// Package variables holding functions, a common test seam: set only by
// their initializers, calls through them are calls of those functions.

var timeNow = time.Now

func Stamp() int64 { return timeNow().UnixNano() } // want Stamp:"^nondeterministic$"

// A function literal's body is summarized with the initializer, not on
// its own: a call through the variable stays unknown.
var double = func(n int) int { return 2 * n }

func Doubled(n int) int { return double(n) } // want Doubled:"^pure conservative$"

var half = halve

func halve(n int) int { return n / 2 } // want halve:"^pure$"

func Halved(n int) int { return half(n) } // want Halved:"^pure$"

// retry is replaced at run time by SetRetry: calls through it stay unknown.
var retry = func() int { return 1 }

func SetRetry(f func() int) { retry = f } // want SetRetry:"^writes-global$"

func Retried() int { return retry() } // want Retried:"^pure conservative$"

// Exported variables can be replaced by any importer.
var Clock = time.Now

func ClockStamp() int64 { return Clock().UnixNano() } // want ClockStamp:"^pure conservative$"
