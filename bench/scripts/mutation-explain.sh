#!/usr/bin/env bash
# mutation-explain.sh: the mutants behind a disagreement between gremlins and
# gentest's engine, from the tools' own reports that gentest-bench -keep left
# for one subject: gentest's survivors (file:line operator original -> mutant)
# and gremlins' mutants that did not end KILLED (status, class, file:line),
# each per test set, with counts per class.
#
# usage: bench/scripts/mutation-explain.sh DIR [human|gen|both]...
#   DIR   a kept subject directory (SCRATCH/NN-package, holding
#         mutate-{human,gen,both}.json and gremlins-{human,gen,both}.json)
#   the test sets to print (default: all three)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
dir=$1
shift
sets=${*:-human gen both}
for s in $sets; do
	python3 - "$dir" "$s" <<'PY'
import collections, json, os, sys
d, s = sys.argv[1:]
print("== %s tests" % s)
p = os.path.join(d, "mutate-%s.json" % s)
if os.path.exists(p):
    m = json.loads(open(p).read().splitlines()[0])
    print("gentest: %d mutants, killed %d + %d by timeout, survived %d, not covered %d, skipped %d, score %.1f" % (
        m["mutants"], m["killed"], m["killed_timeout"], m["survived"], m["not_covered"], m["skipped"], m["score"]))
    by = collections.Counter(v["op"] for v in m["survivors"])
    print("  survivors by class: " + ", ".join("%s %d" % kv for kv in sorted(by.items())))
    for v in m["survivors"]:
        print("  survived %s:%d %s: %s -> %s" % (v["file"], v["line"], v["op"], v["orig"], v["repl"] or "(removed)"))
p = os.path.join(d, "gremlins-%s.json" % s)
if os.path.exists(p):
    g = json.load(open(p))
    st = collections.Counter()
    rows = []
    for f in g.get("files", []):
        for v in f.get("mutations", []):
            st[v["status"]] += 1
            if v["status"] != "KILLED":
                rows.append("  %s %s:%d %s" % (v["status"], os.path.basename(f["file_name"]), v["line"], v["type"]))
    print("gremlins: " + ", ".join("%s %d" % kv for kv in sorted(st.items())))
    for r in sorted(rows):
        print(r)
PY
done
