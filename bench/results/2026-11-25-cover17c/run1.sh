#!/bin/sh
# run1.sh GENTEST SUBJECTDIR LABEL SEED EXECS|BUDGET [FLAGS...]: a fresh copy of SUBJECTDIR/base,
# gentest gen -q -json, its JSON summary kept as RUN.json; prints one line: label, subject, seed, limit, coverage, execs.
g=$1; d=$2; label=$3; seed=$4; lim=$5; shift 5
w=/tmp/cover17c/runs/$(basename $d)-$label-s$seed-$lim
rm -rf $w; mkdir -p $(dirname $w); cp -a $d/base $w
case $lim in *s) l="-budget=$lim";; *) l="-execs=$lim";; esac
pkg=.
case $d in *arraylist*) pkg=./lists/arraylist;; *redblacktree*) pkg=./trees/redblacktree;; *arraystack*) pkg=./stacks/arraystack;; *container_list*) pkg=./container/list;; *container_ring*) pkg=./container/ring;; *tabwriter*) pkg=./text/tabwriter;; *encoding_csv*) pkg=./encoding/csv;; *14-bufio*) pkg=./bufio;; *bufio-std*) pkg=./t;; *simplelru*) pkg=./simplelru;; esac
cd $w && $g gen -q -json -seed=$seed $l "$@" $pkg >$w.json 2>$w.stderr
rc=$?
python3 -c '
import json,sys
try:
    o=json.loads(open(sys.argv[1]).readline())
except Exception:
    o={}
print(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], "rc="+sys.argv[6], round(100*o.get("coverage",0),1), o.get("execs"))
' $w.json $label $(basename $d) $seed $lim $rc
