#!/usr/bin/env python3
"""kinds.py TRACE: crashes per (phase, kind) in a GENTEST_TRACE file, with
the three shortest crashing sequences of each (literals shown with repr)."""
import sys, re, collections
cnt = collections.Counter(); ex = collections.defaultdict(list)
phase = None; lines = []
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"(\d+) (\S+) seq id=\d+ flags=\d+ len=(\d+)", line)
    if m:
        phase, n = m.group(2), int(m.group(3)); lines = []; collecting = True; continue
    if line.startswith("  crash "):
        k = line.split()[1]
        cnt[(phase, k)] += 1
        ex[(phase, k)].append((len(lines), " ".join(lines)))
        continue
    if line.startswith(("  blocks=", "  conds=", "  s", "  unrun")):
        collecting = False
    if phase and collecting:
        lines.append(line.rstrip("\n") if line.startswith("  q") else repr(line.rstrip("\n")))
for key, n in cnt.most_common():
    print(n, *key)
    for _, e in sorted(ex[key])[:3]:
        print("    e.g.", e[:700])
