package search

import "github.com/gentest-go/gentest/internal/model"

// Random is the engine's name before issue 29's redesign, kept while the
// generator is rewritten to use Engine.
//
// Deprecated: use Engine.
type Random = Engine

// NewRandom returns New(prog, cfg).
//
// Deprecated: use New.
func NewRandom(prog *model.Program, cfg Config) *Engine { return New(prog, cfg) }
