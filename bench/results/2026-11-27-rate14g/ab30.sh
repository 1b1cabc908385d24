#!/bin/bash
# ab30.sh NAME: main's and the branch's gentest at the same time on fresh
# copies, gentest gen -q -json -seed=1 -budget=30s (the public table's
# setting, one seed); out raw/NAME-ab30-{main,new}.
D=$(cd "$(dirname "$0")" && pwd)
name=$1
read -r _ dir rel < <(grep "^$name	" "$D/subjects.tsv")
GENTEST=/tmp/rate14g/gentest "$D/run1.sh" "/tmp/rate14g/work/$dir/gen-full-seed1-2s" "$rel" "$D/raw/$name-ab30-main" plain -budget=30s &
GENTEST=/tmp/rate14g/gentest-new "$D/run1.sh" "/tmp/rate14g/work/$dir/gen-full-seed1-2s" "$rel" "$D/raw/$name-ab30-new" plain -budget=30s &
wait
