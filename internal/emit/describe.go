package emit

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// desc is how a call is named in failure messages: a format (user text
// with % escaped, and verbs for the table fields it shows) and its
// arguments.
type desc struct {
	format string
	args   []ast.Expr
}

// describe names a call the way Go tests do: "ParseMoney(%q)" with the
// table field as argument, "cart.Add(s, money, 100)", "Money(5).String()".
// The package under test is left unqualified; long or awkward literals
// become "...".
func (r *renderer) describe(op *model.Op, i int, st seq.Stmt, vars map[seq.ValueID]string, ov map[seq.ArgID]*field) desc {
	var d desc
	arg := func(k int) string { return r.describeArg(&d, op, i, k, st, vars, ov) }
	if f, ok := r.describeNonCall(op, arg); ok {
		d.format = f
		return d
	}
	var b strings.Builder
	first := 0
	if op.Kind == model.Method {
		b.WriteString(arg(0) + "." + op.Func.Name())
		first = 1
	} else {
		if op.Func.Pkg() != nil && op.Func.Pkg() != r.pkg {
			b.WriteString(op.Func.Pkg().Name() + ".")
		}
		b.WriteString(op.Func.Name())
		if len(op.TypeArgs) > 0 {
			var ts []string
			for _, t := range op.TypeArgs {
				ts = append(ts, types.TypeString(t, types.RelativeTo(r.pkg)))
			}
			b.WriteString(esc("[" + strings.Join(ts, ", ") + "]"))
		}
	}
	var args []string
	for k := first; k < len(st.Args); k++ {
		if s := arg(k); s != "" {
			args = append(args, s)
		}
	}
	b.WriteString("(" + strings.Join(args, ", ") + ")")
	d.format = b.String()
	if len(d.args) == 0 && len(d.format) > 60 {
		// A long call reads better by name alone.
		name := op.Name
		if op.Kind == model.Call {
			name = op.Func.Name()
		}
		d.format = esc(name + "(...)")
	}
	return d
}

// describeNonCall names an operation that is not a function or method
// call (a zero value, a conversion, an assignment...), with arg naming
// its arguments; ok is false for a call.
func (r *renderer) describeNonCall(op *model.Op, arg func(k int) string) (format string, ok bool) {
	switch op.Kind {
	case model.Zero:
		t := types.TypeString(op.Type, types.RelativeTo(r.pkg))
		if _, isStruct := op.Type.Underlying().(*types.Struct); !isStruct {
			t = "new(" + t + ")"
		} else if op.Ptr {
			t = "&" + t + "{}"
		} else {
			t += "{}"
		}
		return esc(t), true
	case model.Convert:
		return esc(types.TypeString(op.Type, types.RelativeTo(r.pkg)) + "(" + arg(0) + ")"), true
	case model.Assert:
		return esc(arg(0) + ".(" + types.TypeString(op.Type, types.RelativeTo(r.pkg)) + ")"), true
	case model.FuncLit:
		return esc("func literal"), true
	case model.Addr:
		return esc("&" + arg(0)), true
	case model.Recorded:
		return esc("*" + arg(0)), true
	case model.FormatVerb:
		return esc("fmt.Sprintf(" + strconv.Quote(op.Variant) + ", " + arg(0) + ")"), true
	case model.Composite:
		return esc(op.Name + "{...}"), true
	case model.Var:
		return esc(op.Var.Name()), true
	case model.SetVar:
		return esc(op.Var.Name() + " = " + arg(0)), true
	case model.SetField:
		return esc(arg(0) + "." + op.Field.Name() + " = " + arg(1)), true
	}
	return "", false
}

// describeArg names argument k of statement i (st, a call of op) in its
// description d: the table field that overrides it (added to d's
// arguments), the expression of a value written in place, the variable
// of an earlier result, or the literal.
func (r *renderer) describeArg(d *desc, op *model.Op, i, k int, st seq.Stmt, vars map[seq.ValueID]string, ov map[seq.ArgID]*field) string {
	a := st.Args[k]
	if f := ov[seq.ArgID{Stmt: i, Arg: k}]; f != nil {
		d.args = append(d.args, sel(ident("tt"), f.name))
		if op.Params[k].Recv {
			return types.TypeString(f.typ, types.RelativeTo(r.pkg)) + "(" + f.verb + ")"
		}
		return f.verb
	}
	if !a.IsLit {
		in := r.inl[a.Value()]
		if in == nil {
			return vars[a.Value()]
		}
		if elems := spread(in); op.Variadic && k == len(st.Args)-1 && elems != nil {
			// Spread as the call writes it: NewServer("", option).
			in = &ast.CallExpr{Fun: ident(""), Args: elems}
		}
		if p, ok := in.(*ast.ParenExpr); ok {
			// (&T{...}) reads as &T{...}; a call keeps its
			// closing parenthesis: Quote("a"), not Quote("a".
			in = p.X
		}
		return r.messageText(exprString(in))
	}
	pt := op.Params[k].Type
	if op.Variadic && k == len(st.Args)-1 {
		if a.Lit.Kind == seq.LitNil {
			return ""
		}
		if a.Lit.Kind == seq.LitSlice {
			et := pt.Underlying().(*types.Slice).Elem()
			var parts []string
			for _, e := range a.Lit.Elems {
				parts = append(parts, r.litText(e, et))
			}
			return strings.Join(parts, ", ")
		}
	}
	txt := r.litText(a.Lit, pt)
	if op.Params[k].Recv && !r.typedConst(a.Lit, pt) && !zeroComposite(a.Lit, pt) {
		txt = types.TypeString(pt, types.RelativeTo(r.pkg)) + "(" + txt + ")"
		if strings.HasPrefix(txt, "*") {
			txt = "(" + txt[:strings.IndexByte(txt, '(')] + ")" + txt[strings.IndexByte(txt, '('):]
		}
	}
	return txt
}

// litText is a literal as it appears in a failure message (messageText).
func (r *renderer) litText(l seq.Lit, t types.Type) string {
	x, err := r.litExpr(l, t)
	if err != nil {
		return "..."
	}
	return r.messageText(exprString(x))
}

// messageText is Go source text as a failure message shows it: without
// the qualifier of the package under test, with % escaped, or "..." when
// it is long or multi-line.
func (r *renderer) messageText(s string) string {
	s = strings.TrimPrefix(s, r.pkgName+".")
	if len(s) > 24 || strings.ContainsAny(s, "\n`\\") {
		return "..."
	}
	return esc(s)
}

// esc escapes % for a format string.
func esc(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// exprString prints an expression as Go source.
func exprString(x ast.Expr) string {
	var b bytes.Buffer
	printer.Fprint(&b, token.NewFileSet(), x)
	return b.String()
}

// descText is a call's description as plain text, for a comment.
func descText(d desc, op *model.Op) string {
	if len(d.args) == 0 {
		return strings.ReplaceAll(d.format, "%%", "%")
	}
	name := op.Name
	if op.Kind == model.Call {
		name = op.Func.Name()
	}
	return name + "(...)"
}
