#!/usr/bin/env bash
# run.sh BASE NEW [EXECS] [BURNERS]: bench/scripts/determinism.sh on
# shopspring/decimal (seed 1, default -p) with the base and the new gentest
# binaries at the same time, while BURNERS (default 4) `yes >/dev/null`
# processes load the machine; the burners are killed at the end.
# Writes base.txt, new.txt (the scripts' output) and load.txt here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
base=$1 new=$2 execs=${3:-3000} burners=${4:-4}
subjects=$(mktemp)
echo "github.com/shopspring/decimal@v1.6.0 ." >"$subjects"
: >"$here/load.txt"
pids=()
for _ in $(seq "$burners"); do
	yes >/dev/null &
	pids+=($!)
done
( while sleep 30; do echo "$(date -u +%T) $(uptime)"; done ) >>"$here/load.txt" &
mon=$!
t0=$(date +%s)
"$root/bench/scripts/determinism.sh" "$subjects" "$execs" "$base" >"$here/base.txt" 2>&1 &
a=$!
"$root/bench/scripts/determinism.sh" "$subjects" "$execs" "$new" >"$here/new.txt" 2>&1 &
b=$!
wait $a; echo "base done after $(( $(date +%s) - t0 )) s" >>"$here/load.txt"
wait $b; echo "new done after $(( $(date +%s) - t0 )) s" >>"$here/load.txt"
kill $mon "${pids[@]}"
rm -f "$subjects"
