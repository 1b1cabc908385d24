package result

import (
	"encoding/json"
	"math"
	"testing"
)

func TestValueNA(t *testing.T) {
	var zero Value
	if !zero.IsNA() || zero.Format(1) != "NA" {
		t.Error("the zero Value is not NA")
	}
	if Of(0).IsNA() || Of(0).Format(1) != "0.0" {
		t.Error("Of(0) is not a present zero")
	}
	if !Of(math.NaN()).IsNA() || !Of(math.Inf(1)).IsNA() {
		t.Error("NaN or Inf is present")
	}
	if !Bool(true, false).IsNA() || Bool(false, true).Format(0) != "0" || Bool(true, true).Format(0) != "1" {
		t.Error("Bool")
	}
}

func TestSummarize(t *testing.T) {
	st := Summarize([]Value{Of(3), NA, Of(1), Of(2), Of(10)})
	if st.N != 4 || st.Median.Format(1) != "2.5" || st.Min.Format(0) != "1" || st.Max.Format(0) != "10" {
		t.Errorf("Summarize = %+v", st)
	}
	if st := Summarize([]Value{NA, NA}); !st.Median.IsNA() || st.N != 0 {
		t.Errorf("Summarize(all NA) = %+v", st)
	}
	if m, n := Mean([]Value{Of(1), NA, Of(2)}); n != 2 || m.Format(1) != "1.5" {
		t.Errorf("Mean = %v, %d", m.Format(1), n)
	}
	if m, n := Mean(nil); n != 0 || !m.IsNA() {
		t.Error("Mean(nil) is not NA")
	}
}

func TestValueJSON(t *testing.T) {
	type rec struct{ A, B, C Value }
	b, err := json.Marshal(rec{A: Of(1.5), B: NA, C: Of(0)})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"A":1.5,"B":null,"C":0}` {
		t.Errorf("Marshal = %s", b)
	}
	var got rec
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.A.Format(1) != "1.5" || !got.B.IsNA() || got.C.IsNA() || got.C.Format(0) != "0" {
		t.Errorf("round trip = %+v", got)
	}
	// A field missing from the JSON stays NA, never zero.
	var partial rec
	if err := json.Unmarshal([]byte(`{"A":2}`), &partial); err != nil || !partial.B.IsNA() {
		t.Errorf("missing field = %+v, %v", partial, err)
	}
	if err := json.Unmarshal([]byte(`{"A":"x"}`), &partial); err == nil {
		t.Error("a string decoded as a Value")
	}
}
