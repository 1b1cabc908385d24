#!/bin/bash
# profrun.sh NAME EXECS: like cpurun.sh, plus gentest's -cpuprofile (no trace,
# no debug); out raw/NAME-prof-EXECS.
D=$(cd "$(dirname "$0")" && pwd)
name=$1; n=$2
read -r _ dir rel < <(grep "^$name	" "$D/subjects.tsv")
out=$D/raw/$name-prof-$n; mkdir -p "$out"
copy=$(mktemp -d /tmp/rate14g/copy.XXXX)
cp -r "/tmp/rate14g/work/$dir/gen-full-seed1-2s/." "$copy/"
find "$copy" -name '*_gentest_test.go' -delete; find "$copy" -name '*_gentest_findings_test.go' -delete
cd "$copy/$rel"
uptime > "$out/load.txt"
"$D/cpuwatch.py" "$out" -- "${GENTEST:-/tmp/rate14g/gentest}" gen -json -seed=1 -execs="$n" -cpuprofile="$out/gentest.pprof" . > "$out/cpu.json"
uptime >> "$out/load.txt"
