#!/usr/bin/env bash
# scores-ab.sh: a side-by-side Markdown table of mutation-execs.sh results
# from several runs (two binaries, or one with a -no= ablation): per
# subject, each run's killed mutants, score, tests, lines and coverage
# (where the scores file has it), then the totals (killed, tests, lines)
# and the mean score and coverage over the subjects every run measured.
# A scores file holds one binary's rows: split a two-binary file by its
# label column first (awk -F'\t' 'NR==1||$2=="a"').
#
# usage: bench/scripts/scores-ab.sh NAME=SCORES[,SCORES...] ...
#   NAME     the run's column name (main, strong, nostrong)
#   SCORES   a mutation-execs.sh OUT/scores.tsv; several for one run (a run
#            split over subject lists) are read in turn
# Prints Markdown on stdout.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
python3 - "$@" <<'PY'
import csv, sys

runs, order = [], []
for arg in sys.argv[1:]:
    name, _, files = arg.partition("=")
    rows = {}
    for f in files.split(","):
        with open(f) as fh:
            for r in csv.DictReader(fh, delimiter="\t"):
                rows[r["subject"]] = r
                if r["subject"] not in order:
                    order.append(r["subject"])
    runs.append((name, rows))

def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None

# coverage (mutation-execs.sh's gen -json statement coverage, a fraction)
# is shown as a percentage where the files have it; it does not decide
# whether a subject counts as measured by all.
head = "| subject | " + " | ".join(f"{n} killed | {n} score | {n} tests | {n} lines | {n} cov" for n, _ in runs) + " |"
print(head)
print("|---|" + "---:|" * (5 * len(runs)))
tot = {n: [0, 0, 0, 0.0, 0.0, 0] for n, _ in runs}  # killed, tests, lines, score sum, cov sum, cov n
common = 0
for subj in order:
    cells, complete = [], True
    for n, rows in runs:
        r = rows.get(subj)
        vals = [num(r[k]) if r else None for k in ("killed", "score", "tests", "lines")]
        complete = complete and None not in vals
        cells += ["NA" if v is None else (f"{v:.1f}" if k == 1 else f"{v:.0f}") for k, v in enumerate(vals)]
        cov = num(r.get("coverage")) if r else None
        cells.append("NA" if cov is None else f"{100 * cov:.1f}")
    if complete:
        common += 1
        for n, rows in runs:
            r = rows[subj]
            t = tot[n]
            t[0] += num(r["killed"]); t[1] += num(r["tests"]); t[2] += num(r["lines"]); t[3] += num(r["score"])
            cov = num(r.get("coverage"))
            if cov is not None:
                t[4] += cov; t[5] += 1
    print(f"| {subj} | " + " | ".join(cells) + " |")
if common:
    cells = []
    for n, _ in runs:
        k, te, li, sc, cv, cn = tot[n]
        cells += [f"{k:.0f}", f"{sc / common:.1f}", f"{te:.0f}", f"{li:.0f}", f"{100 * cv / cn:.1f}" if cn else "NA"]
    print(f"| total / mean over {common} measured by all | " + " | ".join(cells) + " |")
PY
