#!/bin/bash
# usage: abl13.sh BIN NUM SEED EXECS [FLAGS...]
# A fresh copy of subject NUM (01..13, bench/subjects.txt order; the kept
# work directories of bench/results/2026-11-25-final-public-smoke with
# generated and human tests removed), then `gentest gen -q -seed=SEED
# -execs=EXECS -json FLAGS` in the subject's package directory, taken
# from bench/subjects.txt (the module root for ".", the import path for
# std packages): gentest's own coverage of the file it wrote.
bin=$1; num=$2; seed=$3; execs=$4; shift 4
args=(); for a in "$@"; do [ "$a" = none ] || args+=("$a"); done; set -- "${args[@]}"
src=$(ls -d /tmp/construct16c/subj/$num-*)
line=$(grep -v '^#' /work/wt/construct16c/bench/subjects.txt | grep -v '^$' | sed -n "$((10#$num))p")
mod=${line%% *}; rel=${line#* }
tmp=$(mktemp -d /tmp/construct16c/run.XXXXXX); cp -r $src/. $tmp/
pkg=$tmp/$rel
name=$(basename $src)
start=$(date +%s)
cd $pkg && $bin gen -q -seed=$seed -execs=$execs -json "$@" . 2>$tmp.err | python3 -c "
import json,sys
t=sys.stdin.read()
try:
  d=json.JSONDecoder(); o,_=d.raw_decode(t,t.find('{'))
  print('$name', '$(basename $bin)', '$seed', '$execs', '${*:-default}', round(100*o.get('coverage',0),1), o.get('tests'))
except Exception as e:
  print('$name', '$(basename $bin)', '$seed', '$execs', '${*:-default}', 'ERROR', repr(e))
"
[ -s $tmp.err ] && head -3 $tmp.err | sed "s/^/# $name: /" >&2
echo "# $name seed=$seed flags=${*:-default} secs=$(( $(date +%s)-start ))" >&2
rm -rf $tmp $tmp.err
