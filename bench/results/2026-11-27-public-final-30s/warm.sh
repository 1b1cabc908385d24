#!/bin/bash
# warm.sh BIN OUT: warm start on go-humanize (a copy without tests): one run fills the caches, then three.
bin=$1; out=$2; : > $out
src=$(go mod download -json github.com/dustin/go-humanize@v1.1.0 | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
d=$(mktemp -d /tmp/lead/warm.XXXX); cp -r $src/. $d/; chmod -R u+w $d; rm -f $d/*_test.go
cd $d
$bin gen -q -json -seed=1 -budget=1s . > /dev/null 2>&1
for i in 1 2 3; do
  rm -f *_gentest_test.go
  $bin gen -q -json -seed=1 -budget=1s . > gen$i.json 2>/dev/null
  python3 -c "
import json;d=json.load(open('gen$i.json'));print('run $i search_start_seconds', round(d.get('search_start_seconds'),2), 'prep_peak_rss_mb', d.get('prep_peak_rss_mb'))" >> $out
done
echo "load $(uptime | sed 's/.*load average: //')" >> $out
