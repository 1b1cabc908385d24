#!/usr/bin/env bash
# review.sh: generate the files of a maintainer review session (issue 31,
# bench/review/RUBRIC.md): one gentest gen run per package, one at a time,
# each through gen.sh on a fresh scratch copy, keeping the file written.
#
# usage: bench/scripts/review.sh GENTEST OUT [BUDGET] < LIST
#   GENTEST  a gentest binary (go build -o GENTEST ./cmd/gentest)
#   OUT      the results directory; files go to OUT/files/LABEL.go.txt (the
#            file written, renamed so that go build ./... skips it, with
#            LABEL.json and LABEL.stderr), the CSV lines to OUT/gen.csv
#   BUDGET   gentest gen -budget (default 30s); the seed is fixed at 1
#   LIST     one subject a line in gen.sh's form ("std:mime",
#            "github.com/blang/semver/v4@v4.0.0:."); '#' starts a comment
# The label of a package is its import path with '/' and '.' made '_'.
#
#        bench/scripts/review.sh -summary REVIEWS.md
#   prints the verdict counts, mean scores and acceptance rates of the
#   "Verdict:" and "Scores:" lines of a reviews file (RUBRIC.md's record
#   format), and how many packages each blocking reason blocks (the
#   "- N: ..." and "- N/M: ..." lines, once per package), as Markdown tables.
set -uo pipefail
if [ "${1:-}" = -summary ]; then
	[ $# -eq 2 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
	awk '
	/^Verdict: merge as is/ { n++; asis++ }
	/^Verdict: merge after small edits/ { n++; edits++ }
	/^Verdict: reject/ { n++; rej++ }
	/^Scores:/ {
		# "Scores: assertions A, readability R, idiomatic I, maintainability M"
		gsub(/,/, "")
		a += $3; r += $5; i += $7; m += $9; s++
	}
	END {
		if (n == 0) { print "no verdicts" > "/dev/stderr"; exit 1 }
		printf "| packages tried | %d (%d with a file, scored) |\n|---|---|\n", n, s
		printf "| merge as is | %d |\n| merge after small edits | %d |\n| reject | %d |\n", asis, edits, rej
		printf "| accepted as is | %.0f%% (%d/%d) |\n", 100 * asis / n, asis, n
		printf "| accepted as is or after small edits | %.0f%% (%d/%d) |\n", 100 * (asis + edits) / n, asis + edits, n
		if (s > 0) printf "| mean scores (files written) | assertions %.1f, readability %.1f, idiomatic %.1f, maintainability %.1f |\n", a / s, r / s, i / s, m / s
		printf "\n| blocking reason | packages |\n|---|---|\n"
		for (k = 1; k <= 7; k++) if (files[k]) printf "| %d | %d |\n", k, files[k]
	}
	# A section is one package; a reason counts once per package.
	/^## / { delete seen }
	/^- [1-7][\/0-9]*[ :(]/ {
		split($2, rs, /[\/:(]/)
		for (j in rs) if (rs[j] ~ /^[1-7]$/ && !seen[rs[j]]++) files[rs[j]]++
	}' "$2"
	exit
fi
[ $# -ge 2 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
gentest=$1 out=$2 budget=${3:-30s}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/files"
while read -r subj _; do
	case $subj in '' | '#'*) continue ;; esac
	case $subj in
	std:*) pkg=${subj#std:} ;;
	*@*:.) pkg=${subj%@*} ;;
	*@*:*) pkg=${subj%@*}/${subj#*:} ;;
	esac
	label=$(echo "$pkg" | tr '/.' '__')
	echo "review.sh: $subj" >&2
	nice -n 10 "$here/gen.sh" -out "$out/files" -label "$label" -csv "$out/gen.csv" \
		"$gentest" "$subj" -budget="$budget" -seed=1 || echo "review.sh: $subj: gen.sh failed" >&2
	# A .go file under bench/results would be built by go build ./...
	[ ! -f "$out/files/$label.go" ] || mv "$out/files/$label.go" "$out/files/$label.go.txt"
	# The summary names the scratch copy; results hold no machine paths.
	[ ! -f "$out/files/$label.json" ] || sed -i -E 's#"file":"[^"]*/copy/#"file":"COPY/#g' "$out/files/$label.json"
done
