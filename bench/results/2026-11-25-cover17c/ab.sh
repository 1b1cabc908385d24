#!/bin/sh
# ab.sh SUBJ LABEL SEED EXECS : run1 with /tmp/cover17c/gentest-LABEL
exec /tmp/cover17c/run1.sh /tmp/cover17c/gentest-$2 /tmp/cover17c/work/$1 $2 $3 $4
