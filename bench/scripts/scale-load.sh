#!/bin/sh
# scale-load.sh: times gentest gen's load and analysis alone (the part the
# fact cache acts on) on a fresh copy of a module, and interrupts the run
# once gen has logged its "loaded ... analyzed ... (N from the fact cache)"
# line, before any package's search (issue 35: the fact cache's effect,
# where a whole warm shard does not fit the time).
#
# usage: bench/scripts/scale-load.sh GENTEST MODULE OUT NAME CACHE [gen flags...]
#
# CACHE is the XDG_CACHE_HOME to use (scale.sh's OUT/cache, to read the
# facts a cold run stored). Writes OUT/NAME.log (gen's stderr), OUT/NAME.uptime
# (load before and after) and OUT/NAME.load (seconds from the start to the
# loaded line, as gen's own line says them). The pattern is ./... .
set -eu
[ $# -ge 5 ] || { sed -n '2,/^set/p' "$0" | sed '$d'; exit 2; }
gentest=$1 mod=$2 out=$3 name=$4 cache=$5
shift 5
mkdir -p "$out"
out=$(cd "$out" && pwd)
export XDG_CACHE_HOME="$cache" GOWORK=off
work=$(mktemp -d)
cp -r "$mod" "$work/mod"
chmod -R u+w "$work/mod"
uptime >"$out/$name.uptime"
start=$(date +%s)
(cd "$work/mod" && exec "$gentest" gen -json "$@" ./... >/dev/null 2>"$out/$name.log") &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	if grep -q 'gentest: loaded .* to test' "$out/$name.log"; then
		echo "$(($(date +%s) - start))" >"$out/$name.load"
		kill -INT "$pid" 2>/dev/null || true
		break
	fi
	sleep 2
done
wait "$pid" || true
uptime >>"$out/$name.uptime"
rm -rf "$work"
grep 'gentest: loaded .* to test' "$out/$name.log" || echo "$name: no loaded line (see $out/$name.log)"
