#!/bin/sh
# scale.sh: times one shard of a large module with the fact cache cold and
# warm (issue 35, Deliver 5).
#
# usage: bench/scripts/scale.sh GENTEST MODULE OUT [gen flags...]
#
# GENTEST is a gentest binary, MODULE a module directory (left untouched:
# every run works on a fresh copy of it in OUT/mod), OUT a new directory.
# The gen flags (say -shard=1/10 -budget=2s) are passed to every run, with
# -json; the pattern is ./... . Three runs, one after the other, share the
# gentest cache OUT/cache (XDG_CACHE_HOME; GOCACHE stays the user's, so the
# go command's build cache is warm in all three):
#
#   cold    the gentest cache empty: facts and executors computed
#   warm    the same again: facts and executors from the cache
#   nofacts the facts dropped from the cache (executors kept): what the
#           fact cache alone saves
#
# Each run writes OUT/RUN.json (gen -json), OUT/RUN.log (stderr) and
# OUT/RUN.time (/usr/bin/time: wall s, user s, sys s, max RSS KiB).
# If GENTEST has a check command, OUT/check-{cold,warm}.* time
# `gentest check` with the same shard, on the files the warm run wrote.
set -eu
[ $# -ge 3 ] || { sed -n '2,/^set/p' "$0" | sed '$d'; exit 2; }
gentest=$1 mod=$2 out=$3
shift 3
mkdir "$out"
out=$(cd "$out" && pwd)
export GOCACHE="$(go env GOCACHE)"
export XDG_CACHE_HOME="$out/cache"
mkdir -p "$XDG_CACHE_HOME"

fresh() {
	rm -rf "$out/mod"
	cp -r "$mod" "$out/mod"
	chmod -R u+w "$out/mod"
}

run() {
	name=$1
	shift
	(cd "$out/mod" && /usr/bin/time -f '%e %U %S %M' -o "$out/$name.time" \
		"$gentest" "$@" >"$out/$name.json" 2>"$out/$name.log") || true
	echo "$name: $(cat "$out/$name.time" | tail -1)"
}

fresh
run cold gen -json "$@" ./...
fresh
run warm gen -json "$@" ./...
rm -rf "$XDG_CACHE_HOME/gentest/facts"
fresh
run nofacts gen -json "$@" ./...
if "$gentest" help 2>&1 | grep -q 'gentest check'; then
	# check reads the files gen wrote: generate once more (warm) and keep them.
	fresh
	run gen-for-check gen -json "$@" ./...
	rm -rf "$XDG_CACHE_HOME/gentest/facts"
	run check-cold check "$@" ./...
	run check-warm check "$@" ./...
fi
