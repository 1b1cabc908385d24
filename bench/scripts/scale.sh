#!/bin/sh
# scale.sh: times one shard of a large module with the fact cache cold and
# warm, for gen and for check (issue 35, Deliver 5).
#
# usage: bench/scripts/scale.sh GENTEST MODULE OUT [gen flags...]
#
# GENTEST is a gentest binary, MODULE a module directory (left untouched:
# every gen run works on a fresh copy of it in OUT/mod), OUT a new
# directory. The flags (say -shard=1/10 -budget=2s) are passed to every
# gen run, and those of them starting -shard to check runs (check takes no
# budget); the pattern is ./... . The runs, one after the other, share the
# gentest cache OUT/cache (XDG_CACHE_HOME; GOCACHE stays the user's, so the
# go command's build cache is warm in all of them):
#
#   cold       gen, the gentest cache empty: facts and executors computed
#   warm       gen again on a fresh copy: facts and executors from the cache
#   check-cold gentest check on the files warm wrote, the facts dropped
#   check-warm the same again, the facts cached by check-cold
#   nofacts    gen on a fresh copy with the facts dropped from the cache
#              (executors kept): what the fact cache alone saves in gen;
#              only with NOFACTS=1 (it is as long as warm)
#
# Each run writes OUT/RUN.json (gen -json), OUT/RUN.log (stderr) and
# OUT/RUN.time (/usr/bin/time: wall s, user s, sys s, max RSS KiB).
# check runs only if GENTEST has a check command. GOWORK is off: the
# module is measured alone.
set -eu
[ $# -ge 3 ] || { sed -n '2,/^set/p' "$0" | sed '$d'; exit 2; }
gentest=$1 mod=$2 out=$3
shift 3
mkdir "$out"
out=$(cd "$out" && pwd)
export GOCACHE="$(go env GOCACHE)"
export XDG_CACHE_HOME="$out/cache"
export GOWORK=off
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
	echo "$name: $(tail -1 "$out/$name.time")"
}

checkflags=
for f in "$@"; do
	case $f in -shard*) checkflags="$checkflags $f" ;; esac
done

fresh
run cold gen -json "$@" ./...
fresh
run warm gen -json "$@" ./...
if "$gentest" help 2>&1 | grep -q 'gentest check'; then
	# check reads the files the warm run left in OUT/mod.
	rm -rf "$XDG_CACHE_HOME/gentest/facts"
	run check-cold check $checkflags ./...
	run check-warm check $checkflags ./...
fi
if [ "${NOFACTS:-}" = 1 ]; then
	rm -rf "$XDG_CACHE_HOME/gentest/facts"
	fresh
	run nofacts gen -json "$@" ./...
fi
rm -rf "$out/mod"
