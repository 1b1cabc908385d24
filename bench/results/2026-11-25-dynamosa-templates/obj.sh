#!/bin/bash
# usage: obj.sh BIN ENGINE SEED EXECS [FLAGS...]: coverage of testdata/gen/objects in a scratch module
bin=$1; eng=$2; seed=$3; execs=$4; shift 4; [ "$1" = none ] && shift
tmp=$(mktemp -d); cp -r /tmp/construct16c/objmod/. $tmp/
cd $tmp/pkg && $bin gen -q -seed=$seed -execs=$execs -engine=$eng -json "$@" . 2>/dev/null | python3 -c "
import json,sys
t=sys.stdin.read(); d=json.JSONDecoder(); o,_=d.raw_decode(t,t.find('{'))
print('objects', '$(basename $bin)', '$eng', '$seed', '$execs', '${*:-default}', round(100*o.get('coverage',0),1), o.get('tests'))"
rm -rf $tmp
