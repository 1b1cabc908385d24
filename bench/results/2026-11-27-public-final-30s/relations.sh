#!/bin/bash
# relations.sh BIN OUT: the done-when fixture at 20 s, seeds 1-3.
bin=$1; out=$2; : > $out
for seed in 1 2 3; do
  d=$(mktemp -d /tmp/lead/rel.XXXX)
  cp -r /work/main/testdata/gen/relations/. $d/
  printf 'module example.com/relations\n\ngo 1.26\n' > $d/go.mod
  (cd $d && $bin gen -q -budget=20s -seed=$seed . >/dev/null 2>$d/gen.err; \
   go test -count=1 -cover . 2>&1 | tail -1 | sed "s/^/seed $seed: /") >> $out
done
