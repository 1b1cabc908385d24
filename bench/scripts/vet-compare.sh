#!/usr/bin/env bash
# vet-compare.sh: gentest's vet suite against staticcheck on real modules
# (issue 36): wall time and peak memory with cold and warm caches, and every
# diagnostic of the suite, module by module.
#
#   bench/scripts/vet-compare.sh [-modules FILE] [-only REGEX] [-suite-only | -triage] [-cold std|full] OUT GENTEST [STATICCHECK]
#
# FILE (default bench/vet/modules.txt) has one "<module>@<version>" a line.
# For each module, one at a time, a scratch module requires it with its test
# dependencies (`go get -t MOD/...@VER`, not timed: the module cache is
# filled before any run), then four runs are timed:
#
#   suite cold    go vet -p 2 -vettool=GENTEST MOD/...   fresh GOCACHE
#   suite warm    the same command again, same caches
#   sc cold       STATICCHECK MOD/...                     fresh GOCACHE and
#   sc warm       the same command again                  staticcheck cache
#
# A cold run's caches (GOCACHE, XDG_CACHE_HOME, under which gentest's and
# staticcheck's own caches live, and STATICCHECK_CACHE) hold, with -cold std
# (the default), only what each tool computed for the standard library: once
# at the start, each tool runs on a package importing every std package (the
# "std" rows of times.tsv: the price of the first run on a machine), and each
# module's cold run starts from a hard-linked copy of that. With -cold full
# they start empty, so each module pays for the standard library again
# (about 100 s per tool and module on a loaded 2-core machine). Each run
# is measured by /usr/bin/time (wall seconds; max RSS: the largest single
# process of the run) and by sampling the RSS of the run's whole process tree
# every 0.5 s (tree peak: go vet runs its vettool in several processes at
# once; staticcheck is one process).
#
# Without STATICCHECK, staticcheck v0.8.2 is installed into a scratch GOBIN.
# -suite-only skips staticcheck (to rerun the triage with a new GENTEST).
# -triage is -suite-only with one run per module (phase "triage") and one
# build cache shared by all modules and kept: the diagnostics of a triage
# without paying for cold caches; its times mean nothing.
#
# OUT gets (no machine paths: module files are module-relative):
#   times.tsv            one row per module, tool and phase
#   modules/NAME.tsv     the same rows for one module
#   totals.tsv           the sums per tool and phase, and the suite/sc ratios
#   diagnostics.tsv      module, file:line, check, message: the suite's
#                        diagnostics, one a line, sorted (the keys of
#                        bench/vet/triage.md)
#   diags/NAME.txt       the suite's output for one module (file:line:col: msg)
#   staticcheck/NAME.txt staticcheck's, the same way
#   errors/NAME.txt      anything else either tool printed (load errors)
#   env.txt              go, staticcheck and gentest versions, cores
#
# The scratch modules and raw logs stay in $WORK (default a new temporary
# directory, printed at the end); the caches are removed after each module.
# Example (the run in bench/results/2026-11-28-vet36):
#
#   go build -o /tmp/gentest-vet36 ./cmd/gentest
#   bench/scripts/vet-compare.sh bench/results/2026-11-28-vet36 /tmp/gentest-vet36
set -u
. "$(dirname "$0")/lib.sh"

modules=$bench_root/bench/vet/modules.txt
only=
suite_only=
triage=
cold=std
while [ $# -gt 0 ]; do
	case $1 in
	-modules) modules=$(abspath "$2"); shift 2 ;;
	-only) only=$2; shift 2 ;;
	-suite-only) suite_only=1; shift ;;
	-triage) suite_only=1 triage=1; shift ;;
	-cold) cold=$2; shift 2 ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] && [ $# -le 3 ] || usage
out=$(abspath "$1")
gentest=$(abspath "$2")
sc=${3:+$(abspath "$3")}
[ -x "$gentest" ] || { echo "vet-compare: $gentest is not executable" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "vet-compare: needs /usr/bin/time (GNU time)" >&2; exit 1; }

work=${WORK:-$(mktemp -d /tmp/vet-compare.XXXXXX)}
mkdir -p "$work" "$out/modules" "$out/diags" "$out/staticcheck" "$out/errors"
export GOTOOLCHAIN=local GOWORK=off GOFLAGS=-mod=mod
modcache=$(go env GOMODCACHE)

if [ -z "$suite_only" ] && [ -z "$sc" ]; then
	mkdir -p "$work/bin"
	GOBIN=$work/bin go install honnef.co/go/tools/cmd/staticcheck@v0.8.2 || exit 1
	sc=$work/bin/staticcheck
fi

{
	go version
	[ -n "$suite_only" ] || echo "staticcheck $("$sc" -version)"
	echo "gentest $("$gentest" -V=full 2>&1 | head -1 | sed "s|$gentest|gentest|")"
	echo "cores $(nproc)"
} >"$out/env.txt"

# tree_rss PID: the summed RSS (KB) of PID and all its descendants.
tree_rss() {
	ps -e -o pid=,ppid=,rss= | awk -v root="$1" '
		{ parent[$1] = $2; rss[$1] = $3 }
		END {
			sum = 0
			for (p in parent) {
				q = p
				while (q != root && q in parent && q != parent[q]) q = parent[q]
				if (q == root) sum += rss[p]
			}
			print sum
		}'
}

# measure LOG CMD...: runs CMD with output to LOG and prints
# "wall_s<TAB>maxrss_kb<TAB>tree_peak_kb<TAB>exit<TAB>load1", load1 being
# the machine's load average when the run started (other users' work).
measure() {
	local log=$1 pid peak=0 cur load
	shift
	load=$(cut -d' ' -f1 /proc/loadavg)
	/usr/bin/time -f '%e %M %x' -o "$log.time" "$@" >"$log" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		cur=$(tree_rss "$pid")
		[ "${cur:-0}" -gt "$peak" ] && peak=$cur
		sleep 0.5
	done
	wait "$pid"
	# GNU time puts "Command exited with non-zero status N" first.
	tail -1 "$log.time" | awk -v peak="$peak" -v load="$load" '{ printf "%s\t%s\t%s\t%s\t%s\n", $1, $2, peak, $3, load }'
}

# sanitize DIR: module-relative paths on stdin's diagnostic lines; other
# machine paths replaced by names.
sanitize() {
	sed -e "s|$1/||g" -e "s|$modcache|\$GOMODCACHE|g" -e "s|$work|\$WORK|g" -e "s|$HOME|\$HOME|g"
}

header="module\tversion\tpackages\tlines\ttool\tphase\twall_s\tmaxrss_kb\ttree_peak_kb\texit\tload1\tdiagnostics"
printf "$header\n" >"$out/times.tsv"
printf 'module\tfile:line\tcheck\tmessage\n' >"$out/diagnostics.tsv.tmp"

tools=suite
[ -n "$suite_only" ] || tools="suite sc"

# timed MOD VER NPKGS LINES MODDIR DIR TOOL PHASE: one run in DIR with the
# caches DIR/cache-TOOL, as a times.tsv row; its output in DIR/TOOL-PHASE.log.
timed() {
	local c=$6/cache-$7 m n cmd
	[ -z "$triage" ] || c=$work/triage-cache
	case $7 in
	suite) cmd=(go vet -p 2 -vettool="$gentest" "$1/...") ;;
	sc) cmd=("$sc" "$1/...") ;;
	esac
	m=$(cd "$6" && GOCACHE=$c/go XDG_CACHE_HOME=$c/xdg STATICCHECK_CACHE=$c/sc \
		measure "$6/$7-$8.log" "${cmd[@]}")
	n=$(grep -c "^$5/" "$6/$7-$8.log")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$7" "$8" "$m" "$n"
}

# cold_caches DIR TOOL: the caches of a cold run, empty or the std seed's.
cold_caches() {
	rm -rf "$1/cache-$2"
	if [ "$cold" = std ]; then
		cp -al "$work/std/cache-$2" "$1/cache-$2"
	else
		mkdir -p "$1/cache-$2/go" "$1/cache-$2/xdg" "$1/cache-$2/sc"
	fi
}

if [ "$cold" = std ] && [ -z "$triage" ]; then
	# The seed: a package importing every std package that builds here.
	echo "== std (seed)" >&2
	std_seed "$work/std"
	for t in $tools; do
		mkdir -p "$work/std/cache-$t/go" "$work/std/cache-$t/xdg" "$work/std/cache-$t/sc"
		timed vet36.example/std "$(go env GOVERSION)" 1 0 "$work/std" "$work/std" "$t" seed >>"$out/times.tsv"
	done
	tail -n +2 "$out/times.tsv" >&2
fi

sed 's/#.*//' "$modules" | awk 'NF { print $1 }' | while read -r mv; do
	mod=${mv%@*} ver=${mv##*@}
	if [ -n "$only" ] && ! echo "$mod" | grep -Eq "$only"; then
		continue
	fi
	name=$(echo "$mod" | tr '/' '_')
	dir=$work/mods/$name
	rm -rf "$dir" && mkdir -p "$dir"
	echo "== $mv" >&2
	(
		cd "$dir" || exit 1
		printf 'module vet36.example/scratch\n\ngo 1.26\n' >go.mod
		# Test dependencies too: go vet checks the test files. The whole
		# download happens here, before any timed run.
		go get -t "$mod/...@$ver" >prep.log 2>&1 || go get "$mod@$ver" >>prep.log 2>&1 || exit 1
		go list -e -deps -test "$mod/..." >/dev/null 2>>prep.log
		true
	) || { echo "vet-compare: $mv: go get failed (see $dir/prep.log)" >&2; continue; }
	moddir=$(cd "$dir" && go list -m -f '{{.Dir}}' "$mod")
	pkgs=$(cd "$dir" && go list -e -f '{{.Dir}}' "$mod/..." | sort -u)
	npkgs=$(echo "$pkgs" | grep -c .)
	# Lines of the Go files of the vetted packages (tests included, as vet
	# reads them); nested modules and testdata are not vetted, not counted.
	lines=$(echo "$pkgs" | while read -r d; do ls "$d"/*.go 2>/dev/null; done | xargs cat 2>/dev/null | wc -l)
	{
		printf "$header\n"
		for t in $tools; do
			if [ -n "$triage" ]; then
				timed "$mod" "$ver" "$npkgs" "$lines" "$moddir" "$dir" "$t" triage
				continue
			fi
			cold_caches "$dir" "$t"
			for phase in cold warm; do
				timed "$mod" "$ver" "$npkgs" "$lines" "$moddir" "$dir" "$t" "$phase"
			done
			rm -rf "$dir/cache-$t"
		done
	} >"$out/modules/$name.tsv"
	tail -n +2 "$out/modules/$name.tsv" >>"$out/times.tsv"
	cat "$out/modules/$name.tsv" >&2

	log=$dir/suite-cold.log
	[ -z "$triage" ] || log=$dir/suite-triage.log
	grep "^$moddir/" "$log" | sanitize "$moddir" | LC_ALL=C sort -u >"$out/diags/$name.txt"
	grep -v "^$moddir/" "$log" | grep -v '^#' | sanitize "$moddir" >"$out/errors/$name.txt"
	if [ -z "$suite_only" ]; then
		grep "^$moddir/" "$dir/sc-cold.log" | sanitize "$moddir" | LC_ALL=C sort -u >"$out/staticcheck/$name.txt"
		grep -v "^$moddir/" "$dir/sc-cold.log" | sanitize "$moddir" | sed 's/^/staticcheck: /' >>"$out/errors/$name.txt"
	fi
	[ -s "$out/errors/$name.txt" ] || rm -f "$out/errors/$name.txt"
	while IFS= read -r d; do
		loc=$(echo "$d" | cut -d: -f1,2)
		msg=$(echo "$d" | cut -d: -f4- | sed 's/^ //')
		printf '%s\t%s\t%s\t%s\n' "$mod" "$loc" "$(check_of "$msg")" "$msg"
	done <"$out/diags/$name.txt" >>"$out/diagnostics.tsv.tmp"
done

{
	head -1 "$out/diagnostics.tsv.tmp"
	tail -n +2 "$out/diagnostics.tsv.tmp" | LC_ALL=C sort
} >"$out/diagnostics.tsv"
rm -f "$out/diagnostics.tsv.tmp"

# Totals over the modules both tools measured.
awk -F'\t' 'NR > 1 && $6 != "seed" {
	key = $5 "\t" $6
	wall[key] += $7; if ($8 > rss[key]) rss[key] = $8; if ($9 > tree[key]) tree[key] = $9
	diags[key] += $12; n[key]++
}
END {
	print "tool\tphase\tmodules\twall_s_sum\tmaxrss_kb_max\ttree_peak_kb_max\tdiagnostics"
	split("suite\tcold,suite\twarm,sc\tcold,sc\twarm", keys, ",")
	for (i = 1; i <= 4; i++) {
		k = keys[i]
		if (k in n) printf "%s\t%d\t%.1f\t%d\t%d\t%d\n", k, n[k], wall[k], rss[k], tree[k], diags[k]
	}
	for (i = 1; i <= 2; i++) {
		s = keys[i]; t = keys[i + 2]
		if ((s in n) && (t in n) && wall[t] > 0)
			printf "ratio suite/sc\t%s\t\t%.2f\n", substr(s, 7), wall[s] / wall[t]
	}
}' "$out/times.tsv" >"$out/totals.tsv"
cat "$out/totals.tsv" >&2
echo "vet-compare: scratch modules and raw logs in $work" >&2
