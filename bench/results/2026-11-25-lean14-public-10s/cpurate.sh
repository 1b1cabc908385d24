#!/bin/bash
# usage: cpurate.sh <dir> <label>: runs gentest gen -p 1 -budget=5s in dir with
# CPU profiles of gentest and the executor; prints sequences, search wall s,
# gentest CPU s in search, executor CPU s, share of executor CPU in the package.
dir=$1; label=$2; out=/tmp/lean14/cpurate/$label; mkdir -p $out
cd $dir || exit 1
rm -f *_gentest_test.go
GENTEST_EXECUTOR_CPUPROFILE=$out/exe.prof /tmp/lean14/gentest-final2 gen -p 1 -budget=5s -seed=1 -json -cpuprofile=$out/gentest.prof . > $out/out.json 2> $out/stderr
rm -f *_gentest_test.go
pkg=$(python3 -c "import json;print(json.load(open('$out/out.json'))['package'])" 2>/dev/null)
seqline=$(grep 'search:' $out/stderr)
gsearch=$(go tool pprof -top -cum -focus='pkgRun..search' /tmp/lean14/gentest-final2 $out/gentest.prof 2>/dev/null | grep -m1 'Showing nodes')
exetotal=$(go tool pprof -top $out/exe.prof.0 2>/dev/null | grep -m1 'Total samples')
exepkg=$(go tool pprof -top -focus="^${pkg//./\\.}\." $out/exe.prof.0 2>/dev/null | grep -m1 'Showing nodes')
echo "$label | $pkg | $seqline | gentest search: $gsearch | executor: $exetotal | in package: $exepkg"
