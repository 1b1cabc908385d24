#!/usr/bin/env bash
# mutation-cost.sh: what the mutants cost gentest gen: the executor build
# (time to the search's start, with -no-cache so the executor is rebuilt
# each time; the go build cache stays warm), the search's throughput and
# the whole run, with mutants (the default) and without (-no=mutation),
# the two runs of a subject one after the other in fresh copies.
#
# usage: bench/scripts/mutation-cost.sh [-budget 10s] [-rounds 2] SUBJECTS GENTEST
#   SUBJECTS   a subjects file (bench/subjects.txt)
#   GENTEST    the gentest binary measured
# Prints a TSV: subject, mode, round, search_start_seconds (preparation and
# the executor's build), execs_per_sec, seconds (the whole run), tests.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=10s rounds=2
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-rounds) rounds=$2; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage
subjects=$1 gentest=$(abspath "$2")
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2
printf 'subject\tmode\tround\tsearch_start_seconds\texecs_per_sec\tseconds\ttests\n'
n=0
while read -r subj; do
	n=$((n + 1))
	for round in $(seq "$rounds"); do
		for mode in mutants nomutation; do
			flags=""
			[ $mode = nomutation ] && flags="-no=mutation"
			d="$work/$n-$round-$mode"
			if ! pkg=$(bench_prepare "$tool" "$subj" "$d" 2>"$d.log"); then
				printf '%s\t%s\t%s\tfailed\n' "$subj" "$mode" "$round"
				continue
			fi
			# shellcheck disable=SC2086
			(cd "$pkg" && "$gentest" gen -json -no-cache -seed=1 -budget="$budget" $flags . >"$d.json" 2>>"$d.log")
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$subj" "$mode" "$round" \
				"$(json_num "$d.json" search_start_seconds)" "$(json_num "$d.json" execs_per_sec)" \
				"$(json_num "$d.json" seconds)" "$(json_num "$d.json" tests)"
		done
	done
done < <(subject_lines "$subjects")
