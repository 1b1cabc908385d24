#!/bin/bash
# runall.sh MODE TAG [gen flags]: run1.sh on every subject of subjects.tsv,
# two at a time (the brief allows 2 heavy processes). Output in raw/NAME-TAG.
D=$(cd "$(dirname "$0")" && pwd)
mode=$1; tag=$2; shift 2
W=/tmp/rate14g/work
i=0
while IFS=$'\t' read -r name dir rel; do
  "$D/run1.sh" "$W/$dir/gen-full-seed1-2s" "$rel" "$D/raw/$name-$tag" "$mode" "$@" &
  i=$((i+1))
  if [ $((i % 2)) = 0 ]; then wait; fi
done < "$D/subjects.tsv"
wait
