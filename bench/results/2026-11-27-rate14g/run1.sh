#!/bin/bash
# run1.sh SUBJDIR PKGREL OUTDIR MODE [extra gen flags...]
# Makes a fresh copy of the kept scratch package SUBJDIR (gentest-bench -keep
# output, gen-full-seed1-2s: human tests already removed), deletes the
# generated files, and runs gentest gen -q -json -seed=1 on it under
# /usr/bin/time -v. MODE=plain: nothing else; MODE=diag: also GENTEST_DEBUG,
# GENTEST_TRACE (to /tmp/rate14g/traces: too big to commit), -cpuprofile and GENTEST_EXECUTOR_CPUPROFILE.
set -u
src=$1; rel=$2; out=$3; mode=$4; shift 4
G=${GENTEST:-/tmp/rate14g/gentest}
mkdir -p "$out" /tmp/rate14g/traces
copy=$(mktemp -d /tmp/rate14g/copy.XXXX)
cp -r "$src/." "$copy/"
find "$copy" -name '*_gentest_test.go' -delete
find "$copy" -name '*_gentest_findings_test.go' -delete
cd "$copy/$rel"
uptime > "$out/load.txt"
if [ "$mode" = diag ]; then
  GENTEST_DEBUG=1 GENTEST_TRACE="/tmp/rate14g/traces/$(basename "$out").txt" GENTEST_EXECUTOR_CPUPROFILE="$out/exec.pprof" \
    /usr/bin/time -v -o "$out/time.txt" "$G" gen -q -json -seed=1 -cpuprofile="$out/gentest.pprof" "$@" . >"$out/gen.json" 2>"$out/gen.stderr"
else
  /usr/bin/time -v -o "$out/time.txt" "$G" gen -q -json -seed=1 "$@" . >"$out/gen.json" 2>"$out/gen.stderr"
fi
echo "rc=$?" >> "$out/load.txt"
uptime >> "$out/load.txt"
echo "$copy" > "$out/copy.txt"
