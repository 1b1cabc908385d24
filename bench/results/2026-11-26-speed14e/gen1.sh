#!/bin/bash
# gen1.sh GENTEST MOD DIR OUT: a fresh copy of the subject, gentest gen -seed=1 -execs=3000 -json, the file and the summary saved to OUT.*
bin=$1 mod=$2 dir=$3 out=$4
work=$(mktemp -d /tmp/speed14e/gen.XXXX)
src=$(go mod download -json "$mod" | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')
cp -r "$src/." "$work/"; chmod -R u+w "$work"
(cd "$work" && go mod tidy >/dev/null 2>&1)
(cd "$work/$dir" && "$bin" gen -q -json -seed=1 -execs=3000 -o gentest_det_test.go . > "$out.json" 2> "$out.err")
cp "$work/$dir/gentest_det_test.go" "$out.go" 2>/dev/null
chmod -R u+w "$work"; rm -rf "$work"
