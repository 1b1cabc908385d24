#!/usr/bin/env bash
# mutation-spotcheck.sh: does every test of a complement-mode file add
# something to the package's own tests? For each test function T of the
# file gentest wrote, the own tests plus T alone against the own tests
# alone: mutants killed (gentest mutate, same engine as gentest gen) and
# statement blocks covered (go test -coverprofile). Issue 30 asks that each
# written test cover a statement the own tests miss or kill a mutant they
# leave alive; a row with neither is a defect.
#
# usage: bench/scripts/mutation-spotcheck.sh GENTEST PKGDIR OUT
#   GENTEST  the gentest binary (its `mutate`)
#   PKGDIR   a package directory holding its own tests and one
#            *_gentest_test.go (mutation-complement.sh -keep's copy)
#   OUT      output directory: own.json / T.json (gentest mutate -json),
#            own.cov / T.cov (cover profiles), T_gentest_test.go (the file
#            cut down to T) and spotcheck.csv:
#              test,killed,killed_timeout,survived,not_covered,score,
#              more_killed,blocks,more_blocks,adds
#            more_killed: mutants killed beyond the own tests' count;
#            more_blocks: covered blocks the own tests do not cover;
#            adds: yes when either is positive
# The file is moved aside while the runs go, and put back at the end.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -eq 3 ] || usage
gentest=$(abspath "$1") pkgdir=$(abspath "$2") out=$(abspath "$3")
mkdir -p "$out"
file=$(ls "$pkgdir"/*_gentest_test.go 2>/dev/null | head -1)
[ -n "$file" ] || { echo "mutation-spotcheck.sh: no *_gentest_test.go in $pkgdir" >&2; exit 2; }
base=$(basename "$file")
cp "$file" "$out/written_test.go.txt"
trap 'cp "$out/written_test.go.txt" "$pkgdir/$base"' EXIT
rm -f "$pkgdir/$base"
goimports=$(command -v goimports || echo "$(go env GOPATH)/bin/goimports")

# run LABEL: gentest mutate and a cover profile of the tests now in pkgdir.
run() {
	(cd "$pkgdir" && GOWORK=off "$gentest" mutate -json . >"$out/$1.json" 2>"$out/$1.stderr")
	(cd "$pkgdir" && GOWORK=off go test -count=1 -coverprofile="$out/$1.cov" . >"$out/$1.test" 2>&1)
}

run own
echo test,killed,killed_timeout,survived,not_covered,score,more_killed,blocks,more_blocks,adds >"$out/spotcheck.csv"
for t in $(sed -n 's/^func \(Test[A-Za-z0-9_]*\)(t \*testing\.T).*/\1/p' "$out/written_test.go.txt"); do
	# The file with every other top-level Test, Fuzz and Example function
	# removed (gofmt'd source: a declaration starts at "func " and ends at
	# the first "}" in column 0); goimports drops the imports left unused.
	python3 - "$t" "$out/written_test.go.txt" >"$pkgdir/$base" <<'PY'
import re, sys
keep = sys.argv[1]
lines, out, skip = open(sys.argv[2]).read().split("\n"), [], False
for ln in lines:
    m = re.match(r"func ((Test|Fuzz|Example)\w*)\(", ln)
    if m and m.group(1) != keep:
        skip = True
    if not skip:
        out.append(ln)
    elif ln == "}":
        skip = False
print("\n".join(out), end="")
PY
	"$goimports" -w "$pkgdir/$base"
	cp "$pkgdir/$base" "$out/${t}_gentest_test.go.txt"
	run "$t"
	python3 - "$t" "$out" >>"$out/spotcheck.csv" <<'PY'
import json, sys
t, out = sys.argv[1:]
def mut(label):
    try:
        return json.loads(open("%s/%s.json" % (out, label)).read().splitlines()[0])
    except (OSError, ValueError, IndexError):
        return {}
def blocks(label):
    s = set()
    try:
        for ln in open("%s/%s.cov" % (out, label)).read().splitlines()[1:]:
            pos, _, count = ln.rpartition(" ")
            if count != "0":
                s.add(pos.rsplit(" ", 1)[0])
    except OSError:
        pass
    return s
own, mine = mut("own"), mut(t)
k = lambda m: m.get("killed", 0) + m.get("killed_timeout", 0)
more_k = k(mine) - k(own) if mine.get("mutants") else ""
ob, tb = blocks("own"), blocks(t)
more_b = len(tb - ob)
adds = "error" if more_k == "" else ("yes" if more_k > 0 or more_b > 0 else "NO")
print(",".join(str(x) for x in (t, mine.get("killed", ""), mine.get("killed_timeout", ""), mine.get("survived", ""),
      mine.get("not_covered", ""), mine.get("score", ""), more_k, len(tb), more_b, adds)))
PY
done
cat "$out/spotcheck.csv"
