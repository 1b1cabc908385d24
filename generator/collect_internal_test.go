package generator

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gentest-go/gentest/internal/load"
)

// In a module run, one package whose run fails is a failed row, and the
// packages after it keep their rows: their files are written by then,
// and the table and -json must say so. The first failure is the run's
// error, for the exit status. With one package, or after an interrupt,
// the error is returned as it is.
func TestCollectKeepsLaterPackages(t *testing.T) {
	paths := []string{"m/a", "m/b", "m/c", "m/d"}
	done := func(p string) *Summary { return &Summary{Package: p} }
	boom := errors.New("m/b: gentest internal error (please report it): boom\nstack")
	sums := []*Summary{done("m/a"), nil, nil, done("m/d")}
	errs := []error{nil, boom, &load.Error{Pkg: "m/c", Msg: "no exported functions"}, nil}

	out, err := collect(paths, sums, errs, true, false)
	if !errors.Is(err, boom) {
		t.Errorf("the run's error = %v, want the failed package's", err)
	}
	var got []string
	for _, s := range out {
		got = append(got, fmt.Sprintf("%s[%s|%s]", s.Package, s.Skipped, s.Failed))
	}
	want := "[m/a[|] m/b[|m/b: gentest internal error (please report it): boom] m/c[no exported functions|] m/d[|]]"
	if fmt.Sprint(got) != want {
		t.Errorf("rows %v\nwant %s", got, want)
	}

	if out, err := collect(paths[:1], []*Summary{nil}, []error{boom}, false, false); err != boom || len(out) != 0 {
		t.Errorf("one package: %d rows, error %v; want none and its error", len(out), err)
	}
	if out, err := collect(paths, sums, errs, true, true); err != boom || len(out) != 1 {
		t.Errorf("interrupted: %d rows, error %v; want the rows before it and its error", len(out), err)
	}
}
