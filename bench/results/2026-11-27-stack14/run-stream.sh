#!/bin/sh
# run-stream.sh K N: gentest-only fzgen-compare.sh runs (fuzzing's half is
# gentest-independent and was measured in ../2026-11-26-fzgen-corpus and
# ../2026-11-27-fzgen17f) of the subjects at positions K, K+N, K+2N...
# (0-based) of subjects.txt (copied from ../2026-11-27-corpus-final), appending CSV lines to stream-K.csv (gentest
# runs with -json: its summary stays in WORK/SUBJECT/gt.gen.log); launches
# nothing new after STOP (UTC HH:MM). GENTEST names the binary; SUBJECTS
# another subjects file, and TAG a suffix for the stream files.
set -u
k=$1 n=$2 stop=${STOP:-07:30} subjects=${SUBJECTS:-subjects.txt} tag=${TAG:-}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
awk -v k="$k" -v n="$n" '(NR - 1) % n == k' "$here/$subjects" |
while read -r s; do
	now=$(date -u +%H:%M)
	if [ "$now" \> "$stop" ] || [ "$now" = "$stop" ]; then
		echo "$now stop: not launching $s" >>"$here/stream$tag-$k.log"
		continue
	fi
	echo "$(date -u +%H:%M:%S) start $s load $(uptime | sed 's/.*load average: //')" >>"$here/stream$tag-$k.log"
	sh "$repo/bench/scripts/fzgen-compare.sh" -gentest-only -budget 30s -seed 1 -flags -json -work "/tmp/corpusfinal/work$tag$k" \
		"$GENTEST" /tmp/lead/fzgen "$s" >>"$here/stream$tag-$k.csv" 2>>"/tmp/corpusfinal/stream$tag-$k.err"
	echo "$(date -u +%H:%M:%S) end   $s load $(uptime | sed 's/.*load average: //')" >>"$here/stream$tag-$k.log"
done
