#!/usr/bin/env bash
# ab.sh: gentest-bench over a subjects file with several gentest binaries or
# configurations (an A/B of two builds, engines, switched-off components),
# subject by subject so that the configurations of one subject meet the same
# load, then gentest-bench -compare of each against the first.
#
# usage: bench/scripts/ab.sh [-budget 30s] [-serial] [-bench 'FLAGS'] SUBJECTS OUT NAME=GENTEST[:GEN FLAGS]...
#   SUBJECTS   a subjects file (bench/subjects.txt)
#   OUT        the output directory: OUT/NAME/NN-package/ holds each
#              configuration's gentest-bench results (results.csv, results.md,
#              runs.csv) of the NN-th subject, OUT/NAME.log its progress, and
#              OUT/compare-NAME.md its comparison with the first configuration
#   NAME=GENTEST[:GEN FLAGS]
#              a configuration: a name, a gentest binary and more gentest gen
#              flags, space-separated (random=./gentest:-engine=random,
#              base=/path/gentest-main, new=/path/gentest-branch)
#   -budget D  gentest gen -budget (default 30s; gentest-bench's -budget)
#   -serial    run the configurations of a subject one after the other
#              (default: all at once, which on 2 cores means 2 configurations)
#   -bench F   more gentest-bench flags, space-separated (-smoke for the light
#              measurement, -seeds 3, -flags is taken by the configurations)
# Build two binaries to compare with a worktree:
#   git worktree add ../base BASE && (cd ../base && go build -o /path/gentest-base ./cmd/gentest)
# GENTEST_BENCH names a prebuilt gentest-bench (default: built from this checkout).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=30s serial="" benchflags=""
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-serial) serial=1; shift ;;
	-bench) benchflags=$2; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 3 ] || usage
subjects=$1 out=$(abspath "$2")
shift 2
names=() bins=() flags=()
for c in "$@"; do
	name=${c%%=*} rest=${c#*=}
	bin=${rest%%:*} fl=""
	[ "$bin" = "$rest" ] || fl=${rest#*:}
	[ -x "$bin" ] || { echo "ab.sh: $name: $bin is not an executable" >&2; exit 2; }
	names+=("$name") bins+=("$(abspath "$bin")") flags+=("$fl")
done
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
	for i in "${!names[@]}"; do
		name=${names[$i]}
		echo "$(date -u +%T) $nn $subj load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >>"$out/$name.log"
		# shellcheck disable=SC2086
		"$tool" -subjects "$out/subjects/$nn.txt" -budget "$budget" -gentest "${bins[$i]}" \
			-flags "${flags[$i]}" -out "$out/$name/$nn-$slug" $benchflags >>"$out/$name.log" 2>&1 &
		[ -z "$serial" ] || wait
	done
	wait
done < <(subject_lines "$subjects")

for name in "${names[@]:1}"; do
	"$tool" -compare "$out/${names[0]}" "$out/$name" >"$out/compare-$name.md"
	echo "== ${names[0]} -> $name ($out/compare-$name.md)"
	sed -n '/^[0-9]* packages/,/^After/p' "$out/compare-$name.md"
done
