#!/bin/bash
# Prints the ablation's runs, one a line: NUM SEED EXECS FLAGS. Seeds in
# the outer loop, so that a run cut short leaves whole seeds.
for s in 1 2 3; do
  for n in 01 02 03 04 05 06 07 08 09 10 11 12 13; do
    case $n in 08) e=2500;; 13) e=15000;; *) e=20000;; esac
    echo "$n $s $e none"
    echo "$n $s $e -no=construct"
  done
done
