#!/usr/bin/env bash
# testtimes.sh: each test's time in one package's tests, and where each
# end-to-end run's time went (the generator package's -v logs a line per
# run: internal/generatortest, logPhases).
#
#   bench/scripts/testtimes.sh OUT [PACKAGE] [go test flags...]
#
# Writes OUT/tests.json (go test -v -json), OUT/time (bash's time: wall,
# user and sys of go test and everything it waited for), OUT/load (the
# load average before and after) and OUT/slowest.md: the 20 slowest
# tests (subtests included) with their runs' phases. PACKAGE defaults to
# ./generator/... (the generator and generator/endtoend); run it from the
# repository's root.
set -uo pipefail
out=${1:?usage: testtimes.sh OUT [PACKAGE] [go test flags...]}
pkg=${2:-./generator/...}
shift $(( $# >= 2 ? 2 : 1 ))
mkdir -p "$out"
uptime > "$out/load"
{ time go test -count=1 -v -json -timeout 60m "$pkg" "$@" > "$out/tests.json"; } 2> "$out/time"
uptime >> "$out/load"
python3 - "$out/tests.json" > "$out/slowest.md" <<'PY'
import json, sys
elapsed, phases, status = {}, {}, {}
for line in open(sys.argv[1]):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    t = e.get("Test")
    if not t:
        if e["Action"] in ("pass", "fail"):
            print(f"package: {e['Action']} in {e.get('Elapsed')} s\n")
        continue
    if e["Action"] in ("pass", "fail", "skip"):
        elapsed[t], status[t] = e.get("Elapsed", 0), e["Action"]
    out = e.get("Output", "")
    if "gen " in out and "to the search" in out:
        phases.setdefault(t, []).append(out.split(": gen ", 1)[-1].strip())
top = [t for t in elapsed if "/" not in t]
print(f"{len(top)} tests, sum of their times {sum(elapsed[t] for t in top):.0f} s "
      f"(tests in parallel: more than the package's wall time)\n")
print("| # | test | s | runs: gen s: to the search (prepare), search (execs), minimize, judge, findings, verify, report |")
print("|---|---|---|---|")
for i, t in enumerate(sorted(elapsed, key=lambda t: -elapsed[t])[:20]):
    runs = "<br>".join(phases.get(t, [])) or "(no run logged)"
    print(f"| {i+1} | {t} ({status[t]}) | {elapsed[t]:.1f} | {runs} |")
PY
cat "$out/time"
