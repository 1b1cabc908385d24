package emit

import (
	"fmt"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// A table holds cases that run the same sequence shape (same operations,
// same references between statements, same literal kinds) and differ only
// in literal arguments and in the basic values or errors the target
// returns. Literals that differ between rows become fields; those that do
// not stay inline, as do all checks of statements before the target.
type table struct {
	rows   []*oracle.Case
	names  []string // row (subtest) names, parallel to rows
	fields []*field // inputs, in statement order
	wants  []*wantField
	// errMode says how the target's error is checked: errNone (not
	// checked), errConst (the same in every row: checked inline),
	// errString (wantErr string, "" for no error) or errBool (wantErr
	// bool, when some error messages are not stable enough to assert).
	errMode int
	errRes  int // index of the target's error result
	// consts are the target's checks that are the same in every row.
	consts []oracle.Assertion
	// nonNil are the target's results no row can write but every row
	// saw not nil (a ring, a writer): checked inline to be non-nil.
	nonNil   []oracle.Assertion
	override map[seq.ArgID]*field
	// skip holds the observer results whose checks are want fields.
	skip map[seq.ValueID]bool
}

const (
	errNone = iota
	errConst
	errString
	errBool
	errIs // wantErr error: an exported sentinel, checked with errors.Is
)

// errCheckKey is equal for error assertions a table checks the same way.
func (r *renderer) errCheckKey(a oracle.Assertion) string {
	switch cl := r.errClass(a); cl {
	case errClassNone:
		return fmt.Sprint(a.Kind)
	case errClassIs:
		return cl + ":" + a.Err.Is[0]
	case errClassMsg:
		return cl + ":" + errMsg(a)
	default:
		return cl
	}
}

// field is a table field that feeds an argument (at) of the sequence.
type field struct {
	name string
	at   seq.ArgID
	typ  types.Type
	verb string // %q or %v, for failure messages
}

// wantField is a table field holding a result of the target or of an
// observer called after it.
type wantField struct {
	name string
	at   seq.ValueID
	typ  types.Type
	// equateEmpty: nil and empty mean the same for this result.
	equateEmpty bool
	// emptyRow: some row wants nil or an empty slice or map.
	emptyRow bool
}

// tables finds the tables among the cases of one test function, and
// returns the cases that are not in any table.
func (r *renderer) tables(cs []*oracle.Case) ([]*table, []*oracle.Case) {
	var rest []*oracle.Case
	groups := map[string][]*oracle.Case{}
	var order []string
	add := func(k string, c *oracle.Case) {
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], c)
	}
	for _, c := range cs {
		k, ok := r.shapeKey(c)
		if !ok {
			rest = append(rest, c)
			continue
		}
		add(k, c)
	}
	// Rows whose errors are checked differently (errors.Is, by message,
	// only non-nil) cannot share a wantErr field: the rows of the class
	// seen first keep the group, with the rows without an error; the
	// others form groups of their own. Rows checked with errors.As are
	// subtests.
	var order2 []string
	groups2 := map[string][]*oracle.Case{}
	for _, k := range order {
		g := groups[k]
		first := ""
		for _, c := range g {
			k2 := k
			if a, ok := r.targetErr(c); ok {
				switch cl := r.errClass(a); {
				case cl == errClassAs:
					rest = append(rest, c)
					continue
				case cl == errClassNone:
				case first == "":
					first = cl
				case cl != first:
					k2 += "#" + cl
				}
			}
			if _, ok := groups2[k2]; !ok {
				order2 = append(order2, k2)
			}
			groups2[k2] = append(groups2[k2], c)
		}
	}
	var out []*table
	for _, k := range order2 {
		g := groups2[k]
		if len(g) < 2 {
			rest = append(rest, g...)
			continue
		}
		tb := r.newTable(g)
		if tb == nil {
			rest = append(rest, g...)
			continue
		}
		if single, ok := r.trimTable(tb); !ok {
			rest = append(rest, single...)
			continue
		}
		out = append(out, tb)
	}
	return out, rest
}

// slots returns the assertions of a case that can be written, by result.
func (r *renderer) slots(c *oracle.Case) map[seq.ValueID]oracle.Assertion {
	m := map[seq.ValueID]oracle.Assertion{}
	for _, a := range c.Asserts {
		if a.Kind == oracle.Equal && !r.spellable(a.Type, a.Want) {
			continue
		}
		m[a.Value()] = a
	}
	return m
}

// nonNilInEveryRow returns the assertion of the first row on result key
// when no row can write that result but every row has a check of it that
// a test can make, that it is not nil (a pointer, interface, function or
// channel: a slice's or map's check also has its length, which rows may
// not share).
func (r *renderer) nonNilInEveryRow(g []*oracle.Case, key seq.ValueID, slots []map[seq.ValueID]oracle.Assertion) (oracle.Assertion, bool) {
	var first oracle.Assertion
	for i, c := range g {
		if _, ok := slots[i][key]; ok {
			return first, false
		}
		found := false
		for _, a := range c.Asserts {
			if a.Value() == key && r.weakable(a) && stableCheck(a, true) {
				found = true
				if i == 0 {
					first = a
				}
			}
		}
		if !found {
			return first, false
		}
	}
	return first, len(g) > 0
}

// targetErr returns the assertion on the target's error result.
func (r *renderer) targetErr(c *oracle.Case) (oracle.Assertion, bool) {
	op := r.prog.Ops[c.Seq.Stmts[c.Target].Op]
	if !op.ErrResult {
		return oracle.Assertion{}, false
	}
	a, ok := r.slots(c)[seq.ValueID{Stmt: c.Target, Result: len(op.Results) - 1}]
	return a, ok
}

// shapeKey is equal for cases that can share a table: the same calls,
// the same checks before the target, and results of the target and of
// the observers after it that are either want fields or the same.
func (r *renderer) shapeKey(c *oracle.Case) (string, bool) {
	for _, a := range c.Asserts {
		if a.Identity() {
			return "", false // compares variables no row field can hold
		}
	}
	s := c.Seq
	var b strings.Builder
	for _, st := range s.Stmts {
		if st.Repeat > 1 {
			// A row field cannot hold a loop's count: a case with a
			// loop is a test of its own.
			return "", false
		}
		op := r.prog.Ops[st.Op]
		fmt.Fprintf(&b, "%d(", st.Op)
		for k, a := range st.Args {
			switch {
			case !a.IsLit:
				fmt.Fprintf(&b, "$%d.%d ", a.Stmt, a.Result)
			case r.varyable(op, k, len(st.Args), a.Lit):
				fmt.Fprintf(&b, "L%d ", a.Lit.Kind)
			default:
				fmt.Fprintf(&b, "X%s|%s ", a.Lit.Key(), a.Lit.Name)
			}
		}
		b.WriteString(")")
	}
	if c.TargetUnstable {
		// The note on an unchecked target says why from the table's
		// first row (targetNote): rows whose values differed between
		// runs and rows whose did not get tables of their own.
		b.WriteString("~")
	}
	slots := r.slots(c)
	keys := make([]seq.ValueID, 0, len(slots))
	for k := range slots {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].Stmt < keys[j].Stmt || keys[i].Stmt == keys[j].Stmt && keys[i].Result < keys[j].Result
	})
	for _, k := range keys {
		a := slots[k]
		switch {
		case k.Stmt > c.Target && r.wantable(a):
			fmt.Fprintf(&b, ";%d.%d:V", k.Stmt, k.Result)
		case k.Stmt != c.Target:
			fmt.Fprintf(&b, ";%d.%d:%d:%s", k.Stmt, k.Result, a.Kind, treeKey(a.Want))
		}
	}
	top := r.prog.Ops[s.Stmts[c.Target].Op]
	ea, hasErr := r.targetErr(c)
	errNonNil := hasErr && ea.Kind == oracle.ErrNonNil
	b.WriteString(";target")
	for j, t := range top.Results {
		a, ok := slots[seq.ValueID{Stmt: c.Target, Result: j}]
		switch {
		case top.ErrResult && j == len(top.Results)-1:
			if ok {
				b.WriteString(" E")
			} else {
				b.WriteString(" -")
			}
		case ok && r.wantable(a):
			b.WriteString(" V")
		case ok:
			fmt.Fprintf(&b, " X%d:%s", a.Kind, treeKey(a.Want))
		case errNonNil && r.wantableType(t):
			// No value beside an error: the row leaves want out.
			b.WriteString(" V")
		default:
			b.WriteString(" -")
		}
	}
	return b.String(), true
}

func treeKey(t *rt.Tree) string {
	if t == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%+v", *t)
}

// varyable reports whether literal l, argument k of a call of op, can be
// a table field: a basic literal (or a slice of them) for a parameter
// whose type the test can name. Nil and zero literals stay inline.
func (r *renderer) varyable(op *model.Op, k, nargs int, l seq.Lit) bool {
	p := op.Params[k]
	switch l.Kind {
	case seq.LitBool, seq.LitInt, seq.LitUint, seq.LitFloat, seq.LitString, seq.LitBytes, seq.LitSlice:
	default:
		return false
	}
	if op.Variadic && k == nargs-1 && l.Kind != seq.LitSlice {
		return false
	}
	if p.Recv {
		if _, ptr := p.Type.Underlying().(*types.Pointer); ptr {
			return false
		}
	}
	return r.nameable(p.Type)
}

// wantableType reports whether a result of type t can be a want field:
// a basic type, or a slice or map of them (compared with valueCheck).
func (r *renderer) wantableType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return r.wantableType(u.Elem()) && r.nameable(t)
	case *types.Map:
		return r.wantableType(u.Key()) && r.wantableType(u.Elem()) && r.nameable(t)
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsComplex|types.IsUntyped) != 0 || b.Kind() == types.UnsafePointer {
		return false
	}
	return r.nameable(t)
}

func (r *renderer) wantable(a oracle.Assertion) bool {
	if a.Kind != oracle.Equal || a.Want == nil || !r.wantableType(a.Type) {
		return false
	}
	f32 := false
	if b, ok := a.Type.Underlying().(*types.Basic); ok {
		f32 = b.Kind() == types.Float32
	}
	if oracle.HasNaN(a.Want) || a.Want.Kind == rt.TFloat && (special(a.Want.F) || computed(a.Want.F, f32)) {
		return false // a table's check is ==: NaN, -0 and computed values are floatCheck's
	}
	if _, basic := a.Type.Underlying().(*types.Basic); !basic {
		return true // wantableType checked that the value can be written
	}
	switch a.Want.Kind {
	case rt.TBool, rt.TInt, rt.TUint, rt.TFloat, rt.TString:
		ok := false
		r.probe(func() { _, ok = r.rowValue(a.Type, a.Want) })
		return ok
	}
	return false
}

// newTable builds the table for cases of one shape, or returns nil when
// no literal differs between them (nothing for a row to say).
func (r *renderer) newTable(g []*oracle.Case) *table {
	tmpl := g[0]
	s := tmpl.Seq
	tb := &table{rows: g, override: map[seq.ArgID]*field{}, errRes: -1}
	for i, st := range s.Stmts {
		op := r.prog.Ops[st.Op]
		for k, a := range st.Args {
			if !a.IsLit || !r.varyable(op, k, len(st.Args), a.Lit) {
				continue
			}
			same := true
			for _, c := range g[1:] {
				b := c.Seq.Stmts[i].Args[k].Lit
				if b.Key() != a.Lit.Key() || b.Name != a.Lit.Name {
					same = false
				}
			}
			if same {
				continue
			}
			f := &field{at: seq.ArgID{Stmt: i, Arg: k}, typ: op.Params[k].Type, verb: "%v"}
			if isText(f.typ) {
				f.verb = "%q"
			}
			tb.fields = append(tb.fields, f)
			tb.override[f.at] = f
		}
	}
	if len(tb.fields) == 0 {
		return nil
	}
	r.nameFields(tmpl, tb)

	tgt := tmpl.Target
	top := r.prog.Ops[s.Stmts[tgt].Op]
	slots := make([]map[seq.ValueID]oracle.Assertion, len(g))
	for i, c := range g {
		slots[i] = r.slots(c)
	}
	r.tableErr(tb, top, tgt, slots)
	// The target's values: a want field where any row asserts one of
	// basic type, inline where the (non-basic) value is the same in
	// every row.
	for j, t := range top.Results {
		if j == tb.errRes {
			continue
		}
		key := seq.ValueID{Stmt: tgt, Result: j}
		if a, ok := r.nonNilInEveryRow(g, key, slots); ok {
			tb.nonNil = append(tb.nonNil, a)
			continue
		}
		a, ok := slots[0][key]
		if ok && !r.wantable(a) {
			// The shape key made this check the same in every row.
			tb.consts = append(tb.consts, a)
			continue
		}
		present := false
		for _, m := range slots {
			_, ok := m[key]
			present = present || ok
		}
		if !present {
			continue
		}
		name := "want"
		if len(tb.wants) > 0 {
			name = "want" + strconv.Itoa(j+1)
			if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
				name = "wantOK"
			}
		}
		tb.wants = append(tb.wants, &wantField{name: name, at: key, typ: t})
	}
	r.tableObserverWants(tb, s, tgt, slots)
	for _, w := range tb.wants {
		for _, m := range slots {
			a := m[w.at]
			w.equateEmpty = w.equateEmpty || a.EquateEmpty
			w.emptyRow = w.emptyRow || a.Want != nil && (a.Want.Kind == rt.TNil || oracle.Empty(a.Want))
		}
	}
	r.tableRowNames(tb, g, tgt)
	return tb
}

// tableErr decides how tb checks the target's error (result errRes of
// top): inline when every row checks it the same way, else a wantErr
// field of the rows' error class.
func (r *renderer) tableErr(tb *table, top *model.Op, tgt int, slots []map[seq.ValueID]oracle.Assertion) {
	if top.ErrResult {
		tb.errRes = len(top.Results) - 1
		key := seq.ValueID{Stmt: tgt, Result: tb.errRes}
		if a, ok := slots[0][key]; ok {
			tb.errMode = errConst
			class := errClassNone
			for _, m := range slots {
				b := m[key]
				if r.errCheckKey(b) != r.errCheckKey(a) {
					tb.errMode = errString
				}
				if cl := r.errClass(b); cl != errClassNone {
					class = cl
				}
			}
			if tb.errMode == errString {
				switch class {
				case errClassIs:
					tb.errMode = errIs
				case errClassAny:
					tb.errMode = errBool
				}
			}
			if tb.errMode == errConst {
				tb.consts = append(tb.consts, a)
			}
		}
	}
}

// tableObserverWants adds want fields for the values of the observers
// after the target (statement tgt of s) where rows differ (the shape key
// made them want fields); where they are the same they stay inline.
func (r *renderer) tableObserverWants(tb *table, s *seq.Seq, tgt int, slots []map[seq.ValueID]oracle.Assertion) {
	taken := map[string]bool{"name": true}
	for _, f := range tb.fields {
		taken[f.name] = true
	}
	for _, w := range tb.wants {
		taken[w.name] = true
	}
	for i := tgt + 1; i < len(s.Stmts); i++ {
		op := r.prog.Ops[s.Stmts[i].Op]
		for j, t := range op.Results {
			key := seq.ValueID{Stmt: i, Result: j}
			first, differ, present := "", false, false
			for k, m := range slots {
				a, ok := m[key]
				present = present || ok
				tk := fmt.Sprint(ok, a.Kind, treeKey(a.Want))
				if k == 0 {
					first = tk
				} else if tk != first {
					differ = true
				}
			}
			if !present || !differ {
				continue
			}
			base := "want" + strconv.Itoa(i)
			switch {
			case op.Kind == model.Recorded:
				base = "wantSeen" // the calls a recording callback saw
			case op.Kind == model.Elements:
				base = "wantItems"
			case op.Func != nil:
				base = "want" + op.Func.Name()
			}
			if len(op.Results) > 1 {
				base += strconv.Itoa(j + 1)
			}
			tb.wants = append(tb.wants, &wantField{name: uniqueName(base, taken), at: key, typ: t})
			if tb.skip == nil {
				tb.skip = map[seq.ValueID]bool{}
			}
			tb.skip[key] = true
		}
	}
}

// tableRowNames names the rows of tb from the literals of the target
// call (statement tgt) that differ, or, when those do not tell the rows
// apart, from all that differ.
func (r *renderer) tableRowNames(tb *table, g []*oracle.Case, tgt int) {
	// Pass 0 names rows by the target's fields, pass 1 by all fields,
	// pass 2 adds the length of texts cut short, pass 3 spells texts in
	// full (litWordExact); rows still alike get ordinals (uniqueSub).
	for pass := 0; pass < 4; pass++ {
		tb.names = tb.names[:0]
		seen := map[string]bool{}
		dup := false
		for _, c := range g {
			var parts []string
			for _, f := range tb.fields {
				if pass >= 1 || f.at.Stmt == tgt {
					st := c.Seq.Stmts[f.at.Stmt]
					l := st.Args[f.at.Arg].Lit
					p := r.prog.Ops[st.Op].Params[f.at.Arg]
					switch pass {
					case 3:
						parts = append(parts, r.named(p, l, r.litWordExact(l, f.typ)))
					case 2:
						parts = append(parts, r.named(p, l, r.litWordLen(l, f.typ)))
					default:
						parts = append(parts, r.named(p, l, r.litWord(l, f.typ)))
					}
				}
			}
			name := joinValues(parts)
			if name == "" {
				name = "default"
			}
			dup = dup || len(parts) == 0 || seen[name]
			seen[name] = true
			tb.names = append(tb.names, name)
		}
		if !dup {
			break
		}
	}
}

// nameFields names the input fields after their parameters ("limit",
// "code"); a receiver after its type ("money"); a lone input with a
// one-letter name "in".
func (r *renderer) nameFields(c *oracle.Case, tb *table) {
	used := map[string]bool{"name": true, "tt": true, "t": true}
	for _, f := range tb.fields {
		op := r.prog.Ops[c.Seq.Stmts[f.at.Stmt].Op]
		p := op.Params[f.at.Arg]
		base := fieldName(p.Name)
		if p.Recv {
			base = baseName(p.Type)
		}
		if len(tb.fields) == 1 && !p.Recv && len(base) <= 1 {
			base = "in"
		}
		if base == "" {
			base = "arg" + strconv.Itoa(f.at.Arg+1)
		}
		if used[base] || strings.HasPrefix(base, "want") {
			base += "Arg"
		}
		f.name = uniqueName(base, used)
	}
}
