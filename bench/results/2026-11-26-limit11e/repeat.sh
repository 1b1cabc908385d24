#!/usr/bin/env bash
# repeat.sh BIN [EXECS] [BURNERS]: a second determinism.sh pair on
# shopspring/decimal for one binary under BURNERS (default 4) `yes`
# burners; writes repeat.txt and repeat-load.txt here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=$1 execs=${2:-3000} burners=${3:-4}
subjects=$(mktemp)
echo "github.com/shopspring/decimal@v1.6.0 ." >"$subjects"
: >"$here/repeat-load.txt"
pids=()
for _ in $(seq "$burners"); do
	yes >/dev/null &
	pids+=($!)
done
( while sleep 30; do echo "$(date -u +%T) $(uptime)"; done ) >>"$here/repeat-load.txt" &
mon=$!
t0=$(date +%s)
"$root/bench/scripts/determinism.sh" "$subjects" "$execs" "$bin" >"$here/repeat.txt" 2>&1
echo "done after $(( $(date +%s) - t0 )) s" >>"$here/repeat-load.txt"
kill $mon "${pids[@]}"
rm -f "$subjects"
