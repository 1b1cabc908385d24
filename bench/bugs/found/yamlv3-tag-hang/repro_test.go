// Marshal of a Node whose Tag is not valid UTF-8 never returns
// (gopkg.in/yaml.v3 v3.0.1; also go.yaml.in/yaml/v3 v3.0.6 and v4.0.0):
// yaml_emitter_write_tag_content advances by width(tag[i]), which is 0 for
// a byte that cannot start a UTF-8 sequence. A HeadComment with such a byte
// panics instead ("unknown character width").
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

func TestReproComment(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: yaml.Marshal of a Node with HeadComment \"\\x85\" panicked: %v", r)
		}
	}()
	_, err := yaml.Marshal(&yaml.Node{Kind: yaml.DocumentNode, HeadComment: "\x85"})
	t.Logf("Marshal returned: %v", err)
}
