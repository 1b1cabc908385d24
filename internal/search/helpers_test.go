package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/executortest"
	"github.com/gentest-go/gentest/internal/harness/instrument"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

// testSrc is the package the search tests work on: a stack, an interface
// with two implementations returned by a factory (elephant brain), a
// function taking a pointer (nil inputs), one with an error result, an
// enum, and two int functions for constant mining.
const testSrc = `package p

type Stack struct{ xs []int }

func NewStack() *Stack      { return &Stack{} }
func (s *Stack) Push(x int) { s.xs = append(s.xs, x) }
func (s *Stack) Len() int   { return len(s.xs) }

type Shape interface{ Area() int }

type Sq struct{ S int }

func (q *Sq) Area() int { return q.S * q.S }

type Circ struct{ R int }

func (c *Circ) Area() int { return 3 * c.R * c.R }

func NewShape(n int) Shape {
	if n%2 == 0 {
		return &Sq{n}
	}
	return &Circ{n}
}

func Grow(q *Sq) int { q.S++; return q.S }

func Deref(p *int) int { return *p }

func Parse(s string) (int, error) { return len(s), nil }

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func Paint(c Color) string { return "" }

func Scale(n int) int { return n * 777 }
func Other(n int) int { return n }
`

// testProgram type-checks testSrc and builds its model.
func testProgram(t testing.TB) *model.Program {
	t.Helper()
	return modeltest.Program(t, testSrc, model.Options{})
}

// newFake returns the fake executor the search tests run on
// (executortest.Runner), with testSrc's behaviour: Deref panics on a nil
// literal as the runtime would, and NewShape's values have the run-time
// type their hash says (*p.Sq or *p.Circ), for the elephant brain. On
// other programs the hook changes nothing.
func newFake(prog *model.Program) *executortest.Runner {
	return &executortest.Runner{Prog: prog, Stmt: func(op *model.Op, i int, q rt.Request, hash uint64, spec *rt.StmtSpec) {
		switch op.Name {
		case "Deref":
			if a := q.Stmts[i].Args[0]; a.Kind == rt.ArgLit && a.Lit.Kind == rt.LitNil {
				executortest.PanicNilDeref(spec)
			}
		case "NewShape":
			for j := range spec.Values {
				spec.Values[j].Type = rt.InternType("*p.Sq")
				if hash%2 == 1 {
					spec.Values[j].Type = rt.InternType("*p.Circ")
				}
			}
		}
	}}
}

// normal returns a result in which every statement ran normally, with one
// non-nil value per result of its operation; hashes are given per
// statement (one per value).
func normal(prog *model.Program, s *seq.Seq, hashes ...[]uint64) *rt.Result {
	res := &rt.Result{Stmts: make([]rt.StmtResult, s.Len())}
	for i, st := range s.Stmts {
		op := prog.Ops[st.Op]
		var vals []rt.Value
		for j := range op.Results {
			v := rt.Value{Hash: uint64(1000*i + j + 1)}
			if i < len(hashes) && j < len(hashes[i]) {
				v.Hash = hashes[i][j]
			}
			vals = append(vals, v)
		}
		res.Stmt(i).SetValues(vals)
	}
	return res
}

// corpusKeys returns the keys of the corpus entries, for comparing runs.
func corpusKeys(e *Engine) string {
	var b strings.Builder
	for _, c := range e.Corpus {
		b.WriteString(c.Seq.Key())
		b.WriteByte('\n')
	}
	return b.String()
}

func okOutcome(res *rt.Result) executor.Outcome { return executor.Outcome{Result: res} }

// kit is the services a component is given (engine.go), built without an
// engine, for the tests that exercise one component alone.
type kit struct {
	prog   *model.Program
	rng    *rand.Rand
	stats  *Stats
	budget *budget
	values *Values
	cov    *coverage
	gen    *generated
	costly *costly
	hangs  *hangs
	lits   *literals
}

func newKit(prog *model.Program, seed uint64, constants *Constants) *kit {
	k := &kit{prog: prog, rng: testRand(seed), stats: &Stats{}, budget: &budget{},
		values: newValues(), cov: newCoverage()}
	k.gen = &generated{seen: newRecentHashes(seenGeneration), stats: k.stats}
	k.costly = newCostly(prog, constants, k.stats)
	k.hangs = newHangs(prog, k.rng, k.stats, k.budget)
	k.lits = &literals{rng: k.rng, constants: constants, fuzz: true, veto: k.costly}
	return k
}

// extension returns an extension over the kit's services.
func (k *kit) extension(cfg Config) *extension {
	return newExtension(k.prog, k.rng, targetsOf(k.prog), k.values, k.lits, k.costly, k.hangs, cfg)
}

// pool pools the values of a normal run of s, as the engine does.
func (k *kit) pool(s *seq.Seq, hashes ...[]uint64) {
	k.values.addFrom(k.prog, s, normal(k.prog, s, hashes...), false)
}

// templates returns EvoObj's templates over the kit's services.
func (k *kit) templates(x *extension, table *instrument.Table) *templates {
	return newTemplates(k.prog, k.rng, x, k.lits, k.values, k.cov, table, k.stats)
}

// dynamosa returns DynaMOSA over the kit's services, its archive empty.
func (k *kit) dynamosa(table *instrument.Table) *dynamosa {
	x := k.extension(Config{})
	a := newArchive()
	return &dynamosa{prog: k.prog, rng: k.rng, targets: x.targets, table: table, maxLen: 40, ext: x,
		tmpl: k.templates(x, table), lits: k.lits, values: k.values, cov: k.cov, stats: k.stats, gen: k.gen, archive: &a}
}

// testRand returns a random stream seeded as the engine seeds its own.
func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }
