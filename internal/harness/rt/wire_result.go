package rt

// The result of a sequence as the wire carries it (see wire.go), and the
// views tests, fakes and the parent read and build it through.

// Value summarises one result value. It holds no pointers (the type is a
// number, the tree is in the statement's Note), so that the arrays the
// parent decodes values into are not scanned by the garbage collector.
type Value struct {
	Hash uint64
	Type TypeID // run-time type, reflect's String form; 0 ("") for a nil interface
	Nil  bool
	// Unstable is set with FlagRepeat when a repeated run produced a
	// different value.
	Unstable bool
	// Same, only with FlagDetail and for a non-nil pointer, names the
	// first value of the sequence (an earlier statement's result, or an
	// earlier result of the same statement) that is the very same
	// pointer: (stmt<<8 | result) + 1. 0 means none is, SameVaries that
	// a repeated run (FlagRepeat) disagreed. Read it with SameAs.
	Same int32
}

// SameVaries is Value.Same when repeated runs disagreed on which earlier
// value a pointer is.
const SameVaries = -1

// SameAs returns the statement and result of the earliest value v is the
// same pointer as, and whether there is one (known in every run).
func (v Value) SameAs() (stmt, result int, ok bool) {
	if v.Same <= 0 {
		return 0, 0, false
	}
	k := int(v.Same - 1)
	return k >> 8, k & 0xff, true
}

// sameID encodes (stmt, result) as Value.Same does.
func sameID(stmt, result int) int32 { return int32(stmt<<8|result) + 1 }

// StmtResult is the outcome of one statement. It holds no pointers: its
// values are a range of its Result's Vals and its rare strings a Result's
// Notes, so that the arrays the parent decodes statements into are not
// scanned by the garbage collector (the parent keeps tens of thousands of
// results, and their collection was a good part of its time). Read it
// through its Result: r.Stmt(i).Values(), .PanicMsg(), .Tree(j).
type StmtResult struct {
	Outcome uint8
	// PanicRuntime says whether a panic was a runtime.Error.
	PanicRuntime bool
	note         int32  // 1 + the index of its StmtNote in Result.Notes; 0 for none
	off, n       uint32 // its values are Result.Vals[off:off+n]
}

// StmtNote is the rare part of a StmtResult: what few statements have.
type StmtNote struct {
	// PanicMsg and PanicSite describe a panic: its message, and the
	// innermost frame of the package under test that was on the stack
	// (for de-duplicating findings).
	PanicMsg  string
	PanicSite string
	// Disagree, set with FlagCheckPurity, says how a call the analysis
	// called pure behaved otherwise: "mutated argument N" or "result
	// differs when repeated".
	Disagree string
	// Trees, only with FlagDetail, are the values' trees, by index
	// (value j's is Trees[j]); read them with StmtView.Tree.
	Trees []*Tree
}

// Result is the outcome of one sequence.
type Result struct {
	ID    uint64
	Stmts []StmtResult // read them with Stmt
	// Vals holds the values of all statements, each statement's a range
	// of it (StmtView.Values).
	Vals []Value
	// Notes holds the notes of the statements that have one.
	Notes  []StmtNote
	Blocks []int32 // covered blocks
	Conds  []CondObs
	// Operands, only with FlagOperands, ascending by branch: for each
	// branch of an evaluated condition with operands (a comparison or string
	// function probe, see instrument.Cond.Op), the operands of the first
	// evaluation that came closest to taking it.
	Operands []OperandObs
	// Infected are the mutants the sequence infected (weak mutation, see
	// cover_mutant.go), ascending; empty when the executor has no mutants
	// or the sequence infected none (nil in a decoded result).
	Infected []int32
}

// StmtView is statement i of a result, with the result, through which its
// values, trees and note are read and set. It points into r.Stmts: one
// taken before r.Stmts grows does not see the new array.
type StmtView struct {
	*StmtResult
	r *Result
}

// Clone returns a copy of r whose arrays are its own, each exactly as
// long as r's: what a caller keeps for long (the search's corpus entries
// and failures) should be a clone, because a decoded result's arrays are
// cut from slabs shared with the results decoded around it (see slabs),
// and keeping the result would keep the whole slabs alive. Notes and
// Operands are copied element by element: the strings and trees they
// point to are shared, which is safe as nothing changes them in place.
// Nil arrays stay nil and empty ones empty.
func (r *Result) Clone() *Result {
	return &Result{
		ID:       r.ID,
		Stmts:    cloneExact(r.Stmts),
		Vals:     cloneExact(r.Vals),
		Notes:    cloneExact(r.Notes),
		Blocks:   cloneExact(r.Blocks),
		Conds:    cloneExact(r.Conds),
		Operands: cloneExact(r.Operands),
		Infected: cloneExact(r.Infected),
	}
}

// cloneExact copies s into a new array of capacity len(s), as the decoder
// makes them; nil stays nil.
func cloneExact[T any](s []T) []T {
	if s == nil {
		return nil
	}
	c := make([]T, len(s))
	copy(c, s)
	return c
}

// Stmt returns statement i's view.
func (r *Result) Stmt(i int) StmtView { return StmtView{&r.Stmts[i], r} }

// AddStmt appends a statement with the given outcome and values.
func (r *Result) AddStmt(outcome uint8, vals ...Value) StmtView {
	r.Stmts = append(r.Stmts, StmtResult{Outcome: outcome})
	s := r.Stmt(len(r.Stmts) - 1)
	s.SetValues(vals)
	return s
}

// StmtSpec is a statement's result with its values and note inline,
// which tests and fakes of the executor build results from (NewResult,
// Result.Add, Result.Set).
type StmtSpec struct {
	Outcome      uint8
	PanicRuntime bool
	Values       []Value
	Note         *StmtNote
}

// NewResult returns a result of the given statements.
func NewResult(stmts ...StmtSpec) *Result { return new(Result).Add(stmts...) }

// Add appends statements to r, and returns r.
func (r *Result) Add(stmts ...StmtSpec) *Result {
	for _, sp := range stmts {
		r.Stmts = append(r.Stmts, StmtResult{})
		r.Set(len(r.Stmts)-1, sp)
	}
	return r
}

// Set makes statement i what sp says.
func (r *Result) Set(i int, sp StmtSpec) {
	r.Stmts[i] = StmtResult{Outcome: sp.Outcome, PanicRuntime: sp.PanicRuntime}
	s := r.Stmt(i)
	s.SetValues(sp.Values)
	if sp.Note != nil {
		s.SetNote(*sp.Note)
	}
}

// Values are the statement's values. The slice is the result's: setting
// an element sets the value, but appending to it does not add one.
func (s StmtView) Values() []Value {
	return s.r.Vals[s.off : s.off+s.n : s.off+s.n]
}

// SetValues makes vals the statement's values, appending them to the
// result's Vals unless they are the statement's own.
func (s StmtView) SetValues(vals []Value) {
	if len(vals) == 0 {
		s.off, s.n = 0, 0
		return
	}
	s.off = uint32(len(s.r.Vals))
	s.n = uint32(len(vals))
	s.r.Vals = append(s.r.Vals, vals...)
}

// Note is the statement's note, nil if it has none.
func (s StmtView) Note() *StmtNote {
	if s.note == 0 {
		return nil
	}
	return &s.r.Notes[s.note-1]
}

// SetNote sets the statement's note.
func (s StmtView) SetNote(n StmtNote) { *s.makeNote() = n }

// makeNote returns the statement's note, adding an empty one first if it
// has none.
func (s StmtView) makeNote() *StmtNote {
	if s.note == 0 {
		s.r.Notes = append(s.r.Notes, StmtNote{})
		s.note = int32(len(s.r.Notes))
	}
	return &s.r.Notes[s.note-1]
}

// PanicMsg is the message of the statement's panic, or why it could not
// run (OutBadArg); "" otherwise.
func (s StmtView) PanicMsg() string {
	if n := s.Note(); n != nil {
		return n.PanicMsg
	}
	return ""
}

// PanicSite is "file:line" of the innermost frame of the package under
// test on the stack of the statement's panic, or "".
func (s StmtView) PanicSite() string {
	if n := s.Note(); n != nil {
		return n.PanicSite
	}
	return ""
}

// Disagree says how a call the analysis called pure behaved otherwise,
// with FlagCheckPurity; "" if it did not.
func (s StmtView) Disagree() string {
	if n := s.Note(); n != nil {
		return n.Disagree
	}
	return ""
}

// Tree is the tree of the statement's jth value, with FlagDetail; nil
// otherwise.
func (s StmtView) Tree(j int) *Tree {
	if n := s.Note(); n != nil && j < len(n.Trees) {
		return n.Trees[j]
	}
	return nil
}

// SetTree sets the tree of the statement's jth value.
func (s StmtView) SetTree(j int, t *Tree) {
	n := s.makeNote()
	if len(n.Trees) <= j {
		n.Trees = append(n.Trees, make([]*Tree, max(j+1, int(s.n))-len(n.Trees))...)
	}
	n.Trees[j] = t
}

// OperandObs is, for one branch, the operands of the first evaluation of
// its condition with the smallest distance to that branch (CondObs's
// DistTrue or DistFalse): the values a search can copy from one side to the
// other (input-to-state) or show as the closest it came.
type OperandObs struct {
	Branch int32 // 2c: closest to condition c's true outcome; 2c+1: to its false outcome
	// Vals are the left and right operand: LitInt, LitUint, LitFloat,
	// LitString or LitBytes. For string functions the left one is the
	// searched string and the right one the prefix, suffix, substring,
	// byte (LitUint) or rune (LitInt). Strings and bytes are cut to
	// MaxOperandLen bytes.
	Vals [2]Lit
	Cut  [2]bool // Vals[i] was cut
}
