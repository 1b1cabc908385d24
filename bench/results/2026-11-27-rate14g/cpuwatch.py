#!/usr/bin/env python3
"""cpuwatch.py OUTDIR -- gentest gen ... : runs the command (in the current
directory), samples /proc every 50 ms and writes OUTDIR/cpu.csv (t, gentest's
own CPU, its children's CPU: reaped (cutime+cstime) plus live ones) and
OUTDIR/gen.json (stdout). Then prints the CPU spent during the search window
(search_start_seconds .. + search_seconds from the -json summary): during the
search gentest's only children are its executors (the executor is built before
and verification's go test runs after), so the children's CPU there is the
executors' CPU. Clock ticks are 1/100 s."""
import os, subprocess, sys, time, json
out = sys.argv[1]; cmd = sys.argv[sys.argv.index("--") + 1:]
os.makedirs(out, exist_ok=True)
HZ = os.sysconf("SC_CLK_TCK")
def stat(pid):
    with open(f"/proc/{pid}/stat") as f:
        s = f.read()
    fs = s[s.rindex(")") + 2:].split()
    return int(fs[11]), int(fs[12]), int(fs[13]), int(fs[14])  # utime stime cutime cstime
def children(pid):
    kids = []
    try:
        for t in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{t}/children") as f:
                kids += [int(x) for x in f.read().split()]
    except OSError:
        pass
    return kids
t0 = time.time()
p = subprocess.Popen(cmd, stdout=open(os.path.join(out, "gen.json"), "w"), stderr=open(os.path.join(out, "gen.stderr"), "w"))
rows = []
while p.poll() is None:
    try:
        u, s, cu, cs = stat(p.pid)
        live = 0
        for k in children(p.pid):
            try:
                ku, ks, kcu, kcs = stat(k); live += ku + ks + kcu + kcs
            except OSError:
                pass
        rows.append((time.time() - t0, (u + s) / HZ, (cu + cs + live) / HZ))
    except OSError:
        pass
    time.sleep(0.05)
with open(os.path.join(out, "cpu.csv"), "w") as f:
    f.write("t,gentest_cpu,children_cpu\n")
    for r in rows:
        f.write("%.3f,%.2f,%.2f\n" % r)
try:
    j = json.load(open(os.path.join(out, "gen.json")))
except Exception as e:
    print("no summary:", e); sys.exit(1)
a = j["search_start_seconds"]; b = a + j["search_seconds"]
def at(t):
    best = rows[0]
    for r in rows:
        if r[0] <= t: best = r
    return best
ra, rb = at(a), at(b)
g, c = rb[1] - ra[1], rb[2] - ra[2]
n = j["execs"]
print(json.dumps({"execs": n, "search_s": round(j["search_seconds"], 2), "gentest_cpu_search_s": round(g, 2),
    "executors_cpu_search_s": round(c, 2), "cpu_us_per_exec_gentest": round(1e6 * g / n, 1),
    "cpu_us_per_exec_executors": round(1e6 * c / n, 1), "search_lost": j["search_lost"],
    "total_cpu_gentest_s": rows[-1][1], "total_cpu_children_s": rows[-1][2]}))
