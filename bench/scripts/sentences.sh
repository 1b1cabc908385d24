#!/usr/bin/env bash
# sentences.sh: coverage of the structured-input fixtures (testdata/gen/
# exprlang, selectorlang, templang, propsfile) at a time budget, one
# configuration per run: each fixture copied to a scratch module, then
# gentest gen -seed=1 -budget=BUDGET -json FLAGS.
#
# usage: bench/scripts/sentences.sh REPO OUT GENTEST NAME [BUDGET [FLAGS...]]
#   REPO     the gentest checkout (its testdata/gen)
#   OUT      output directory: OUT/NAME-FIXTURE.json, OUT/NAME-FIXTURE_test.go.txt
#   GENTEST  the gentest binary
#   NAME     the configuration's name (after, before, nosentences)
#   BUDGET   gentest gen -budget (default 30s)
#   FLAGS    more gentest gen flags (-no=sentences)
set -uo pipefail
[ $# -ge 4 ] || { sed -n '2,14p' "$0"; exit 2; }
repo=$(cd "$1" && pwd) out=$2 gentest=$(cd "$(dirname "$3")" && pwd)/$(basename "$3") name=$4
budget=${5:-30s}
shift 4; [ $# -gt 0 ] && shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for fx in exprlang selectorlang templang propsfile; do
	dir=$work/$fx
	mkdir -p "$dir"
	cp "$repo/testdata/gen/$fx/"*.go "$dir/"
	printf 'module example.com/%s\n\ngo 1.22\n' "$fx" >"$dir/go.mod"
	(cd "$dir" && "$gentest" gen -q -seed=1 -budget="$budget" -json "$@" . >"$out/$name-$fx.json" 2>"$out/$name-$fx.log")
	# No machine paths in what is kept: the scratch directory is WORK.
	sed -i "s#$work#WORK#g" "$out/$name-$fx.json" "$out/$name-$fx.log"
	cp "$dir/${fx}_gentest_test.go" "$out/$name-${fx}_test.go.txt" 2>/dev/null
	printf '%s %s %s\n' "$name" "$fx" "$(grep -o '"coverage":[0-9.]*' "$out/$name-$fx.json" | head -1)"
done
