package search

import (
	"go/constant"
	"go/token"
	"go/types"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// EvoObj templates (Lin et al., ESEC/FSE 2021): for an operation with a
// branch still open whose condition reads fields of its inputs (the
// construct facts, model.Program.Branches), the input is built by the
// steps that set those fields (a literal's field, a constructor's
// parameter, a setter, a functional option applied by a constructor), and
// the written value starts from the condition's constant, on either side
// of it. The literals are slots like any other: the climbs and the
// constant pools tune them afterwards.

// PApp is the probability that a sequence for an operation with open
// field branches is built from a template rather than at random (the
// paper's p_app).
var PApp = 0.3

// maxTemplateDepth bounds the nesting a template builds.
const maxTemplateDepth = 4

// fieldBranch is a model.FieldBranch with its instrumented conditions.
type fieldBranch struct {
	model.FieldBranch
	conds []int
}

// templates builds sequences by EvoObj's templates: the inputs of an
// operation with an open field branch by the routes of the construction
// graph that set the paths the branch reads. The random search and
// DynaMOSA are given it.
type templates struct {
	prog   *model.Program
	rng    *rand.Rand
	ext    *extension
	lits   *literals
	values *Values
	cov    *coverage
	table  *instrument.Table
	stats  *Stats
	// byOp holds the operations' field branches with their instrumented
	// conditions, by op ID.
	byOp map[int][]*fieldBranch
}

// newTemplates matches the model's field branches to the instrumented
// conditions by file and line.
func newTemplates(prog *model.Program, rng *rand.Rand, ext *extension, lits *literals, values *Values, cov *coverage,
	table *instrument.Table, stats *Stats) *templates {
	tm := &templates{prog: prog, rng: rng, ext: ext, lits: lits, values: values, cov: cov, table: table, stats: stats,
		byOp: map[int][]*fieldBranch{}}
	type fileLine struct {
		file string
		line int
	}
	conds := map[fileLine][]int{}
	if table != nil {
		for _, c := range table.Conds {
			if c.Unsteady&instrument.UnsteadyState != 0 {
				continue // hidden from the search, never seen covered
			}
			k := fileLine{filepath.Base(c.File), c.Line}
			conds[k] = append(conds[k], c.ID)
		}
	}
	for _, o := range prog.Ops {
		for _, fb := range prog.Branches[o.ID] {
			tm.byOp[o.ID] = append(tm.byOp[o.ID], &fieldBranch{FieldBranch: fb, conds: conds[fileLine{fb.File, fb.Line}]})
		}
	}
	return tm
}

// call builds a sequence calling op: with probability PApp, when op has
// field branches, from a template; otherwise, or when no template could
// be built, by extension. No draw for operations without field branches:
// without construction facts the sequences stay those of before.
func (tm *templates) call(op *model.Op) (*seq.Seq, bool) {
	if len(tm.prog.Branches[op.ID]) > 0 && tm.rng.Float64() < PApp {
		if s, ok := tm.template(op); ok {
			return s, true
		}
	}
	return tm.ext.extend(op)
}

// fieldBranches returns op's field branches with their instrumented
// conditions.
func (tm *templates) fieldBranches(op *model.Op) []*fieldBranch { return tm.byOp[op.ID] }

// openBranches returns op's field branches with a side not yet covered;
// without the probe table every branch counts as open.
func (tm *templates) openBranches(op *model.Op) []*fieldBranch {
	var open []*fieldBranch
	for _, fb := range tm.fieldBranches(op) {
		isOpen := len(fb.conds) == 0 && tm.table == nil
		for _, c := range fb.conds {
			isOpen = isOpen || !tm.cov.branches[int32(2*c)] || !tm.cov.branches[int32(2*c+1)]
		}
		if isOpen {
			open = append(open, fb)
		}
	}
	return open
}

// template builds a sequence calling op whose inputs are built to decide
// one of its open field branches, or reports false.
func (tm *templates) template(op *model.Op) (*seq.Seq, bool) {
	open := tm.openBranches(op)
	if len(open) == 0 {
		return nil, false
	}
	return tm.templateCall(op, open[tm.rng.IntN(len(open))])
}

// templateCall builds a sequence calling op whose inputs are built to
// decide fb, the other arguments drawn as extension draws them.
func (tm *templates) templateCall(op *model.Op, fb *fieldBranch) (*seq.Seq, bool) {
	pre, set, ok := tm.templateInputs(op, fb)
	if !ok {
		return nil, false
	}
	call, ok := tm.ext.extend(op)
	if !ok {
		return nil, false
	}
	spliceCall(pre, call, set)
	tm.stats.Templates++
	return pre, true
}

// templateInputs builds, in a new sequence, the inputs of op that decide
// fb by routes of the construction graph: set maps a parameter index to
// the argument naming its value in pre. It reports false when no input
// could be built.
func (tm *templates) templateInputs(op *model.Op, fb *fieldBranch) (pre *seq.Seq, set map[int]seq.Arg, ok bool) {
	pre = &seq.Seq{}
	tm.ext.exitPrefix(pre) // costly_exit.go: handlers that exit swapped first
	set = map[int]seq.Arg{}
	for _, d := range fb.Deps {
		if _, done := set[d.Param]; done {
			continue
		}
		a, ok := tm.build(pre, op.Params[d.Param].Type, d.Steps, d, 0)
		if !ok {
			continue
		}
		set[d.Param] = a
	}
	return pre, set, len(set) > 0
}

// build appends to s the statements making a value of type t whose path
// steps decides d, and returns the argument naming it.
func (tm *templates) build(s *seq.Seq, t types.Type, steps []model.Step, d model.FieldDep, depth int) (seq.Arg, bool) {
	if depth > maxTemplateDepth {
		return seq.Arg{}, false
	}
	if len(steps) == 0 {
		return tm.leaf(s, t, d, depth)
	}
	switch st := steps[0]; st.Kind {
	case model.LenStep:
		if len(steps) > 1 {
			return seq.Arg{}, false
		}
		return tm.sized(s, t, tm.number(d, 0, 2), depth)
	case model.FieldStep:
		return tm.fieldRoute(s, t, steps, d, depth)
	case model.ElemStep, model.MapValueStep:
		u := t.Underlying()
		var elem types.Type
		switch u := u.(type) {
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			elem = u.Elem()
		default:
			return seq.Arg{}, false
		}
		lit, ok := tm.composite(t)
		if !ok {
			return seq.Arg{}, false
		}
		// The element (or entry) the path reads: the constant index or
		// key when there is one, else the first.
		at := 0
		if _, isMap := u.(*types.Map); isMap {
			at = 1
		} else if i, err := strconv.Atoi(st.Key); err == nil && i >= 0 && i < len(lit.Params) {
			at = i
		}
		v, ok := tm.build(s, elem, steps[1:], d, depth+1)
		if !ok {
			return seq.Arg{}, false
		}
		set := map[int]seq.Arg{at: v}
		if _, isMap := u.(*types.Map); isMap && st.Key != "" {
			if k, ok := litOfConst(st.Key, lit.Params[0].Type); ok {
				set[0] = seq.LitArg(k)
			}
		}
		return tm.callSet(s, lit, set, 0)
	}
	return seq.Arg{}, false
}

// fieldRoute builds a value of t whose field path steps decides d, by a
// route the construction graph offers: a composite literal's field, or an
// operation writing a prefix of the path from a parameter.
func (tm *templates) fieldRoute(s *seq.Seq, t types.Type, steps []model.Step, d model.FieldDep, depth int) (seq.Arg, bool) {
	base := t
	if p, ok := t.(*types.Pointer); ok {
		base = p.Elem()
	}
	type route struct {
		lit *model.Op
		k   int
		w   *model.Writer
	}
	var routes []route
	for _, op := range tm.prog.Ops {
		if op.Kind != model.Composite || !types.Identical(op.Results[0], t) {
			continue
		}
		for k, p := range op.Params {
			if p.Name == steps[0].Name {
				routes = append(routes, route{lit: op, k: k})
			}
		}
	}
	ws := tm.prog.Writers[types.TypeString(base, nil)]
	for i := range ws {
		w := &ws[i]
		if !stepsPrefix(w.Steps, steps) || w.From < 0 && len(w.Steps) != len(steps) {
			continue
		}
		routes = append(routes, route{w: w})
		if w.From >= 0 {
			// A slot beats a constant and a literal (EvoObj's scoring).
			routes = append(routes, route{w: w})
		}
	}
	if len(routes) == 0 {
		return seq.Arg{}, false
	}
	rt := routes[tm.rng.IntN(len(routes))]
	if rt.lit != nil {
		v, ok := tm.build(s, rt.lit.Params[rt.k].Type, steps[1:], d, depth+1)
		if !ok {
			return seq.Arg{}, false
		}
		return tm.callSet(s, rt.lit, map[int]seq.Arg{rt.k: v}, 0)
	}
	w := rt.w
	set := map[int]seq.Arg{}
	if w.From >= 0 {
		v, ok := tm.build(s, w.Op.Params[w.From].Type, steps[len(w.Steps):], d, depth+1)
		if !ok {
			return seq.Arg{}, false
		}
		set[w.From] = v
	}
	switch w.Route {
	case model.ByConstructor:
		for j, res := range w.Op.Results {
			if types.AssignableTo(res, t) {
				return tm.callSet(s, w.Op, set, j)
			}
		}
	case model.BySetter:
		if len(w.Op.Params) == 0 || !w.Op.Params[0].Recv {
			return seq.Arg{}, false
		}
		a, ok := tm.callSet(s, w.Op, set, 0)
		if !ok {
			return seq.Arg{}, false
		}
		if w.Copy {
			if types.AssignableTo(w.Op.Results[0], t) {
				return a, true
			}
			return seq.Arg{}, false
		}
		recv := s.Stmts[a.Stmt].Args[0]
		if recv.IsLit || !types.AssignableTo(w.Op.Params[0].Type, t) {
			return seq.Arg{}, false
		}
		return recv, true
	case model.ByOption:
		if len(w.Op.Results) == 0 {
			return seq.Arg{}, false
		}
		opt, ok := tm.callSet(s, w.Op, set, 0)
		if !ok {
			return seq.Arg{}, false
		}
		return tm.applyOption(s, t, w.Op.Results[0], opt)
	}
	return seq.Arg{}, false
}

// applyOption builds a value of t with a constructor taking options of
// type ot, passing the option opt alone.
func (tm *templates) applyOption(s *seq.Seq, t, ot types.Type, opt seq.Arg) (seq.Arg, bool) {
	var ctors []*model.Op
	for _, op := range tm.prog.Ops {
		if !op.Variadic || len(op.Params) == 0 {
			continue
		}
		sl, ok := op.Params[len(op.Params)-1].Type.(*types.Slice)
		if !ok || !types.AssignableTo(ot, sl.Elem()) {
			continue
		}
		for _, res := range op.Results {
			if types.AssignableTo(res, t) {
				ctors = append(ctors, op)
				break
			}
		}
	}
	if len(ctors) == 0 {
		return seq.Arg{}, false
	}
	ctor := ctors[tm.rng.IntN(len(ctors))]
	last := len(ctor.Params) - 1
	var lit *model.Op
	for _, op := range tm.prog.Ops {
		if op.Kind == model.Composite && len(op.Params) == 1 && types.Identical(op.Type, ctor.Params[last].Type) {
			lit = op
			break
		}
	}
	if lit == nil {
		return seq.Arg{}, false
	}
	opts, ok := tm.callSet(s, lit, map[int]seq.Arg{0: opt}, 0)
	if !ok {
		return seq.Arg{}, false
	}
	for j, res := range ctor.Results {
		if types.AssignableTo(res, t) {
			return tm.callSet(s, ctor, map[int]seq.Arg{last: opts}, j)
		}
	}
	return seq.Arg{}, false
}

// callSet appends a call of op, its arguments drawn as extension draws them
// except those in set, and returns its result j.
func (tm *templates) callSet(s *seq.Seq, op *model.Op, set map[int]seq.Arg, j int) (seq.Arg, bool) {
	call, ok := tm.ext.extend(op)
	if !ok || j >= len(op.Results) {
		return seq.Arg{}, false
	}
	return seq.Ref(spliceCall(s, call, set), j), true
}

// spliceCall appends call, a sequence extension built, to s, gives its
// last statement, the call itself, the arguments set names (by parameter
// index), and returns that statement's index in s.
func spliceCall(s, call *seq.Seq, set map[int]seq.Arg) int {
	s.Append(call)
	k := len(s.Stmts) - 1
	last := &s.Stmts[k]
	for i := range last.Args {
		if a, ok := set[i]; ok {
			last.Args[i] = a
		}
	}
	return k
}

// composite picks a literal operation of type t (a slice, array or map),
// the one with fewer elements first.
func (tm *templates) composite(t types.Type) (*model.Op, bool) {
	var best *model.Op
	for _, op := range tm.prog.Ops {
		if op.Kind == model.Composite && types.Identical(op.Type, t) && !op.Ptr {
			if best == nil || len(op.Params) < len(best.Params) {
				best = op
			}
		}
	}
	return best, best != nil
}

// sized builds a value of t (a string, slice or map) of length n.
func (tm *templates) sized(s *seq.Seq, t types.Type, n int64, depth int) (seq.Arg, bool) {
	if n < 0 {
		n = 0
	}
	class := model.ClassOf(t)
	switch class {
	case model.LitString, model.LitBytes:
		b := make([]byte, n)
		for i := range b {
			b[i] = 'a' + byte(tm.rng.IntN(26))
		}
		k := seq.LitString
		if class == model.LitBytes {
			k = seq.LitBytes
		}
		return seq.LitArg(seq.Lit{Kind: k, S: string(b)}), true
	case model.LitSlice:
		l := seq.Lit{Kind: seq.LitSlice}
		et := t.Underlying().(*types.Slice).Elem()
		for i := int64(0); i < n; i++ {
			l.Elems = append(l.Elems, tm.lits.literal(et, model.ElemLit(t)))
		}
		return seq.LitArg(l), true
	}
	if n == 0 {
		if class == model.LitNilOK {
			return seq.LitArg(seq.Lit{Kind: seq.LitNil}), true
		}
		return seq.Arg{}, false
	}
	var pick *model.Op
	for _, op := range tm.prog.Ops {
		if op.Kind != model.Composite || !types.Identical(op.Type, t) {
			continue
		}
		elems := int64(len(op.Params))
		if _, isMap := t.Underlying().(*types.Map); isMap {
			elems /= 2
		}
		if elems == n || pick == nil {
			pick = op
		}
	}
	if pick == nil {
		return seq.Arg{}, false
	}
	return tm.callSet(s, pick, nil, 0)
}

// leaf returns a value of t that decides d: on its true side or, half the
// time, its false side. A comparison with nil gets nil or a value built
// as the search builds any; one with no constant gets a random literal.
func (tm *templates) leaf(s *seq.Seq, t types.Type, d model.FieldDep, depth int) (seq.Arg, bool) {
	class := model.ClassOf(t)
	hold := tm.rng.IntN(2) == 0
	if d.Const == "nil" {
		if hold == (d.Op == "==") && class == model.LitNilOK {
			return seq.LitArg(seq.Lit{Kind: seq.LitNil}), true
		}
		return tm.anyValue(s, t, depth)
	}
	if d.Op == "has" {
		if _, isMap := t.Underlying().(*types.Map); isMap {
			return tm.build(s, t, []model.Step{{Kind: model.MapValueStep, Key: d.Const}}, model.FieldDep{}, depth+1)
		}
		return seq.Arg{}, false
	}
	switch class {
	case model.LitNone, model.LitNilOK, model.LitIfaceA:
		return tm.anyValue(s, t, depth)
	}
	c, ok := litOfConst(d.Const, t)
	if !ok {
		return seq.LitArg(tm.lits.literal(t, class)), true
	}
	switch c.Kind {
	case seq.LitBool:
		if hold != (d.Op == "==") {
			c.B = !c.B
		}
	case seq.LitString:
		switch {
		case d.Op == "==" && !hold, d.Op == "!=" && hold, d.Op == ">" && hold, d.Op == ">=" && !hold:
			c.S += string(rune('a' + tm.rng.IntN(26)))
		}
	case seq.LitInt, seq.LitUint, seq.LitFloat:
		delta := tm.delta(d.Op, hold)
		switch c.Kind {
		case seq.LitInt:
			c.I += delta
		case seq.LitUint:
			if delta < 0 && c.U == 0 {
				delta = 0
			}
			c.U = uint64(int64(c.U) + delta)
		case seq.LitFloat:
			c.F += float64(delta)
		}
	}
	return seq.LitArg(c), true
}

// delta is how far from a compared constant a value lies on the wanted
// side of comparison op: 0 on it, ±1 beside it.
func (tm *templates) delta(op string, hold bool) int64 {
	switch op {
	case "==":
		if hold {
			return 0
		}
		return int64(2*tm.rng.IntN(2) - 1)
	case "!=":
		if hold {
			return int64(2*tm.rng.IntN(2) - 1)
		}
		return 0
	case "<":
		if hold {
			return -1
		}
		return 0
	case "<=":
		if hold {
			return 0
		}
		return 1
	case ">":
		if hold {
			return 1
		}
		return 0
	case ">=":
		if hold {
			return 0
		}
		return -1
	}
	return 0
}

// number is the length a len comparison wants, clamped to [lo, hi].
func (tm *templates) number(d model.FieldDep, lo, hi int64) int64 {
	c, err := strconv.ParseInt(d.Const, 10, 64)
	if err != nil {
		return lo + int64(tm.rng.IntN(int(hi-lo+1)))
	}
	n := c + tm.delta(d.Op, tm.rng.IntN(2) == 0)
	return min(max(n, lo), hi)
}

// anyValue appends a value of t from the pool, a literal or a
// constructing operation, whichever the search would use.
func (tm *templates) anyValue(s *seq.Seq, t types.Type, depth int) (seq.Arg, bool) {
	if cands := tm.values.assignable(t); len(cands) > 0 {
		return appendPooled(s, tm.ext.choose(cands)), true
	}
	for _, op := range tm.prog.Ops {
		if op.Kind == model.Composite && types.Identical(op.Results[0], t) {
			return tm.callSet(s, op, nil, 0)
		}
	}
	return tm.ext.demand(s, t, depth)
}

// stepsPrefix reports whether path p is a prefix of path q.
func stepsPrefix(p, q []model.Step) bool {
	if len(p) > len(q) {
		return false
	}
	for i := range p {
		if p[i].Kind != q[i].Kind || p[i].Name != q[i].Name || p[i].Key != q[i].Key && p[i].Key != "" {
			return false
		}
	}
	return true
}

// litOfConst reads a Go literal (as the construct facts write constants)
// as a literal for a value of type t.
func litOfConst(text string, t types.Type) (seq.Lit, bool) {
	if text == "" {
		return seq.Lit{}, false
	}
	var v constant.Value
	switch text {
	case "true":
		v = constant.MakeBool(true)
	case "false":
		v = constant.MakeBool(false)
	default:
		tok := token.INT
		switch {
		case text[0] == '"' || text[0] == '`':
			tok = token.STRING
		case text[0] == '\'':
			tok = token.CHAR
		default:
			for _, c := range text {
				if c == '.' || c == 'e' || c == 'E' {
					tok = token.FLOAT
				}
			}
			if len(text) > 1 && (text[1] == 'x' || text[1] == 'X') {
				tok = token.INT
			}
		}
		neg := text[0] == '-'
		lit := text
		if neg {
			lit = text[1:]
		}
		v = constant.MakeFromLiteral(lit, tok, 0)
		if neg {
			v = constant.UnaryOp(token.SUB, v, 0)
		}
	}
	switch model.ClassOf(t) {
	case model.LitBool:
		if v.Kind() == constant.Bool {
			return seq.Lit{Kind: seq.LitBool, B: constant.BoolVal(v)}, true
		}
	case model.LitInt:
		if i, ok := constant.Int64Val(constant.ToInt(v)); ok {
			return seq.Lit{Kind: seq.LitInt, I: i}, true
		}
	case model.LitUint:
		if u, ok := constant.Uint64Val(constant.ToInt(v)); ok {
			return seq.Lit{Kind: seq.LitUint, U: u}, true
		}
	case model.LitFloat:
		if f, ok := constant.Float64Val(constant.ToFloat(v)); ok {
			return seq.Lit{Kind: seq.LitFloat, F: f}, true
		}
	case model.LitString, model.LitBytes:
		if v.Kind() == constant.String {
			k := seq.LitString
			if model.ClassOf(t) == model.LitBytes {
				k = seq.LitBytes
			}
			return seq.Lit{Kind: k, S: constant.StringVal(v)}, true
		}
	}
	return seq.Lit{}, false
}
