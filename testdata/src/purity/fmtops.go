package purity

import (
	"bytes"
	"fmt"
	"os"
)

// fmt: formatting calls the Format, GoString, Error and String methods of
// the operands' types (and of the exported fields, elements and map
// entries fmt prints by reflection); a function is pure when those are.

type Point struct {
	X, Y int
	Name string
}

func (p Point) String() string { return fmt.Sprintf("%s(%d, %d)", p.Name, p.X, p.Y) } // want String:"^pure$"

func Render(p Point) string { // want Render:"^pure panics$"
	var b bytes.Buffer
	fmt.Fprintf(&b, "%v|%+v", p, p)
	return b.String()
}

func Print(p Point) { fmt.Fprintln(os.Stdout, p) } // want Print:"^io io:stdio$"

// Wrap's operand is its caller's: formats-param.
func Wrap(err error) error { return fmt.Errorf("wrap: %w", err) } // want Wrap:"^pure formats-param:0$"

type plainErr string

func (e plainErr) Error() string { return string(e) } // want Error:"^pure$"

func WrapPlain() error { return Wrap(plainErr("x")) } // want WrapPlain:"^pure$"

type countingErr struct{ n *int }

func (e countingErr) Error() string { // want Error:"^mutates-receiver$" "Error method .* has side effects"
	*e.n++
	return "counted"
}

func WrapCounting(n *int) error { return Wrap(countingErr{n}) } // want WrapCounting:"^mutates-param:0$"

// loud's String writes a global: formatting it with a verb that calls it
// does too, with one that does not (%d, %T) does not.
type loud int

func (l loud) String() string { total++; return "loud" } // want String:"^writes-global$" "String method .* has side effects"

func ShowLoud(l loud) string { return fmt.Sprint(l) } // want ShowLoud:"^writes-global$"

func ShowLoudNumber(l loud) string { return fmt.Sprintf("%d %T %[1]d", l, l) } // want ShowLoudNumber:"^writes-global$"

func ShowLoudInt(l loud) string { return fmt.Sprintf("%d %T", l, l) } // want ShowLoudInt:"^pure$"

type Loud struct{ L loud }

func ShowNested(v Loud) string { return fmt.Sprintf("%v", v) } // want ShowNested:"^writes-global$"

func ShowNestedPtr(v *Loud) string { return fmt.Sprintf("%v", v) } // want ShowNestedPtr:"^writes-global$"

func ShowInMap(m map[string]loud) string { return fmt.Sprint(m) } // want ShowInMap:"^writes-global$"

type quiet struct{ l loud } // fmt cannot call methods on unexported fields

func ShowQuiet(v quiet) string { return fmt.Sprint(v) } // want ShowQuiet:"^pure$"

// Logf passes its operands on: their formatting is its callers'.
func Logf(format string, args ...any) string { return fmt.Sprintf(format, args...) } // want Logf:"^pure formats-param:1$"

func LogLoud(l loud) string { return Logf("%v", l) } // want LogLoud:"^writes-global$"

func LogPoint(p Point) string { return Logf("%v", p) } // want LogPoint:"^pure$"

// An interface value that is not a parameter: its dynamic type is unknown.
type Holder struct{ S fmt.Stringer }

func ShowHolder(h Holder) string { return fmt.Sprint(h.S) } // want ShowHolder:"^pure conservative$"

func ShowHolderType(h Holder) string { return fmt.Sprintf("%T %p", h.S, h.S) } // want ShowHolderType:"^pure$"

// A Formatter writes to the fmt.State: that is fmt's buffer.
type Fmt struct{ v int }

func (f Fmt) Format(s fmt.State, verb rune) { fmt.Fprintf(s, "Fmt(%d)", f.v) } // want Format:"^pure calls-param:0$"

func ShowFmt(f Fmt) string { return fmt.Sprint(f) } // want ShowFmt:"^pure$"

// Recursive String methods.
type Tree struct {
	Name string
	Kids []*Tree
}

func (t *Tree) String() string { return fmt.Sprintf("%s%v", t.Name, t.Kids) } // want String:"^pure$"
