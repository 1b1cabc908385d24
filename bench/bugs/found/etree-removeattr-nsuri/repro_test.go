// The Attr that Element.RemoveAttr returns for a prefixed key panics in its
// NamespaceURI method (github.com/beevik/etree v1.8.1): RemoveAttr returns
// "a copy of the removed attribute" whose element is nil, and NamespaceURI
// looks the prefix up on that nil element. Found by gentest (60 s, seed 1).
package repro

import (
	"testing"

	"github.com/beevik/etree"
)

func TestRepro(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("bug: NamespaceURI of the Attr RemoveAttr returned panicked: %v", r)
		}
	}()
	e := etree.NewElement("root")
	e.CreateAttr("x:a", "1")
	a := e.RemoveAttr("x:a")
	t.Logf("NamespaceURI = %q", a.NamespaceURI())
}
