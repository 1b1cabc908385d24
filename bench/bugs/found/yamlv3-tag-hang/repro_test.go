// Marshal of a scalar Node whose Tag is not valid UTF-8 never returns
// (gopkg.in/yaml.v3 v3.0.1): yaml_emitter_write_tag_content advances by
// width(tag[i]), which is 0 for a byte that cannot start a UTF-8 sequence.
package repro

import (
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

func TestRepro(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		_, err := yaml.Marshal(&yaml.Node{Kind: yaml.ScalarNode, Tag: "\x85"})
		done <- err
	}()
	select {
	case err := <-done:
		t.Logf("Marshal returned: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("bug: yaml.Marshal of a Node with Tag \"\\x85\" did not return in 10 s")
	}
}
