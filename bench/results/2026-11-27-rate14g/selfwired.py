#!/usr/bin/env python3
"""selfwired.py TRACE: of the crashes in a GENTEST_TRACE file, how many
(per phase and kind) are in a sequence with a self-wired call: one value
given as two arguments of the same call (search/costly.go's selfWired),
such as l.Set(0, l) or w.Init(w, ...)."""
import sys, re, collections
tot = collections.Counter(); sw = collections.Counter()
phase = None; wired = False
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"(\d+) (\S+) seq id=", line)
    if m:
        phase, wired = m.group(2), False; continue
    m = re.match(r"  q\d+ op\d+\((.*)", line)
    if m:
        refs = re.findall(r"(?:^|, )(q\d+\.\d+)", m.group(1))
        if len(refs) != len(set(refs)):
            wired = True
        continue
    if line.startswith("  crash "):
        k = line.split()[1]
        tot[(phase, k)] += 1
        sw[(phase, k)] += wired
for key in sorted(tot):
    print(*key, "crashes", tot[key], "self-wired", sw[key])
