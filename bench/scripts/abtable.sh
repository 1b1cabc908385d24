#!/usr/bin/env bash
# abtable.sh: one table of several ab.sh runs, package by package: human
# coverage, each configuration's generated coverage, its ratio to the human
# tests, the differences against the first configurations, gentest's wall
# time and how it splits (from the kept -json summaries: preparation before
# the search, the search, then judge, minimization and verification), and
# whether DSE ran (of the configuration "main", else the last). The
# differences are main-before and main-nodse when those configurations
# ran, else each configuration against the first. ab.sh writes one comparison per configuration pair; this
# puts every configuration of a subject on one row, which the issue tables
# (issues 33 and 34) need.
#
# usage: bench/scripts/abtable.sh [-budget S] [-lang FILE] OUT... > table.md
#   OUT        an ab.sh output directory (OUT/NAME/NN-slug/results.csv and,
#              with ab.sh -bench -keep, the gentest -json summaries in the
#              scratch directories that gentest-bench's logs name)
#   -budget S  the gen budget in seconds (default 30): wall times over
#              S + 60 are flagged
#   -lang FILE a subjects file whose lines carrying "LANG" in their comment
#              are the packages that parse a language (marked L in the table)
# With ABTABLE_CSV=FILE the table is also written as CSV to FILE.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=30 lang=""
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-lang) lang=$2; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
PYTHONPATH="$(dirname "$0")" python3 - "$budget" "$lang" "${ABTABLE_CSV:-}" "$@" <<'PY'
import csv, glob, json, os, re, sys
from abkept import kept_dirs, summary

budget, langfile, csvout, outs = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]

lang = set()
if langfile:
    for line in open(langfile):
        body, _, comment = line.partition("#")
        f = body.split()
        if len(f) == 2 and "LANG" in comment:
            lang.add(f[1] if f[0] == "std" else f[0].split("@")[0] + ("" if f[1] == "." else "/" + f[1]))

def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None

rows, names = {}, []
for out in outs:
    cfgs = sorted(d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d)) and d != "subjects")
    for name in cfgs:
        if name not in names:
            names.append(name)
        kept = kept_dirs(out, name)
        for sub in sorted(os.listdir(os.path.join(out, name))):
            res = os.path.join(out, name, sub, "results.csv")
            if not os.path.exists(res):
                continue
            for r in csv.DictReader(open(res)):
                subj = open(os.path.join(out, "subjects", sub[:2] + ".txt")).read().split()
                key = subj[1] if subj[0] == "std" else subj[0].split("@")[0] + ("" if subj[1] == "." else "/" + subj[1])
                row = rows.setdefault((out, sub[:2]), {"key": key, "order": (outs.index(out), sub[:2])})
                row.setdefault("human", num(r["human_cov"]))
                if row["human"] is None:
                    row["human"] = num(r["human_cov"])
                row[name] = {"gen": num(r["gen_cov"]), "secs": num(r["gen_seconds"]), "err": r["error"],
                             "sum": summary(kept[sub[:2]]) if sub[:2] in kept else None}

def f1(v):
    return "NA" if v is None else "%.1f" % v

def split(sm, wall):
    """Where gentest's wall time went: before the search (loading, executor
    build; the summary's search_start_seconds), the search, and the rest of
    the wall time the harness measured (judge, minimization, verification,
    writing the file). The summary's own "seconds" is not used: it leaves
    out part of the run."""
    if not sm or "search_start_seconds" not in sm:
        return ""
    pre, search = sm["search_start_seconds"], sm.get("search_seconds", 0)
    return " (pre %.0fs, search %.0fs, after %.0fs)" % (pre, search, wall - pre - search)

def dse(sm):
    """The DSE cell of a summary: ran/off, queries, sat, goals covered."""
    if not sm:
        return "NA"
    d = sm.get("dse")
    if not d:
        return "-"
    if not d.get("ran"):
        return "off" + (" (%s)" % d["off"] if d.get("off") else "")
    return "q%d s%d c%d" % (d.get("queries", 0), d.get("sat", 0), d.get("covered", 0))

def ratio(g, h):
    return None if g is None or not h else g / h

base = names[0] if names else None
order = [n for n in ("before", "main", "nodse") if n in names] + [n for n in names if n not in ("before", "main", "nodse")]
# The differences shown: issue 33's main against before and nodse when
# those configurations ran, else each configuration against the first.
pairs = [(a, b) for a, b in (("main", "before"), ("main", "nodse")) if a in names and b in names] or \
    [(n, order[0]) for n in order[1:]]
dsecfg = "main" if "main" in names else order[-1] if order else "main"
hdr = ["#", "package", "L", "human"] + order + ["%s-%s" % p for p in pairs] + ["ratio " + n for n in order] + \
    ["wall " + n for n in order] + ["DSE " + dsecfg, "flags"]
print("| " + " | ".join(hdr) + " |")
print("|" + "---|" * len(hdr))
table = []
agg = {n: [] for n in order}
for k in sorted(rows, key=lambda k: rows[k]["order"]):
    row = rows[k]
    h = row["human"]
    gens = {n: row.get(n, {}).get("gen") for n in order}
    secs = {n: row.get(n, {}).get("secs") for n in order}
    d = lambda a, b: None if gens.get(a) is None or gens.get(b) is None else gens[a] - gens[b]
    flags = []
    for n in order:
        if secs[n] is not None and secs[n] > budget + 60:
            flags.append("%s wall %.0fs > %gs%s" % (n, secs[n], budget + 60, split(row[n]["sum"], secs[n])))
        if row.get(n, {}).get("err"):
            flags.append("%s: %s" % (n, row[n]["err"][:60]))
    for a, b in pairs:
        v = d(a, b)
        if v is not None and v < -1:
            flags.append("%s loses %.1f vs %s" % (a, -v, b))
    for n in order:
        r = ratio(gens[n], h)
        if r is not None:
            agg[n].append((row["key"], r))
    cells = [k[1], row["key"], "L" if row["key"] in lang else "", f1(h)] + [f1(gens[n]) for n in order] + \
        [f1(d(a, b)) for a, b in pairs] + \
        ["NA" if ratio(gens[n], h) is None else "%.2f" % ratio(gens[n], h) for n in order] + \
        [("NA" if secs[n] is None else "%.0f" % secs[n]) for n in order] + \
        [dse(row.get(dsecfg, {}).get("sum")), "; ".join(flags)]
    print("| " + " | ".join(cells) + " |")
    table.append(dict(zip(hdr, cells)))

# Means over the packages where every configuration has a ratio, so that the
# means compare the same packages.
common = None
for n in order:
    s = {p for p, _ in agg[n]}
    common = s if common is None else common & s
print()
print("Mean generated/human coverage ratio over the %d packages with a human coverage and a result in every configuration:" % len(common or ()))
for n in order:
    vals = [r for p, r in agg[n] if p in common]
    if vals:
        print("- %s: %.3f" % (n, sum(vals) / len(vals)))
if csvout:
    with open(csvout, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=hdr)
        w.writeheader()
        w.writerows(table)
PY
