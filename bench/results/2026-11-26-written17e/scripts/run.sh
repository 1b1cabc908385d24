#!/bin/bash
# run.sh BIN TAG SUBJ SEED: a fresh copy of subject SUBJ (kt|csv|uuid|semver|glob), gentest gen with stages.
bin=$1; tag=$2; s=$3; seed=$4; execs=${EXECS:-20000}
src=/tmp/written17e/subj/$s; [ $s = kt ] && src=/tmp/written17e/kt
w=/tmp/written17e/w/$tag-$s-$seed; rm -rf $w; mkdir -p $w; cp -r $src/. $w/; rm -f $w/pkg/*_gentest_test.go
cd $w/pkg && GENTEST_STAGES=/tmp/written17e/runs/$tag-$s-$seed.stages /usr/bin/time -f "%U %S %e" -o /tmp/written17e/runs/$tag-$s-$seed.time $bin gen -q -json -seed=$seed -execs=$execs . > /tmp/written17e/runs/$tag-$s-$seed.json 2>/tmp/written17e/runs/$tag-$s-$seed.err
cp $w/pkg/*_gentest_test.go /tmp/written17e/runs/$tag-$s-$seed.go 2>/dev/null
