#!/usr/bin/env bash
# mutation.sh: the mutation score of the human tests, the generated file and
# both, with gentest's own engine (gentest mutate) and with gremlins, on the
# same copies: gentest-bench -mutation=both per subject, a few subjects at a
# time, then gentest-bench -compare of the two tools on each set of tests.
#
# usage: bench/scripts/mutation.sh [-budget 30s] [-j 2] [-bench 'FLAGS'] SUBJECTS OUT GENTEST
#   SUBJECTS   a subjects file (bench/subjects.txt); packages without human
#              tests give only the generated file's scores
#   OUT        the output directory: OUT/NN-package/ holds gentest-bench's
#              results (results.csv, results.md, mutation.csv,
#              mutation-operators.csv) of the NN-th subject, OUT/NN-package.log
#              its progress, OUT/compare-{human,gen,both}.md gremlins (before)
#              against gentest (after) on each set of tests
#   GENTEST    the gentest binary measured; its `gentest mutate` is the engine
#   -budget D  gentest gen -budget (default 30s)
#   -j N       subjects measured at once (default 2: each gremlins run uses
#              every core, so more only slows both tools down)
#   -bench F   more gentest-bench flags, space-separated (-keep -work DIR)
# GENTEST_BENCH names a prebuilt gentest-bench (default: built from this checkout).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=30s jobs=2 benchflags=""
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-j) jobs=$2; shift 2 ;;
	-bench) benchflags=$2; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -eq 3 ] || usage
subjects=$1 out=$(abspath "$2") gentest=$(abspath "$3")
[ -x "$gentest" ] || { echo "mutation.sh: $gentest is not an executable" >&2; exit 2; }
mkdir -p "$out/subjects"
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2

n=0
while read -r subj; do
	n=$((n + 1))
	nn=$(printf '%02d' "$n")
	echo "${subj/:/ }" >"$out/subjects/$nn.txt"
	slug=$(echo "${subj#*:}" | tr -c 'A-Za-z0-9.\n-' '_')
	[ "${subj%%:*}" = std ] || slug=$(echo "${subj%@*}/${subj#*:}" | tr -c 'A-Za-z0-9.\n-' '_')
	# At most $jobs gentest-bench processes at once.
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
	echo "$(date -u +%T) $nn $subj load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >>"$out/mutation.log"
	# shellcheck disable=SC2086
	"$tool" -subjects "$out/subjects/$nn.txt" -budget "$budget" -gentest "$gentest" -mutation=both \
		-out "$out/$nn-$slug" $benchflags >"$out/$nn-$slug.log" 2>&1 &
done < <(subject_lines "$subjects")
wait

for t in human gen both; do
	"$tool" -compare -threshold 5 "$out#mut_gremlins_$t" "$out#mut_gentest_$t" >"$out/compare-$t.md"
	echo "== $t tests: gremlins -> gentest ($out/compare-$t.md)"
	sed -n '/^[0-9]* packages/,/^After/p' "$out/compare-$t.md"
done
