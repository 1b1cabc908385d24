#!/usr/bin/env bash
# determinism.sh: run gentest gen twice on every subject of a subjects file,
# with the same seed and -execs and the default -p, each run in its own fresh
# copy of the package, and compare the written files byte for byte.
#
# usage: bench/scripts/determinism.sh SUBJECTS [EXECS] [GENTEST] [GENTEST_B]
#   SUBJECTS   a subjects file (bench/subjects.txt, bench/corpus.txt)
#   EXECS      the -execs budget (default 3000)
#   GENTEST    a gentest binary (default: built from this checkout)
#   GENTEST_B  a second binary for the second run (default: GENTEST): two
#              builds that should behave the same (a refactoring before and
#              after) must write the same files
# The copies are gentest-bench's (gentest-bench -prepare: the module, or a
# std package in a scratch module; human tests removed). Prints one line per
# subject (identical / DIFFERENT / failed) and exits 1 if any pair differs.
# To check under load, run it beside a load of your own; two binaries at
# once: run it twice, each with one binary, at the same time.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
if [ $# -lt 1 ]; then
	usage
fi
subjects=$1
execs=${2:-3000}
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
gentest=${3:-$work/gentest}
if [ ! -x "$gentest" ]; then
	(cd "$bench_root" && go build -o "$gentest" ./cmd/gentest) || exit 2
fi
gentest=$(abspath "$gentest")
gentest_b=$(abspath "${4:-$gentest}")
tool=$(bench_tool "$work") || exit 2
status=0
n=0
while read -r subj; do
	n=$((n + 1))
	outs=()
	for run in a b; do
		bin=$gentest
		if [ $run = b ]; then bin=$gentest_b; fi
		if ! pkg=$(bench_prepare "$tool" "$subj" "$work/$n$run" 2>"$work/$n$run.log"); then
			outs+=("")
			continue
		fi
		(cd "$pkg" && "$bin" gen -q -seed=1 -execs="$execs" -o gentest_det_test.go . >"$work/$n$run.log" 2>&1)
		outs+=("$pkg/gentest_det_test.go")
	done
	if [ ! -f "${outs[0]}" ] || [ ! -f "${outs[1]}" ]; then
		echo "failed     $subj: $(tail -1 "$work/${n}a.log")"
	elif cmp -s "${outs[0]}" "${outs[1]}"; then
		echo "identical  $subj ($(wc -l <"${outs[0]}") lines)"
	else
		echo "DIFFERENT  $subj"
		diff "${outs[0]}" "${outs[1]}" | head -20
		status=1
	fi
done < <(subject_lines "$subjects")
exit $status
