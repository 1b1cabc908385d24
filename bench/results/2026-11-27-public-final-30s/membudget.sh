#!/bin/bash
# membudget.sh BIN OUT: peak memory at 10 s and 60 s on xxhash and go-humanize.
bin=$1; out=$2; : > $out
for mv in ${MODS:-github.com/cespare/xxhash/v2@v2.3.0 github.com/dustin/go-humanize@v1.1.0}; do
  src=$(go mod download -json $mv | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
  for b in 10s 60s; do
    d=$(mktemp -d /tmp/lead/mem.XXXX); cp -r $src/. $d/; chmod -R u+w $d; rm -f $d/*_test.go
    (cd $d && $bin gen -q -json -seed=1 -budget=$b . > $d/gen.json 2>$d/gen.err)
    python3 -c "
import json;d=json.load(open('$d/gen.json'));print('$mv', '$b', 'peak_rss_mb', d.get('peak_rss_mb'), 'prep', d.get('prep_peak_rss_mb'), 'cov', round(d['coverage']*100,1), 'execs', d.get('execs'))" >> $out
  done
done
