#!/bin/sh
# usage: run1.sh GENTEST TEMPLATE PKGDIR LABEL BUDGET SEED [gen flags...]
# One gentest gen run on a fresh copy of TEMPLATE (a scratch copy of a
# subject with its human tests removed, as gentest-bench -keep leaves it in
# WORK/NN-name/gen-full-seed1-2s), in TEMPLATE/PKGDIR, printing one JSON line:
# label, budget, seed, gentest's own coverage of the file it wrote, its
# executions, findings and the wall time.
bin=$1 tpl=$2 pkg=$3 label=$4 budget=$5 seed=$6
shift 6
d=$(mktemp -d "${TMPDIR:-/tmp}/run1.XXXXXX")
cp -r "$tpl/." "$d/"
chmod -R u+w "$d"
find "$d" -name '*_gentest_test.go' -o -name '*_gentest_findings_test.go' | xargs -r rm -f
t0=$(date +%s.%N)
(cd "$d/$pkg" && "$bin" gen -q -json -budget="$budget" -seed="$seed" "$@" . > "$d/summary.json" 2> "$d/log.txt")
rc=$?
t1=$(date +%s.%N)
python3 - "$d/summary.json" "$label" "$budget" "$seed" "$rc" "$t0" "$t1" "$tpl" "$*" "$d/log.txt" <<'PY'
import json, sys
f, label, budget, seed, rc, t0, t1, tpl, flags, log = sys.argv[1:]
try:
    s = json.load(open(f))
except Exception as e:
    s = {"error": str(e)}
print(json.dumps({"subject": tpl.rstrip("/").split("/")[-2], "label": label, "budget": budget, "seed": int(seed),
    "flags": flags, "rc": int(rc), "coverage": s.get("coverage"), "execs": s.get("execs"),
    "findings": [x.get("kind") + " " + x.get("function", "") for x in (s.get("findings") or [])],
    "wall_s": round(float(t1) - float(t0), 1),
    "error": "" if rc == "0" else open(log, errors="replace").read()[-600:]}))
PY
rm -rf "$d"
