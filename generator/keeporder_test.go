package generator

import (
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/emit"
)

// orderOld is an earlier generated file of three operations, with a
// helper type before the tests that TestA keeps, and TestC before TestB
// (as an update that added TestC after TestA and then B's tests leaves
// it): an order no fresh file has, so that a test taking its earlier
// place and one put by its neighbours end in different places.
const orderOld = emit.Header + `

package p_test

import (
	"testing"

	p "example.com/p"
)

type pair struct{ a, b int }

func TestA(t *testing.T) { p.A(pair{}.b) }

func TestC(t *testing.T) { p.C() }

func TestB(t *testing.T) { p.B(pair{}.a) }

func FuzzB(f *testing.F) { f.Fuzz(func(t *testing.T, n int) { p.B(n) }) }
`

// TestMergeKeepsPlaces: TestB and FuzzB replaced (as -run ^B$ does, or a
// change to B that made TestB fail) come back where they were, after
// TestC, not next to TestA; a new TestBPanics goes after FuzzB, where a fresh file puts it;
// a new TestA2 after TestA; a new helper before the first test; and a
// new test before every kept one goes first.
func TestMergeKeepsPlaces(t *testing.T) {
	of, err := parseOld([]byte(orderOld))
	if err != nil {
		t.Fatal(err)
	}
	replaced := map[*oldDecl]bool{}
	for _, d := range of.decls {
		if d.name == "TestB" || d.name == "FuzzB" {
			replaced[d] = true
		}
	}
	newSrc := emit.Header + `

package p_test

import (
	"testing"

	p "example.com/p"
)

type box struct{ v int }

func TestA2(t *testing.T) { p.A() }

func TestB(t *testing.T) { p.B(box{}.v) }

func FuzzB(f *testing.F) { f.Fuzz(func(t *testing.T, n int) { p.B(n + 1) }) }

func TestBPanics(t *testing.T) { p.B(-1) }

func Test0(t *testing.T) { p.A() }
`
	merged, err := of.merge(closure(of.decls, replaced), []byte(newSrc))
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, line := range strings.Split(string(merged), "\n") {
		if f, ok := strings.CutPrefix(line, "func "); ok {
			order = append(order, f[:strings.IndexByte(f, '(')])
		} else if ty, ok := strings.CutPrefix(line, "type "); ok {
			order = append(order, ty[:strings.IndexByte(ty, ' ')])
		}
	}
	want := "pair box Test0 TestA TestA2 TestC TestB FuzzB TestBPanics"
	if got := strings.Join(order, " "); got != want {
		t.Errorf("merged order %s, want %s:\n%s", got, want, merged)
	}
	if !strings.Contains(string(merged), "p.B(box{}.v)") || strings.Contains(string(merged), "p.B(pair{}.a)") {
		t.Errorf("TestB is not the new one:\n%s", merged)
	}
}
