#!/bin/sh
# focus-phases.sh GENTEST GENTEST_BENCH OUT
#
# Where the time of gentest gen -run on one function goes (issue 35): for
# each of three public subjects (prepared by gentest-bench, human tests
# removed), gen -budget 10s -json -run on one function twice, with one
# gentest cache OUT/cache (run 1: the executor built, facts computed unless
# an earlier subject left them; run 2: warm, the editor's case). Each line
# gentest logs is prefixed with the wall-clock time it was read, so the gaps
# between the phase lines (load, model, build, search, minimize, judge,
# verify, write) give each phase's time. Writes OUT/NAME-RUN.log and
# OUT/NAME-RUN.json, and prints the wall seconds of each run.
set -eu
. "$(dirname "$0")/lib.sh"
[ $# -ge 3 ] || usage
gentest=$(abspath "$1") tool=$(abspath "$2") out=$(abspath "$3")
mkdir -p "$out/cache"
export XDG_CACHE_HOME="$out/cache"
for line in "github.com/Masterminds/semver/v3@v3.5.0:.:^NewVersion\$" \
	"github.com/google/uuid@v1.6.0:.:^Parse\$" \
	"github.com/dustin/go-humanize@v1.1.0:.:^Bytes\$"; do
	subj=${line%:*}
	run=${line##*:}
	name=$(echo "$subj" | sed 's|.*/||; s|@.*||')
	dir=$(bench_prepare "$tool" "$subj" "$out/$name")
	for c in 1 2; do
		rm -f "$dir"/*_gentest_test.go
		s=$(date +%s.%N)
		(cd "$dir" && nice -n 10 "$gentest" gen -budget 10s -json -run "$run" . 2>&1 >"$out/$name-$c.json" |
			while IFS= read -r l; do echo "$(date +%H:%M:%S.%N | cut -c1-12) $l"; done >"$out/$name-$c.log")
		e=$(date +%s.%N)
		echo "$name run$c wall $(echo "$e - $s" | bc)"
	done
done
