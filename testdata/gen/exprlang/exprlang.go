// Package exprlang is a small boolean and integer expression language: an
// input gentest must write as a sentence the parser accepts, then
// evaluate against an environment of variables.
//
//	expr   = or
//	or     = and { "||" and }
//	and    = not { "&&" not }
//	not    = "!" not | cmp
//	cmp    = sum [ ("==" | "!=" | "<" | "<=" | ">" | ">=") sum ]
//	sum    = term { ("+" | "-") term }
//	term   = atom { ("*" | "/" | "%") atom }
//	atom   = number | ident | "true" | "false" | "(" expr ")" | "-" atom
//	       | "if" expr "then" expr "else" expr "end"
//	       | ("min" | "max") "(" expr { "," expr } ")"
package exprlang

import (
	"errors"
	"fmt"
	"unicode"
)

// SyntaxError is a parse error at an offset of the input.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ErrDivZero is what Eval returns for a division or remainder by zero.
var ErrDivZero = errors.New("exprlang: division by zero")

// Expr is a parsed expression.
type Expr struct {
	op    string
	val   int
	name  string
	left  *Expr
	right *Expr
	args  []*Expr // the condition and branches of "if", the arguments of a call
}

type parser struct {
	src string
	pos int
}

// Parse parses src as an expression.
func Parse(src string) (*Expr, error) {
	p := &parser{src: src}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(p.src) {
		return nil, p.fail("unexpected %q", p.src[p.pos])
	}
	return e, nil
}

func (p *parser) fail(format string, args ...any) error {
	return &SyntaxError{Offset: p.pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.pos < len(p.src) && p.src[p.pos] == ' ' {
		p.pos++
	}
}

// accept consumes tok if the input continues with it.
func (p *parser) accept(tok string) bool {
	p.space()
	if len(p.src)-p.pos >= len(tok) && p.src[p.pos:p.pos+len(tok)] == tok {
		p.pos += len(tok)
		return true
	}
	return false
}

func (p *parser) or() (*Expr, error) {
	l, err := p.and()
	for err == nil && p.accept("||") {
		var r *Expr
		r, err = p.and()
		l = &Expr{op: "||", left: l, right: r}
	}
	return l, err
}

func (p *parser) and() (*Expr, error) {
	l, err := p.not()
	for err == nil && p.accept("&&") {
		var r *Expr
		r, err = p.not()
		l = &Expr{op: "&&", left: l, right: r}
	}
	return l, err
}

func (p *parser) not() (*Expr, error) {
	if p.accept("!") {
		x, err := p.not()
		return &Expr{op: "!", left: x}, err
	}
	return p.cmp()
}

func (p *parser) cmp() (*Expr, error) {
	l, err := p.sum()
	if err != nil {
		return nil, err
	}
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">"} {
		if p.accept(op) {
			r, err := p.sum()
			return &Expr{op: op, left: l, right: r}, err
		}
	}
	return l, nil
}

func (p *parser) sum() (*Expr, error) {
	l, err := p.term()
	for err == nil {
		var op string
		switch {
		case p.accept("+"):
			op = "+"
		case p.accept("-"):
			op = "-"
		default:
			return l, nil
		}
		var r *Expr
		r, err = p.term()
		l = &Expr{op: op, left: l, right: r}
	}
	return l, err
}

func (p *parser) term() (*Expr, error) {
	l, err := p.atom()
	for err == nil {
		p.space()
		if p.pos >= len(p.src) {
			return l, nil
		}
		c := p.src[p.pos]
		if c != '*' && c != '/' && c != '%' {
			return l, nil
		}
		p.pos++
		var r *Expr
		r, err = p.atom()
		l = &Expr{op: string(c), left: l, right: r}
	}
	return l, err
}

func (p *parser) atom() (*Expr, error) {
	p.space()
	if p.pos >= len(p.src) {
		return nil, p.fail("unexpected end")
	}
	c := rune(p.src[p.pos])
	switch {
	case c == '(':
		p.pos++
		e, err := p.or()
		if err != nil {
			return nil, err
		}
		if !p.accept(")") {
			return nil, p.fail("missing )")
		}
		return e, nil
	case c == '-':
		p.pos++
		x, err := p.atom()
		return &Expr{op: "neg", left: x}, err
	case unicode.IsDigit(c):
		n := 0
		for p.pos < len(p.src) && unicode.IsDigit(rune(p.src[p.pos])) {
			n = n*10 + int(p.src[p.pos]-'0')
			p.pos++
		}
		return &Expr{op: "num", val: n}, nil
	case unicode.IsLetter(c):
		start := p.pos
		for p.pos < len(p.src) && (unicode.IsLetter(rune(p.src[p.pos])) || unicode.IsDigit(rune(p.src[p.pos]))) {
			p.pos++
		}
		switch name := p.src[start:p.pos]; name {
		case "if":
			return p.cond()
		case "min", "max":
			return p.call(name)
		case "true":
			return &Expr{op: "num", val: 1}, nil
		case "false":
			return &Expr{op: "num", val: 0}, nil
		default:
			return &Expr{op: "var", name: name}, nil
		}
	}
	return nil, p.fail("unexpected %q", c)
}

// cond parses the rest of "if c then a else b end".
func (p *parser) cond() (*Expr, error) {
	e := &Expr{op: "if"}
	for _, kw := range []string{"then", "else", "end"} {
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		e.args = append(e.args, x)
		if !p.accept(kw) {
			return nil, p.fail("missing %s", kw)
		}
	}
	return e, nil
}

// call parses the arguments of min or max.
func (p *parser) call(name string) (*Expr, error) {
	if !p.accept("(") {
		return nil, p.fail("missing ( after %s", name)
	}
	e := &Expr{op: name}
	for {
		x, err := p.or()
		if err != nil {
			return nil, err
		}
		e.args = append(e.args, x)
		if p.accept(")") {
			return e, nil
		}
		if !p.accept(",") {
			return nil, p.fail("missing , or )")
		}
	}
}

// Eval evaluates e with the variables of env; a variable env lacks is an
// error. Booleans are 1 and 0.
func (e *Expr) Eval(env map[string]int) (int, error) {
	switch e.op {
	case "num":
		return e.val, nil
	case "var":
		v, ok := env[e.name]
		if !ok {
			return 0, fmt.Errorf("exprlang: undefined variable %q", e.name)
		}
		return v, nil
	case "if":
		c, err := e.args[0].Eval(env)
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return e.args[1].Eval(env)
		}
		return e.args[2].Eval(env)
	case "min", "max":
		best := 0
		for i, a := range e.args {
			v, err := a.Eval(env)
			if err != nil {
				return 0, err
			}
			if i == 0 || e.op == "min" && v < best || e.op == "max" && v > best {
				best = v
			}
		}
		return best, nil
	case "neg", "!":
		x, err := e.left.Eval(env)
		if err != nil {
			return 0, err
		}
		if e.op == "neg" {
			return -x, nil
		}
		return b2i(x == 0), nil
	}
	l, err := e.left.Eval(env)
	if err != nil {
		return 0, err
	}
	// Short circuit: the right side of a decided && or || is not evaluated.
	if e.op == "&&" && l == 0 {
		return 0, nil
	}
	if e.op == "||" && l != 0 {
		return 1, nil
	}
	r, err := e.right.Eval(env)
	if err != nil {
		return 0, err
	}
	return binary(e.op, l, r)
}

func binary(op string, l, r int) (int, error) {
	switch op {
	case "+":
		return l + r, nil
	case "-":
		return l - r, nil
	case "*":
		return l * r, nil
	case "/", "%":
		if r == 0 {
			return 0, ErrDivZero
		}
		if op == "/" {
			return l / r, nil
		}
		return l % r, nil
	case "==":
		return b2i(l == r), nil
	case "!=":
		return b2i(l != r), nil
	case "<":
		return b2i(l < r), nil
	case "<=":
		return b2i(l <= r), nil
	case ">":
		return b2i(l > r), nil
	case ">=":
		return b2i(l >= r), nil
	case "&&", "||":
		return b2i(r != 0), nil
	}
	return 0, fmt.Errorf("exprlang: unknown operator %q", op)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Vars returns the names of the variables e reads, in order of first use.
func (e *Expr) Vars() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(x *Expr)
	walk = func(x *Expr) {
		if x == nil {
			return
		}
		if x.op == "var" && !seen[x.name] {
			seen[x.name] = true
			out = append(out, x.name)
		}
		walk(x.left)
		walk(x.right)
		for _, a := range x.args {
			walk(a)
		}
	}
	walk(e)
	return out
}
