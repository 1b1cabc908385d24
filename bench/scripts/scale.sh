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
#   build      go build ./... and go build -race ./... in the copy the
#              runs use, only with PREBUILD=1: fills the go command's build
#              cache with the module's and its dependencies' compiled
#              packages, plain and in race mode, so that cold times gentest
#              and not the first compile of the dependencies (which go list
#              -export, and verification's go test -race, would otherwise
#              do inside the cold run). The copy is always OUT/mod: the
#              cache keys of a module's own packages include their directory
#   cold       gen, the gentest cache empty: facts and executors computed
#   warm       gen again on a fresh copy: facts and executors from the cache;
#              skipped with WARM=0 (bench/scripts/scale-load.sh measures
#              the fact cache's part alone, at a fraction of the cost)
#   check      gentest check on the files warm wrote, or cold wrote with
#              WARM=0 (check reads no facts: it runs each file's tests, so
#              one run says its cost)
#   nofacts    gen on a fresh copy with the facts dropped from the cache
#              (executors kept): what the fact cache alone saves in gen;
#              only with NOFACTS=1 (it is as long as warm)
#
# Each run writes OUT/RUN.json (gen -json; check's verdicts), OUT/RUN.log
# (stderr), OUT/RUN.time (/usr/bin/time: wall s, user s, sys s, max RSS KiB
# of the largest process) and OUT/RUN.uptime (the load average before and
# after: the machine may be shared). gen's log line "loaded ... analyzed
# ... (N from the fact cache)" is the part the fact cache acts on.
# bench/scripts/scale-summary.py OUT tabulates the runs. check runs only if
# GENTEST has a check command. GOWORK is off: the module is measured alone.
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
	uptime >"$out/$name.uptime"
	(cd "$out/mod" && /usr/bin/time -f '%e %U %S %M' -o "$out/$name.time" \
		"$@" >"$out/$name.json" 2>"$out/$name.log") || true
	uptime >>"$out/$name.uptime"
	echo "$name: $(tail -1 "$out/$name.time")"
}

checkflags=
for f in "$@"; do
	case $f in -shard*) checkflags="$checkflags $f" ;; esac
done

if [ "${PREBUILD:-}" = 1 ]; then
	fresh
	run build go build ./...
	run buildrace go build -race ./...
fi
fresh
run cold "$gentest" gen -json "$@" ./...
if [ "${WARM:-1}" != 0 ]; then
	fresh
	run warm "$gentest" gen -json "$@" ./...
fi
if "$gentest" help 2>&1 | grep -q 'gentest check'; then
	# check reads the files the last gen run left in OUT/mod.
	run check "$gentest" check $checkflags ./...
fi
if [ "${NOFACTS:-}" = 1 ]; then
	rm -rf "$XDG_CACHE_HOME/gentest/facts"
	fresh
	run nofacts "$gentest" gen -json "$@" ./...
fi
rm -rf "$out/mod"
