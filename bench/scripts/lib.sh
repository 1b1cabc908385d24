# lib.sh: what the scripts of bench/scripts share; sourced, not run.
#
# bench_root            the repository root (this file's ../..)
# bench_tool DIR        builds gentest-bench from this checkout into DIR
#                       (or takes $GENTEST_BENCH) and prints its path
# bench_prepare BENCH SUBJECT DEST
#                       a scratch copy of SUBJECT in the new directory
#                       DEST, as the benchmark makes it (human tests
#                       removed); prints the package's directory
# json_num FILE KEY     the number KEY has in the one-line JSON summary
#                       gentest -json wrote to FILE (empty if none)
# subject_lines FILE    the subjects of a subjects file, one a line, in
#                       the colon form ("std:container/ring")
# abspath PATH          PATH made absolute
# usage                 prints the script's header comment (its usage) and
#                       exits 2
# check_of MESSAGE      the vet suite's check that printed a diagnostic
#                       message: observer, maporder, discard or other
#
# SUBJECT is a line of a subjects file with ':' for the space
# ("std:container/ring", "github.com/google/uuid@v1.6.0:."), or a
# directory: a module (a copy gentest-bench -keep left), or a package
# without go.mod (testdata/gen/relations), which becomes the scratch
# module example.com/NAME.

# The scripts that source this file are in bench/scripts too.
bench_root=$(cd "$(dirname "$0")/../.." && pwd)

bench_tool() {
	if [ -n "${GENTEST_BENCH:-}" ]; then
		echo "$GENTEST_BENCH"
		return
	fi
	(cd "$bench_root" && go build -o "$1/gentest-bench" ./cmd/gentest-bench) || return 1
	echo "$1/gentest-bench"
}

abspath() {
	case $1 in
	/*) echo "$1" ;;
	*) echo "$PWD/$1" ;;
	esac
}

bench_prepare() {
	local tool=$1 subj=$2 dest=$3
	if [ -d "$subj" ]; then
		mkdir -p "$dest"
		cp -r "$subj/." "$dest/"
		chmod -R u+w "$dest"
		find "$dest" \( -name '*_gentest_test.go' -o -name '*_gentest_findings_test.go' \) -delete
		if [ ! -f "$dest/go.mod" ]; then
			find "$dest" -name '*_test.go' -delete
			printf 'module example.com/%s\n\ngo 1.21\n' "$(basename "$(abspath "$subj")")" >"$dest/go.mod"
			echo "$dest"
			return
		fi
		# The package: the shallowest directory with a Go file that is
		# not a test.
		dirname "$(find "$dest" -name '*.go' ! -name '*_test.go' | awk -F/ '{ print NF, $0 }' | sort -n | head -1 | cut -d' ' -f2-)"
		return
	fi
	GOWORK=off GOTOOLCHAIN=local "$tool" -prepare "$subj" "$dest"
}

json_num() {
	sed -n "s/.*\"$2\":\(-\{0,1\}[0-9][0-9.eE+-]*\).*/\1/p" "$1" 2>/dev/null | head -1
}

subject_lines() {
	sed 's/#.*//' "$1" | awk 'NF == 2 { print $1 ":" $2 }'
}

usage() {
	sed -n '2,/^set -u/{/^#/s/^# \{0,1\}//p}' "$0" >&2
	exit 2
}

check_of() {
	case $1 in
	*"has side effects"*) echo observer ;;
	*"map iteration order"*) echo maporder ;;
	*"is discarded"*) echo discard ;;
	*) echo other ;;
	esac
}

# std_seed DIR: writes in DIR (new or emptied) the module vet36.example/std,
# whose one package imports every standard-library package that builds
# here (no internal, vendor or unsafe), so that go vet and staticcheck
# analyze all of it as dependencies: the seed of vet-compare.sh and
# vet-seed.sh.
std_seed() {
	rm -rf "$1" && mkdir -p "$1"
	printf 'module vet36.example/std\n\ngo 1.26\n' >"$1/go.mod"
	{
		echo "// Package std imports the standard library, so that vet and"
		echo "// staticcheck analyze all of it as dependencies."
		echo "package std"
		echo "import ("
		go list -e -f '{{if and .GoFiles (not .Error)}}{{.ImportPath}}{{end}}' std |
			grep -v -e internal -e vendor -e '^unsafe$' | sed 's/.*/\t_ "&"/'
		echo ")"
	} >"$1/std.go"
}
