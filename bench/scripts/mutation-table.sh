#!/usr/bin/env bash
# mutation-table.sh: the mutation tables of issue 30's Done-when from one or
# more mutation.sh output directories: per package, the mutation score of the
# human tests, the generated file and both, with gremlins and with gentest's
# engine where measured; the counts "generated >= human" and "human +
# generated > human where human < 100%" per tool; and, where both tools ran,
# each pair of scores with its difference over all mutants and over the
# operator classes both tools have.
#
# usage: bench/scripts/mutation-table.sh DIR...
#   DIR   a mutation.sh OUT (its NN-package/results.csv, mutation.csv and
#         mutation-operators.csv are read); packages in the order given
# Prints Markdown on stdout.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
python3 - "$@" <<'PY'
import csv, glob, os, sys

# The operator classes both tools have (as in 2026-11-28-mutation30):
# gremlins' arithmetic_base, conditionals_boundary, conditionals_negation;
# gentest's arith, rel-boundary, rel-negate, cond-negate.
SHARED = {"gremlins": {"arithmetic_base", "conditionals_boundary", "conditionals_negation"},
          "gentest": {"arith", "rel-boundary", "rel-negate", "cond-negate"}}
TESTS = ("human", "generated", "both")

def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None

rows = []  # one per package, in the order of the directories
for d in sys.argv[1:]:
    for sub in sorted(glob.glob(os.path.join(d, "*"))):  # NN-package, or any directory with results.csv
        if not os.path.isdir(sub) or not os.path.exists(os.path.join(sub, "results.csv")):
            continue
        r = next(csv.DictReader(open(os.path.join(sub, "results.csv"))), None)
        if r is None:
            continue
        row = {"package": r["package"], "human_cov": num(r["human_cov"]), "gen_cov": num(r["gen_cov"]),
               "tests": r["tests"], "error": r.get("error", ""), "score": {}, "counts": {}, "shared": {}}
        mpath = os.path.join(sub, "mutation.csv")
        if os.path.exists(mpath):
            for m in csv.DictReader(open(mpath)):
                if m["error"] or num(m["score"]) is None:
                    continue
                row["score"][(m["tool"], m["tests"])] = num(m["score"])
                row["counts"][(m["tool"], m["tests"])] = m
        opath = os.path.join(sub, "mutation-operators.csv")
        if os.path.exists(opath):
            for o in csv.DictReader(open(opath)):
                if o["operator"] not in SHARED.get(o["tool"], ()):
                    continue
                k, n = row["shared"].get((o["tool"], o["tests"]), (0, 0))
                killed = int(o["killed"]) + int(o["timed_out"])
                n += killed + int(o["lived"]) + int(o["not_covered"])
                row["shared"][(o["tool"], o["tests"])] = (k + killed, n)
        rows.append(row)

def f(v):
    return "NA" if v is None else "%.1f" % v

print("| package | human cov % | gen cov % | tests | gremlins human | gremlins gen | gremlins both | gentest human | gentest gen | gentest both |")
print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
for r in rows:
    s = r["score"]
    print("| %s | %s | %s | %s | %s |" % (r["package"], f(r["human_cov"]), f(r["gen_cov"]), r["tests"].replace(".0", ""),
          " | ".join(f(s.get((t, k))) for t in ("gremlins", "gentest") for k in TESTS)))
print()
for tool in ("gremlins", "gentest"):
    have = [r for r in rows if (tool, "human") in r["score"] and (tool, "generated") in r["score"]]
    if not have:
        continue
    mean = lambda k: sum(r["score"][(tool, k)] for r in have if (tool, k) in r["score"]) / max(1, sum((tool, k) in r["score"] for r in have))
    ge = sum(r["score"][(tool, "generated")] >= r["score"][(tool, "human")] for r in have)
    below = [r for r in have if r["score"][(tool, "human")] < 100 and (tool, "both") in r["score"]]
    more = [r for r in below if r["score"][(tool, "both")] > r["score"][(tool, "human")]]
    print("- %s: mean human %.1f, generated %.1f, both %.1f (n=%d); generated >= human on **%d of %d**; "
          "human + generated > human on **%d of %d** where human < 100%%%s" % (
              tool, mean("human"), mean("generated"), mean("both"), len(have), ge, len(have), len(more), len(below),
              "" if len(more) == len(below) else " (not: " + ", ".join(r["package"] for r in below if r not in more) + ")"))
print()

pairs = [(r, k) for r in rows for k in TESTS if ("gremlins", k) in r["score"] and ("gentest", k) in r["score"]]
if pairs:
    print("Both tools on the same tests: Δ = gentest − gremlins, bold from 5 points; shared = the classes both tools have.")
    print()
    print("| package | tests | gremlins % | gentest % | Δ | gremlins shared % (k/n) | gentest shared % (k/n) | Δ shared | mutants gremlins / gentest | timed out gremlins / gentest | not covered gremlins / gentest |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    within = within_shared = 0
    for r, k in pairs:
        a, b = r["score"][("gremlins", k)], r["score"][("gentest", k)]
        ca, cb = r["counts"][("gremlins", k)], r["counts"][("gentest", k)]
        sa, sb = r["shared"].get(("gremlins", k), (0, 0)), r["shared"].get(("gentest", k), (0, 0))
        pa = 100.0 * sa[0] / sa[1] if sa[1] else None
        pb = 100.0 * sb[0] / sb[1] if sb[1] else None
        dd = b - a
        ds = None if pa is None or pb is None else pb - pa
        within += abs(dd) < 5
        within_shared += ds is not None and abs(ds) < 5
        bold = lambda v: "NA" if v is None else ("**%+.1f**" % v if abs(v) >= 5 else "%+.1f" % v)
        tot = lambda c: sum(int(c[x]) for x in ("killed", "lived", "timed_out", "not_covered"))
        print("| %s | %s | %.1f | %.1f | %s | %s (%d/%d) | %s (%d/%d) | %s | %d / %d | %s / %s | %s / %s |" % (
            r["package"], k, a, b, bold(dd), f(pa), sa[0], sa[1], f(pb), sb[0], sb[1], bold(ds),
            tot(ca), tot(cb), ca["timed_out"], cb["timed_out"], ca["not_covered"], cb["not_covered"]))
    print()
    print("- Of the %d pairs, **%d are within 5 points over all mutants, %d over the shared classes**." % (len(pairs), within, within_shared))
PY
