#!/bin/bash
# [TAG=t GENTEST=bin] cpurun.sh NAME EXECS: fresh copy of the subject (subjects.tsv), then
# cpuwatch.py on gentest gen -json -seed=1 -execs=EXECS; out raw/NAME-cpu-EXECS.
D=$(cd "$(dirname "$0")" && pwd)
name=$1; n=$2
read -r _ dir rel < <(grep "^$name	" "$D/subjects.tsv")
out=$D/raw/$name-cpu-$n${TAG:+-$TAG}; mkdir -p "$out"
copy=$(mktemp -d /tmp/rate14g/copy.XXXX)
cp -r "/tmp/rate14g/work/$dir/gen-full-seed1-2s/." "$copy/"
find "$copy" -name '*_gentest_test.go' -delete; find "$copy" -name '*_gentest_findings_test.go' -delete
cd "$copy/$rel"
uptime > "$out/load.txt"
"$D/cpuwatch.py" "$out" -- "${GENTEST:-/tmp/rate14g/gentest}" gen -json -seed=1 -execs="$n" . > "$out/cpu.json"
uptime >> "$out/load.txt"
