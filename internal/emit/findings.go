package emit

import (
	"fmt"
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

// FindingsTag is the build tag of the findings file: plain go test leaves
// it out, go test -tags gentest_findings runs it.
const FindingsTag = "gentest_findings"

// FindingsFile is the name of the findings file of package pkgName.
func FindingsFile(pkgName string) string { return pkgName + "_gentest_findings_test.go" }

// RenderFindings renders findings as the findings file: one TestFinding_*
// per finding, which fails while the bug is there, behind a build tag
// (opts.BuildTag, FindingsTag if empty) so that plain go test stays green.
// opts.Reserved should hold the names of the main generated file too,
// since both build together under the tag. A finding that cannot be
// written is reported in Output.Skipped by its Case.Key; one without a
// Case is ignored.
func RenderFindings(prog *model.Program, findings []*oracle.Finding, opts Options) (*Output, error) {
	if opts.BuildTag == "" {
		opts.BuildTag = FindingsTag
	}
	r := newRenderer(prog, opts)
	out := &Output{}
	used := nameSet(opts.Reserved)
	type decl struct {
		name, src string
		info      TestInfo
	}
	var decls []decl
	for _, f := range findings {
		if f == nil || f.Case == nil {
			continue
		}
		var src, name string
		var err error
		r.probe(func() { _, _, err = r.finding(f, nameSet(used)) })
		if err == nil {
			src, name, err = r.finding(f, used)
		}
		if err != nil {
			out.Skipped = append(out.Skipped, f.Case.Key)
			continue
		}
		decls = append(decls, decl{name, src, TestInfo{Func: name, Subtests: []string{""}, Keys: []int{f.Case.Key}}})
	}
	// Top-down by name, like the main file.
	sort.SliceStable(decls, func(i, j int) bool { return decls[i].name < decls[j].name })
	var srcs []string
	for _, d := range decls {
		srcs = append(srcs, d.src)
		out.Tests = append(out.Tests, d.info)
	}
	return r.finish(out, srcs)
}

// finding renders one finding's test.
func (r *renderer) finding(f *oracle.Finding, used map[string]bool) (src, name string, err error) {
	c := f.Case
	if c.Target < 0 || c.Target >= len(c.Seq.Stmts) {
		return "", "", fmt.Errorf("finding: target %d out of range", c.Target)
	}
	ch := f.Check
	bo := &bodyOpts{noGot: true, keepAll: true}
	name = uniqueName("TestFinding_"+camel(f.Kind)+"_"+funcPart(r.prog, f), used)
	if ch.Kind == oracle.CheckPanic || ch.Kind == oracle.CheckCrash || ch.Kind == oracle.CheckHang {
		// Nothing after the panicking statement runs.
		short := &oracle.Case{Seq: &seq.Seq{Stmts: c.Seq.Stmts[:c.Target+1]}, Target: c.Target, Key: c.Key}
		for _, a := range c.Asserts {
			if a.Stmt < c.Target {
				short.Asserts = append(short.Asserts, a)
			}
		}
		c = short
	} else {
		if ch.Stmt < 0 || ch.Stmt >= len(c.Seq.Stmts) {
			return "", "", fmt.Errorf("finding: check operand %d out of range", ch.Stmt)
		}
		bo.need = append(bo.need, ch.Value())
		if ch.Other != nil && !ch.Other.IsLit {
			bo.need = append(bo.need, ch.Other.Value())
		}
	}
	res := &bodyResult{}
	body, err := r.body(c, bo, res)
	if err != nil {
		return "", "", err
	}
	switch ch.Kind {
	case oracle.CheckCrash:
		body = r.childProcess(name, f.Kind, r.prog.Ops[c.Seq.Stmts[c.Target].Op].Name+"()", body)
	case oracle.CheckHang:
		body = r.hangChild(name, r.prog.Ops[c.Seq.Stmts[c.Target].Op].Name+"()", body)
	default:
		stmts, err := r.contractCheck(c, ch, res)
		if err != nil {
			return "", "", err
		}
		body = append(body, stmts...)
		// A check whose call panics (String itself, Unmarshal on what
		// Marshal made) fails the test instead of ending the test
		// binary: a panic ends the -count=3 confirmation after its first
		// run, and the finding would be dropped as not reproduced.
		switch ch.Kind {
		case oracle.CheckNoPanic:
			body = append([]ast.Stmt{r.recoverAsError(r.prog.Ops[c.Seq.Stmts[ch.Stmt].Op].Name + "." + orDefault(ch.Method, "String") + "()")}, body...)
		case oracle.CheckRoundTrip:
			body = append([]ast.Stmt{r.recoverAsError("the " + orDefault(ch.Method, "MarshalJSON") + " round trip")}, body...)
		}
	case oracle.CheckPanic:
		// Report the panic as a failure instead of letting it end the
		// test binary: every finding test then runs under the tag.
		op := r.prog.Ops[c.Seq.Stmts[c.Target].Op]
		body = append([]ast.Stmt{r.recoverAsError(op.Name + "()")}, body...)
	}
	kind := f.Kind
	if kind == "" {
		kind = "panic"
	}
	head := name + " reproduces a probable bug gentest found"
	if f.Function != "" {
		head += " in " + f.Function
	}
	head += " (" + kind + ")"
	var doc []string
	if msg := firstLine(f.Message); msg != "" {
		doc = append(wrap(head+":", docWidth), "", "\t"+msg, "")
	} else {
		doc = append(wrap(head+".", docWidth), "")
	}
	doc = append(doc, wrap("It fails until the bug is fixed; go\x00test\x00-tags\x00"+r.opts.BuildTag+" runs it.", docWidth)...)
	src, err = r.printDecl(&ast.FuncDecl{Name: ident(name), Type: r.funcType("t", "T"), Body: block(body...)}, doc...)
	return src, name, err
}

// recoverAsError is a deferred recover that reports a panic of what as a
// test failure, with the panicking goroutine's stack: the message alone
// ("index out of range [0] with length 0") does not say which function of
// the package panicked when the call is an entry point that delegates
// (jsonparser's GetUnsafeString panicking in searchKeys), and a
// maintainer reading the failure, or the bug benchmark matching it to a
// known bug, needs that frame.
func (r *renderer) recoverAsError(what string) ast.Stmt {
	debugName := r.use("runtime/debug")
	recov := &ast.IfStmt{
		Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("r")}, Tok: token.DEFINE,
			Rhs: []ast.Expr{&ast.CallExpr{Fun: ident("recover")}}},
		Cond: &ast.BinaryExpr{X: ident("r"), Op: token.NEQ, Y: ident("nil")},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
			Fun: &ast.SelectorExpr{X: ident("t"), Sel: ident("Errorf")},
			Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(strings.ReplaceAll(what, "%", "%%") + " panicked: %v\n%s")},
				ident("r"), call(sel(ident(debugName), "Stack"))},
		}}}},
	}
	return &ast.DeferStmt{Call: &ast.CallExpr{Fun: &ast.FuncLit{
		Type: &ast.FuncType{Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{List: []ast.Stmt{recov}},
	}}}
}

// orDefault is s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// camel turns a kind like "nil-deref" into "NilDeref".
func camel(kind string) string {
	if kind == "" {
		return "Panic"
	}
	var b strings.Builder
	up := true
	for _, c := range kind {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			up = true
			continue
		}
		if up {
			c = unicode.ToUpper(c)
			up = false
		}
		b.WriteRune(c)
	}
	return b.String()
}

// funcPart is the function at fault as it reads in a test name: "Cart_Add"
// for "(*example.com/p.Cart).Add".
func funcPart(prog *model.Program, f *oracle.Finding) string {
	s := strings.NewReplacer("(", "", ")", "", "*", "").Replace(f.Function)
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	if _, rest, ok := strings.Cut(s, "."); ok {
		s = rest
	}
	if s == "" {
		s = prog.Ops[f.Case.Seq.Stmts[f.Case.Target].Op].Name
	}
	var b strings.Builder
	for _, c := range s {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// childProcess wraps the statements of a crash finding: they would end the
// test binary, so the test runs itself again as a child process that runs
// only them, and fails when the child crashes.
//
//	if os.Getenv("GENTEST_FINDING") == "TestFinding_X" {
//		debug.SetMaxStack(64 << 20)
//		...
//		return
//	}
//	cmd := exec.Command(os.Args[0], "-test.run=^TestFinding_X$", "-test.count=1")
//	cmd.Env = append(os.Environ(), "GENTEST_FINDING=TestFinding_X")
//	if out, err := cmd.CombinedOutput(); err != nil {
//		t.Errorf("X() crashed the process (stack-overflow): %v\n%s", err, out)
//	}
func (r *renderer) childProcess(name, kind, what string, body []ast.Stmt) []ast.Stmt {
	osName, execName, debugName := r.use("os"), r.use("os/exec"), r.use("runtime/debug")
	child := append([]ast.Stmt{
		// A runaway recursion overflows 64 MiB fast; the default 1 GB
		// takes long and costs that much memory.
		&ast.ExprStmt{X: call(sel(ident(debugName), "SetMaxStack"), binary(intLit(64), token.SHL, intLit(20)))},
	}, body...)
	child = append(child, &ast.ReturnStmt{})
	getenv := call(sel(ident(osName), "Getenv"), strLit(findingEnv))
	cmd := call(sel(ident(execName), "Command"), &ast.IndexExpr{X: sel(ident(osName), "Args"), Index: intLit(0)},
		strLit("-test.run=^"+name+"$"), strLit("-test.count=1"))
	env := call(ident("append"), call(sel(ident(osName), "Environ")), strLit(findingEnv+"="+name))
	msg := strings.ReplaceAll(what, "%", "%%") + " crashed the process (" + kind + "): %v\n%s"
	return []ast.Stmt{
		&ast.IfStmt{Cond: binary(getenv, token.EQL, strLit(name)), Body: block(child...)},
		define("cmd", cmd),
		&ast.AssignStmt{Lhs: []ast.Expr{sel(ident("cmd"), "Env")}, Tok: token.ASSIGN, Rhs: []ast.Expr{env}},
		&ast.IfStmt{
			Init: &ast.AssignStmt{Lhs: []ast.Expr{ident("out"), ident("err")}, Tok: token.DEFINE,
				Rhs: []ast.Expr{call(sel(ident("cmd"), "CombinedOutput"))}},
			Cond: binary(ident("err"), token.NEQ, ident("nil")),
			Body: block(&ast.ExprStmt{X: call(sel(ident("t"), "Errorf"), &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(msg)}, ident("err"), ident("out"))}),
		},
	}
}

// findingEnv names the variable that makes a findings test binary run one
// crash finding's statements as a child process.
const findingEnv = "GENTEST_FINDING"
