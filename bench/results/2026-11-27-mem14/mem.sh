#!/bin/sh
# mem.sh BIN OUT SUBJECT... : gentest's peak memory at a 10 s and a 60 s
# budget (seed 1) on each subject ("module@version:dir", as in
# bench/subjects.txt), through fzgen-compare.sh -gentest-only, which copies
# the subject into a work directory and runs gentest gen -json there. One
# line per run (after a 2 s run whose numbers are dropped: it fills the
# fact and executor caches, so that the 10 s run does not carry the
# analysis of the dependencies, which a 60 s run on a warm cache skips):
# subject, budget, executions, coverage, the peak of gentest
# itself, the largest peak of any process and which process that was.
set -u
bin=$1 out=$2; shift 2
repo=$(cd "$(dirname "$0")/../../.." && pwd)
for s in "$@"; do
	w=$(mktemp -d /tmp/mem14.XXXX)
	sh "$repo/bench/scripts/fzgen-compare.sh" -gentest-only -budget 2s -seed 1 -flags -json -work "$w" "$bin" /tmp/lead/fzgen "$s" >/dev/null 2>&1
	rm -rf "$w"
	for b in 10s 60s; do
		w=$(mktemp -d /tmp/mem14.XXXX)
		sh "$repo/bench/scripts/fzgen-compare.sh" -gentest-only -budget $b -seed 1 -flags -json -work "$w" "$bin" /tmp/lead/fzgen "$s" >/dev/null 2>&1
		log=$(find "$w" -name gt.gen.log | head -1)
		python3 - "$s" "$b" "$log" >>"$out" <<'PY'
import json, sys
s, b, log = sys.argv[1:4]
d = None
for line in open(log):
    line = line.strip()
    if line.startswith('{'):
        try:
            d = json.loads(line)
        except ValueError:
            pass
if d is None:
    try:
        d = json.load(open(log))
    except Exception:
        print(s, b, 'no summary'); sys.exit()
by = d.get('peak_rss_by_process', {})
top = max(by, key=by.get) if by else '-'
print(s, b, 'execs', d.get('execs'), 'cov', round(100 * d.get('coverage', 0), 1),
      'gentest_mb', round(by.get('gentest', 0), 1), 'max_mb', round(d.get('peak_rss_mb', 0), 1), top)
PY
		rm -rf "$w"
	done
done
