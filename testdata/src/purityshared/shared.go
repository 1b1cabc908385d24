// Package purityshared hands out package singletons through getters, next
// to constructors of fresh objects that merely refer to package memory.
package purityshared

import "os"

// Logger is configured by its setters.
type Logger struct {
	Out   *os.File
	Level int
}

// SetLevel changes the receiver.
func (l *Logger) SetLevel(n int) { l.Level = n }

var std = New()

// New returns a fresh logger that refers to os.Stderr: not shared.
func New() *Logger { return &Logger{Out: os.Stderr} }

// Standard returns the package's logger: shared.
func Standard() *Logger { return std }

// Wrapped returns what Standard returns: shared through the call.
func Wrapped() *Logger { return Standard() }

// Fresh returns what New returns: not shared.
func Fresh() *Logger { return New() }

var defaults Logger

// Defaults returns the address of a package variable: shared.
func Defaults() *Logger { return &defaults }

// Pick returns its argument: not shared by itself (its result aliases the
// argument).
func Pick(l *Logger) *Logger { return l }
