package search

import (
	"reflect"
	"testing"
)

// Of the test program's operations only Parse (one string in, a value
// and an error out) is parse-like: Scale takes an int, Push has a
// receiver, Paint returns no error.
func TestParseLike(t *testing.T) {
	prog := testProgram(t)
	var names []string
	for _, op := range prog.Ops {
		if k, ok := parseLike(op); ok {
			names = append(names, op.Name)
			if op.Params[k].Name != "s" {
				t.Errorf("%s: input is parameter %d (%s), want s", op.Name, k, op.Params[k].Name)
			}
		}
	}
	if !reflect.DeepEqual(names, []string{"Parse"}) {
		t.Errorf("parse-like operations = %q, want [Parse]", names)
	}
}

func TestSyntaxWords(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"missing {{end}}", []string{"{{end}}"}},
		{"] expected", []string{"]"}},
		{"templang: bad action, unexpected )", []string{")"}},
		{"plain words only", nil},
	} {
		if got := syntaxWords(tc.msg); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("syntaxWords(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// The block signature does not depend on the order of the blocks.
func TestBlockSig(t *testing.T) {
	if blockSig([]int32{3, 1, 2}) != blockSig([]int32{1, 2, 3}) {
		t.Error("blockSig depends on the blocks' order")
	}
	if blockSig([]int32{1, 2}) == blockSig([]int32{1, 3}) {
		t.Error("blockSig does not tell {1,2} from {1,3}")
	}
}
