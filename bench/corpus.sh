#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench/corpus.sh: the corpus row of the benchmark (bench/run --corpus).
# Builds a corpus of N cases (default 200), each a hard link of one of the
# real must-gathers (or, without them, a copy of a sample), and times
# `mgtriage corpus` with --jobs 1, with --jobs the cores, and the
# re-evaluation of indexes kept by a --keep-indexes run.  Numbers are
# printed, never asserted.
#
set -u -o pipefail

usage() {
	cat <<'USAGE'
usage: bench/corpus.sh [--cases N] [--samples]

  --cases N   cases in the corpus (default 200)
  --samples   cases from samples/ even when the real must-gathers exist

Environment: BENCH_DIR (default /tmp/mgtriage-bench), MGTRIAGE (the
binary), MGT_CORPUS (default ../shared/corpus/real beside the source).
USAGE
}

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
work=${BENCH_DIR:-/tmp/mgtriage-bench}
real=${MGT_CORPUS:-$top/../shared/corpus/real}/openshift__must-gather-clean/test/files
cases=200
samples=0
while [ $# -gt 0 ]; do
	case $1 in
	--cases) [ $# -ge 2 ] || { usage >&2; exit 2; }; cases=$2; shift ;;
	--samples) samples=1 ;;
	-h|--help) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
	shift
done
case $cases in ''|*[!0-9]*|0) echo "bench: --cases wants a positive number" >&2; exit 2 ;; esac
mgt=${MGTRIAGE:-$top/mgtriage}
[ -x "$mgt" ] || mgt=$top/build/mgtriage
[ -x "$mgt" ] || mgt=$(command -v mgtriage) || { echo "bench: no mgtriage" >&2; exit 1; }
cores=$(nproc)

# The corpus: case-K/ holds source K mod S (hard links: no disk cost) and
# an empty 'expected' (healthy).
if [ "$samples" = 0 ] && ls "$real"/*.tar.xz >/dev/null 2>&1; then
	src=("$real"/*.tar.xz)
	kind=real
else
	src=()
	for d in "$top"/samples/*/; do [ -f "$d/expected" ] && src+=("$d"); done
	kind=samples
fi
dir=$work/corpus-$kind-$cases
if [ ! -d "$dir" ]; then
	mkdir -p "$dir.tmp"
	for ((k = 0; k < cases; k++)); do
		c=$(printf '%s/case-%04d' "$dir.tmp" "$k")
		s=${src[k % ${#src[@]}]}
		if [ -d "$s" ]; then cp -Rl "$s" "$c"; : >"$c/expected"
		else mkdir -p "$c"; ln "$s" "$c/" 2>/dev/null || cp "$s" "$c/"; : >"$c/expected"; fi
	done
	mv "$dir.tmp" "$dir"
fi

# secs CMD...: wall seconds of one run (exit 0 or 1 are both results).
secs() {
	local t0 t1
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1
	[ $? -le 1 ] || echo "bench: failed: $*" >&2
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}
idx=$work/corpus-idx-$kind-$cases
rm -rf "$idx"
one=$(secs "$mgt" corpus --jobs 1 "$dir")
many=$(secs "$mgt" corpus --jobs "$cores" --keep-indexes "$idx" "$dir")
re1=$(secs "$mgt" corpus --jobs 1 --indexes "$idx")
ren=$(secs "$mgt" corpus --jobs "$cores" --indexes "$idx")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
printf '\ncorpus: %d cases (%s), %d cores, load %s\n' "$cases" "$kind" \
    "$cores" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '(each --jobs process is pinned to a CPU of its own: --jobs 1 uses one CPU)\n'
printf '%-44s %9s %7s\n' "run" "wall s" "ratio"
printf '%-44s %9s %7s\n' "--jobs 1" "$one" "1.00"
printf '%-44s %9s %7s\n' "--jobs $cores (+ --keep-indexes)" "$many" "$(ratio "$many" "$one")"
printf '%-44s %9s %7s\n' "re-evaluation --indexes, --jobs 1" "$re1" "$(ratio "$re1" "$one")"
printf '%-44s %9s %7s\n' "re-evaluation --indexes, --jobs $cores" "$ren" "$(ratio "$ren" "$one")"
