package report

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gentest-go/gentest/internal/bench/result"
)

func v(f float64) result.Value { return result.Of(f) }

// fixture has one fully measured subject with two seeds, one whose human
// tests could not run (NA), and one that could not be prepared at all.
func fixture() []result.Subject {
	run := func(seed int64, gen, comb float64) result.Run {
		return result.Run{Seed: seed, Budget: 30 * time.Second, GenCov: v(gen), CombinedCov: v(comb),
			CompileOK: v(1), Pass: v(1), Flaky: v(0), Tests: v(12), Findings: v(1), GenSeconds: v(31),
			ExecsPerSec: v(900), PeakRSSMB: v(400), Asserted: v(gen / 2)}
	}
	return []result.Subject{
		{
			Name: "std", Package: "container/ring", HumanCov: v(80),
			Runs: []result.Run{run(1, 60, 90), run(2, 70, 95)},
			Curve: []result.CurvePoint{
				{Budget: 2 * time.Second, Cov: v(20)}, {Budget: 5 * time.Second, Cov: v(40)},
				{Budget: 10 * time.Second, Cov: result.NA, Err: "boom"}, {Budget: 30 * time.Second, Cov: v(60)},
				{Budget: 60 * time.Second, Cov: v(65)},
			},
		},
		{
			Name: "example.com/m@v1.0.0", Package: "example.com/m", HumanNote: "tests failed: build failed",
			Runs: []result.Run{run(1, 50, 0), {Seed: 2, Err: "gentest gen: exit status 1"}},
		},
		{Name: "std", Package: "strings", Err: "preparing std strings: strings imports internal/bytealg"},
	}
}

func TestSummarizeNA(t *testing.T) {
	rows := []Row{}
	for _, s := range fixture() {
		rows = append(rows, Summarize(s))
	}
	if got := rows[0].Gen.Median.Format(1); got != "65.0" {
		t.Errorf("median gen = %s, want 65.0", got)
	}
	if !rows[1].HumanCov.IsNA() {
		t.Errorf("human cov = %s, want NA", rows[1].HumanCov.Format(1))
	}
	// The failed seed's coverage is NA and must not drag the median to 0.
	if got := rows[1].Gen.Median.Format(1); got != "50.0" {
		t.Errorf("median gen with a failed seed = %s, want 50.0", got)
	}
	if rows[1].Failed != 1 || rows[1].Err == "" {
		t.Errorf("failed = %d, err = %q", rows[1].Failed, rows[1].Err)
	}
	if !rows[2].Gen.Median.IsNA() || !rows[2].CompileOK.IsNA() {
		t.Error("an unprepared subject has measurements")
	}
	tot := Total(rows)
	if tot.NHuman != 1 || tot.NGen != 2 || tot.NRatio != 1 || tot.NBoth != 1 || tot.CombinedBetter != 1 {
		t.Errorf("totals = %+v", tot)
	}
	if got := tot.MeanRatio.Format(4); got != "0.8125" {
		t.Errorf("mean ratio = %s, want 0.8125", got)
	}
	if got := tot.MeanGen.Format(1); got != "57.5" {
		t.Errorf("mean gen = %s, want 57.5 (NA excluded)", got)
	}
}

func TestWriteCSV(t *testing.T) {
	var rows []Row
	for _, s := range fixture() {
		rows = append(rows, Summarize(s))
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"subject", "package", "human_cov", "gen_cov", "combined_cov", "compile_ok", "pass", "flaky",
		"tests", "findings", "gen_seconds", "execs_per_sec", "peak_rss_mb"}
	for i, c := range want {
		if recs[0][i] != c {
			t.Errorf("column %d = %q, want %q", i, recs[0][i], c)
		}
	}
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4", len(recs))
	}
	col := func(name string) int {
		for i, c := range recs[0] {
			if c == name {
				return i
			}
		}
		t.Fatalf("no column %q", name)
		return -1
	}
	if got := recs[1][col("gen_cov")]; got != "65.00" {
		t.Errorf("gen_cov = %q", got)
	}
	// The asserted fraction per package, the median over seeds.
	if got := recs[1][col("asserted")]; got != "32.5" {
		t.Errorf("asserted = %q, want 32.5", got)
	}
	if got := recs[3][col("asserted")]; got != "NA" {
		t.Errorf("asserted of a subject never generated = %q, want NA", got)
	}
	if got := recs[2][col("human_cov")]; got != "NA" {
		t.Errorf("human_cov of untestable subject = %q, want NA", got)
	}
	for _, c := range want[2:] {
		if got := recs[3][col(c)]; got != "NA" {
			t.Errorf("error row %s = %q, want NA", c, got)
		}
	}
	if !strings.Contains(recs[3][col("error")], "internal/bytealg") {
		t.Errorf("error column = %q", recs[3][col("error")])
	}
}

func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	meta := Meta{
		Budget: 30 * time.Second, Seeds: []int64{1, 2},
		Machine:      Machine{GoVersion: "go version go1.26 linux/amd64", NumCPU: 2, MemoryMB: 1024, CPUModel: "Test CPU", Date: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)},
		CurveBudgets: []time.Duration{2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, 60 * time.Second},
		Ablate:       []string{"constants"},
		Gremlins:     "gremlins",
	}
	subjects := fixture()
	subjects[0].Ablations = []result.Ablation{{Runs: subjects[0].Runs}, {Disabled: "constants", Runs: []result.Run{{GenCov: v(10)}}}}
	subjects[0].Gremlins = &result.MutationSet{Human: &result.Mutation{Score: v(75), Killed: 3, Lived: 1}}
	if err := WriteAll(dir, subjects, meta); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| std | container/ring | 80.0 | 65.0 (60.0–70.0) | 92.5 (90.0–95.0) | yes | yes |",
		"| example.com/m@v1.0.0 | example.com/m | NA |",
		"Mean ratio gen/human coverage: **0.81** over the 1 subject(s)",
		"Combined > human: **1 of 1**",
		"go version go1.26 linux/amd64", "CPUs (nproc): 2", "Test CPU", "1024 MB", "2026-01-02T03:04:05Z",
		"internal/bytealg",
		"| -no=constants |", "| 10.0 |",
		"| std | container/ring | 20.0 | 40.0 | NA | 60.0 | 65.0 |",
		"## Mutation testing",
	} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("results.md lacks %q", want)
		}
	}
	for _, f := range []string{"results.csv", "runs.csv", "curve.csv", "ablation.csv", "mutation.csv", "curve-average.svg", "curve-container_ring.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Error(err)
			continue
		}
		if strings.HasSuffix(f, ".svg") {
			if err := xml.Unmarshal(b, new(struct{})); err != nil {
				t.Errorf("%s is not XML: %v", f, err)
			}
			if !bytes.Contains(b, []byte("<polyline")) {
				t.Errorf("%s draws no line", f)
			}
		}
	}
	if out := os.Getenv("GENTEST_BENCH_KEEP_SVG"); out != "" {
		b, _ := os.ReadFile(filepath.Join(dir, "curve-average.svg"))
		os.WriteFile(out, b, 0o644)
	}
}

func TestWriteAllDeterministic(t *testing.T) {
	meta := Meta{Budget: time.Second, Seeds: []int64{1}, CurveBudgets: []time.Duration{2 * time.Second, 5 * time.Second}}
	var first []byte
	for i := range 3 {
		dir := t.TempDir()
		if err := WriteAll(dir, fixture(), meta); err != nil {
			t.Fatal(err)
		}
		md, _ := os.ReadFile(filepath.Join(dir, "results.md"))
		if i == 0 {
			first = md
		} else if !bytes.Equal(md, first) {
			t.Fatal("results.md differs between identical runs")
		}
	}
}
