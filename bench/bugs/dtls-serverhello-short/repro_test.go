// Reproducer for GO-2023-1535: MessageServerHello.Unmarshal reads the cipher
// suite (2 bytes) when only one byte is left.
package repro

import (
	"testing"

	"github.com/pion/dtls/v2/pkg/protocol/handshake"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: Unmarshal panicked: %v", r)
		}
	}()
	data := make([]byte, 36) // version, random, session id length 0, one byte
	data[0], data[1] = 0xfe, 0xfd
	var m handshake.MessageServerHello
	_ = m.Unmarshal(data)
}
