#!/usr/bin/env python3
"""compare-max.py: gentest-final.csv against the largest fuzzing coverage
any sample of a subject got (the fuzzing CSVs of ../2026-11-26-fzgen-corpus
and ../2026-11-27-fzgen17f); run from the repository root."""
import csv, statistics
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
g, f, close = [], [], []
for r in csv.reader(open("bench/results/2026-11-27-corpus-final/gentest-final.csv")):
    gv, fv = float(r[4]), max(fz[r[0]])
    g.append(gv); f.append(fv)
    if gv - fv < 3:
        close.append((round(gv - fv, 1), r[0], fv, gv))
print(len(g), "subjects; gentest >= the best fuzzing sample:", sum(a >= b for a, b in zip(g, f)),
      "; mean fuzzing %.1f, gentest %.1f" % (statistics.mean(f), statistics.mean(g)))
for c in sorted(close):
    print("within 3 points:", c)
