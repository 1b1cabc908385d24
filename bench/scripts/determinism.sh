#!/usr/bin/env bash
# determinism.sh: run gentest gen twice on every subject of a subjects file,
# with the same seed and -execs and the default -p, each run in its own fresh
# copy of the package, and compare the written files byte for byte.
#
# usage: bench/scripts/determinism.sh SUBJECTS [EXECS] [GENTEST] [GENTEST_B]
#   SUBJECTS   a subjects file (bench/subjects.txt)
#   EXECS      the -execs budget (default 3000)
#   GENTEST    a gentest binary (default: built from this checkout)
#   GENTEST_B  a second binary for the second run (default: GENTEST): two
#              builds that should behave the same (a refactoring before and
#              after) must write the same files
# Prints one line per subject (identical / DIFFERENT / failed) and exits 1 if
# any pair differs.
set -uo pipefail
subjects=$1
execs=${2:-3000}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
gentest=${3:-$work/gentest}
gentest_b=${4:-$gentest}
if [ ! -x "$gentest" ]; then
	(cd "$root" && go build -o "$gentest" ./cmd/gentest) || exit 2
fi
# copy SUBJECT-LINE DEST: a module with the package at DEST/pkg.
copy() {
	local mod=$1 dir=$2 dest=$3
	mkdir -p "$dest"
	if [ "$mod" = std ]; then
		local name=${dir//\//_}
		cp -r "$(go env GOROOT)/src/$dir" "$dest/pkg"
		rm -f "$dest"/pkg/*_test.go
		rm -rf "$dest/pkg/testdata"
		printf 'module benchstd/%s\n\ngo 1.26\n' "$name" >"$dest/go.mod"
		echo "$dest/pkg"
		return
	fi
	local src
	src=$(go mod download -json "$mod" | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')
	cp -r "$src/." "$dest/"
	chmod -R u+w "$dest"
	(cd "$dest" && go mod tidy >/dev/null 2>&1)
	echo "$dest/$dir"
}
status=0
n=0
while read -r mod dir _; do # _: a trailing comment (bench/corpus.txt)
	case "$mod" in '' | '#'*) continue ;; esac
	n=$((n + 1))
	outs=()
	for run in a b; do
		bin=$gentest
		if [ $run = b ]; then bin=$gentest_b; fi
		pkg=$(copy "$mod" "$dir" "$work/$n$run")
		(cd "$pkg" && "$bin" gen -q -seed=1 -execs="$execs" -o gentest_det_test.go . >"$work/$n$run.log" 2>&1)
		outs+=("$pkg/gentest_det_test.go")
	done
	if [ ! -f "${outs[0]}" ] || [ ! -f "${outs[1]}" ]; then
		echo "failed     $mod $dir: $(tail -1 "$work/${n}a.log")"
	elif cmp -s "${outs[0]}" "${outs[1]}"; then
		echo "identical  $mod $dir ($(wc -l <"${outs[0]}") lines)"
	else
		echo "DIFFERENT  $mod $dir"
		diff "${outs[0]}" "${outs[1]}" | head -20
		status=1
	fi
done <"$subjects"
exit $status
