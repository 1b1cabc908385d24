#!/bin/sh
# analyse.sh WORKSUBDIR NAME: gentest on a scratch copy of the gt copy the comparison used,
# with GENTEST_STAGES and -explain -json, budget 30s seed 1.
set -u
src=$1 name=$2
dst=/tmp/fzgen17f/an/$name
rm -rf "$dst"; mkdir -p "$dst"
cp -r "$src/gt/." "$dst/"
pdir=$(dirname "$(find "$dst" -name '*_gentest_test.go' | head -1)")
rm -f "$pdir"/*_gentest_test.go "$pdir"/*_gentest_findings_test.go
cd "$pdir"
echo "$(date -u +%T) start load $(uptime | sed 's/.*load average: //')" > /tmp/fzgen17f/an/$name.time
GENTEST_STAGES=/tmp/fzgen17f/an/$name.stages /tmp/fzgen17f/gentest gen -q -json -explain -budget=30s -seed=1 . > /tmp/fzgen17f/an/$name.json 2> /tmp/fzgen17f/an/$name.err
echo "$(date -u +%T) end load $(uptime | sed 's/.*load average: //')" >> /tmp/fzgen17f/an/$name.time
go test -count=1 -covermode=set -coverpkg=. -coverprofile=/tmp/fzgen17f/an/$name.cov . > /tmp/fzgen17f/an/$name.test 2>&1
