// Reproducer for GO-2024-3205: Parser.paragraph loops or reads out of bounds
// when a list item has length 0 (issue 311).
package repro

import (
	"testing"
	"time"

	"github.com/gomarkdown/markdown/parser"
)

func TestRepro(t *testing.T) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		p := parser.New()
		p.Parse([]byte("~~~~\xb4~\x94~\x94~\xd1\r\r:\xb4\x94\x94~\x9f~\xb4~\x94~\x94\x94"))
	}()
	select {
	case r := <-done:
		if r != nil {
			t.Fatalf("bug: Parse panicked: %v", r)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("bug: Parse did not return in 10s")
	}
}
