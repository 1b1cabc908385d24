// Reproducer for GO-2022-0422: DecodeBytes panics on a PBNode whose Data field
// is shorter than its declared length.
package repro

import (
	"encoding/hex"
	"testing"

	dagpb "github.com/ipld/go-codec-dagpb"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: DecodeBytes panicked: %v", r)
		}
	}()
	for _, h := range []string{"0a0500010203", "120b0a090155000500010203"} {
		data, _ := hex.DecodeString(h)
		nb := dagpb.Type.PBNode.NewBuilder()
		_ = dagpb.DecodeBytes(nb, data)
	}
}
