# bench/real.sh: sourced by bench/run.  Builds real-content corpora from
# the real must-gathers in $real_src (never written to) into $work.

real_tars() {
	find "$real_src" -path '*/test/files/must-gather-*.tar.*' -type f |
	    LC_ALL=C sort
}

# real_corpus SET FORMAT: print the cached corpus path, building it first.
# SET is a size (copies of all gathers until SIZE bytes unpacked) or one
# gather's name (one copy of it).
real_corpus() {
	local set=$1 fm=$2 d p t want=0 got=0 i=0 nm ext
	d=$work/corpus/real-$set.d
	case $set in
	*[0-9][KMG]|*[0-9]) want=$(numfmt --from=iec "$set") || return 1 ;;
	esac
	if [ ! -d "$d" ] || [ ! -s "$d.stats" ]; then
		rm -rf "$d" "$d.stats"
		note "building real corpus $set ..."
		mkdir -p "$d.tmp" || return 1
		while :; do
			i=$((i + 1))
			for t in $(real_tars); do
				nm=$(basename "$t"); nm=${nm%%.tar*}
				[ "$want" = 0 ] && [ "$nm" != "must-gather-$set" ] &&
				    continue
				mkdir -p "$d.tmp/copy$i/$nm" &&
				    bsdtar -xf "$t" -C "$d.tmp/copy$i/$nm" ||
				    return 1
				got=$(du -sb "$d.tmp" | cut -f1)
				[ "$want" != 0 ] && [ "$got" -ge "$want" ] && break 2
			done
			[ "$want" = 0 ] && break
			[ "$i" -lt 100 ] || break	# bound the copies
		done
		[ "$got" -gt 0 ] || { note "no gather matches $set"; return 1; }
		mv "$d.tmp" "$d" || return 1
		printf 'bytes=%s files=%s log_lines=%s copies=%s\n' \
		    "$(find "$d" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')" \
		    "$(find "$d" -type f | wc -l)" \
		    "$(find "$d" -type f -name '*.log' -exec cat {} + | wc -l)" \
		    "$i" > "$d.stats"
	fi
	[ "$fm" = dir ] && { echo "$d"; return 0; }
	ext=$fm
	p=$work/corpus/real-$set.$ext
	if [ ! -s "$p" ]; then
		case $fm in
		tar.gz) bsdtar -czf "$p.tmp" -C "$d" . || return 1 ;;
		*) note "real corpus: format $fm not supported"; return 1 ;;
		esac
		mv "$p.tmp" "$p" || return 1
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
