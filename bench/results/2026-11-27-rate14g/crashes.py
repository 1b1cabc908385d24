#!/usr/bin/env python3
"""crashes.py TRACE: every crash in a GENTEST_TRACE file: phase, kind, the
crashing statement's op and arguments; then counts per (phase, kind, op)."""
import sys, re, collections
cnt = collections.Counter()
seq = None; stmts = []
ex = collections.defaultdict(list)
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"(\d+) (\S+) seq id=", line)
    if m:
        seq = m.group(2); stmts = []; continue
    m = re.match(r"  q(\d+) (op\d+)\((.*)\)$", line)
    if m:
        stmts.append((m.group(2), m.group(3))); continue
    m = re.match(r"  crash (\S+) stmt=(-?\d+)", line)
    if not m and not line.startswith("  ") and stmts:
        # a literal with a newline in it: the rest of the last statement
        o, a = stmts[-1]
        stmts[-1] = (o, a + "\n" + line.rstrip("\n").rstrip(")"))
        continue
    if m:
        k, i = m.group(1), int(m.group(2))
        op, args = stmts[i] if 0 <= i < len(stmts) else ("?", "")
        key = (seq, k, op if op != "?" else "stmt=%d/len=%d" % (i, len(stmts)))
        cnt[key] += 1
        if len(ex[key]) < 3:
            ex[key].append(" ; ".join(f"q{j} {o}({a})" for j, (o, a) in enumerate(stmts[: i + 1])))
for key, n in cnt.most_common():
    print(n, *key)
    for e in ex[key]:
        print("    e.g.", repr(e)[1:-1])
