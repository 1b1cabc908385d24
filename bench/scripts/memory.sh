#!/usr/bin/env bash
# memory.sh: gentest's peak memory and warm start on each subject, at a few
# budgets, after one short run that fills the fact and executor caches (so
# the runs that count do not carry the analysis of the dependencies and the
# executor's build, which a second run on the same machine skips).
#
# usage: bench/scripts/memory.sh [-budgets '10s 60s'] GENTEST OUT SUBJECT...
#   GENTEST  a gentest binary
#   OUT      the output directory: OUT/memory.csv (bench/scripts/gen.sh's
#            columns: peak_rss_mb, the largest process; peak_rss_total_mb,
#            the largest sum at one moment; prep_peak_rss_mb, gentest's own
#            before the search; search_start_seconds, the warm start), and
#            OUT/runs/ with each run's summary, whose peak_rss_by_process
#            says which process was the largest
#   SUBJECT  as gen.sh takes it ("github.com/cespare/xxhash/v2@v2.3.0:.")
# Every run is seed 1, one after the other.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budgets="10s 60s"
if [ "${1:-}" = -budgets ]; then
	budgets=$2
	shift 2
fi
if [ $# -lt 3 ]; then
	usage
fi
gentest=$1 out=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GENTEST_BENCH=$(bench_tool "$work") || exit 2
export GENTEST_BENCH
gen=$(dirname "$0")/gen.sh
for subj in "$@"; do
	"$gen" "$gentest" "$subj" -seed=1 -budget=2s >/dev/null # fills the caches
	for b in $budgets; do
		label=$(echo "$subj" | tr -c 'A-Za-z0-9.\n-' '_')-$b
		"$gen" -label "$label" -out "$out/runs" -csv "$out/memory.csv" "$gentest" "$subj" -seed=1 -budget="$b"
	done
done
