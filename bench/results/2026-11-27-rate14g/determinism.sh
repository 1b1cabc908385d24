#!/bin/bash
# determinism.sh BIN NAME EXECS: two runs of BIN gen -q -seed=1 -execs=EXECS on
# fresh copies of subject NAME (subjects.tsv); prints the sha256 of both
# written files and whether they are identical.
D=$(cd "$(dirname "$0")" && pwd)
bin=$1; name=$2; n=$3
read -r _ dir rel < <(grep "^$name	" "$D/subjects.tsv")
for i in 1 2; do
  copy=$(mktemp -d /tmp/rate14g/det.XXXX)
  cp -r "/tmp/rate14g/work/$dir/gen-full-seed1-2s/." "$copy/"
  find "$copy" -name '*_gentest_test.go' -delete; find "$copy" -name '*_gentest_findings_test.go' -delete
  (cd "$copy/$rel" && "$bin" gen -q -seed=1 -execs="$n" . ) || echo "run $i failed"
  f[$i]=$(ls "$copy/$rel"/*_gentest_test.go)
  sha256sum "${f[$i]}"
done
cmp -s "${f[1]}" "${f[2]}" && echo "$name: identical ($(wc -l < "${f[1]}") lines)" || echo "$name: DIFFERENT"
