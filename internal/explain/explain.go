// Package explain says why code stayed uncovered after gentest gen: for
// every function the written tests leave uncovered or partly covered, what
// the generator knows of the cause. It reads what the earlier stages
// produced — the probe table, the search's observations of blocks and
// conditions, the model's operations and exclusions — and decides nothing
// for them.
//
// The reasons, by kind:
//
//   - excluded: the safety policy (or the model) left the function out,
//     with the effect and where it happens;
//   - unbuildable-input: the function is an operation, but no sequence ever
//     called it, because nothing builds one of its inputs;
//   - unsatisfied-condition: a condition guarding the uncovered code was
//     evaluated but never took the needed outcome; with the closest branch
//     distance seen and the operands of that evaluation;
//   - never-called: the function is no operation (unexported, or reached
//     only from other code) and nothing that ran called it;
//   - never-entered: the operation was called, but no call reached its body;
//   - dropped: the search covered the code, but no test that reached it
//     survived minimization and verification;
//   - unexplained: none of the above (code after a call that always
//     panicked, conditions without probes).
package explain

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
)

// Reason kinds.
const (
	Excluded             = "excluded"
	UnbuildableInput     = "unbuildable-input"
	UnsatisfiedCondition = "unsatisfied-condition"
	NeverCalled          = "never-called"
	NeverEntered         = "never-entered"
	Dropped              = "dropped"
	// Exits: calls of the function ended the process (os.Exit,
	// log.Fatal, directly or through a handler variable) in the
	// executor; past such a call nothing runs, in a test neither.
	Exits       = "exits"
	Unexplained = "unexplained"
)

// Input is what the generator knows after a run.
type Input struct {
	// Table is the probe table of the instrumented package.
	Table *instrument.Table
	// Final marks the blocks the written tests cover (by block ID); nil
	// when go test's profile could not be read, and Search stands in.
	Final []bool
	// Search marks the blocks any executed sequence covered.
	Search []bool
	// Conds is, per condition ID, what the search saw of it.
	Conds []Cond
	// Excluded maps the names of functions the model left out ("F",
	// "T.M") to the reason.
	Excluded map[string]string
	// Ops maps the names of the functions that are operations to what
	// the search did with them.
	Ops map[string]Op
}

// Cond is what the search saw of one condition.
type Cond struct {
	NTrue, NFalse int
	// Closest is, per outcome (0 true, 1 false) never taken, the smallest
	// branch distance seen (0: not measured).
	Closest [2]float64
	// Operands are, per outcome, the operands of the evaluation that came
	// closest, formatted as Go values (nil when not recorded).
	Operands [2][]string
}

// Op is what the search did with one operation.
type Op struct {
	// Calls counts the calls in executed sequences.
	Calls int
	// Unbuildable lists the parameter types nothing in the model
	// produces, and the literal classes do not cover.
	Unbuildable []string
	// Exits counts the executors its calls ended by exiting the
	// process (search.Engine.ExitOps).
	Exits int
}

// Report is the explanation for one package.
type Report struct {
	// Source is where the coverage comes from: "go test" (the written
	// file) or "search" (the executors, when the profile was missing).
	Source    string     `json:"source"`
	Functions []Function `json:"functions"`
	// Blocks are the probe blocks with their coverage, for the HTML view.
	Blocks []Block `json:"-"`
}

// Block is one statement block and whether the tests cover it.
type Block struct {
	File                string
	StartLine, EndLine  int
	StartCol, EndCol    int
	NumStmt             int
	Covered, SearchOnly bool
}

// Function is one function the tests leave (partly) uncovered.
type Function struct {
	Name       string   `json:"name"`
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Statements int      `json:"statements"`
	Covered    int      `json:"covered"`
	Reasons    []Reason `json:"reasons"`
}

// Reason is one cause of uncovered code.
type Reason struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	// Condition details, for unsatisfied-condition.
	Condition string   `json:"condition,omitempty"`
	Want      *bool    `json:"want,omitempty"`
	Distance  float64  `json:"distance,omitempty"`
	Operands  []string `json:"operands,omitempty"`
}

// FuncName maps a probe table's function name to the model's: methods
// lose the pointer marks ("(*T).M" is "T.M"), and closures count as their
// enclosing function ("F.func1" is "F").
func FuncName(name string) string {
	name = strings.NewReplacer("(*", "", ")", "").Replace(name)
	if i := strings.Index(name, ".func"); i >= 0 {
		name = name[:i]
	}
	if strings.HasPrefix(name, "glob.") || name == "glob" || strings.HasPrefix(name, "init.") {
		return "init"
	}
	return name
}

// Explain builds the report.
func Explain(in Input) *Report {
	rep := &Report{Source: "go test", Functions: []Function{}}
	final := in.Final
	if final == nil {
		rep.Source, final = "search", in.Search
	}
	type fnInfo struct {
		f                Function
		blocks           []int
		anyFinal, anySrc bool
	}
	fns := map[string]*fnInfo{}
	var order []string
	for _, b := range in.Table.Blocks {
		name := FuncName(b.Func)
		fi := fns[name]
		if fi == nil {
			fi = &fnInfo{f: Function{Name: name, File: b.File, Line: b.StartLine}}
			fns[name] = fi
			order = append(order, name)
		}
		if b.File == fi.f.File && b.StartLine < fi.f.Line {
			fi.f.Line = b.StartLine
		}
		fi.blocks = append(fi.blocks, b.ID)
		fi.f.Statements += b.NumStmt
		covered := b.ID < len(final) && final[b.ID]
		searched := b.ID < len(in.Search) && in.Search[b.ID]
		if covered {
			fi.f.Covered += b.NumStmt
			fi.anyFinal = true
		}
		fi.anySrc = fi.anySrc || searched
		rep.Blocks = append(rep.Blocks, Block{File: b.File, StartLine: b.StartLine, EndLine: b.EndLine,
			StartCol: b.StartCol, EndCol: b.EndCol, NumStmt: b.NumStmt, Covered: covered, SearchOnly: searched && !covered})
	}
	sort.Strings(order)
	for _, name := range order {
		fi := fns[name]
		if fi.f.Covered == fi.f.Statements {
			continue
		}
		var rs []Reason
		switch op, isOp := in.Ops[name]; {
		case fi.anyFinal || fi.anySrc:
			rs = partial(in, fi.blocks, final)
		case in.Excluded[name] != "":
			rs = []Reason{{Kind: Excluded, Message: "gentest does not call it: " + in.Excluded[name]}}
		case isOp && op.Calls == 0:
			msg := "no sequence called it"
			if len(op.Unbuildable) > 0 {
				msg = "no sequence called it: nothing builds " + strings.Join(op.Unbuildable, ", ")
			}
			rs = []Reason{{Kind: UnbuildableInput, Message: msg}}
		case isOp:
			rs = []Reason{{Kind: NeverEntered, Message: fmt.Sprintf("called %d times, but no call reached its body", op.Calls)}}
		default:
			rs = []Reason{{Kind: NeverCalled, Message: "not an operation gentest calls (unexported or not reachable from the API), and nothing that ran called it"}}
		}
		if op, isOp := in.Ops[name]; isOp && op.Exits > 0 {
			rs = append(rs, Reason{Kind: Exits, Message: fmt.Sprintf("its calls ended the process %d times in the search "+
				"(os.Exit or log.Fatal, directly or through a handler variable the package exports no way to replace): "+
				"the code past an exit runs in no test, and each exit cost an executor restart", op.Exits)})
		}
		if len(rs) == 0 {
			rs = []Reason{{Kind: Unexplained, Message: "no condition probe guards the uncovered statements (code after a call that always panicked or returned early?)"}}
		}
		fi.f.Reasons = rs
		rep.Functions = append(rep.Functions, fi.f)
	}
	return rep
}

// partial explains the uncovered blocks of a function something reached:
// the conditions they depend on that never took the needed outcome, and
// the blocks the search covered but no written test does.
func partial(in Input, blocks []int, final []bool) []Reason {
	var rs []Reason
	seen := map[int]bool{}
	dropped := 0
	var droppedAt *instrument.Block
	for _, id := range blocks {
		if id < len(final) && final[id] {
			continue
		}
		b := &in.Table.Blocks[id]
		if id < len(in.Search) && in.Search[id] {
			dropped += b.NumStmt
			if droppedAt == nil {
				droppedAt = b
			}
			continue
		}
		for _, br := range b.Parents {
			c, side := br/2, br%2
			if seen[br] || c >= len(in.Conds) || c >= len(in.Table.Conds) {
				continue
			}
			seen[br] = true
			obs := in.Conds[c]
			if obs.NTrue+obs.NFalse == 0 {
				// Never evaluated: a condition before it is the cause.
				continue
			}
			if (side == 0 && obs.NTrue > 0) || (side == 1 && obs.NFalse > 0) {
				continue
			}
			rs = append(rs, condReason(in.Table.Conds[c], obs, side))
		}
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Line < rs[j].Line })
	if dropped > 0 {
		rs = append(rs, Reason{Kind: Dropped, File: droppedAt.File, Line: droppedAt.StartLine,
			Message: fmt.Sprintf("%d statements the search covered are covered by no test that survived minimization and verification", dropped)})
	}
	return rs
}

func condReason(c instrument.Cond, obs Cond, side int) Reason {
	want := side == 0
	r := Reason{Kind: UnsatisfiedCondition, File: c.File, Line: c.Line, Condition: c.Text, Want: &want}
	seen := obs.NFalse
	if !want {
		seen = obs.NTrue
	}
	r.Message = fmt.Sprintf("%s:%d: %s was never %v (%d evaluations, all %v)", baseName(c.File), c.Line, c.Text, want, seen, !want)
	var closest []string
	if ops := obs.Operands[side]; len(ops) == 2 {
		r.Operands = ops
		for i, v := range ops {
			o := c.Operands[i]
			switch {
			case o.Const:
				closest = append(closest, "against "+v)
			case o.Text != "":
				closest = append(closest, o.Text+" = "+v)
			default:
				closest = append(closest, v)
			}
		}
	}
	if d := obs.Closest[side]; d > 0 && c.Distance {
		r.Distance = d
		closest = append(closest, "distance "+strconv.FormatFloat(d, 'g', 6, 64))
	}
	if len(closest) > 0 {
		r.Message += "; closest: " + strings.Join(closest, ", ")
	}
	return r
}

// FormatLit formats an operand the executor recorded as a Go value.
func FormatLit(l rt.Lit, cut bool) string {
	var s string
	switch l.Kind {
	case rt.LitInt:
		s = strconv.FormatInt(l.I, 10)
	case rt.LitUint:
		s = strconv.FormatUint(l.U, 10)
	case rt.LitFloat:
		s = strconv.FormatFloat(l.F, 'g', -1, 64)
	case rt.LitString:
		s = strconv.Quote(l.S)
	case rt.LitBytes:
		s = "[]byte(" + strconv.Quote(l.S) + ")"
	case rt.LitBool:
		s = strconv.FormatBool(l.B)
	default:
		s = "?"
	}
	if cut {
		s += "…"
	}
	return s
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
