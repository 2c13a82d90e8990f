# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash disable=SC2154
# bench/real.sh: sourced by bench/run.  Builds real-content corpora from
# the real must-gathers in $real_src (never written to) into $work.

real_tars() {
	find "$real_src" -path '*/test/files/must-gather-*.tar.*' -type f |
	    LC_ALL=C sort
}

# real_corpus SET FORMAT: print the cached corpus path, building it first.
# SET is a size: each of the four gathers unpacked under
# <gather>/copyN/ until it holds a quarter of SIZE (3 copies for 1G), one
# must-gather per gather, since one case is one cluster and mgtriage
# refuses a tree holding four (bench/run runs it once per gather through
# each.sh); the tar.gz form is a directory of four tar.gz.  Or SET is one
# gather's name: one copy of it, one input.
real_corpus() {
	local set=$1 fm=$2 d p t want=0 got i n nm
	d=$work/corpus/real-$set.d
	case $set in
	*[0-9][KMG]|*[0-9]) want=$(numfmt --from=iec "$set") || return 1 ;;
	esac
	if [ ! -d "$d" ] || [ ! -s "$d.stats" ]; then
		rm -rf "$d" "$d.stats" "$d.tmp"
		note "building real corpus $set ..."
		mkdir -p "$d.tmp" || return 1
		for t in $(real_tars); do
			nm=$(basename "$t"); nm=${nm%%.tar*}
			if [ "$want" = 0 ]; then
				[ "$nm" = "must-gather-$set" ] || continue
				bsdtar -xf "$t" -C "$d.tmp" || return 1
				continue
			fi
			# Copies: a quarter of SIZE over one copy's file
			# bytes, rounded (3 of each for 1G), at most 100.
			i=0 n=1
			while [ $i -lt $n ]; do
				i=$((i + 1))
				mkdir -p "$d.tmp/$nm/copy$i" &&
				    bsdtar -xf "$t" -C "$d.tmp/$nm/copy$i" ||
				    return 1
				[ $i = 1 ] || continue
				got=$(find "$d.tmp/$nm" -type f -printf '%s\n' |
				    awk '{ s += $1 } END { print s + 0 }')
				[ "$got" -gt 0 ] || return 1
				n=$(( (want / 4 + got / 2) / got ))
				[ $n -ge 1 ] || n=1
				[ $n -le 100 ] || n=100
			done
		done
		[ -n "$(ls "$d.tmp")" ] ||
		    { note "no gather matches $set"; return 1; }
		mv "$d.tmp" "$d" || return 1
		printf 'bytes=%s files=%s log_lines=%s copies=%s\n' \
		    "$(find "$d" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')" \
		    "$(find "$d" -type f | wc -l)" \
		    "$(find "$d" -type f -name '*.log' -exec cat {} + | wc -l)" \
		    "$(find "$d" -mindepth 2 -maxdepth 2 -name 'copy*' | wc -l)" \
		    > "$d.stats"
	fi
	[ "$fm" = dir ] && { echo "$d"; return 0; }
	[ "$fm" = tar.gz ] ||
	    { note "real corpus: format $fm not supported"; return 1; }
	if [ "$want" = 0 ]; then
		p=$work/corpus/real-$set.tar.gz
		if [ ! -s "$p" ]; then
			bsdtar -czf "$p.tmp" -C "$d" . && mv "$p.tmp" "$p" ||
			    return 1
		fi
	else
		p=$work/corpus/real-$set.tgz
		if [ ! -d "$p" ]; then
			rm -rf "$p.tmp"
			mkdir -p "$p.tmp" || return 1
			for t in "$d"/*/; do
				nm=$(basename "$t")
				bsdtar -czf "$p.tmp/$nm.tar.gz" -C "$t" . ||
				    return 1
			done
			mv "$p.tmp" "$p" || return 1
		fi
	fi
	cp "$d.stats" "$p.stats"
	echo "$p"
}

# real_info SET FORMAT PATH: one line on the real corpus.
real_info() {
	awk -v s="$1" -v f="$2" -v b="$(stat_get "$3.stats" bytes)" \
	    -v n="$(stat_get "$3.stats" files)" \
	    -v c="$(stat_get "$3.stats" copies)" \
	    -v ob="$(du -sb "$3" | cut -f1)" 'BEGIN {
	    printf "%-7s %-7s %7.1f MB in %d files (real content, %d " \
	    "copies), file %.1f MB\n", s, f, b / 1048576, n, c, ob / 1048576 }'
}

# cpu_row CORPUS FORMAT NAME: analyze's median CPU seconds over the median
# CPU seconds of the floor runs paired with it (the issue's CPU target).
cpu_row() {
	local name f g a b
	name=$(printf '%s' "$3" | tr -c 'A-Za-z0-9._-' '_')
	f=$work/log/$name.peak
	g=$work/log/$name.floor.peak
	[ -s "$f" ] && [ -s "$g" ] || return 0
	a=$(awk '/^peakrss:/ { for (i = 2; i <= NF; i++) { split($i, x, "=");
	    v[x[1]] = x[2] } print v["user"] + v["sys"] }' "$f" | sort -g |
	    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	b=$(awk '/^peakrss:/ { for (i = 2; i <= NF; i++) { split($i, x, "=");
	    v[x[1]] = x[2] } print v["user"] + v["sys"] }' "$g" | sort -g |
	    awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	fmt_row "$1" "$2" "cpu ratio analyze/floor" - \
	    "$(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.2f", a / b
	    else print "-" }')" - - - "$a" "floor cpu $b s; $(nproc) cores" |
	    tee -a "$txt"
}

# jobs_row CORPUS FORMAT NAME1 NAME2: median wall of --jobs 2 (NAME2) over
# --jobs 1 (NAME1), the issue's target being at most 0.6.
jobs_row() {
	local a b
	a=$(sed -n 's/.* wall=\([^ ]*\).*/\1/p' "$work/log/$(printf '%s' "$3" |
	    tr -c 'A-Za-z0-9._-' '_').peak" | sort -g |
	    awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
	b=$(sed -n 's/.* wall=\([^ ]*\).*/\1/p' "$work/log/$(printf '%s' "$4" |
	    tr -c 'A-Za-z0-9._-' '_').peak" | sort -g |
	    awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }')
	[ -n "$a" ] && [ -n "$b" ] || return 0
	fmt_row "$1" "$2" "wall jobs 2 / jobs 1" - \
	    "$(awk -v a="$b" -v b="$a" 'BEGIN { if (b > 0) printf "%.2f", a / b
	    else print "-" }')" - - - - "median walls $b / $a s" |
	    tee -a "$txt"
}
