#!/bin/sh
# update.sh: regenerates one package several times in the same copy, as a
# team running go generate does, and says whether each run changed the
# file, and how (issue 35: update without churn).
#
# usage: bench/scripts/update.sh GENTEST PKGDIR OUT RUNS [gen flags...]
#
# PKGDIR is a package directory without go.mod (testdata/gen/keyedtree, or
# a standard package's in GOROOT/src): its .go files, test files left out,
# are copied into the module example.com/NAME in OUT/mod. Each of the RUNS runs is `gentest gen -json
# FLAGS .` there; OUT/runN.json and OUT/runN.log are its summary and
# stderr, OUT/fileN.go the file it left, and OUT/diffs.txt says for each
# run after the first: identical, additions only, or changed (with the
# diff).
set -eu
[ $# -ge 4 ] || { sed -n '2,/^set/p' "$0" | sed '$d'; exit 2; }
gentest=$1 pkg=$2 out=$3 runs=$4
shift 4
name=$(basename "$pkg")
mkdir -p "$out/mod/pkg"
printf 'module example.com/%s\n\ngo 1.22\n' "$name" >"$out/mod/go.mod"
for f in "$pkg"/*.go; do
	case $f in *_test.go) continue ;; esac
	cp "$f" "$out/mod/pkg/"
done
: >"$out/diffs.txt"
i=1
while [ "$i" -le "$runs" ]; do
	(cd "$out/mod/pkg" && "$gentest" gen -json "$@" . >"$out/run$i.json" 2>"$out/run$i.log") || true
	cp "$out/mod/pkg/${name}_gentest_test.go" "$out/file$i.go"
	if [ "$i" -gt 1 ]; then
		prev=$((i - 1))
		if cmp -s "$out/file$prev.go" "$out/file$i.go"; then
			echo "run $i: identical to run $prev" >>"$out/diffs.txt"
		elif diff "$out/file$prev.go" "$out/file$i.go" | grep -q '^<'; then
			echo "run $i: changed lines of run $prev" >>"$out/diffs.txt"
			diff "$out/file$prev.go" "$out/file$i.go" >>"$out/diffs.txt" || true
		else
			echo "run $i: additions only to run $prev" >>"$out/diffs.txt"
			diff "$out/file$prev.go" "$out/file$i.go" >>"$out/diffs.txt" || true
		fi
	fi
	i=$((i + 1))
done
cat "$out/diffs.txt" | grep '^run'
