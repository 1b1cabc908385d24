#!/usr/bin/env bash
# ablation.sh: what each configuration of one gentest binary writes and
# kills, at a fixed -execs (no clock in the result): per subject and
# configuration, gentest gen -execs -json in a fresh scratch copy, then
# gentest mutate -json on the written file alone (gentest's own engine).
#
# usage: bench/scripts/ablation.sh [-execs N] SUBJECTS OUT GENTEST NAME=GEN_FLAGS...
#   SUBJECTS   a subjects file (bench/subjects.txt)
#   OUT        the output directory: OUT/NAME/NN.gen.json and NN.mutate.json
#              the raw outputs, OUT/NN-NAME_test.go the written file, and
#              OUT/table.md one row per subject and configuration
#   GENTEST    the gentest binary
#   NAME=GEN_FLAGS
#              a configuration: a name and more gentest gen flags,
#              words separated by spaces ("all=" for none,
#              "noasserts=-no=mutation-asserts")
#   -execs N   gentest gen -execs (default 3000)
# The copies are gentest-bench's (human tests removed), so complement mode
# is off and the file stands alone.
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
[ $# -ge 4 ] || usage
subjects=$1 out=$(abspath "$2") gentest=$(abspath "$3")
shift 3
mkdir -p "$out"
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2
table=$out/table.md
echo "| subject | config | tests | lines | coverage | mutants | killed (judge) | score (gentest mutate, file alone) | gen seconds |" >"$table"
echo "|---|---|--:|--:|--:|--:|--:|--:|--:|" >>"$table"
n=0
for subj in $(subject_lines "$subjects"); do
	n=$((n + 1))
	nn=$(printf %02d $n)
	for cfg in "$@"; do
		name=${cfg%%=*} flags=${cfg#*=}
		mkdir -p "$out/$name"
		dest=$work/$nn-$name
		if ! pkg=$(bench_prepare "$tool" "$subj" "$dest" 2>"$out/$name/$nn.log"); then
			echo "| $subj | $name | prepare failed | | | | | | |" >>"$table"
			continue
		fi
		start=$(date +%s)
		# shellcheck disable=SC2086
		(cd "$pkg" && "$gentest" gen -q -seed=1 -execs="$execs" -json -o gentest_ablation_test.go $flags . >"$out/$name/$nn.gen.json" 2>>"$out/$name/$nn.log")
		secs=$(($(date +%s) - start))
		file=$pkg/gentest_ablation_test.go
		lines=-
		if [ -f "$file" ]; then
			lines=$(wc -l <"$file")
			cp "$file" "$out/$nn-${name}_test.go"
			(cd "$pkg" && "$gentest" mutate -json -include gentest_ablation_test.go . >"$out/$name/$nn.mutate.json" 2>>"$out/$name/$nn.log")
		fi
		g=$out/$name/$nn.gen.json m=$out/$name/$nn.mutate.json
		echo "| $subj | $name | $(json_num "$g" tests) | $lines | $(json_num "$g" coverage) | $(json_num "$g" mutants) | $(json_num "$g" killed) | $(json_num "$m" score) | $secs |" >>"$table"
	done
done
cat "$table"
