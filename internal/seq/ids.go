package seq

// ValueID names a value a sequence makes: result Result of statement Stmt.
// It is the key of the maps that hold something per value (the values the
// oracle saw, the emitter's variable names).
type ValueID struct{ Stmt, Result int }

// ArgID names an argument of a sequence: argument Arg of statement Stmt. It
// is the key of the maps that hold something per argument (the emitter's
// table columns that override a literal).
type ArgID struct{ Stmt, Arg int }

// Value returns the ID of the value a reference argument names.
func (a Arg) Value() ValueID { return ValueID{a.Stmt, a.Result} }
