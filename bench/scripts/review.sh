#!/usr/bin/env bash
# review.sh: generate the files of a maintainer review session (issue 31,
# bench/review/RUBRIC.md): one gentest gen run per package, one at a time,
# each through gen.sh on a fresh scratch copy, keeping the file written.
#
# usage: bench/scripts/review.sh GENTEST OUT [BUDGET] < LIST
#   GENTEST  a gentest binary (go build -o GENTEST ./cmd/gentest)
#   OUT      the results directory; files go to OUT/files/LABEL.go (with
#            LABEL.json and LABEL.stderr), the CSV lines to OUT/gen.csv
#   BUDGET   gentest gen -budget (default 30s); the seed is fixed at 1
#   LIST     one subject a line in gen.sh's form ("std:mime",
#            "github.com/blang/semver/v4@v4.0.0:."); '#' starts a comment
# The label of a package is its import path with '/' and '.' made '_'.
set -uo pipefail
[ $# -ge 2 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
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
done
