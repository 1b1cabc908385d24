#!/bin/bash
# usage: abl.sh DIR SEED FLAGS...
d=$1; seed=$2; shift 2
tmp=$(mktemp -d); cp -r /tmp/find4/work/$d/gen-full-seed1-10s/. $tmp/; chmod -R u+w $tmp
find $tmp -name '*_gentest_test.go' -o -name '*_gentest_findings_test.go' | xargs -r rm -f
pkg=$(find "$tmp" -name '*.go' ! -name '*_test.go' -printf '%d %h\n' | sort -n | head -1 | cut -d' ' -f2-)
cd $pkg && /tmp/bin-final gen -q -seed=$seed -execs=2000 -json "$@" . 2>/dev/null | python3 -c "
import json,sys
t=sys.stdin.read(); d=json.JSONDecoder(); o,_=d.raw_decode(t,t.find('{'))
print('$d', '$seed', '${*:-default}', round(100*o.get('coverage',0),1), o.get('tests'))"
rm -rf $tmp
