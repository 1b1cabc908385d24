package purity

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gentest-go/gentest/internal/ssautil/accesspath"
)

// This file draws the line between the effects a caller would call side
// effects of an observer method (String, Error, Format, ...) and the
// incidental ones: effects of code that runs once to initialise something
// the result does not depend on having been initialised before, and of
// code that only runs to debug or log. The facts keep every effect
// (Fact.Effects); the summary also tracks the part outside incidental
// code (summary.obs, exported as the complement Fact.Incidental), which
// the observer check reports. Incidental code is recognised by its shape:
//
//   - a lazy fill: a store into a variable or field, an update of a map
//     entry, or a Store, CompareAndSwap or Swap call on a value, reached
//     only on the branch where a load of the same place found it unset
//     (nil, zero, "", false, empty, or a missing map or Load entry); a
//     CompareAndSwap whose old value is the zero value and a LoadOrStore,
//     which only ever fill an unset place; and sync.Once.Do on a Once
//     the function did not make itself, with the closure it runs. The
//     time package's zone loading (time.Local, reached by
//     time.Time.String and Format) is a sync.Once and needs no name
//     here. A function made by sync.OnceFunc, OnceValue or OnceValues
//     needs no rule either: kept in a variable, as it must be to run
//     once, its calls do not resolve (the summary is conservative, which
//     the observer check does not report); made and called in the same
//     function, it runs every time, and its effects are side effects.
//   - debug and logging code: the blocks reached only on the true branch
//     of a condition on a package-level boolean (if debug {...}) or of a
//     comparison of a package-level integer with a constant (if verbosity
//     > 1 {...}), when the function does not itself write that variable
//     (then it is state, not a switch); and calls into log and log/slog's
//     printing functions.
//   - a Format method recording the current formatting (its fmt.State,
//     verb, precision) in fields of its receiver: observer_formatter.go.
//
// Only the fill itself is incidental: other writes on a fill's branch
// (a counter bumped, a log line printed) stay side effects, except under
// a debug switch, where everything is incidental.

// observe records visible effects of the function outside incidental code.
func (s *summary) observe(e Effect, detail string) {
	if e == 0 || s.quiet {
		return
	}
	s.obs |= e
	for _, en := range effectNames {
		if e&en.e != 0 {
			s.obsReason(en.name, detail)
		}
	}
}

// observeParam records that SSA parameter i is written outside
// incidental code (the receiver's effect bit and reason come from add).
func (s *summary) observeParam(i int, detail string) {
	if s.quiet {
		return
	}
	if s.obsMut == nil {
		s.obsMut = make(map[int]bool)
	}
	s.obsMut[i] = true
	if s.recv && i == 0 {
		return
	}
	s.obs |= MutatesParams
	s.obsReason(paramEffect(s.factIndex(i)), detail)
}

// obsReason keeps one reason per visible effect: the first, unless a
// later one names the function's own instruction or a root it calls
// (directReason), which is what the observer check can report, or unless
// the first leads around a recursive component (summary.weak) and the
// later one does not.
func (s *summary) obsReason(effect, detail string) {
	if s.obsWhy == nil {
		s.obsWhy = make(map[string]string)
	}
	old, ok := s.obsWhy[effect]
	if !ok {
		s.obsOrder = append(s.obsOrder, effect)
	}
	direct := directReason(detail)
	if !ok || !directReason(old) && direct || s.obsWeak[effect] && !s.weak {
		s.obsWhy[effect] = detail
		if s.weak {
			if s.obsWeak == nil {
				s.obsWeak = make(map[string]bool)
			}
			s.obsWeak[effect] = true
		} else {
			delete(s.obsWeak, effect)
		}
	}
}

// incidentalFact sets f.Incidental and f.IncidentalParams, the effects
// and mutated parameters of f outside s.obs and s.obsMut.
func (s *summary) incidentalFact(f *Fact) {
	for _, p := range f.MutatedParams {
		i := p
		if s.recv {
			i++
		}
		if !s.obsMut[i] {
			f.IncidentalParams = append(f.IncidentalParams, p)
		}
	}
	obs := s.obs
	if len(f.IncidentalParams) == len(f.MutatedParams) {
		obs &^= MutatesParams
	}
	f.Incidental = f.Effects &^ obs
}

// observedFromFact sets the visible part of a summary read from a fact.
func (s *summary) observedFromFact(f *Fact) {
	s.obs = f.Effects &^ f.Incidental
	for i := range s.mutated {
		p := s.factIndex(i)
		if s.recv && i == 0 {
			if s.obs&MutatesReceiver == 0 {
				continue
			}
		} else if slices.Contains(f.IncidentalParams, p) {
			continue
		}
		if s.obsMut == nil {
			s.obsMut = make(map[int]bool)
		}
		s.obsMut[i] = true
	}
	for _, r := range f.Why {
		if r.Effect == HandWritten || r.Effect == "conservative" {
			continue
		}
		visible := strings.HasPrefix(r.Effect, "mutates-param:") && !slices.Contains(f.IncidentalParams, paramIndex(r.Effect))
		for _, en := range effectNames {
			if en.name == r.Effect && s.obs&en.e != 0 {
				visible = true
			}
		}
		if visible {
			s.obsReason(r.Effect, r.Detail)
		}
	}
}

// paramIndex returns N of "mutates-param:N", -1 for other names.
func paramIndex(effect string) int {
	n, ok := strings.CutPrefix(effect, "mutates-param:")
	if !ok {
		return -1
	}
	i := 0
	for _, c := range n {
		if c < '0' || c > '9' {
			return -1
		}
		i = i*10 + int(c-'0')
	}
	return i
}

// withQuiet runs f with the summary's quiet flag raised when q is set, so
// that what f records is incidental.
func (s *summary) withQuiet(q bool, f func()) {
	prev := s.quiet
	s.quiet = prev || q
	f()
	s.quiet = prev
}

// incidentalCode is what the walker treats as incidental in one function.
type incidentalCode struct {
	instrs map[ssa.Instruction]bool // instructions whose effects are incidental
	anons  map[*ssa.Function]bool   // closures run only once (sync.Once) or only in debug code
}

// fill is a place found unset on one branch of a condition: a lazy fill
// of it on that branch is incidental.
type fill struct {
	entry *ssa.BasicBlock // the first block of the branch where the place is unset
	addr  ssa.Value       // a variable or field (a load of addr was tested)
	m     ssa.Value       // or a map, with key, whose entry was missing
	key   ssa.Value
	recv  ssa.Value // or the receiver of a Load call, with key when it has one
}

// incidental finds the incidental code of w.fn.
func (w *walker) incidental(blocks []*ssa.BasicBlock) incidentalCode {
	ic := incidentalCode{instrs: make(map[ssa.Instruction]bool), anons: make(map[*ssa.Function]bool)}
	var fills []fill
	for _, b := range blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		cond, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if g := debugSwitch(cond.Cond); g != nil && !writes(w.fn, g) {
			for _, r := range edgeRegion(b, 0, blocks) {
				for _, instr := range r.Instrs {
					ic.instrs[instr] = true
				}
			}
		}
		if f, ok := unsetGuard(b, cond.Cond); ok {
			fills = append(fills, f)
		}
	}
	filled := func(instr ssa.Instruction, match func(fill) bool) bool {
		for _, f := range fills {
			if f.entry.Dominates(instr.Block()) && match(f) {
				return true
			}
		}
		return false
	}
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Store:
				if filled(instr, func(f fill) bool { return f.addr != nil && sameLoc(f.addr, instr.Addr) }) {
					ic.instrs[instr] = true
				}
			case *ssa.MapUpdate:
				if filled(instr, func(f fill) bool { return f.m != nil && sameLoc(f.m, instr.Map) && sameLoc(f.key, instr.Key) }) {
					ic.instrs[instr] = true
				}
			case ssa.CallInstruction:
				if w.incidentalCall(instr, filled, ic) {
					ic.instrs[instr] = true
				}
			}
		}
	}
	w.formatterStateStores(blocks, ic)
	w.encoderScratchWrites(blocks, ic)
	// A closure is incidental when every use of it is incidental code or
	// an argument sync.Once runs (marked by incidentalCall).
	for _, anon := range w.fn.AnonFuncs {
		if ic.anons[anon] {
			continue
		}
		uses := closureUses(w.fn, anon)
		if len(uses) > 0 && !slices.ContainsFunc(uses, func(i ssa.Instruction) bool { return !ic.instrs[i] }) {
			ic.anons[anon] = true
		}
	}
	return ic
}

// incidentalCall reports whether a call is incidental: a lazy fill, a
// once-only call, or logging. It marks the closures sync.Once runs.
func (w *walker) incidentalCall(instr ssa.CallInstruction, filled func(ssa.Instruction, func(fill) bool) bool, ic incidentalCode) bool {
	c := instr.Common()
	callee := c.StaticCallee()
	if callee == nil {
		return false
	}
	obj := funcObject(callee)
	if obj == nil {
		return false
	}
	name := obj.Name()
	if obj.Pkg() != nil {
		switch path := obj.Pkg().Path(); {
		case obj.FullName() == "(*sync.Once).Do":
			// Once.Do's summary leaves out what f does (roots.go) and
			// marks the Once written; the closure passed is summarised
			// into its parent all the same, and is as incidental as the
			// call. A Once the function made itself runs f every time.
			if len(c.Args) != 2 || !slices.ContainsFunc(w.acc.Roots(c.Args[0], 0), func(r accesspath.Root) bool { return r.Kind != accesspath.Local }) {
				return false
			}
			f := c.Args[1]
			if anon := closureFunc(f); anon != nil && anon.Parent() == w.fn {
				ic.anons[anon] = true
				if mc, ok := stripConv(f).(*ssa.MakeClosure); ok {
					ic.instrs[mc] = true
				}
			}
			return true
		case path == "log" || path == "log/slog":
			return logging(obj)
		}
	}
	args := c.Args
	if len(args) == 0 {
		return false
	}
	switch {
	case name == "LoadOrStore":
		return true // stores only where nothing was stored
	case strings.HasPrefix(name, "CompareAndSwap") && len(args) >= 3 && isZeroConst(args[1]) && obj.Pkg() != nil && obj.Pkg().Path() == "sync/atomic":
		return true // swaps only an unset value
	case strings.HasPrefix(name, "Store") || strings.HasPrefix(name, "CompareAndSwap") || strings.HasPrefix(name, "Swap"):
		return filled(instr, func(f fill) bool {
			if f.recv == nil || !sameLoc(f.recv, args[0]) {
				return false
			}
			return f.key == nil || len(args) > 1 && sameLoc(f.key, args[1])
		})
	}
	return false
}

// logging reports whether a function of log or log/slog prints a record
// (and not one that configures a logger): its output is for people
// reading logs, not for the caller.
func logging(obj *types.Func) bool {
	name := obj.Name()
	if obj.Pkg().Path() == "log" {
		return strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic") || name == "Output"
	}
	switch strings.TrimSuffix(name, "Context") {
	case "Debug", "Info", "Warn", "Error", "Log", "LogAttrs":
		return true
	}
	return false
}

// closureFunc returns the function of a closure value (a MakeClosure, or
// a function literal without free variables).
func closureFunc(v ssa.Value) *ssa.Function {
	switch x := stripConv(v).(type) {
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		return fn
	case *ssa.Function:
		return x
	}
	return nil
}

// closureUses returns the instructions of fn that use the closure anon: its
// MakeClosure, or those naming a function literal without free variables.
func closureUses(fn *ssa.Function, anon *ssa.Function) []ssa.Instruction {
	var uses []ssa.Instruction
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == anon {
				uses = append(uses, mc)
				continue
			}
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				if *op == anon {
					uses = append(uses, instr)
					break
				}
			}
		}
	}
	return uses
}

// debugSwitch returns the package-level variable a condition tests when it
// is a debug or logging switch: a boolean variable, or an integer one
// compared with a constant.
func debugSwitch(cond ssa.Value) *ssa.Global {
	loadedGlobal := func(v ssa.Value, kind types.BasicInfo) *ssa.Global {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return nil
		}
		g, ok := u.X.(*ssa.Global)
		if !ok {
			return nil
		}
		if b, ok := u.Type().Underlying().(*types.Basic); ok && b.Info()&kind != 0 {
			return g
		}
		return nil
	}
	if g := loadedGlobal(cond, types.IsBoolean); g != nil {
		return g
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return nil
	}
	switch bin.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return nil
	}
	if _, ok := bin.Y.(*ssa.Const); ok {
		return loadedGlobal(bin.X, types.IsInteger)
	}
	if _, ok := bin.X.(*ssa.Const); ok {
		return loadedGlobal(bin.Y, types.IsInteger)
	}
	return nil
}

// writes reports whether fn or its closures may write the variable g:
// any use of g other than a load.
func writes(fn *ssa.Function, g *ssa.Global) bool {
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.MUL {
				continue
			}
			ops = instr.Operands(ops[:0])
			for _, op := range ops {
				if *op == g {
					return true
				}
			}
		}
	}
	return slices.ContainsFunc(fn.AnonFuncs, func(anon *ssa.Function) bool { return writes(anon, g) })
}

// unsetGuard recognises a condition that tests whether a place is unset
// and returns the place with the first block of the branch where it is.
func unsetGuard(b *ssa.BasicBlock, cond ssa.Value) (fill, bool) {
	unsetSucc := 1 // the false branch, unless the test is == zero
	v := cond
	if bin, ok := cond.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
		switch {
		case isZeroConst(bin.Y):
			v = bin.X
		case isZeroConst(bin.X):
			v = bin.Y
		default:
			return fill{}, false
		}
		if bin.Op == token.EQL {
			unsetSucc = 0
		}
	} else if ex, ok := cond.(*ssa.Extract); !ok || ex.Index != 1 {
		// A boolean tested on its own: unset on the false branch.
		if _, ok := cond.(*ssa.UnOp); !ok {
			return fill{}, false
		}
	}
	f := fill{entry: b.Succs[unsetSucc]}
	if len(f.entry.Preds) != 1 {
		return fill{}, false // the branch is also reached another way
	}
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple // v, ok := m[k] or x.Load(k): either result tells
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return fill{}, false
		}
		f.addr = x.X
	case *ssa.Lookup:
		if _, isMap := x.X.Type().Underlying().(*types.Map); !isMap {
			return fill{}, false
		}
		f.m, f.key = x.X, x.Index
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
			if u, ok := x.Call.Args[0].(*ssa.UnOp); ok && u.Op == token.MUL {
				f.addr = u.X // len(x.cache) == 0
				break
			}
			return fill{}, false
		}
		callee := x.Call.StaticCallee()
		if callee == nil || !strings.HasPrefix(callee.Name(), "Load") || len(x.Call.Args) == 0 {
			return fill{}, false
		}
		f.recv = x.Call.Args[0]
		if len(x.Call.Args) > 1 {
			f.key = x.Call.Args[1]
		}
	default:
		return fill{}, false
	}
	return f, true
}

// isZeroConst reports whether v is the zero value of its type as a
// constant: nil, 0, "" or false.
func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		return true
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(c.Value)
	case constant.String:
		return constant.StringVal(c.Value) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(c.Value) == 0
	}
	return false
}

// edgeRegion returns the blocks among blocks reached only through
// successor i of b.
func edgeRegion(b *ssa.BasicBlock, i int, blocks []*ssa.BasicBlock) []*ssa.BasicBlock {
	entry := b.Succs[i]
	if len(entry.Preds) != 1 {
		return nil
	}
	var out []*ssa.BasicBlock
	for _, r := range blocks {
		if entry.Dominates(r) {
			out = append(out, r)
		}
	}
	return out
}

// sameLoc reports whether two values name the same place, or are the same
// key: the same value, or the same field, constant index, load or
// conversion of the same place or value, or equal constants.
func sameLoc(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameLoc(x.X, y.X)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameLoc(x.X, y.X)
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == token.MUL && y.Op == token.MUL && sameLoc(x.X, y.X)
	case *ssa.IndexAddr:
		y, ok := b.(*ssa.IndexAddr)
		return ok && sameConst(x.Index, y.Index) && sameLoc(x.X, y.X)
	case *ssa.Convert:
		// A map key converted twice (m[int(c)]).
		y, ok := b.(*ssa.Convert)
		return ok && types.Identical(x.Type(), y.Type()) && sameLoc(x.X, y.X)
	case *ssa.ChangeType:
		y, ok := b.(*ssa.ChangeType)
		return ok && types.Identical(x.Type(), y.Type()) && sameLoc(x.X, y.X)
	case *ssa.Const:
		return sameConst(a, b)
	}
	return false
}

func sameConst(a, b ssa.Value) bool {
	x, ok1 := a.(*ssa.Const)
	y, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && x.Value != nil && y.Value != nil && constant.Compare(x.Value, token.EQL, y.Value)
}
