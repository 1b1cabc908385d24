#!/usr/bin/env bash
# fixtures34.sh: issue 34's class fixtures (a tree that splits at a capacity,
# a reflective walker over `any`, a container with a comparator, errors that
# exit through a handler variable, ...) at a budget and several seeds, and
# what the written file looks like: one CSV line per run with gentest's own
# coverage of the written file, the loops written as `for i := range n`
# (range over an int, which needs go >= 1.22 in go.mod: the copy says 1.22,
# unlike gen.sh's 1.21, so the file can use them) and the function literals
# whose result depends on their arguments (a literal returning only a
# constant does not count).
#
# usage: bench/scripts/fixtures34.sh [-out DIR] GENTEST SEEDS FIXTURE... [-- GEN FLAGS]
#   GENTEST   a gentest binary
#   SEEDS     comma-separated seeds (1,2,3)
#   FIXTURE   a directory under testdata/gen (splittree, reflectwalk, ...)
#   GEN FLAGS gentest gen flags (default -budget=30s)
#   -out DIR  keep FIXTURE-seedS.{json,go.txt,stderr} there
# Prints: fixture,seed,rc,wall_seconds,coverage,tests,range_loops,arg_literals,const_literals
set -uo pipefail
. "$(dirname "$0")/lib.sh"
out=""
[ "${1:-}" = -out ] && { out=$(abspath "$2"); shift 2; mkdir -p "$out"; }
[ $# -ge 3 ] || usage
gentest=$(abspath "$1") seeds=$2
shift 2
fixtures=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do fixtures+=("$1"); shift; done
[ "${1:-}" = -- ] && shift
flags=("$@")
[ ${#flags[@]} -gt 0 ] || flags=(-budget=30s)
root=$(cd "$(dirname "$0")/../.." && pwd)
echo "fixture,seed,rc,wall_seconds,coverage,tests,range_loops,arg_literals,const_literals"
for f in "${fixtures[@]}"; do
	for s in ${seeds//,/ }; do
		work=$(mktemp -d)
		cp "$root/testdata/gen/$f"/*.go "$work/"
		printf 'module example.com/%s\n\ngo 1.22\n' "$f" >"$work/go.mod"
		start=$(date +%s.%N)
		(cd "$work" && "$gentest" gen -q -json -seed="$s" "${flags[@]}" -o gen_test.go . >summary.json 2>stderr.txt)
		rc=$?
		wall=$(echo "$(date +%s.%N) - $start" | bc)
		python3 - "$work" "$f" "$s" "$rc" "$wall" <<'PY'
import json, re, sys
work, f, s, rc, wall = sys.argv[1:]
cov = tests = ""
try:
    for line in open(work + "/summary.json"):
        line = line.strip()
        if line.startswith("{"):
            d = json.loads(line)
            cov = d.get("coverage", "")
            tests = d.get("tests", "")
except (OSError, ValueError):
    pass
try:
    src = open(work + "/gen_test.go").read()
except OSError:
    src = ""
loops = len(re.findall(r"for \w+ := range \d+ \{", src))
# A function literal (not a test's func(t *testing.T)) depends on its
# arguments when its body, up to the matching brace, names a parameter.
argl = constl = 0
for m in re.finditer(r"func\(([^()]*)\)[^{\n]*\{", src):
    if "testing.T" in m.group(1):
        continue
    params = [p.strip().split(" ")[0] for p in m.group(1).split(",") if " " in p.strip()]
    depth, i = 1, m.end()
    while i < len(src) and depth:
        depth += {"{": 1, "}": -1}.get(src[i], 0)
        i += 1
    body = src[m.end():i]
    if any(re.search(r"\b%s\b" % re.escape(p), body) for p in params if p != "_"):
        argl += 1
    else:
        constl += 1
if isinstance(cov, (int, float)):
    cov = "%.1f" % (cov * 100)
print(",".join(map(str, [f, s, rc, "%.1f" % float(wall), cov, tests, loops, argl, constl])))
PY
		if [ -n "$out" ]; then
			sed "s#$work#OUT#g" "$work/summary.json" >"$out/$f-seed$s.json"
			cp "$work/gen_test.go" "$out/$f-seed$s.go.txt" 2>/dev/null
			sed "s#$work#OUT#g" "$work/stderr.txt" >"$out/$f-seed$s.stderr"
		fi
		chmod -R u+w "$work" 2>/dev/null
		rm -rf "$work"
	done
done
