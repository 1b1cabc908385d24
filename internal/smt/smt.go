// Package smt talks SMT-LIB 2 to an external solver (z3) over a pipe: one
// long-lived process per Solver, one push/pop scope per query, a
// deterministic resource limit per query (rlimit, so a fixed seed and
// -execs give the same answers on any machine) and a wall-time limit as a
// safety net (the process is killed and restarted when it passes).
//
// Why z3 and not cvc5: both are well kept, both read SMT-LIB 2 on stdin,
// and Debian 12 (bookworm) packages both (apt-cache policy: z3
// 4.8.12-3.1, cvc5 1.0.3-1). z3 installs on macOS with "brew install z3"
// and its GitHub releases carry Windows binaries, so one install line per
// platform suffices; its bit-vector and array theories
// (all DSE asks for) have been stable for years, so bookworm's old
// version serves; and its rlimit option bounds a query deterministically,
// which a fixed seed with -execs needs (a wall-time limit would make the
// answers depend on the machine's load).
//
// Strings are arrays from 64-bit indices to bytes, not z3's string
// theory: Go strings are bytes, indexing yields a byte that code then
// does bit-vector arithmetic on (s[i]-'0', sums, xor folds), and the
// string theory's characters are Unicode code points over unbounded
// integers.
package smt

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// Result is a solver's answer to check-sat.
type Result int

// Answers.
const (
	Unknown Result = iota
	Sat
	Unsat
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Find returns the path of the z3 executable on PATH, or an error saying
// it is missing.
func Find() (string, error) {
	p, err := exec.LookPath("z3")
	if err != nil {
		return "", fmt.Errorf("smt: z3 not found on PATH: %w", err)
	}
	return p, nil
}

// Solver is one z3 process. It is not safe for concurrent use.
type Solver struct {
	path string
	// RLimit is z3's resource limit per query (deterministic); Timeout
	// the wall-time limit, past which the process is restarted and the
	// answer is Unknown.
	RLimit  int
	Timeout time.Duration

	cmd *exec.Cmd
	in  io.WriteCloser
	out chan string
	// Version is the solver's version line.
	Version string
}

// Start starts the solver at path.
func Start(path string, rlimit int, timeout time.Duration) (*Solver, error) {
	s := &Solver{path: path, RLimit: rlimit, Timeout: timeout}
	if err := s.start(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Solver) start() error {
	cmd := exec.Command(s.path, "-in", "-smt2")
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("smt: stdin of %s: %w", s.path, err)
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("smt: stdout of %s: %w", s.path, err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("smt: starting %s: %w", s.path, err)
	}
	out := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(outp)
		sc.Buffer(make([]byte, 1<<16), 1<<24)
		for sc.Scan() {
			out <- sc.Text()
		}
		close(out)
	}()
	s.cmd, s.in, s.out = cmd, in, out
	v, err := s.exchange("(set-option :print-success false)\n(set-option :produce-models true)\n(get-info :version)\n")
	if err != nil {
		s.Close()
		return err
	}
	// The reply is (:version "4.8.12").
	if i := strings.IndexByte(v, '"'); i >= 0 {
		if j := strings.IndexByte(v[i+1:], '"'); j >= 0 {
			s.Version = v[i+1 : i+1+j]
		}
	}
	return nil
}

// endMark ends every exchange, so that a reply of any shape (an error,
// a multi-line model) is read to its end.
const endMark = "@@gentest-end"

var errTimeout = errors.New("smt: solver passed its time limit")

// exchange sends cmds and returns what the solver printed before the end
// mark.
func (s *Solver) exchange(cmds string) (string, error) {
	if _, err := io.WriteString(s.in, cmds+"(echo \""+endMark+"\")\n"); err != nil {
		return "", fmt.Errorf("smt: writing to the solver: %w", err)
	}
	var b strings.Builder
	timer := time.NewTimer(s.Timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-s.out:
			if !ok {
				return b.String(), errors.New("smt: the solver exited")
			}
			if strings.TrimSpace(line) == endMark {
				return b.String(), nil
			}
			b.WriteString(line)
			b.WriteByte('\n')
		case <-timer.C:
			return b.String(), errTimeout
		}
	}
}

// Check asserts decls and asserts in a fresh scope, checks them, and on
// sat returns the values of terms, in order (z3's printed values:
// "#x00ff", "true", ...). The scope is popped before it returns.
func (s *Solver) Check(decls, asserts, terms []string) (Result, []string, error) {
	res, vals, _, err := s.CheckThen(decls, asserts, terms, nil)
	return res, vals, err
}

// values returns the values of terms in the model of the current scope's
// last sat check.
func (s *Solver) values(terms []string) ([]string, error) {
	reply, err := s.exchange("(get-value (" + strings.Join(terms, " ") + "))\n")
	if err != nil {
		s.restart()
		return nil, err
	}
	vals, err := parseValues(reply)
	if err != nil {
		return nil, err
	}
	if len(vals) != len(terms) {
		return nil, fmt.Errorf("smt: %d values for %d terms", len(vals), len(terms))
	}
	return vals, nil
}

// CheckThen is Check whose second round of terms is computed from the
// first round's values (more(vals) == nil ends it).
func (s *Solver) CheckThen(decls, asserts, terms []string, more func([]string) []string) (Result, []string, []string, error) {
	var b strings.Builder
	b.WriteString("(push 1)\n")
	fmt.Fprintf(&b, "(set-option :rlimit %d)\n", s.RLimit)
	for _, d := range decls {
		b.WriteString(d)
		b.WriteByte('\n')
	}
	for _, a := range asserts {
		b.WriteString("(assert ")
		b.WriteString(a)
		b.WriteString(")\n")
	}
	b.WriteString("(check-sat)\n")
	reply, err := s.exchange(b.String())
	if err != nil {
		s.restart()
		return Unknown, nil, nil, err
	}
	res := Unknown
	switch strings.TrimSpace(firstLine(reply)) {
	case "sat":
		res = Sat
	case "unsat":
		res = Unsat
	case "unknown":
	default:
		s.pop()
		return Unknown, nil, nil, fmt.Errorf("smt: solver said %q", strings.TrimSpace(reply))
	}
	var vals, vals2 []string
	if res == Sat && len(terms) > 0 {
		vals, err = s.values(terms)
		if err == nil && more != nil {
			if t2 := more(vals); len(t2) > 0 {
				vals2, err = s.values(t2)
			}
		}
	}
	if err == nil || !errors.Is(err, errTimeout) {
		s.pop()
	}
	return res, vals, vals2, err
}

func (s *Solver) pop() {
	// A pop's reply is nothing (print-success is off); a failure shows
	// in the next exchange.
	_, _ = s.exchange("(pop 1)\n")
}

// restart replaces a solver that timed out or died; a restart that fails
// leaves it closed, and every later query fails.
func (s *Solver) restart() {
	s.Close()
	if err := s.start(); err != nil {
		s.cmd = nil
	}
}

// Close ends the solver process.
func (s *Solver) Close() {
	if s.cmd == nil {
		return
	}
	s.in.Close()
	if s.cmd.Process != nil {
		s.cmd.Process.Kill()
	}
	s.cmd.Wait()
	s.cmd = nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parseValues reads a get-value reply, ((t1 v1) (t2 v2) ...), and returns
// the values' texts.
func parseValues(reply string) ([]string, error) {
	toks := tokenize(reply)
	if len(toks) < 2 || toks[0] != "(" {
		return nil, fmt.Errorf("smt: bad get-value reply %q", reply)
	}
	var vals []string
	i := 1
	for i < len(toks) && toks[i] == "(" {
		// (term value): skip the term, keep the value's text.
		j, err := skipExpr(toks, i+1)
		if err != nil {
			return nil, err
		}
		k, err := skipExpr(toks, j)
		if err != nil {
			return nil, err
		}
		vals = append(vals, strings.Join(toks[j:k], " "))
		if k >= len(toks) || toks[k] != ")" {
			return nil, fmt.Errorf("smt: bad get-value pair in %q", reply)
		}
		i = k + 1
	}
	return vals, nil
}

func skipExpr(toks []string, i int) (int, error) {
	if i >= len(toks) {
		return i, errors.New("smt: truncated reply")
	}
	if toks[i] != "(" {
		return i + 1, nil
	}
	depth := 0
	for ; i < len(toks); i++ {
		switch toks[i] {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		}
	}
	return i, errors.New("smt: unbalanced reply")
}

func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				j++
			}
			toks = append(toks, s[i:min(j+1, len(s))])
			i = j + 1
		default:
			j := i
			for j < len(s) && !strings.ContainsRune("() \n\t\r", rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}

// BV parses a bit-vector value, #x... or #b...; ok is false for any
// other text.
func BV(v string) (uint64, bool) {
	var n uint64
	switch {
	case strings.HasPrefix(v, "#x"):
		for _, c := range v[2:] {
			d := strings.IndexRune("0123456789abcdef", c)
			if d < 0 {
				return 0, false
			}
			n = n<<4 | uint64(d)
		}
	case strings.HasPrefix(v, "#b"):
		for _, c := range v[2:] {
			if c != '0' && c != '1' {
				return 0, false
			}
			n = n<<1 | uint64(c-'0')
		}
	default:
		return 0, false
	}
	return n, true
}
