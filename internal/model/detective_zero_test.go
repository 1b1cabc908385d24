package model

import (
	"go/importer"
	"go/types"
	"testing"
)

// The detective offers &T{} of another package's type only when the zero
// value is usable: bytes.Buffer and strings.Builder (whose only pointer is
// to itself) are; bufio.Writer (no io.Writer behind it) and os.File (no
// file) are not, unless the package under test is theirs.
func TestZeroOK(t *testing.T) {
	imp := importer.Default()
	for _, tc := range []struct {
		pkg, name string
		want      bool
	}{
		{"bytes", "Buffer", true},
		{"strings", "Builder", true},
		{"bufio", "Writer", false},
		{"os", "File", false},
	} {
		p, err := imp.Import(tc.pkg)
		if err != nil {
			t.Fatal(err)
		}
		n := p.Scope().Lookup(tc.name).Type().(*types.Named)
		if got := zeroOK(n.Underlying().(*types.Struct), n, true); got != tc.want {
			t.Errorf("zeroOK(%s.%s) = %v, want %v", tc.pkg, tc.name, got, tc.want)
		}
		// The package under test's own zero values are its behaviour.
		if tc.name == "Writer" && !zeroOK(n.Underlying().(*types.Struct), n, false) {
			t.Errorf("zeroOK(%s.%s) of the package under test = false", tc.pkg, tc.name)
		}
	}
}
