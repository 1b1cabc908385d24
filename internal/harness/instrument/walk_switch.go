package instrument

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// Switches: the probes of the cases of expression and type switches.

func (f *fileInst) switchStmt(s *ast.SwitchStmt) {
	if s.Body == nil || len(s.Body.List) == 0 {
		// Don't annotate an empty switch: it would not parse.
		if s.Init != nil {
			ast.Walk(f, s.Init)
		}
		if s.Tag != nil {
			ast.Walk(f, s.Tag)
		}
		return
	}
	tag := ""
	var tagTV types.TypeAndValue
	if s.Tag != nil && f.rewriteTag(s) {
		tagTV = f.p.info.Types[s.Tag]
		f.tagN++
		tag = fmt.Sprintf("%stag%d", ImportName, f.tagN)
		if s.Init != nil {
			// { init; [label:] switch tag := x; { ... } }
			label := ""
			if l := f.switchLabel[s]; l != nil {
				f.replace(l.Pos(), l.Colon+1, "")
				label = l.Label.Name + ": "
			}
			f.replace(s.Switch, s.Switch+token.Pos(len("switch")), "{")
			ast.Walk(f, s.Init)
			f.insert(s.Tag.Pos(), label+"switch "+tag+" := ", classOpen)
			f.insert(s.Body.End(), "}", classClose)
		} else {
			f.insert(s.Tag.Pos(), tag+" := ", classOpen)
		}
		ast.Walk(f, s.Tag)
		f.insert(s.Tag.End(), ";", classClose)
	} else {
		if s.Init != nil {
			ast.Walk(f, s.Init)
		}
		if s.Tag != nil {
			ast.Walk(f, s.Tag)
		}
	}
	for _, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
	}
	for _, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		for i, e := range c.List {
			switch {
			case s.Tag == nil:
				f.cond(e, KindCase, true)
			case tag != "":
				if i > 0 {
					comma := f.findText(c.List[i-1].End(), ",")
					if comma < 0 || comma >= f.off(e.Pos()) {
						f.fail(e.Pos(), "no comma before case expression")
						return
					}
					f.buf.add(comma, comma+1, " ||", classReplace)
				}
				f.tagCase(s.Tag, tag, tagTV, e)
			default:
				ast.Walk(f, e)
			}
		}
		f.stmts(c.Body)
	}
}

// rewriteTag reports whether the tag switch s can be rewritten to observe
// its cases.
func (f *fileInst) rewriteTag(s *ast.SwitchStmt) bool {
	tv, ok := f.p.info.Types[s.Tag]
	if !ok || tv.Value != nil || tv.Type == nil {
		return false // a constant tag would need its default type spelled out
	}
	if s.Init != nil {
		if l := f.switchLabel[s]; l != nil && f.gotoLabels[l.Label.Name] {
			return false // the label moves into a new block, out of goto's reach
		}
	}
	for _, st := range s.Body.List {
		if len(st.(*ast.CaseClause).List) > 0 {
			return true
		}
	}
	return false // only a default: the tag variable would be unused
}

// tagCase instruments case expression e of a switch on tag, bound to the
// variable tagVar.
func (f *fileInst) tagCase(tag ast.Expr, tagVar string, tagTV types.TypeAndValue, e ast.Expr) {
	text := shorten(f.text(tag) + " == " + f.text(e))
	tv := f.p.info.Types[e]
	cat := category(tagTV.Type)
	if cat != catNone {
		if tv.Value != nil {
			if !fits(tv.Value, cat) {
				cat = catNone
			}
		} else if category(tv.Type) != cat || f.hasUntypedShift(e) {
			cat = catNone
		}
	}
	if cat == catNone {
		id := f.newCond(e, KindCase, text, false)
		f.tagNondet(id, tag)
		f.insert(e.Pos(), fmt.Sprintf("%s.Br(%d, %s == (", ImportName, id, tagVar), classOpen)
		if tv.Value == nil {
			ast.Walk(f, e)
		}
		f.insert(e.End(), "))", classClose)
		return
	}
	id := f.newCond(e, KindCase, text, true)
	f.relMutants(id, token.EQL, e.Pos(), f.text(tag), f.text(e))
	f.tagNondet(id, tag)
	f.setOperands(id, "==", tag, e)
	conv := ImportName + "." + carrier[cat]
	f.insert(e.Pos(), fmt.Sprintf("%s.Cmp%s(%d, %s.OpEq, %s(%s), ", ImportName, cat, id, ImportName, conv, tagVar), classOpen)
	f.operand(e, tv, cat, tagTV.Type)
	f.insert(e.End(), ")", classClose)
}

func (f *fileInst) typeSwitch(s *ast.TypeSwitchStmt) {
	if s.Init != nil {
		ast.Walk(f, s.Init)
	}
	ast.Walk(f, s.Assign)
	if s.Body == nil || len(s.Body.List) == 0 {
		return // an empty switch gets no counters: they would not parse
	}
	for _, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		f.addCounters(c, c.Colon+1, c.Colon+1, c.End(), c.Body, false)
	}
	n := len(s.Body.List)
	base := -1
	for i, st := range s.Body.List {
		c := st.(*ast.CaseClause)
		text := "default"
		if len(c.List) > 0 {
			text = "case " + shorten(string(f.src[f.off(c.List[0].Pos()):f.off(c.List[len(c.List)-1].End())]))
		}
		id := f.newCond(c, KindTypeCase, text, false)
		f.tagNondet(id, typeSwitchSubject(s))
		if base < 0 {
			base = id
		}
		f.insert(c.Colon+1, fmt.Sprintf("%s.Case(%d, %d, %d);", ImportName, base, n, i), classStmt)
	}
	for _, st := range s.Body.List {
		f.stmts(st.(*ast.CaseClause).Body)
	}
}
