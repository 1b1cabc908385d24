package rt

import (
	"strconv"
	"sync"
	"testing"
)

// Decoders of several executors intern names at once while others read
// them: every name gets one number, and every number reads back its name
// (also under -race).
func TestInternTypeConcurrent(t *testing.T) {
	const workers, names = 4, 500
	ids := make([][]TypeID, workers)
	var wg sync.WaitGroup
	for w := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < names; i++ {
				// Each worker starts elsewhere, so that they race to
				// number the same names.
				k := (i + w*names/workers) % names
				id := InternType("concurrent.T" + strconv.Itoa(k))
				if got, want := id.String(), "concurrent.T"+strconv.Itoa(k); got != want {
					t.Errorf("number %d reads %q, want %q", id, got, want)
					return
				}
				ids[w] = append(ids[w], id)
			}
		}()
	}
	wg.Wait()
	byName := map[int]TypeID{}
	for w := range ids {
		for i, id := range ids[w] {
			k := (i + w*names/workers) % names
			if prev, ok := byName[k]; ok && prev != id {
				t.Fatalf("name %d has numbers %d and %d", k, prev, id)
			}
			byName[k] = id
		}
	}
	if TypeID(0).String() != "" || InternType("") != 0 {
		t.Error(`0 is not ""`)
	}
	if s := TypeID(1 << 30).String(); s != "" {
		t.Errorf("a number never given reads %q", s)
	}
}
