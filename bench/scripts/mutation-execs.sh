#!/usr/bin/env bash
# mutation-execs.sh: the generated file's mutation score at a fixed
# execution budget, for two gentest binaries on the same copies: the
# deterministic A/B of a change to what the files check, which a time
# budget on a shared machine cannot give (the load decides how far a 30 s
# search gets).
#
# usage: bench/scripts/mutation-execs.sh [-execs N] SUBJECTS OUT GENTEST_A [GENTEST_B]
#   SUBJECTS   a subjects file (bench/subjects.txt, bench/corpus.txt)
#   OUT        output directory: OUT/scores.tsv, one row per subject and
#              binary: subject, label (a or b), mutants, killed (timeouts
#              not included), score (gentest mutate on the written file
#              alone, human tests removed; timeouts count as killed), tests
#              and lines of the file, coverage (gen -json's statement
#              coverage of the file) and idle (gen -json's mutation.idle:
#              written tests that kill nothing and cover nothing the others
#              do not); OUT/logs/ the runs, gen's and mutate's JSON
#   GENTEST_A  the first binary; its `gentest mutate` is the engine for
#              both (the same mutants for both files)
#   GENTEST_B  the second binary (optional)
#   -execs N   gentest gen -execs (default 3000), seed 1
set -uo pipefail
. "$(dirname "$0")/lib.sh"
execs=3000
while [ $# -gt 0 ]; do
	case $1 in
	-execs) execs=$2; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 3 ] || usage
subjects=$1 out=$(abspath "$2") bin_a=$(abspath "$3")
bins=("$bin_a")
if [ $# -ge 4 ]; then bins+=("$(abspath "$4")"); fi
mkdir -p "$out/logs"
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2
# first FILE KEY: the first number under KEY in a one-line JSON object (the
# package's, before the per-operator counts repeat the key).
first() { grep -o "\"$2\":[0-9.]*" "$1" | head -1 | cut -d: -f2; }
printf 'subject\tlabel\tmutants\tkilled\tscore\ttests\tlines\tcoverage\tidle\n' >"$out/scores.tsv"
# idle FILE: how many tests gen -json's mutation.idle names (NA if none).
idle() { python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); d=d[0] if isinstance(d,list) else d
m=d.get("mutation") or {}; print(len(m["idle"]) if "idle" in m else "NA")' "$1" 2>/dev/null || echo NA; }
n=0
while read -r subj; do
	n=$((n + 1))
	for i in "${!bins[@]}"; do
		label=$(printf '%b' "\\x$(printf '%x' $((97 + i)))")
		log="$out/logs/$n$label.log"
		if ! pkg=$(bench_prepare "$tool" "$subj" "$work/$n$label" 2>"$log"); then
			printf '%s\t%s\tNA\tNA\tNA\tNA\tNA\tNA\tNA\n' "$subj" "$label" >>"$out/scores.tsv"
			continue
		fi
		gj="$out/logs/$n$label.gen.json"
		(cd "$pkg" && "${bins[$i]}" gen -q -json -seed=1 -execs="$execs" -o gentest_mx_test.go . >"$gj" 2>>"$log")
		if [ ! -f "$pkg/gentest_mx_test.go" ]; then
			printf '%s\t%s\tNA\tNA\tNA\t0\t0\tNA\tNA\n' "$subj" "$label" >>"$out/scores.tsv"
			continue
		fi
		tests=$(grep -c '^func Test' "$pkg/gentest_mx_test.go")
		lines=$(wc -l <"$pkg/gentest_mx_test.go")
		# The engine of the first binary for both: the same mutants.
		res="$out/logs/$n$label.json"
		(cd "$pkg" && "$bin_a" mutate -json -include=gentest_mx_test.go . >"$res" 2>>"$log")
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$subj" "$label" "$(first "$res" mutants)" \
			"$(first "$res" killed)" "$(first "$res" score)" "$tests" "$lines" "$(first "$gj" coverage)" "$(idle "$gj")" >>"$out/scores.tsv"
	done
done < <(subject_lines "$subjects")
