#!/usr/bin/env python3
"""summarize.py RAWDIR...: one row per run: execs, search s, lost (worker-s),
execs/s, execs/s outside lost time (search wall minus lost/workers), rusage."""
import json, sys, re, os
W = 2  # executors: -p defaults to GOMAXPROCS = 2 on this machine
print("| run | execs | search s | lost worker-s (timeouts+crashes+starts+replays+attribution) | execs/s | execs/s outside lost | wall s | user+sys CPU s (gentest+children) | load start/end |")
print("|---|--:|--:|---|--:|--:|--:|--:|---|")
for d in sys.argv[1:]:
    try:
        j = json.load(open(os.path.join(d, "gen.json")))
    except Exception as e:
        print(f"| {os.path.basename(d)} | error {e} |"); continue
    l = j["search_lost"]
    lost = sum(l.values())
    s = j["search_seconds"]
    out = j["execs"] / max(s - lost / W, 1e-9)
    t = open(os.path.join(d, "time.txt")).read()
    u = float(re.search(r"User time \(seconds\): ([\d.]+)", t).group(1))
    sy = float(re.search(r"System time \(seconds\): ([\d.]+)", t).group(1))
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", t).group(1)
    loads = re.findall(r"load average: ([\d.]+)", open(os.path.join(d, "load.txt")).read())
    parts = "+".join(f"{l[k]:.1f}" for k in ["timeouts", "crashes", "starts", "replays", "attribution"])
    print(f"| {os.path.basename(d)} | {j['execs']} | {s:.1f} | {lost:.1f} = {parts} | {j['execs_per_sec']:.0f} | {out:.0f} | {wall} | {u:.1f}+{sy:.1f} | {'/'.join(loads)} |")
