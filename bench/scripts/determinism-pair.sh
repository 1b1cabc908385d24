#!/usr/bin/env bash
# determinism-pair.sh: run gentest gen twice on one subject side by side
# (both runs at once, each in its own fresh copy), with GENTEST_DEBUG=1, and
# keep what tracing a difference needs: the two written files, the debug
# logs, the -json summaries and the load during the runs.
#
# usage: bench/scripts/determinism-pair.sh SUBJECT EXECS OUT [GENTEST]
#   SUBJECT    a subject in the colon form of lib.sh
#              ("github.com/montanaflynn/stats@v0.7.1:.")
#   EXECS      the -execs budget
#   OUT        a new directory for the results: {a,b}.go (the written
#              files), {a,b}.log (stderr, with the debug lines),
#              {a,b}.json (the summary), file.diff, uptime.txt, result.txt
#   GENTEST    a gentest binary (default: built from this checkout)
# With TRACE=1 each run also writes GENTEST_TRACE to {a,b}.trace (every
# sequence run and its result; tens of MB): the first line where the two
# traces differ is where the runs stopped agreeing.
# Needs GENTEST_BENCH or builds gentest-bench. Prints identical or
# DIFFERENT (also into result.txt) and exits 1 if the files differ.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
if [ $# -lt 3 ]; then
	usage
fi
subj=$1 execs=$2 out=$(abspath "$3")
mkdir -p "$out" || exit 2
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
gentest=${4:-$work/gentest}
if [ ! -x "$gentest" ]; then
	(cd "$bench_root" && go build -o "$gentest" ./cmd/gentest) || exit 2
fi
gentest=$(abspath "$gentest")
tool=$(bench_tool "$work") || exit 2
pids=()
for run in a b; do
	pkg=$(bench_prepare "$tool" "$subj" "$work/$run" 2>"$out/$run.prepare.log") || { echo "failed     prepare $run"; exit 2; }
	trace=
	if [ "${TRACE:-}" = 1 ]; then trace=$out/$run.trace; fi
	(cd "$pkg" && GENTEST_DEBUG=1 GENTEST_TRACE=$trace "$gentest" gen -json -seed=1 -execs="$execs" -o gentest_det_test.go . \
		>"$out/$run.json" 2>"$out/$run.log"; cp gentest_det_test.go "$out/$run.go") &
	pids+=($!)
done
{ uptime; } >"$out/uptime.txt"
while kill -0 "${pids[@]}" 2>/dev/null; do
	sleep 30
	uptime >>"$out/uptime.txt"
done
wait "${pids[@]}"
sed -i "s|$work|WORK|g; s|$gentest|GENTEST|g" "$out"/*.log "$out"/*.json 2>/dev/null
if [ ! -f "$out/a.go" ] || [ ! -f "$out/b.go" ]; then
	echo "failed     $subj" | tee "$out/result.txt"
	exit 2
fi
if cmp -s "$out/a.go" "$out/b.go"; then
	echo "identical  $subj ($(wc -l <"$out/a.go") lines)" | tee "$out/result.txt"
	rm -f "$out/file.diff"
	exit 0
fi
diff "$out/a.go" "$out/b.go" >"$out/file.diff"
echo "DIFFERENT  $subj" | tee "$out/result.txt"
exit 1
