package emit

import (
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"github.com/gentest-go/gentest/generator/model"
	"github.com/gentest-go/gentest/generator/oracle"
	"github.com/gentest-go/gentest/generator/seq"
)

// maxSubName bounds subtest names: go test prints them on every line.
const maxSubName = 40

// subtestName describes a case by the literal arguments of its target
// call, or, when it has none, by what prepared the call: the last method
// called on the same receiver ("after_Add"), else the operation that
// produced an argument ("from_String").
func (r *renderer) subtestName(c *oracle.Case) string {
	st := c.Seq.Stmts[c.Target]
	op := r.prog.Ops[st.Op]
	var parts []string
	for k, a := range st.Args {
		if !a.IsLit || (op.Variadic && k == len(st.Args)-1 && a.Lit.Kind == seq.LitNil) {
			continue
		}
		parts = append(parts, r.litWord(a.Lit, op.Params[k].Type))
	}
	if len(parts) > 0 {
		return joinWords(parts)
	}
	if op.Kind == model.Method && !st.Args[0].IsLit {
		recv := st.Args[0]
		for i := c.Target - 1; i >= 0; i-- {
			prev := c.Seq.Stmts[i]
			pop := r.prog.Ops[prev.Op]
			if pop.Kind == model.Method && !prev.Args[0].IsLit && prev.Args[0].Stmt == recv.Stmt && prev.Args[0].Result == recv.Result {
				return "after_" + pop.Func.Name()
			}
		}
	}
	for k, a := range st.Args {
		if a.IsLit || (op.Kind == model.Method && k == 0) {
			continue
		}
		if pop := r.prog.Ops[c.Seq.Stmts[a.Stmt].Op]; pop.Func != nil {
			return "from_" + pop.Func.Name()
		}
	}
	return "default"
}

// joinWords joins name parts with "_", cut to maxSubName at a part
// boundary where possible.
func joinWords(parts []string) string {
	name := ""
	for _, p := range parts {
		next := p
		if name != "" {
			next = name + "_" + p
		}
		if len(next) > maxSubName {
			if name == "" {
				name = next[:maxSubName]
			}
			break
		}
		name = next
	}
	if name == "" {
		name = "default"
	}
	return name
}

// litWord is litWord for a literal of type t: a value that a constant of
// t names reads as that name.
func (r *renderer) litWord(l seq.Lit, t types.Type) string {
	if c := r.litEnum(l, t); c != nil && l.Name == "" {
		return c.Name()
	}
	return litWord(l)
}

// litWord is a literal as a word of a subtest name: "empty", "VIP-10",
// "negative_5", "Blue".
func litWord(l seq.Lit) string {
	if l.Name != "" {
		return l.Name[strings.LastIndexByte(l.Name, '.')+1:]
	}
	switch l.Kind {
	case seq.LitNil:
		return "nil"
	case seq.LitBool:
		return strconv.FormatBool(l.B)
	case seq.LitInt:
		if l.I < 0 {
			return "negative_" + strings.TrimPrefix(strconv.FormatInt(l.I, 10), "-")
		}
		return strconv.FormatInt(l.I, 10)
	case seq.LitUint:
		return strconv.FormatUint(l.U, 10)
	case seq.LitFloat:
		s := strconv.FormatFloat(l.F, 'g', -1, 64)
		if strings.HasPrefix(s, "-") {
			return "negative_" + s[1:]
		}
		if s == "+Inf" {
			return "Inf"
		}
		return s
	case seq.LitString, seq.LitBytes:
		return textWord(l.S)
	case seq.LitSlice:
		if len(l.Elems) == 0 {
			return "no_elems"
		}
		if len(l.Elems) <= 3 {
			var parts []string
			for _, e := range l.Elems {
				parts = append(parts, litWord(e))
			}
			return strings.Join(parts, "_")
		}
		return strconv.Itoa(len(l.Elems)) + "_elems"
	}
	return "zero"
}

// textWord keeps the letters, digits, '-' and '.' of s, with '_' for runs
// of anything else.
func textWord(s string) string {
	if s == "" {
		return "empty"
	}
	if strings.TrimSpace(s) == "" {
		return "blank"
	}
	var b strings.Builder
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) || c == '-' || c == '.' {
			b.WriteRune(c)
		} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
		if b.Len() >= 24 {
			break
		}
	}
	w := strings.Trim(b.String(), "_")
	if w == "" {
		return "symbols"
	}
	return w
}

// fieldName makes a Go identifier from a parameter or type name.
func fieldName(s string) string {
	if s == "" || s == "_" {
		return ""
	}
	return lowerFirst(s)
}

// docWidth is where doc comments wrap.
const docWidth = 76

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word stays whole). A NUL joins words that must stay on one line.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		w = strings.ReplaceAll(w, "\x00", " ")
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
