package search

import (
	"go/constant"
	"go/types"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Constant mining (GRT §III-A). The analyzer constpool finds the constants
// of every function and package; the search draws literals from them:
//
//   - a local pool per operation, the constants of its own function, used
//     with probability PLocal when the function has constants of the
//     parameter's kind. GRT uses 0.01 for Java classes; Go functions are
//     small and their constants are usually the very values their branches
//     test, so gentest uses 0.25 (measured with the ablation harness);
//   - a global pool weighted by TF-IDF over the packages under test and the
//     module packages they import: tf is a constant's count in the package,
//     idf = log(1 + N/df) over the N packages, df the packages holding it.
//     Used with probability PGlobal;
//   - the members of a typed enum for a parameter of that type, with their
//     names, used with probability PEnum;
//   - boundary values c-1 and c+1 of constants compared against, and
//     Gaussian fuzzing (sigma 30, GRT §III-B) and small string edits around
//     pool values;
//   - for a byte-slice parameter of an operation whose own code compares
//     len(x) with constants, zero bytes of about such a length, used with
//     probability PLength (lengthBytes).
const (
	PLocal  = 0.25
	PGlobal = 0.35
	PEnum   = 0.8
	PFuzz   = 0.2
	Sigma   = 30
	// PCompose is the chance of composing a string from mined characters
	// and short strings ("a*", "{x,y}.go") instead of taking one value.
	PCompose = 0.25
	// PLength is the chance of drawing a byte slice of a length the
	// operation's code checks (lengthBytes), when it checks one.
	PLength = 0.25
	// maxLengthBytes bounds those lengths: a check against a larger
	// constant is a limit, not a header's size.
	maxLengthBytes = 1024
)

// Constants are the pools the search draws literals from.
type Constants struct {
	// chars are the printable characters the package compares against or
	// uses as rune or byte constants ('*', '.', '-'): parsers branch on
	// them, and strings composed of them reach those branches.
	chars  []string
	global map[model.LitClass]*weighted
	local  map[int]map[model.LitClass][]cval // op ID -> pool
	enums  map[string][]seq.Lit              // qualified type name -> members
	closed map[string]bool                   // the enums whose other values are no value a caller means (closedEnum)
	// lengths are, per operation, the constants its own code compares
	// len(x) with (constpool.Length), in 1..maxLengthBytes, sorted.
	lengths map[int][]int64
}

type cval struct {
	lit      seq.Lit
	compared bool
	funcs    []string
}

type weighted struct {
	vals []cval
	cum  []float64
}

// NewConstants builds the pools. corpus holds the package facts of the
// packages under test and the module packages they import (for idf);
// target is the package under test; funcFacts gives each operation's own
// constants.
func NewConstants(prog *model.Program, target *constpool.PackageConsts, corpus []*constpool.PackageConsts, funcFacts func(fn *types.Func) *constpool.FuncConsts) *Constants {
	c := &Constants{global: map[model.LitClass]*weighted{}, local: map[int]map[model.LitClass][]cval{}, enums: map[string][]seq.Lit{}, closed: map[string]bool{}, lengths: map[int][]int64{}}
	if target == nil {
		return c
	}
	c.addGlobal(target, corpus)
	c.addChars(corpus)
	c.addEnums(target)
	if funcFacts != nil {
		c.addLocal(prog, funcFacts)
	}
	return c
}

// addGlobal builds the global pools of the target's constants, weighed by
// TF-IDF over corpus.
func (c *Constants) addGlobal(target *constpool.PackageConsts, corpus []*constpool.PackageConsts) {
	df := map[string]int{}
	for _, p := range corpus {
		seen := map[string]bool{}
		for _, k := range p.Consts {
			key := k.Kind + ":" + k.Value
			if !seen[key] {
				seen[key] = true
				df[key]++
			}
		}
	}
	n := float64(len(corpus))
	if n == 0 {
		n = 1
	}
	for _, k := range target.Consts {
		v, ok := toLit(k)
		if !ok {
			continue
		}
		d := df[k.Kind+":"+k.Value]
		if d == 0 {
			d = 1
		}
		w := float64(k.Count) * math.Log(1+n/float64(d))
		for _, class := range classesOf(k.Kind) {
			g := c.global[class]
			if g == nil {
				g = &weighted{}
				c.global[class] = g
			}
			total := w
			if len(g.cum) > 0 {
				total += g.cum[len(g.cum)-1]
			}
			g.vals = append(g.vals, cvalOf(v, k))
			g.cum = append(g.cum, total)
		}
	}
}

// cvalOf is constant k, read as v, in a pool.
func cvalOf(v seq.Lit, k constpool.Const) cval {
	return cval{lit: v, compared: k.Origin&(constpool.Compared|constpool.Switch|constpool.Length) != 0, funcs: k.Funcs}
}

// addChars collects the printable characters the corpus's packages
// compare against or use as rune constants, in order of first sight.
func (c *Constants) addChars(corpus []*constpool.PackageConsts) {
	seenChar := map[string]bool{}
	for _, p := range corpus {
		for _, k := range p.Consts {
			if ch, ok := charOf(k); ok && !seenChar[ch] {
				seenChar[ch] = true
				c.chars = append(c.chars, ch)
			}
		}
	}
}

// charOf returns the character constant k stands for: a printable ASCII
// rune constant, or punctuation or a space the code compares with (plain
// small integers are not characters).
func charOf(k constpool.Const) (string, bool) {
	if k.Kind != constpool.KindRune && k.Kind != constpool.KindInt && k.Kind != constpool.KindUint {
		return "", false
	}
	v, ok := toLit(k)
	if !ok || v.Kind != seq.LitInt || v.I > 0x7e || (v.I < 0x21 && !strings.ContainsRune("\t\n\v\f\r", rune(v.I))) {
		return "", false
	}
	if k.Kind != constpool.KindRune && k.Origin&(constpool.Compared|constpool.Switch) == 0 {
		return "", false
	}
	if k.Kind != constpool.KindRune && !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t\n\v\f\r", rune(v.I)) {
		return "", false
	}
	return string(rune(v.I)), true
}

// addEnums collects the target's enum members, with their names, and
// which enums are closed.
func (c *Constants) addEnums(target *constpool.PackageConsts) {
	for _, e := range target.Enums {
		for _, m := range e.Members {
			v, ok := toLit(constpool.Const{Kind: e.Kind, Value: m.Value})
			if !ok {
				continue
			}
			v.Name = m.Name
			c.enums[e.Type] = append(c.enums[e.Type], v)
		}
		if closedEnum(e) {
			c.closed[e.Type] = true
		}
	}
}

// addLocal builds each operation's local pools from its function's own
// constants.
func (c *Constants) addLocal(prog *model.Program, funcFacts func(fn *types.Func) *constpool.FuncConsts) {
	for _, op := range prog.Ops {
		if op.Func == nil {
			continue
		}
		ff := funcFacts(op.Func)
		if ff == nil {
			continue
		}
		pools := map[model.LitClass][]cval{}
		var lens []int64
		for _, k := range ff.Consts {
			v, ok := toLit(k)
			if !ok {
				continue
			}
			if k.Origin&constpool.Length != 0 && v.Kind == seq.LitInt && v.I >= 1 && v.I <= maxLengthBytes {
				lens = append(lens, v.I)
			}
			for _, class := range classesOf(k.Kind) {
				pools[class] = append(pools[class], cvalOf(v, k))
			}
		}
		if len(pools) > 0 {
			c.local[op.ID] = pools
		}
		if len(lens) > 0 {
			slices.Sort(lens)
			c.lengths[op.ID] = slices.Compact(lens)
		}
	}
}

// lengthBytes draws, for a byte-slice parameter of op, zero bytes of a
// length op's code compares len(x) with, or one to two bytes past it:
// c-1, c, c+1 or c+2. A binary decoder checks that its input holds a
// fixed header (pion/dtls's ServerHello.Unmarshal: len(data) < 2+32)
// and then reads the fields after it, each with its own check or
// without one; inputs of about the header's size reach those reads,
// where a missing check is a bounds panic (GO-2023-1535, issue 32), and
// the search's other byte slices (mined strings, composed characters,
// their edits) are a few bytes long and never do. Zero bytes: a zero
// length field or count is the shortest way past each later check. The
// caller skips it when op compares no length (the random stream of
// other operations is unchanged).
func (c *Constants) lengthBytes(rng *rand.Rand, op *model.Op) (seq.Lit, bool) {
	lens := c.lengths[op.ID]
	if len(lens) == 0 || rng.Float64() >= PLength {
		return seq.Lit{}, false
	}
	n := lens[rng.IntN(len(lens))] + int64(rng.IntN(4)) - 1
	return seq.Lit{Kind: seq.LitBytes, S: strings.Repeat("\x00", int(n))}, true
}

// classesOf says which parameter literal classes a constant kind can fill.
func classesOf(kind string) []model.LitClass {
	switch kind {
	case constpool.KindInt, constpool.KindRune:
		return []model.LitClass{model.LitInt, model.LitUint, model.LitFloat}
	case constpool.KindUint:
		return []model.LitClass{model.LitUint, model.LitInt}
	case constpool.KindFloat:
		return []model.LitClass{model.LitFloat}
	case constpool.KindString:
		return []model.LitClass{model.LitString, model.LitBytes}
	case constpool.KindBool:
		return []model.LitClass{model.LitBool}
	}
	return nil
}

func toLit(k constpool.Const) (seq.Lit, bool) {
	v, err := k.Constant()
	if err != nil {
		return seq.Lit{}, false
	}
	switch k.Kind {
	case constpool.KindInt, constpool.KindRune, constpool.KindUint:
		if i, ok := constant.Int64Val(v); ok {
			return seq.Lit{Kind: seq.LitInt, I: i}, true
		}
		if u, ok := constant.Uint64Val(v); ok {
			return seq.Lit{Kind: seq.LitUint, U: u}, true
		}
	case constpool.KindFloat:
		f, _ := constant.Float64Val(v)
		if !math.IsInf(f, 0) && !math.IsNaN(f) {
			return seq.Lit{Kind: seq.LitFloat, F: f}, true
		}
	case constpool.KindString:
		return seq.Lit{Kind: seq.LitString, S: constant.StringVal(v)}, true
	case constpool.KindBool:
		return seq.Lit{Kind: seq.LitBool, B: constant.BoolVal(v)}, true
	}
	return seq.Lit{}, false
}

// pick draws a literal for a parameter of type t and class class of
// operation op from the pools, or reports false to fall back to defaults.
func (c *Constants) pick(rng *rand.Rand, op *model.Op, t types.Type, class model.LitClass) (seq.Lit, bool) {
	if c == nil {
		return seq.Lit{}, false
	}
	if class == model.LitBytes && op != nil {
		if l, ok := c.lengthBytes(rng, op); ok {
			return l, true
		}
	}
	if (class == model.LitString || class == model.LitBytes) && len(c.chars) > 0 && rng.Float64() < PCompose {
		kind := seq.LitString
		if class == model.LitBytes {
			kind = seq.LitBytes
		}
		return seq.Lit{Kind: kind, S: c.compose(rng)}, true
	}
	if named, ok := t.(*types.Named); ok {
		if members := c.enums[typeKey(named)]; len(members) > 0 && rng.Float64() < PEnum {
			return members[rng.IntN(len(members))], true
		}
	}
	var v cval
	found := false
	if pools := c.local[op.ID]; pools != nil && len(pools[class]) > 0 && rng.Float64() < PLocal {
		p := pools[class]
		v, found = p[rng.IntN(len(p))], true
	} else if g := c.global[class]; g != nil && len(g.vals) > 0 && rng.Float64() < PGlobal {
		x := rng.Float64() * g.cum[len(g.cum)-1]
		i := sort.SearchFloat64s(g.cum, x)
		if i >= len(g.vals) {
			i = len(g.vals) - 1
		}
		v, found = g.vals[i], true
	}
	if !found {
		return seq.Lit{}, false
	}
	return c.vary(rng, v, class), true
}

// closedEnum reports whether e's constants are the type's only meaningful
// values, a closed set a switch may list without a default: an integer
// type declared with its constants in one package, two or more of them,
// dense (their range at most twice their number, as iota makes them) and
// not bit flags. Named types with constants are not all like that: a
// quantity with a few named values (time.Duration with a package's
// const Timeout, x/time/rate's Limit with Inf, a Size with KB and MB)
// takes any value, and a flag set (text/tabwriter's FilterHTML,
// StripEscape, ...) takes their combinations.
func closedEnum(e constpool.Enum) bool {
	if e.Kind != constpool.KindInt && e.Kind != constpool.KindUint || len(e.Members) < 2 {
		return false
	}
	pkg := e.Type[:strings.LastIndex(e.Type, ".")+1]
	flags := 0
	var lo, hi int64
	for i, m := range e.Members {
		if !strings.HasPrefix(m.Name, pkg) || strings.Contains(m.Name[len(pkg):], ".") {
			return false // a constant of another package's type, or the type's of another's
		}
		v, err := strconv.ParseInt(m.Value, 10, 64)
		if err != nil {
			return false
		}
		if v > 0 && v&(v-1) == 0 {
			flags++
		}
		if i == 0 || v < lo {
			lo = v
		}
		if i == 0 || v > hi {
			hi = v
		}
	}
	n := int64(len(e.Members))
	return uint64(hi-lo) < uint64(2*n) && (flags < 3 || flags < len(e.Members)-1)
}

// outsideEnum reports whether t is a closed enum type of the package
// (closedEnum) and l is none of its members' values; it returns the
// type's key.
func (c *Constants) outsideEnum(t types.Type, l seq.Lit) (string, bool) {
	if c == nil {
		return "", false
	}
	named, ok := t.(*types.Named)
	if !ok {
		return "", false
	}
	key := typeKey(named)
	members := c.enums[key]
	if len(members) == 0 || !c.closed[key] {
		return "", false
	}
	k := l.Key() // the value, without the constant's name
	for _, m := range members {
		if m.Key() == k {
			return "", false
		}
	}
	return key, true
}

// vary turns a pool value into the literal to use: as it is, a boundary
// neighbour of a compared constant, a Gaussian perturbation, or a string
// edit; then fits it to the parameter's class.
func (c *Constants) vary(rng *rand.Rand, v cval, class model.LitClass) seq.Lit {
	l := v.lit
	switch l.Kind {
	case seq.LitInt:
		switch {
		case v.compared && rng.IntN(3) == 0:
			l.I += int64(2*rng.IntN(2) - 1) // c-1 or c+1
		case rng.Float64() < PFuzz:
			l.I += int64(math.Round(rng.NormFloat64() * Sigma))
		}
	case seq.LitFloat:
		switch {
		case v.compared && rng.IntN(3) == 0:
			d := math.Max(math.Abs(l.F)*1e-9, 1e-9)
			if rng.IntN(2) == 0 {
				d = -d
			}
			l.F += d
		case rng.Float64() < PFuzz:
			l.F += rng.NormFloat64() * Sigma
		}
	case seq.LitString:
		if rng.Float64() < PFuzz {
			l.S = fuzzString(rng, l.S, v.funcs)
		}
	}
	switch class {
	case model.LitUint:
		if l.Kind == seq.LitInt {
			if l.I < 0 {
				l.I = -l.I
			}
			l = seq.Lit{Kind: seq.LitUint, U: uint64(l.I), Name: l.Name}
		}
	case model.LitFloat:
		if l.Kind == seq.LitInt {
			l = seq.Lit{Kind: seq.LitFloat, F: float64(l.I)}
		}
	case model.LitInt:
		if l.Kind == seq.LitUint {
			if l.U > math.MaxInt64 {
				l = seq.Lit{Kind: seq.LitInt, I: math.MaxInt64}
			} else {
				l = seq.Lit{Kind: seq.LitInt, I: int64(l.U)}
			}
		}
	case model.LitBytes:
		if l.Kind == seq.LitString {
			l = seq.Lit{Kind: seq.LitBytes, S: l.S}
		}
	}
	return l
}

// compose builds a short string from the package's characters and a few
// plain pieces.
func (c *Constants) compose(rng *rand.Rand) string {
	pieces := []string{"a", "b", "x", "go", "ab", "0", "1", "2", "10"}
	if pairs, others := groupPairs(c.chars); len(pairs) > 0 && rng.Float64() < PGroup {
		// A bracketed group, with text around it (constants_group.go).
		var b strings.Builder
		if rng.IntN(2) == 0 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		b.WriteString(group(rng, pairs, others, pieces, 0))
		if rng.IntN(2) == 0 {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	n := 1 + rng.IntN(5)
	var b strings.Builder
	for i := 0; i < n; i++ {
		if rng.IntN(2) == 0 {
			b.WriteString(c.chars[rng.IntN(len(c.chars))])
		} else {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
	}
	return b.String()
}

// fuzzString edits s: for strings the code tests as a prefix, suffix or
// substring, it builds a string around it; otherwise it inserts, deletes
// or replaces a character, or takes a substring.
func fuzzString(rng *rand.Rand, s string, funcs []string) string {
	extra := []string{"1", "42", "x", "abc", " ", "-", "Z"}[rng.IntN(7)]
	for _, f := range funcs {
		switch {
		case strings.HasSuffix(f, ".Cut"):
			// A separator (strings.Cut(line, "=")) with text on both
			// sides: a key and a value, as the lines it splits have.
			return "k" + s + extra
		case strings.HasSuffix(f, "HasPrefix") || strings.HasSuffix(f, "TrimPrefix") || strings.HasSuffix(f, "CutPrefix"):
			return s + extra
		case strings.HasSuffix(f, "HasSuffix") || strings.HasSuffix(f, "TrimSuffix") || strings.HasSuffix(f, "CutSuffix"):
			return extra + s
		case strings.HasSuffix(f, "Contains") || strings.HasSuffix(f, "Index"):
			return extra + s + extra
		}
	}
	b := []byte(s)
	switch rng.IntN(4) {
	case 0: // insert
		i := rng.IntN(len(b) + 1)
		ch := byte(' ' + rng.IntN(95))
		b = append(b[:i], append([]byte{ch}, b[i:]...)...)
	case 1: // delete
		if len(b) > 0 {
			i := rng.IntN(len(b))
			b = append(b[:i], b[i+1:]...)
		}
	case 2: // replace
		if len(b) > 0 {
			b[rng.IntN(len(b))] = byte(' ' + rng.IntN(95))
		}
	default: // substring
		if len(b) > 1 {
			i := rng.IntN(len(b))
			j := i + rng.IntN(len(b)-i) + 1
			b = b[i:j]
		}
	}
	return string(b)
}

func typeKey(t types.Type) string { return types.TypeString(t, nil) }
