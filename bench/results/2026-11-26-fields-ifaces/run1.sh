#!/bin/sh
# run1.sh BIN TEMPLATE REL LABEL SEED EXECS [FLAGS]: fresh copy, gen, one line
bin=$1 tpl=$2 rel=$3 label=$4 seed=$5 execs=$6; shift 6
d=$(mktemp -d /tmp/lead/runs.XXXXXX)
cp -r $tpl/. $d/
find $d -name '*gentest*_test.go' -delete
cd $d/$rel && out=$($bin gen -q -json -seed=$seed -execs=$execs "$@" . 2>$d/err)
cov=$(echo "$out" | python3 -c 'import json,sys
try:
  d=json.load(sys.stdin); d=d[0] if isinstance(d,list) else d; print(round(100*d["coverage"],1))
except Exception as e: print("ERR")')
echo "$label seed=$seed execs=$execs cov=$cov dir=$d"
