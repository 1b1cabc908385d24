#!/usr/bin/env bash
# vet-seed.sh: where the first `go vet -vettool=gentest` on a machine spends
# its time (issue 36): the standard-library seed split into the go command's
# compile of std and the vettool's runs over it, for one or more gentest
# binaries side by side, and staticcheck's seed beside them.
#
#   bench/scripts/vet-seed.sh [-rounds N] [-cache DIR] [-staticcheck SC] OUT GENTEST...
#
# The seed is vet-compare.sh's: a package importing every std package that
# builds here, so that go vet runs the vettool on all of std for facts
# (VetxOnly) and once on the package itself. Every run gets a private build
# cache under $WORK (default a new temporary directory); the machine's
# GOCACHE is never touched.
#
#   compile   go build of the seed into an empty GOCACHE: what go vet's
#             first run compiles before any vettool run (staticcheck's go
#             list -export compiles the same). Run once; its cache is the
#             template of the vet rows.
#   vet       go vet -p 2 -vettool=G on a hard-linked copy of that cache,
#             so that only the vettool's runs happen (every vet action
#             misses: the tool's content hash is part of the key). With
#             several binaries, one vet row per binary in each of -rounds
#             rounds (default 2), in turn, so that they share the load.
#             With -cache DIR, DIR (a GOCACHE where the seed was built, such
#             as an earlier run's WORK/tmpl/go) is the template and the
#             compile row is skipped.
#   sc        staticcheck on the seed from empty caches (compile included),
#             with -staticcheck SC.
#
# Wall time depends on the machine's load, which other users set; CPU time
# (user+sys of the whole process tree) much less, and is what to compare.
# Each row has the load average at its start.
#
# OUT gets seed.tsv: step, tool, round, wall_s, user_s, sys_s, cpu_s,
# maxrss_kb, exit, load1; and env.txt (go version, cores, tools' versions).
set -u
. "$(dirname "$0")/lib.sh"

rounds=2
sc=
cache=
while [ $# -gt 0 ]; do
	case $1 in
	-rounds) rounds=$2; shift 2 ;;
	-staticcheck) sc=$(abspath "$2"); shift 2 ;;
	-cache) cache=$(abspath "$2"); shift 2 ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || usage
out=$(abspath "$1")
shift
tools=()
for g in "$@"; do
	g=$(abspath "$g")
	[ -x "$g" ] || { echo "vet-seed: $g is not executable" >&2; exit 1; }
	tools+=("$g")
done
[ -x /usr/bin/time ] || { echo "vet-seed: needs /usr/bin/time (GNU time)" >&2; exit 1; }

work=${WORK:-$(mktemp -d /tmp/vet-seed.XXXXXX)}
mkdir -p "$work" "$out"
export GOTOOLCHAIN=local GOWORK=off GOFLAGS=-mod=mod

{
	go version
	echo "cores $(nproc)"
	for g in "${tools[@]}"; do
		echo "gentest $(basename "$g") $("$g" -V=full 2>&1 | head -1 | sed 's|.*buildID=|buildID=|')"
	done
	[ -z "$sc" ] || echo "staticcheck $("$sc" -version)"
} >"$out/env.txt"

seed=$work/std
std_seed "$seed"

# row STEP TOOL ROUND CACHE CMD...: runs CMD in the seed with the caches
# under CACHE and prints one seed.tsv row.
row() {
	local step=$1 tool=$2 round=$3 c=$4 load
	shift 4
	load=$(cut -d' ' -f1 /proc/loadavg)
	(cd "$seed" && GOCACHE=$c/go XDG_CACHE_HOME=$c/xdg STATICCHECK_CACHE=$c/sc \
		/usr/bin/time -f '%e %U %S %M %x' -o "$c.time" "$@" >"$c.log" 2>&1)
	tail -1 "$c.time" | awk -v s="$step" -v t="$tool" -v r="$round" -v load="$load" \
		'{ printf "%s\t%s\t%s\t%s\t%s\t%s\t%.2f\t%s\t%s\t%s\n", s, t, r, $1, $2, $3, $2 + $3, $4, $5, load }'
}

printf 'step\ttool\tround\twall_s\tuser_s\tsys_s\tcpu_s\tmaxrss_kb\texit\tload1\n' >"$out/seed.tsv"
tmpl=$cache
if [ -z "$tmpl" ]; then
	rm -rf "$work/tmpl" && mkdir -p "$work/tmpl/go" "$work/tmpl/xdg"
	row compile go - "$work/tmpl" go build ./ | tee -a "$out/seed.tsv" >&2
	tmpl=$work/tmpl/go
fi
for r in $(seq "$rounds"); do
	for g in "${tools[@]}"; do
		c=$work/vet
		rm -rf "$c" && mkdir -p "$c" && cp -al "$tmpl" "$c/go" && mkdir -p "$c/xdg"
		# A copy with one byte appended: a content hash of its own, so that
		# no round finds an earlier round's vet results in a cache.
		cp "$g" "$work/tool" && echo "$r" >>"$work/tool"
		row vet "$(basename "$g")" "$r" "$c" go vet -p 2 -vettool="$work/tool" ./ | tee -a "$out/seed.tsv" >&2
		rm -rf "$c"
	done
done
if [ -n "$sc" ]; then
	c=$work/sc
	rm -rf "$c" && mkdir -p "$c/go" "$c/xdg" "$c/sc"
	# staticcheck exits 1 on the seed: it reports std.go's imports of
	# deprecated packages (SA1019).
	row sc staticcheck 1 "$c" "$sc" ./ | tee -a "$out/seed.tsv" >&2
	rm -rf "$c"
fi
rm -rf "$work/tool"
echo "vet-seed: logs in $work" >&2
