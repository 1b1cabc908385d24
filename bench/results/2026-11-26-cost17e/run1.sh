#!/bin/sh
# run1.sh BIN SUBJECT SEED MODE(execs=N|budget=D) LABEL [extra flags]: fresh copy, gentest gen -q -json, prints one JSON line to OUT
bin=$1 subj=$2 seed=$3 mode=$4 label=$5; shift 5
d=/tmp/cost17e/runs/$label-$subj-$seed-$mode
rm -rf $d; mkdir -p $d; cp -r /tmp/cost17e/tmpl/$subj $d/m
pkg=$(cd $d/m && dirname "$(find . -name "*.go" ! -name "*_test.go" | sort | head -1)")
cd $d/m/$pkg && GOFLAGS=-mod=mod $bin gen -q -json -seed=$seed -$mode "$@" . > $d/out.json 2> $d/err.txt
python3 - $d/out.json $label $subj $seed $mode <<'PY'
import json,sys
j=json.loads(open(sys.argv[1]).read().splitlines()[0])
print(sys.argv[2],sys.argv[3],sys.argv[4],sys.argv[5],"cov=%.1f"%(100*j["coverage"]),"execs=%d"%j["execs"],"lost_to=%.1f"%j["search_lost"]["timeouts"],"crashes=%s"%j.get("crashes"))
PY
