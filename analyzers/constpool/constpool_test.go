package constpool_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"go/constant"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/analyzertest"
	"github.com/google/go-cmp/cmp"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/analyzers/suite"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestAnalyzer checks the want expectations of the testdata packages and
// then what only the Go API shows of their facts.
func TestAnalyzer(t *testing.T) {
	results := analyzertest.Run(t, testdata(t), constpool.Analyzer, "constpool/enums", "constpool/a")
	enums, a := results[0].Result.(*constpool.PackageConsts), results[1].Result.(*constpool.PackageConsts)
	t.Run("PackagePool", func(t *testing.T) { testPackagePool(t, a) })
	t.Run("Encoding", func(t *testing.T) { testEncoding(t, enums) })
}

// testPackagePool checks what only the package fact holds: package-level
// initializers and declared constants, with their names and origins.
func testPackagePool(t *testing.T, fact *constpool.PackageConsts) {
	want := map[string]constpool.Origin{
		`"--verbose":string`:        constpool.Literal,
		`65535:int=a.MaxPort`:       constpool.Declared,
		`3600:int=a.secondsPerHour`: constpool.Declared,
		`"--dry-run":string`:        constpool.Literal | constpool.Compared | constpool.Switch,
		`3:int`:                     constpool.Literal | constpool.Length,
		`99:int`:                    constpool.Literal | constpool.Compared,
		`"--init":string`:           constpool.Literal,
		`"big":string`:              constpool.Literal,
	}
	for _, c := range fact.Consts {
		s := c.Value + ":" + shortType(c.Type)
		if c.Name != "" {
			s += "=" + shortType(c.Name)
		}
		if origin, ok := want[s]; ok {
			if c.Origin != origin {
				t.Errorf("%s: origin %v, want %v", s, c.Origin, origin)
			}
			delete(want, s)
		}
	}
	for s := range want {
		t.Errorf("package pool lacks %s; got %v", s, fact.Consts)
	}
	for _, c := range fact.Consts {
		switch c.Value {
		case "1009", "1013":
			t.Errorf("package pool has %s from past the table cap", c)
		}
	}
}

func shortType(s string) string {
	if i := strings.LastIndex(s, "/"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// testEncoding checks that facts encode deterministically and survive
// a gob round trip, as the drivers' fact caches require.
func testEncoding(t *testing.T, fact *constpool.PackageConsts) {
	var first []byte
	for i := range 3 {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = buf.Bytes()
			var back constpool.PackageConsts
			if err := gob.NewDecoder(bytes.NewReader(first)).Decode(&back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(fact, &back); diff != "" {
				t.Errorf("gob round trip mismatch (-want +got):\n%s", diff)
			}
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Errorf("encoding %d differs from the first", i)
		}
	}
	js := fact.PackageJSON()
	if _, ok := js["constants"]; !ok {
		t.Errorf("PackageJSON lacks constants: %v", js)
	}
	if _, err := json.Marshal(js); err != nil {
		t.Errorf("PackageJSON does not marshal: %v", err)
	}
}

func TestConstant(t *testing.T) {
	for _, tc := range []struct {
		c    constpool.Const
		want constant.Value
	}{
		{constpool.Const{Kind: constpool.KindInt, Value: "-42"}, constant.MakeInt64(-42)},
		{constpool.Const{Kind: constpool.KindUint, Value: "18446744073709551615"}, constant.MakeUint64(1<<64 - 1)},
		{constpool.Const{Kind: constpool.KindFloat, Value: "2.5e-07"}, constant.MakeFromLiteral("2.5e-07", token.FLOAT, 0)},
		{constpool.Const{Kind: constpool.KindString, Value: `"a\"b"`}, constant.MakeString(`a"b`)},
		{constpool.Const{Kind: constpool.KindRune, Value: `'@'`}, constant.MakeInt64('@')},
		{constpool.Const{Kind: constpool.KindBool, Value: "true"}, constant.MakeBool(true)},
		{constpool.Const{Kind: constpool.KindComplex, Value: "(1-2.5e+03i)"},
			constant.BinaryOp(constant.MakeInt64(1), token.SUB, constant.MakeImag(constant.MakeFloat64(2500)))},
	} {
		got, err := tc.c.Constant()
		if err != nil {
			t.Errorf("%s.Constant(): %v", tc.c.Value, err)
			continue
		}
		if !constant.Compare(got, token.EQL, tc.want) {
			t.Errorf("%s.Constant() = %v, want %v", tc.c.Value, got, tc.want)
		}
	}
	if _, err := (constpool.Const{Kind: constpool.KindInt, Value: "x"}).Constant(); err == nil {
		t.Error("Constant of a bad literal: no error")
	}
}

func TestMergeAndEnums(t *testing.T) {
	a := []constpool.Const{{Kind: "int", Value: "10", Type: "int", Count: 2, Ops: []string{"<"}, Origin: constpool.Compared}}
	b := []constpool.Const{
		{Kind: "int", Value: "10", Type: "int", Count: 1, Ops: []string{"=="}, Origin: constpool.Literal},
		{Kind: "int", Value: "9", Type: "int", Count: 1, Origin: constpool.Literal},
	}
	got := constpool.Merge(a, b)
	want := []constpool.Const{
		{Kind: "int", Value: "9", Type: "int", Count: 1, Origin: constpool.Literal},
		{Kind: "int", Value: "10", Type: "int", Count: 3, Ops: []string{"<", "=="}, Origin: constpool.Compared | constpool.Literal},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Merge mismatch (-want +got):\n%s", diff)
	}

	p1 := &constpool.PackageConsts{Enums: []constpool.Enum{{Type: "x/t.D", Kind: "int", Members: []constpool.EnumMember{{Name: "x/t.second", Value: "1"}}}}}
	p2 := &constpool.PackageConsts{Enums: []constpool.Enum{{Type: "x/t.D", Kind: "int", Members: []constpool.EnumMember{{Name: "x/u.Second", Value: "1"}}}}}
	e := constpool.EnumsByType(p1, p2)["x/t.D"]
	if got := e.NameOf("1"); got != "x/u.Second" {
		t.Errorf("NameOf(1) = %q, want the exported x/u.Second", got)
	}
	if got := e.NameOf("2"); got != "" {
		t.Errorf("NameOf(2) = %q, want none", got)
	}
}

// The facts satisfy the interfaces gentest facts -json prints through.
var (
	_ suite.FuncFact    = (*constpool.FuncConsts)(nil)
	_ suite.PackageFact = (*constpool.PackageConsts)(nil)
)
