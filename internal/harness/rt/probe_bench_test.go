package rt

import (
	"bytes"
	"strings"
	"testing"
)

// The string and bytes probes on the path that computes a distance (the
// searched thing was not found), and the hashing of byte slices: the
// paths that the string and []byte forms share.

var (
	benchHay   = strings.Repeat("the quick brown fox jumps over the lazy dog ", 8)
	benchHayB  = []byte(benchHay)
	benchNeed  = "lazy cat"
	benchNeedB = []byte(benchNeed)
	benchSink  bool
	benchHash  uint64
)

func BenchmarkProbeStrContainsMiss(b *testing.B) {
	Init(16, 16)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		benchSink = StrCall(1, FnContains, strings.Contains, benchHay, benchNeed)
	}
}

func BenchmarkProbeBytesContainsMiss(b *testing.B) {
	Init(16, 16)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		benchSink = BytesCall(1, FnContains, bytes.Contains, benchHayB, benchNeedB)
	}
}

func BenchmarkProbeBytesPrefixMiss(b *testing.B) {
	Init(16, 16)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		benchSink = BytesCall(1, FnHasPrefix, bytes.HasPrefix, benchHayB, benchNeedB)
	}
}

func BenchmarkProbeBytesIndexByteMiss(b *testing.B) {
	Init(16, 16)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		benchSink = BytesIndexByte(1, true, bytes.IndexByte, benchHayB, 'Z')
	}
}

func BenchmarkProbeBytesIndexRuneMiss(b *testing.B) {
	Init(16, 16)
	defer Init(0, 0)
	for i := 0; i < b.N; i++ {
		benchSink = BytesIndexRune(1, true, bytes.IndexRune, benchHayB, 'é')
	}
}

func BenchmarkProbeBytesKeep(b *testing.B) {
	Init(16, 16)
	defer Init(0, 0)
	KeepOperands(true)
	defer KeepOperands(false)
	for i := 0; i < b.N; i++ {
		Reset()
		benchSink = BytesCall(1, FnEqual, bytes.Equal, benchHayB[:40], benchNeedB)
	}
}

func BenchmarkHashBytes(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchHash = Hash(benchHayB)
	}
}

func BenchmarkHashStruct(b *testing.B) {
	type inner struct {
		Name string
		Data []byte
		M    map[string]int
	}
	type outer struct {
		A  *inner
		B  []*inner
		Is []int
	}
	in := &inner{Name: "x", Data: benchHayB[:30], M: map[string]int{"a": 1, "b": 2}}
	v := &outer{A: in, B: []*inner{in, {Name: "y"}}, Is: []int{1, 2, 3}}
	for i := 0; i < b.N; i++ {
		benchHash = Hash(v)
	}
}

func BenchmarkMakeTree(b *testing.B) {
	type inner struct {
		Name string
		Err  error
		M    map[string]int
	}
	v := &struct {
		A *inner
		B []inner
	}{A: &inner{Name: "x", M: map[string]int{"a": 1, "b": 2}}, B: []inner{{Name: "y"}, {Name: "z"}}}
	for i := 0; i < b.N; i++ {
		_ = MakeTree(v)
	}
}
