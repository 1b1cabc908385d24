#!/bin/sh
# focus-timing.sh OUT [BUDGET]
#
# Wall time of gentest gen -run on one function of three public subjects
# (issue 35: a run on one function returns in seconds), against the whole
# package at the same budget, warm. Each subject is prepared by
# gentest-bench (human tests removed); the -run run is made twice, the first
# with empty executor and fact caches (cold), the second the editor's case
# (warm); then the whole package runs once, warm.
# Writes OUT/focus.tsv: subject, run ("-" for the whole package), cold or
# warm, wall seconds, tests written, coverage after.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
out=$(abspath "$1")
budget=${2:-10s}
mkdir -p "$out"
tool=$(bench_tool "$out")
gentest=${GENTEST:-}
if [ -z "$gentest" ]; then
	(cd "$bench_root" && go build -o "$out/gentest" ./cmd/gentest)
	gentest=$out/gentest
fi
cache=$(mktemp -d)
printf 'subject\trun\tcache\tseconds\ttests\tcoverage\n' >"$out/focus.tsv"
for line in "github.com/google/uuid@v1.6.0:.:^Parse\$" \
	"github.com/Masterminds/semver/v3@v3.5.0:.:^NewVersion\$" \
	"github.com/dustin/go-humanize@v1.1.0:.:^Bytes\$"; do
	subj=${line%:*}
	run=${line##*:}
	for sel in "$run" -; do
		scratch=$(mktemp -d)
		dir=$(bench_prepare "$tool" "$subj" "$scratch/m")
		modes="cold warm"
		[ "$sel" = - ] && modes=warm
		for c in $modes; do
			[ "$c" = cold ] && rm -rf "$cache" && mkdir -p "$cache"
			rm -f "$dir"/*_gentest_test.go
			set -- gen -budget "$budget" -json -q
			[ "$sel" != - ] && set -- "$@" -run "$sel"
			t0=$(date +%s.%N)
			(cd "$dir" && XDG_CACHE_HOME=$cache nice -n 10 "$gentest" "$@" . >"$out/last.json" 2>"$out/last.err") || true
			t1=$(date +%s.%N)
			printf '%s\t%s\t%s\t%.1f\t%s\t%s\n' "$subj" "$sel" "$c" "$(echo "$t1 - $t0" | bc)" \
				"$(json_num "$out/last.json" tests)" "$(json_num "$out/last.json" coverage_after)" >>"$out/focus.tsv"
		done
		rm -rf "$scratch"
	done
done
rm -rf "$cache" "$out/last.json" "$out/last.err" "$out/gentest-bench" "$out/gentest"
