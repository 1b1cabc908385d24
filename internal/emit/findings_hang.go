package emit

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// hangTimeoutSeconds is how long a hang finding's child process may run.
// The search saw the call use its whole CPU-time limit (a fraction of a
// second) where nearby inputs returned at once; ten times a generous limit
// tells a loop that never ends from a slow machine, and keeps the test
// quick enough to run three times in the findings confirmation.
const hangTimeoutSeconds = 3

// hangChild wraps the statements of a hang finding: the call would never
// return, so the test runs itself again as a child process that runs only
// them, kills it after hangTimeoutSeconds and fails if it was still
// running. A child that ends by itself in time, crashed or not, is no
// hang: the test passes once the loop ends.
//
//	if os.Getenv("GENTEST_FINDING") == "TestFinding_X" {
//		...
//		return
//	}
//	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
//	defer cancel()
//	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestFinding_X$", "-test.count=1")
//	cmd.Env = append(os.Environ(), "GENTEST_FINDING=TestFinding_X", "GOTRACEBACK=all")
//	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGQUIT) }
//	cmd.WaitDelay = 2 * time.Second
//	out, _ := cmd.CombinedOutput()
//	if ctx.Err() != nil {
//		t.Errorf("X() did not return within 3s (hang)\n%s", out)
//	}
//
// The timeout ends the child with SIGQUIT, not a kill: the Go runtime then
// prints every goroutine's stack (GOTRACEBACK=all), so the failure shows
// the loop's frames, which the call's name alone does not (a hang in
// x/text's utf16Decoder.Transform reached through transform.String). A
// child that ignores the signal is killed WaitDelay later.
func (r *renderer) hangChild(name, what string, body []ast.Stmt) []ast.Stmt {
	osName, execName, ctxName, timeName := r.use("os"), r.use("os/exec"), r.use("context"), r.use("time")
	sysName := r.use("syscall")
	child := append(append([]ast.Stmt(nil), body...), &ast.ReturnStmt{})
	getenv := call(sel(ident(osName), "Getenv"), strLit(findingEnv))
	timeout := binary(intLit(hangTimeoutSeconds), token.MUL, sel(ident(timeName), "Second"))
	withTimeout := call(sel(ident(ctxName), "WithTimeout"), call(sel(ident(ctxName), "Background")), timeout)
	cmd := call(sel(ident(execName), "CommandContext"), ident("ctx"), &ast.IndexExpr{X: sel(ident(osName), "Args"), Index: intLit(0)},
		strLit("-test.run=^"+name+"$"), strLit("-test.count=1"))
	env := call(ident("append"), call(sel(ident(osName), "Environ")), strLit(findingEnv+"="+name), strLit("GOTRACEBACK=all"))
	quit := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: ident("error")}}}},
		Body: block(&ast.ReturnStmt{Results: []ast.Expr{call(sel(sel(ident("cmd"), "Process"), "Signal"), sel(ident(sysName), "SIGQUIT"))}})}
	msg := strings.ReplaceAll(what, "%", "%%") + " did not return within " + strconv.Itoa(hangTimeoutSeconds) + "s (hang)\n%s"
	return []ast.Stmt{
		&ast.IfStmt{Cond: binary(getenv, token.EQL, strLit(name)), Body: block(child...)},
		&ast.AssignStmt{Lhs: []ast.Expr{ident("ctx"), ident("cancel")}, Tok: token.DEFINE, Rhs: []ast.Expr{withTimeout}},
		&ast.DeferStmt{Call: call(ident("cancel"))},
		define("cmd", cmd),
		&ast.AssignStmt{Lhs: []ast.Expr{sel(ident("cmd"), "Env")}, Tok: token.ASSIGN, Rhs: []ast.Expr{env}},
		&ast.AssignStmt{Lhs: []ast.Expr{sel(ident("cmd"), "Cancel")}, Tok: token.ASSIGN, Rhs: []ast.Expr{quit}},
		&ast.AssignStmt{Lhs: []ast.Expr{sel(ident("cmd"), "WaitDelay")}, Tok: token.ASSIGN,
			Rhs: []ast.Expr{binary(intLit(2), token.MUL, sel(ident(timeName), "Second"))}},
		&ast.AssignStmt{Lhs: []ast.Expr{ident("out"), ident("_")}, Tok: token.DEFINE, Rhs: []ast.Expr{call(sel(ident("cmd"), "CombinedOutput"))}},
		&ast.IfStmt{
			Cond: binary(call(sel(ident("ctx"), "Err")), token.NEQ, ident("nil")),
			Body: block(&ast.ExprStmt{X: call(sel(ident("t"), "Errorf"), &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(msg)}, ident("out"))}),
		},
	}
}
