#!/usr/bin/env python3
"""scale-summary.py: tabulates the runs of bench/scripts/scale.sh.

usage: bench/scripts/scale-summary.py OUT

For each gen run (cold, warm, nofacts) found in OUT: wall, user and system
seconds and the largest process's RSS (RUN.time), the load average before
and after (RUN.uptime), gen's load and analysis line (RUN.log), and from
RUN.json the packages written, skipped (by reason) and failed, with the
per-package seconds (median, largest, sum), then one row per package:
the executor build (the log's "executor ready ... after Ns"), the
phases of gen -json (prepare, which holds the executor build; search;
minimize; judge; findings; verify; report) and the total. For check: the
verdicts.
A run killed before its end has no JSON; its log's progress lines are then
all there is, and the table says so.
"""
import collections
import json
import os
import re
import statistics
import sys


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def summaries(text):
    out = []
    dec = json.JSONDecoder()
    i = 0
    text = text or ""
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        obj, i = dec.raw_decode(text, i)
        out.append(obj)
    return out


def reason(skip):
    # The skip reasons carry package-specific words after a colon.
    return skip.split(":")[0][:70]


def gen_run(out, name):
    t = read(os.path.join(out, name + ".time"))
    if t is None:
        return
    print(f"## {name}")
    fields = t.strip().splitlines()[-1].split()
    if len(fields) == 4:
        wall, user, sys_, rss = fields
        print(f"wall {float(wall):.0f} s, user {float(user):.0f} s, sys {float(sys_):.0f} s, "
              f"largest process {int(rss) / 1024:.0f} MiB")
    else:
        print("time: " + t.strip().splitlines()[-1])
    up = read(os.path.join(out, name + ".uptime")) or ""
    for line in up.strip().splitlines():
        print("load: " + line.strip())
    log = read(os.path.join(out, name + ".log")) or ""
    for line in log.splitlines():
        if re.match(r"gentest: loaded .* to test", line):
            print(line)
    sums = summaries(read(os.path.join(out, name + ".json")))
    if not sums:
        print("no JSON summaries (the run did not end)")
        print()
        return
    written = [s for s in sums if not s.get("skipped") and not s.get("error") and s.get("tests", 0) > 0]
    skipped = collections.Counter(reason(s["skipped"]) for s in sums if s.get("skipped"))
    failed = [s for s in sums if s.get("error")]
    secs = [s.get("seconds", 0) for s in sums if not s.get("skipped")]
    print(f"packages {len(sums)}: written {len(written)}, skipped {sum(skipped.values())}, "
          f"failed {len(failed)}")
    if secs:
        print(f"per package worked on (s): median {statistics.median(secs):.1f}, "
              f"largest {max(secs):.1f}, sum {sum(secs):.0f}")
    peak = max((s.get("peak_rss_total_mb", 0) for s in sums), default=0)
    print(f"largest tree RSS (gentest and children at once): {peak:.0f} MiB")
    for r, n in skipped.most_common():
        print(f"  skipped {n}: {r}")
    for s in failed:
        print(f"  failed {s['package']}: {str(s['error'])[:120]}")
    print()
    per_package(log, sums)


def executor_builds(log):
    """The seconds each package's executor took to be ready, from the log."""
    out = {}
    for line in log.splitlines():
        m = re.match(r"gentest: (\S+): executor ready \(.*cached=(\w+)\) after ([0-9.]+)s", line)
        if m:
            out[m.group(1)] = (float(m.group(3)), m.group(2) == "true")
    return out


def per_package(log, sums):
    worked = [s for s in sums if not s.get("skipped")]
    if not worked:
        return
    builds = executor_builds(log)
    cols = ("prepare", "search", "minimize", "judge", "findings", "verify", "report")
    print("| package | executor s (cached) | " + " | ".join(cols) + " | total s | tests | cov % | tree RSS MiB |")
    print("|---|---|" + "---|" * (len(cols) + 4))
    for s in worked:
        ph = s.get("phases") or {}
        b = builds.get(s["package"])
        bs = f"{b[0]:.1f} ({'yes' if b[1] else 'no'})" if b else "-"
        row = [s["package"].removeprefix("k8s.io/client-go/"), bs]
        row += [f"{ph.get(c, 0):.1f}" for c in cols]
        row += [f"{s.get('seconds', 0):.1f}", str(s.get("tests", 0)),
                f"{100 * s.get('coverage', 0):.1f}", f"{s.get('peak_rss_total_mb', 0):.0f}"]
        print("| " + " | ".join(row) + " |")
    print()


def check_run(out):
    text = read(os.path.join(out, "check.json"))
    if text is None:
        return
    print("## check")
    t = read(os.path.join(out, "check.time")) or ""
    print("time: " + (t.strip().splitlines() or ["?"])[-1])
    for line in (read(os.path.join(out, "check.uptime")) or "").strip().splitlines():
        print("load: " + line.strip())
    verdicts = collections.Counter()
    for line in text.splitlines():
        m = re.match(r"(fresh|missing|stale|failing)\s+(\S+)", line)
        if m:
            verdicts[m.group(1)] += 1
    print("verdicts: " + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())))
    print()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    for name in ("build",):
        t = read(os.path.join(out, name + ".time"))
        if t:
            print(f"## build: {t.strip().splitlines()[-1]} (wall s, user s, sys s, max RSS KiB)\n")
    for name in ("cold", "warm", "nofacts"):
        gen_run(out, name)
    check_run(out)


if __name__ == "__main__":
    main()
