#!/usr/bin/env bash
# dse.sh: DSE on and off (-no=dse) on one subject, same seed, at a time
# budget and at a fixed execution budget (twice with DSE, to check that a
# fixed seed and -execs give byte-identical files with it), through gen.sh.
#
# usage: bench/scripts/dse.sh OUT GENTEST [SUBJECT [BUDGET [EXECS [SEED]]]]
#   OUT      a new directory for the runs (gen.sh -out: LABEL.json,
#            LABEL.stderr, LABEL.go) and runs.csv
#   GENTEST  a gentest binary; z3 must be on PATH
#   SUBJECT  default testdata/gen/hardconds
#   BUDGET   default 20s; EXECS default 30000; SEED default 1
# Prints, and writes to OUT/dse.tsv, each run's coverage and its -json dse
# summary; then whether the two -execs runs with DSE wrote the same file.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || usage
out=$(abspath "$1") gentest=$(abspath "$2")
subject=${3:-$bench_root/testdata/gen/hardconds}
budget=${4:-20s} execs=${5:-30000} seed=${6:-1}
command -v z3 >/dev/null || { echo "dse.sh: z3 is not on PATH" >&2; exit 2; }
mkdir -p "$out"
gen="$(dirname "$0")/gen.sh"
run() { # LABEL FLAGS...
	local label=$1
	shift
	nice -n 10 "$gen" -out "$out" -label "$label" -csv "$out/runs.csv" "$gentest" "$subject" "$@" >/dev/null
}
run dse-budget "-budget=$budget" "-seed=$seed"
run nodse-budget "-budget=$budget" "-seed=$seed" -no=dse
run dse-execs-a "-execs=$execs" "-seed=$seed"
run dse-execs-b "-execs=$execs" "-seed=$seed"
run nodse-execs "-execs=$execs" "-seed=$seed" -no=dse
python3 - "$out" <<'PY' | tee "$out/dse.tsv"
import json, sys, os
out = sys.argv[1]
keys = ["ran", "attempts", "paths", "queries", "sat", "unsat", "unknown", "proposed", "covered",
        "seconds", "query_median_seconds", "query_p90_seconds"]
print("\t".join(["run", "coverage", "execs", "search_seconds"] + keys))
for label in ["dse-budget", "nodse-budget", "dse-execs-a", "dse-execs-b", "nodse-execs"]:
    with open(os.path.join(out, label + ".json")) as f:
        s = json.JSONDecoder().raw_decode(f.read().lstrip())[0]
    d = s.get("dse") or {}
    print("\t".join([label, "%.1f" % (100 * s["coverage"]), str(s["execs"]), "%.1f" % s["search_seconds"]] +
                    [str(d.get(k, "")) for k in keys]))
PY
if cmp -s "$out/dse-execs-a.go" "$out/dse-execs-b.go"; then
	echo "identical: dse-execs-a.go dse-execs-b.go" | tee -a "$out/dse.tsv"
else
	echo "DIFFERENT: dse-execs-a.go dse-execs-b.go" | tee -a "$out/dse.tsv"
fi
