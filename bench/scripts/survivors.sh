#!/usr/bin/env bash
# survivors.sh: where the generated file loses the mutants it does not
# kill. Each subject is generated at a fixed execution budget (seed 1) and
# scored by `gentest mutate` on the file alone; every mutant not killed is
# put in one class:
#
#   notexec      the file never runs the mutant's place (go test -cover of
#                the file: the place is in no executed block)
#   notinfected  the file runs the place but the mutant's value never
#                differs from the original's there (not_covered in
#                gentest mutate, yet in an executed block)
#   survived     infected, and every test still passes: the result or the
#                state differs and the file does not check it, or the
#                mutant is equivalent (told apart by reading: NOTES.md)
#
# A mutant whose place lies in no cover block (a function's extreme
# mutant sits on its signature) takes the next block after it in its file.
#
# usage: bench/scripts/survivors.sh [-execs N] SUBJECTS OUT GENTEST [GENTEST_MUTATE]
#   SUBJECTS        a subjects file (bench/subjects.txt, bench/corpus.txt)
#   OUT             output directory: OUT/mutants.tsv, one row per mutant
#                   not killed: subject, id, op, file, line, col, class,
#                   orig, repl; OUT/scores.tsv as mutation-execs.sh's;
#                   OUT/logs/ the runs, mutate's JSON, the cover profiles
#                   and the written files
#   GENTEST         the binary that generates
#   GENTEST_MUTATE  the binary whose `gentest mutate -json` lists the
#                   mutants not covered (not_covered_mutants); default
#                   GENTEST
#   -execs N        gentest gen -execs (default 3000)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
execs=3000
while [ $# -gt 0 ]; do
	case $1 in
	-execs) execs=$2; shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 3 ] || usage
subjects=$1 out=$(abspath "$2") gen=$(abspath "$3")
mut=$gen
if [ $# -ge 4 ]; then mut=$(abspath "$4"); fi
mkdir -p "$out/logs"
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2
# first FILE KEY: the first number under KEY in a one-line JSON object (the
# package's, before the per-operator counts repeat the key).
first() { grep -o "\"$2\":[0-9.]*" "$1" | head -1 | cut -d: -f2; }
printf 'subject\tmutants\tkilled\tscore\ttests\tlines\tnotexec\tnotinfected\tsurvived\n' >"$out/scores.tsv"
printf 'subject\tid\top\tfile\tline\tcol\tclass\torig\trepl\n' >"$out/mutants.tsv"
n=0
while read -r subj; do
	n=$((n + 1))
	log="$out/logs/$n.log"
	if ! pkg=$(bench_prepare "$tool" "$subj" "$work/$n" 2>"$log"); then
		printf '%s\tNA\n' "$subj" >>"$out/scores.tsv"
		continue
	fi
	(cd "$pkg" && "$gen" gen -q -seed=1 -execs="$execs" -o gentest_mx_test.go . >>"$log" 2>&1)
	if [ ! -f "$pkg/gentest_mx_test.go" ]; then
		printf '%s\tNA\n' "$subj" >>"$out/scores.tsv"
		continue
	fi
	cp "$pkg/gentest_mx_test.go" "$out/logs/$n.gentest_mx_test.go.txt"
	res="$out/logs/$n.json"
	(cd "$pkg" && "$mut" mutate -json -include=gentest_mx_test.go . >"$res" 2>>"$log")
	# The human tests are gone (bench_prepare): the profile is the file's.
	(cd "$pkg" && go test -count=1 -timeout=10m -coverprofile="$out/logs/$n.cover" . >>"$log" 2>&1)
	# One line per mutant not killed: kind, id, op, file, line, col, orig, repl.
	jq -r '(.survivors[] | ["survived"] + [.id, .op, .file, .line, .col, .orig, .repl])
		, (.not_covered_mutants[] | ["nc"] + [.id, .op, .file, .line, .col, .orig, .repl])
		| map(tostring | gsub("[\t\n]"; " ")) | @tsv' "$res" >"$work/m.tsv"
	awk -F'\t' -v subj="$subj" -v OFS='\t' '
		FNR == NR {
			# cover: path/file.go:l1.c1,l2.c2 stmts count
			if ($0 ~ /^mode:/) next
			split($0, a, " "); split(a[1], p, ":"); f = p[1]; sub(/.*\//, "", f)
			split(p[2], r, ","); split(r[1], s, "."); split(r[2], e, ".")
			k = ++nb[f]; L1[f, k] = s[1] + 0; C1[f, k] = s[2] + 0
			L2[f, k] = e[1] + 0; C2[f, k] = e[2] + 0; CNT[f, k] = a[3] + 0
			next
		}
		function executed(f, l, c,    k, hit, inside, nl, nc, nx) {
			hit = 0; inside = 0; nl = 1e9; nc = 1e9; nx = 0
			for (k = 1; k <= nb[f]; k++) {
				if ((l > L1[f, k] || (l == L1[f, k] && c >= C1[f, k])) && (l < L2[f, k] || (l == L2[f, k] && c <= C2[f, k]))) {
					inside = 1
					if (CNT[f, k] > 0) hit = 1
				} else if (L1[f, k] > l || (L1[f, k] == l && C1[f, k] > c)) {
					if (L1[f, k] < nl || (L1[f, k] == nl && C1[f, k] < nc)) { nl = L1[f, k]; nc = C1[f, k]; nx = CNT[f, k] }
				}
			}
			if (inside) return hit
			return nx > 0
		}
		{
			f = $4; sub(/.*\//, "", f)
			class = $1
			if (class == "nc") class = executed(f, $5 + 0, $6 + 0) ? "notinfected" : "notexec"
			print subj, $2, $3, $4, $5, $6, class, $7, $8
		}' "$out/logs/$n.cover" "$work/m.tsv" >"$work/c.tsv"
	cat "$work/c.tsv" >>"$out/mutants.tsv"
	cnt() { awk -F'\t' -v c="$1" '$7 == c' "$work/c.tsv" | wc -l; }
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$subj" "$(first "$res" mutants)" "$(first "$res" killed)" \
		"$(first "$res" score)" "$(grep -c '^func Test' "$pkg/gentest_mx_test.go")" "$(wc -l <"$pkg/gentest_mx_test.go")" \
		"$(cnt notexec)" "$(cnt notinfected)" "$(cnt survived)" >>"$out/scores.tsv"
	chmod -R u+w "$work/$n" 2>/dev/null
	rm -rf "$work/$n"
done < <(subject_lines "$subjects")
