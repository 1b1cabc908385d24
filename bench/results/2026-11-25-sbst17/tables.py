#!/usr/bin/env python3
"""Prints the markdown tables of NOTES.md from engines.jsonl and curve.jsonl
(run1.sh's lines): coverage in percent, gentest's own measure of the file it
wrote. Usage: python3 tables.py [DIR]."""
import json, os, statistics, sys
from collections import defaultdict

d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

def load(name):
    p = os.path.join(d, name)
    return [json.loads(l) for l in open(p)] if os.path.exists(p) else []

def short(s):
    return s.split("_", 1)[1].replace("github.com_", "").replace("_", "/") if "_" in s else s

def pct(r):
    return None if r.get("coverage") is None else 100 * r["coverage"]

def fmt(v):
    return "NA" if v is None else "%.1f" % v

# rerun.jsonl: runs repeated after a failure; a later line replaces an
# earlier one of the same subject, label and seed.
eng = load("engines.jsonl") + load("rerun.jsonl")
cov = defaultdict(dict)   # (subject, seed) -> label -> pct
execs = defaultdict(dict)
finds = defaultdict(dict)
for r in eng:
    cov[(r["subject"], r["seed"])][r["label"]] = pct(r)
    execs[(r["subject"], r["seed"])][r["label"]] = r.get("execs")
    finds[(r["subject"], r["seed"])][r["label"]] = r.get("findings") or []
subjects = sorted({s for s, _ in cov})

print("## Engines, seed 1, 20 s (local search and input-to-state on)\n")
labels = ["random", "hybrid", "sbst"]
print("| subject | " + " | ".join(labels) + " | execs random / hybrid / sbst |")
print("|---|" + "--:|" * len(labels) + "--:|")
means = defaultdict(list)
for s in subjects:
    row = cov.get((s, 1), {})
    if not all(row.get(l) is not None for l in labels):
        continue
    for l in labels:
        means[l].append(row[l])
    print("| %s | %s | %s |" % (short(s), " | ".join(fmt(row[l]) for l in labels),
                               " / ".join(str(execs[(s, 1)].get(l)) for l in labels)))
print("| **mean (n=%d)** | %s | |" % (len(means["random"]), " | ".join("**%.1f**" % statistics.mean(means[l]) for l in labels)))

print("\n## Engines, seeds 1-3, 20 s\n")
print("| subject | " + " | ".join("%s (mean, min-max)" % l for l in labels) + " |")
print("|---|" + "--:|" * len(labels))
for s in subjects:
    vals = {l: [cov[(s, k)][l] for k in (1, 2, 3) if l in cov.get((s, k), {}) and cov[(s, k)][l] is not None] for l in labels}
    if not all(len(v) == 3 for v in vals.values()):
        continue
    print("| %s | %s |" % (short(s), " | ".join("%.1f (%.1f-%.1f)" % (statistics.mean(v), min(v), max(v)) for v in vals.values())))

print("\n## Local search (LS) and input-to-state (I2S) off, seed 1, 20 s\n")
abl = ["", "-no-ls", "-no-i2s", "-no-ls-i2s"]
heads = ["both on", "LS off", "I2S off", "both off"]
for e in [x for x in ["hybrid", "random"] if any(x + "-no-ls" in v for v in cov.values())]:
    print("\n%s engine:\n" % e)
    print("| subject | " + " | ".join(heads) + " |")
    print("|---|" + "--:|" * len(heads))
    m = defaultdict(list)
    for s in subjects:
        row = cov.get((s, 1), {})
        if not all(row.get(e + a) is not None for a in abl):
            continue
        for a in abl:
            m[a].append(row[e + a])
        print("| %s | %s |" % (short(s), " | ".join(fmt(row[e + a]) for a in abl)))
    if m:
        print("| **mean (n=%d)** | %s |" % (len(m[""]), " | ".join("**%.1f**" % statistics.mean(m[a]) for a in abl)))

cur = load("curve.jsonl")
fix = [r for r in cur if r["subject"] == "relations"]
if fix:
    print("\n## Fixture testdata/gen/relations, 20 s\n")
    print("| engine | seed 1 | seed 2 | seed 3 |")
    print("|---|--:|--:|--:|")
    fx = defaultdict(dict)
    for r in fix:
        fx[r["label"]][r["seed"]] = pct(r)
    for l in labels:
        print("| %s | %s |" % (l, " | ".join(fmt(fx[l].get(k)) for k in (1, 2, 3))))
curve = defaultdict(dict)
for r in cur:
    if r["label"].startswith("curve-"):
        curve[(r["subject"], r["label"][6:])][r["budget"]] = pct(r)
if curve:
    budgets = ["2s", "5s", "10s", "20s", "30s", "60s"]
    print("\n## Coverage curve, seed 1\n")
    print("| subject | engine | " + " | ".join(budgets) + " |")
    print("|---|---|" + "--:|" * len(budgets))
    for (s, e), v in sorted(curve.items()):
        print("| %s | %s | %s |" % (short(s), e, " | ".join(fmt(v.get(b)) for b in budgets)))
