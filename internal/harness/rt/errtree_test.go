package rt

import (
	"errors"
	"fmt"
	"strconv"
	"testing"
)

type fieldErr struct{ Line int }

func (e *fieldErr) Error() string { return "line " + strconv.Itoa(e.Line) }

type valueErr string

func (e valueErr) Error() string { return string(e) }

// An error's tree names the sentinels it matches, through wrapping, and
// holds the struct of a *T error; errors inside unexported fields (which
// reflect cannot turn back into interfaces) are shown too.
func TestErrorTree(t *testing.T) {
	errA, errB := errors.New("a"), errors.New("b")
	defer func(s []Sentinel) { Sentinels = s }(Sentinels)
	Sentinels = []Sentinel{{Name: "ErrA", Err: errA}, {Name: "ErrB", Err: errB}}
	_, unq := strconv.Unquote("")
	tests := []struct {
		name   string
		err    error
		is     string
		fields bool
	}{
		{"sentinel", errB, "[ErrB]", true},
		{"wrapped", fmt.Errorf("ctx: %w", errA), "[ErrA]", true},
		{"neither", unq, "[]", true},
		{"value error", valueErr("v"), "[]", false},
		{"wrapped, nested unexported", fmt.Errorf("x: %w", unq), "[]", true},
		{"struct", &fieldErr{Line: 3}, "[]", true},
	}
	for _, tc := range tests {
		tr := MakeTree(tc.err)
		if tr.Kind != TError || fmt.Sprint(tr.Is) != tc.is || (len(tr.Elems) == 1) != tc.fields {
			t.Errorf("%s: kind %d, Is %v, %d elems; want TError, %s, struct %v", tc.name, tr.Kind, tr.Is, len(tr.Elems), tc.is, tc.fields)
		}
	}
	tr := MakeTree(&fieldErr{Line: 3})
	if f := tr.Elems[0]; f.Kind != TStruct || len(f.Elems) != 1 || f.Elems[0].I != 3 {
		t.Errorf("fields of *fieldErr: %+v", f)
	}
}
