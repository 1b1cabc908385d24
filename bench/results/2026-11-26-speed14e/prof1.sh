#!/bin/bash
# prof1.sh GENTEST MOD DIR OUT: a fresh copy of the subject, gentest gen -budget=10s -seed=1 -json -p 1 -cpuprofile=OUT.pprof
bin=$1 mod=$2 dir=$3 out=$4
work=$(mktemp -d /tmp/speed14e/gen.XXXX)
src=$(go mod download -json "$mod" | sed -n 's/^\s*"Dir": "\(.*\)",$/\1/p')
cp -r "$src/." "$work/"; chmod -R u+w "$work"
(cd "$work" && go mod tidy >/dev/null 2>&1)
(cd "$work/$dir" && /usr/bin/time -v "$bin" gen -q -json -budget=10s -seed=1 -p 1 -cpuprofile="$out.pprof" -o gentest_prof_test.go . > "$out.json" 2> "$out.err")
chmod -R u+w "$work"; rm -rf "$work"
