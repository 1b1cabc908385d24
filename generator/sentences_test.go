package generator_test

import (
	"bytes"
	"regexp"
	"testing"
	"time"

	"github.com/gentest-go/gentest/generator"
)

// Structured inputs (issue 33): for each language fixture, the sentence
// search grows inputs the parser accepts, and the written tests hand the
// parsed value to the API that consumes it (Eval, Select/Match, Render,
// Get/Int/Bool): the file holds a parse of a real sentence, one the
// fixture's grammar accepts, followed by a use of its result. Without
// the sentence search (-no=sentences) coverage is lower. 50000
// executions (a few seconds of executor time; a 30 s run makes about
// 500000, bench/results/2026-11-29-sentences): at 6000 the sentence
// search has run too few sentences to grow an {{if}} block.
func TestSentences(t *testing.T) {
	for _, tc := range []struct {
		name     string
		min      float64
		sentence *regexp.Regexp // a call of the parser on a sentence only the search grows
		use      string         // the consumer called on a parsed value
	}{
		{"templang", 0.85, regexp.MustCompile(`"[^"]*\{\{(if|range) [^"]*\{\{end\}\}[^"]*"`), ".Render("},
		{"exprlang", 0.9, regexp.MustCompile(`"[^"\n]*[a-z0-9)] *(&&|\|\||[<>]=?|==|!=) *[a-z0-9(!-][^"\n]*"`), ".Eval("},
	} {
		t.Run(tc.name, func(t *testing.T) {
			endToEnd(t)
			dir := scratchModule(t, "../testdata/gen/"+tc.name, "example.com/"+tc.name)
			cfg := generator.Config{Dir: dir, Patterns: []string{"."}, Execs: 50000, Seed: 1, Workers: 2,
				CallTimeout: 300 * time.Millisecond}
			sum, src := genConfig(t, cfg)
			if sum.Coverage < tc.min {
				t.Errorf("coverage = %.2f, want at least %.2f\n%s", sum.Coverage, tc.min, src)
			}
			if !tc.sentence.Match(src) {
				t.Errorf("no test parses a sentence matching %s\n%s", tc.sentence, src)
			}
			if !bytes.Contains(src, []byte(tc.use)) {
				t.Errorf("no test calls %s on a parsed value\n%s", tc.use, src)
			}
			cfg.Disable = map[generator.Component]bool{generator.Sentences: true}
			off, _ := genConfig(t, cfg)
			if off.Coverage >= sum.Coverage {
				t.Errorf("coverage without the sentence search %.2f, with %.2f: want a gain", off.Coverage, sum.Coverage)
			}
		})
	}
}
