#!/usr/bin/env python3
"""compare.py: this directory's stream-s-*.csv (gentest at the end of the
fourth session of 2026-11-27) against ../2026-11-27-unrun14's
stream-u-*.csv (eaca2a3) and against the best fuzzing sample of each
package (the CSVs ../2026-11-27-corpus-final/compare-max.py reads); run from
the repository root."""
import csv, glob, statistics
fz = {}
for p in ["bench/results/2026-11-26-fzgen-corpus/fuzz-sample1.csv", "bench/results/2026-11-26-fzgen-corpus/fuzz-sample2.csv",
          "bench/results/2026-11-26-fzgen-corpus/rerun-fixed-script.csv", "bench/results/2026-11-27-fzgen17f/all.csv",
          "bench/results/2026-11-27-fzgen17f/rerun-vet-off.csv"]:
    for r in csv.reader(open(p)):
        if len(r) < 5:
            continue
        try:
            v = float(r[3])
        except ValueError:
            continue
        fz.setdefault(r[0], []).append(v)
def coverage(pattern):
    """gentest's coverage per subject in the stream CSVs; None when a run
    gave no number."""
    out = {}
    for p in sorted(glob.glob(pattern)):
        for r in csv.reader(open(p)):
            try:
                out[r[0]] = float(r[4])
            except (ValueError, IndexError):
                out[r[0]] = None
    return out
old = {s: v for s, v in coverage("bench/results/2026-11-27-unrun14/stream-u-*.csv").items() if v is not None}
new = coverage("bench/results/2026-11-27-stack14/stream-s-*.csv")
both = [s for s in new if s in old and new[s] is not None]
print(len(new), "packages run;", len(both), "with a number in both tables")
print("mean: before %.1f, now %.1f" % (statistics.mean(old[s] for s in both), statistics.mean(new[s] for s in both)))
up = sorted((new[s] - old[s], s) for s in both if new[s] - old[s] >= 1)
down = sorted((new[s] - old[s], s) for s in both if new[s] - old[s] <= -1)
print("up by 1 point or more:", len(up)); [print("  %+.1f %s (%.1f -> %.1f)" % (d, s, old[s], new[s])) for d, s in reversed(up)]
print("down by 1 point or more:", len(down)); [print("  %+.1f %s (%.1f -> %.1f)" % (d, s, old[s], new[s])) for d, s in down]
cmp = [s for s in both if s in fz]
print("against the best fuzzing sample: gentest >= fuzzing on %d of %d" % (sum(new[s] >= max(fz[s]) for s in cmp), len(cmp)))
for s in cmp:
    if new[s] < max(fz[s]):
        print("  below fuzzing:", s, new[s], max(fz[s]))
missing = [s for s in new if new[s] is None]
if missing:
    print("no number:", missing)
