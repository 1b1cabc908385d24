#!/usr/bin/env python3
"""table.py FUZZ.csv... -- GENTEST.csv...: join fzgen-compare.sh lines.

Fuzzing's columns come from the first group (full runs), gentest's from
the second (-gentest-only reruns with the final binary) where it has the
subject, else from the full run. Prints a markdown table and a summary."""
import csv, sys

args = sys.argv[1:]
cut = args.index('--') if '--' in args else len(args)
full, reruns = {}, {}
order = []
for path in args[:cut]:
    for row in csv.reader(open(path)):
        if len(row) < 5:
            continue
        full[row[0]] = row
        if row[0] not in order:
            order.append(row[0])
for path in args[cut + 1:]:
    for row in csv.reader(open(path)):
        if len(row) >= 5:
            reruns[row[0]] = row

def num(s):
    try:
        return float(s)
    except ValueError:
        return None

print('| subject | fzgen targets | fzgen + go test -fuzz | gentest | winner | note |')
print('|---|--:|--:|--:|---|---|')
wins = losses = na = 0
for subj in order:
    f = full[subj]
    g = reruns.get(subj, f)
    fz, gt = num(f[3]), num(g[4])
    note = ';'.join(x for x in (f[5] if len(f) > 5 else '', 'gentest rerun' if subj in reruns else '') if x)
    if fz is None or gt is None:
        w = 'n/a'
        na += 1
    elif gt >= fz:
        w = 'gentest'
        wins += 1
    else:
        w = '**fuzzing**'
        losses += 1
    print(f'| {subj} | {f[2]} | {f[3]} | {g[4]} | {w} | {note.strip()} |')
print()
print(f'both apply: {wins + losses}; gentest at least as much: {wins}; fuzzing more: {losses}; not comparable: {na}')
