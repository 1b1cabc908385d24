#!/usr/bin/env bash
# abphases.sh: where each configuration's gentest wall time went, package by
# package, from an ab.sh -bench -keep run: the wall time gentest-bench
# measured (gen_seconds) and the -json summary's phases (prepare: loading,
# analysis, executor build; search; minimize; judge; findings; verify),
# with the rest of the wall time (the harness's go commands around gentest
# and what the phases leave out) as "other".
#
# usage: bench/scripts/abphases.sh OUT > phases.md
#   OUT  an ab.sh output directory run with -bench -keep
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -eq 1 ] || usage
PYTHONPATH="$(dirname "$0")" python3 - "$1" <<'PY'
import csv, glob, json, os, re, sys
from abkept import kept_dirs, summary

out = sys.argv[1]
phases = ["prepare", "search", "minimize", "judge", "findings", "verify"]

names = sorted(d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d)) and d != "subjects")
print("| # | package | config | wall s | " + " | ".join(phases) + " | other |")
print("|---|---|---|--:|" + "--:|" * (len(phases) + 1))
for nn_file in sorted(os.listdir(os.path.join(out, "subjects"))):
    nn = nn_file[:2]
    subj = open(os.path.join(out, "subjects", nn_file)).read().split()
    pkg = subj[1] if subj[0] == "std" else subj[0].split("@")[0] + ("" if subj[1] == "." else "/" + subj[1])
    for name in names:
        res = glob.glob(os.path.join(out, name, nn + "-*", "results.csv"))
        if not res:
            continue
        r = next(csv.DictReader(open(res[0])))
        try:
            wall = float(r["gen_seconds"])
        except ValueError:
            continue
        kept = kept_dirs(out, name).get(nn)
        sm = summary(kept) if kept else None
        ph = (sm or {}).get("phases") or {}
        cells = ["%.0f" % ph[p] if p in ph else "NA" for p in phases]
        other = wall - sum(ph.get(p, 0) for p in phases) if ph else None
        print("| %s | %s | %s | %.0f | %s | %s |" % (nn, pkg, name, wall, " | ".join(cells), "NA" if other is None else "%.0f" % other))
PY
