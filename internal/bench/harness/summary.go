package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gentest-go/gentest/internal/bench/result"
)

// Summary is what the harness uses from gentest's -json summary. Every field
// the summary lacks is NA (or "" for File): the summary format belongs to
// gentest and may grow or change, and the harness must not turn a missing
// key into a zero.
type Summary struct {
	// Package is the package's import path as gentest saw it (in the
	// scratch copy); File is the generated test file as gentest named it.
	Package, File string
	// Coverage is in percent (gentest reports a fraction).
	Coverage, Tests, Findings, Excluded, Execs, ExecsPerSec, Seconds, Disagreements result.Value
	// PeakRSSMB is the largest resident set of one process of the run
	// (gentest or a child), PeakRSSTotalMB the largest sum of gentest's
	// and its children's at one moment, PrepPeakRSSMB gentest's own peak
	// when the search started, in MiB.
	PeakRSSMB, PeakRSSTotalMB, PrepPeakRSSMB result.Value
	// SearchStartSeconds is the time from gentest's start to the search's
	// (loading, analysis, the executor's build).
	SearchStartSeconds result.Value
	// Asserted is the asserted fraction of the written file in percent:
	// its cases whose test checks what the target returned or changed
	// (gentest reports a fraction, -1 for no file: NA).
	Asserted result.Value
}

// ParseSummary extracts the summary object from gentest's stdout. It takes the
// last JSON object that starts at the beginning of a line, so log lines
// before it do no harm. A top-level array is read as its first element.
func ParseSummary(stdout []byte) (Summary, error) {
	var raw map[string]json.RawMessage
	found := false
	for end := len(stdout); end >= 0 && !found; {
		i := bytes.LastIndexAny(stdout[:end], "{[")
		if i < 0 {
			break
		}
		end = i
		if i > 0 && stdout[i-1] != '\n' {
			continue
		}
		var v any
		if err := json.NewDecoder(bytes.NewReader(stdout[i:])).Decode(&v); err != nil {
			continue
		}
		if arr, ok := v.([]any); ok {
			if len(arr) == 0 {
				continue
			}
			v = arr[0]
		}
		obj, ok := v.(map[string]any)
		if !ok {
			continue
		}
		b, err := json.Marshal(obj)
		if err != nil {
			continue
		}
		if err := json.Unmarshal(b, &raw); err != nil {
			continue
		}
		found = true
	}
	if !found {
		return Summary{}, errors.New("no JSON summary object on stdout")
	}
	var s Summary
	if f, ok := raw["file"]; ok {
		_ = json.Unmarshal(f, &s.File)
	}
	if p, ok := raw["package"]; ok {
		_ = json.Unmarshal(p, &s.Package)
	}
	s.Coverage = number(raw, "coverage")
	if c, ok := s.Coverage.Get(); ok {
		s.Coverage = result.Of(100 * c)
	}
	s.Tests = number(raw, "tests")
	s.Findings = count(raw, "findings")
	s.Excluded = count(raw, "excluded")
	s.Disagreements = count(raw, "disagreements")
	s.Execs = number(raw, "execs")
	s.ExecsPerSec = number(raw, "execs_per_sec")
	if s.ExecsPerSec.IsNA() {
		e, eok := s.Execs.Get()
		sec, sok := number(raw, "seconds").Get()
		if eok && sok && sec > 0 {
			s.ExecsPerSec = result.Of(e / sec)
		}
	}
	s.Seconds = number(raw, "seconds")
	s.PeakRSSMB = number(raw, "peak_rss_mb")
	s.PeakRSSTotalMB = number(raw, "peak_rss_total_mb")
	s.PrepPeakRSSMB = number(raw, "prep_peak_rss_mb")
	s.SearchStartSeconds = number(raw, "search_start_seconds")
	if a, ok := number(raw, "asserted").Get(); ok && a >= 0 {
		s.Asserted = result.Of(100 * a)
	} else {
		s.Asserted = result.NA
	}
	return s, nil
}

func number(raw map[string]json.RawMessage, key string) result.Value {
	var f float64
	if m, ok := raw[key]; ok && json.Unmarshal(m, &f) == nil {
		return result.Of(f)
	}
	return result.NA
}

// count reads a key that is either a list (its length counts) or a number.
func count(raw map[string]json.RawMessage, key string) result.Value {
	m, ok := raw[key]
	if !ok {
		return result.NA
	}
	var list []json.RawMessage
	if json.Unmarshal(m, &list) == nil && list != nil {
		return result.Of(float64(len(list)))
	}
	if string(bytes.TrimSpace(m)) == "null" {
		return result.Of(0)
	}
	return number(raw, key)
}

// String is a one-line rendering for logs and test failures.
func (s Summary) String() string {
	return fmt.Sprintf("file=%q tests=%s cov=%s findings=%s execs/s=%s rss=%s",
		s.File, s.Tests.Format(0), s.Coverage.Format(1), s.Findings.Format(0), s.ExecsPerSec.Format(1), s.PeakRSSMB.Format(1))
}

// CSVColumns name the cells of CSV, in order.
var CSVColumns = []string{"gen_reported_cov", "tests", "findings", "execs", "execs_per_sec", "peak_rss_mb", "peak_rss_total_mb", "prep_peak_rss_mb", "search_start_seconds"}

// CSV is the summary's numbers as cells of a CSV line (NA where the
// summary has none), for bench/scripts/gen.sh.
func (s Summary) CSV() []string {
	return []string{s.Coverage.Format(2), s.Tests.Format(0), s.Findings.Format(0), s.Execs.Format(0), s.ExecsPerSec.Format(1),
		s.PeakRSSMB.Format(1), s.PeakRSSTotalMB.Format(1), s.PrepPeakRSSMB.Format(1), s.SearchStartSeconds.Format(2)}
}
