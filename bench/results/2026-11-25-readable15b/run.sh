#!/bin/bash
# usage: run.sh BIN OUTDIR [subject-prefix...]
# generates for each public subject at -execs=3000 -seed=1 in a fresh copy, then readability + go test -cover
BIN=$1; OUT=$2; shift 2
export PATH=$PATH:/usr/local/go/bin
mkdir -p $OUT
subs="$@"
[ -z "$subs" ] && subs=$(cd /tmp/find4/work; ls -d 0* 10* 11* 12* 13*)
for s in $subs; do
  s=$(cd /tmp/find4/work; ls -d ${s}* | head -1)
  src=/tmp/find4/work/$s/gen-full-seed1-10s
  dst=$OUT/work/$s
  rm -rf $dst; mkdir -p $OUT/work; cp -r $src $dst
  f=$(find $dst -name '*_gentest_test.go'); rm -f $f
  if [ -n "$f" ]; then pkgdir=$(dirname $f); else pkgdir=$dst; fi
  ( cd $pkgdir && timeout 900 $BIN gen -budget=10m -execs=3000 -seed=1 -json . > $OUT/$s.json 2> $OUT/$s.stderr )
  cov=$(cd $pkgdir && go test -count=1 -cover -run 'Gentest|Test' . 2>&1 | grep -o 'coverage: [0-9.]*%' )
  jc=$(grep -o '"coverage":[0-9.]*' $OUT/$s.json | head -1)
  echo "$s | $cov | $jc" >> $OUT/cover.txt
  f=$(find $pkgdir -maxdepth 1 -name '*_gentest_test.go'); cp $f $OUT/$s.test.go.txt 2>/dev/null
done
