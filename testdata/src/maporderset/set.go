// Package maporderset holds slices built in map order whose consumers
// cannot tell the order (not reported) beside near misses that can
// (reported): the classes of maporder_set.go and maporder_observe.go.
package maporderset

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// A regexp alternation of the keys, anchored at both ends, as a version
// constraint parser builds its operator pattern.

var operators = map[string]int{"=": 0, "!=": 1, ">": 2, ">=": 3, "<": 4, "<=": 5, "~>": 6}

var constraintRe, opRe, looseRe *regexp.Regexp

func init() {
	ops := make([]string, 0, len(operators))
	for k := range operators { // anchored alternation: not reported
		ops = append(ops, regexp.QuoteMeta(k))
	}
	constraintRe = regexp.MustCompile(fmt.Sprintf(`^\s*(%s)\s*([0-9.]+)\s*$`, strings.Join(ops, "|")))

	var bare []string
	for k := range operators { // anchored by concatenation: not reported
		bare = append(bare, regexp.QuoteMeta(k))
	}
	opRe = regexp.MustCompile("^(" + strings.Join(bare, "|") + ")$")

	var loose []string
	for k := range operators { // want "slice built in map iteration order reaches output at strings.Join"
		loose = append(loose, regexp.QuoteMeta(k))
	}
	looseRe = regexp.MustCompile("(" + strings.Join(loose, "|") + ")") // FindString's extent depends on the order
}

// Key/value pairs joined into a URL path, as a metrics pusher encodes
// its grouping labels.

type Pusher struct {
	url      string
	job      string
	grouping map[string]string
}

func encode(s string) (string, bool) {
	if strings.Contains(s, "/") {
		return strings.ReplaceAll(s, "/", "%2F"), true
	}
	return s, false
}

func (p *Pusher) fullURL() string {
	parts := []string{"job", p.job}
	for name, value := range p.grouping { // pairs in a path: not reported
		if enc, b64 := encode(value); b64 {
			parts = append(parts, name+"@base64", enc)
		} else {
			parts = append(parts, name, enc)
		}
	}
	return fmt.Sprintf("%s/metrics/%s", p.url, strings.Join(parts, "/"))
}

// Push sends to the URL.
func (p *Pusher) Push() error {
	_, err := os.Stat(p.fullURL())
	return err
}

// LabelPath joins the label names alone: a path whose segments are the
// keys in map order, which no reader turns back into a map.
func (p *Pusher) LabelPath() string {
	var names []string
	for name := range p.grouping { // want "slice built in map iteration order reaches output at strings.Join"
		names = append(names, name)
	}
	return strings.Join(names, "/")
}
