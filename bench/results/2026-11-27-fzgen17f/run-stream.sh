#!/bin/sh
# run-stream.sh K: runs the subjects at positions K, K+2, K+4... (0-based)
# of subjects.txt, one fzgen-compare.sh call each, appending its CSV line
# to stream-K.csv; launches nothing new after STOP (UTC HH:MM).
set -u
k=$1 stop=${STOP:-04:10}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
awk -v k="$k" '(NR - 1) % 2 == k' "$here/subjects.txt" |
while read -r s; do
	now=$(date -u +%H:%M)
	if [ "$now" \> "$stop" ] || [ "$now" = "$stop" ]; then
		echo "$now stop: not launching $s" >>"$here/stream-$k.log"
		continue
	fi
	echo "$(date -u +%H:%M:%S) start $s load $(uptime | sed 's/.*load average: //')" >>"$here/stream-$k.log"
	sh "$repo/bench/scripts/fzgen-compare.sh" -budget 30s -seed 1 -work "/tmp/fzgen17f/work$k" \
		/tmp/fzgen17f/gentest /tmp/lead/fzgen "$s" >>"$here/stream-$k.csv" 2>>"/tmp/fzgen17f/stream-$k.err"
	echo "$(date -u +%H:%M:%S) end   $s load $(uptime | sed 's/.*load average: //')" >>"$here/stream-$k.log"
done
