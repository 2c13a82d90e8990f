#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# each.sh DIR OUT CMD ARGS...: run CMD once for each entry of DIR (in name
# order), with the word @IN replaced by the entry and @OUT by OUT.<name>;
# exits with the largest exit status.  bench/run times it as one command
# where a corpus is several must-gathers of different clusters, which
# mgtriage refuses to merge into one case.
dir=$1 out=$2
shift 2
worst=0
for f in "$dir"/*; do
	n=$(basename "$f")
	cmd=()
	for a in "$@"; do
		case $a in
		@IN) a=$f ;;
		@OUT) a=$out.$n ;;
		esac
		cmd+=("$a")
	done
	"${cmd[@]}"
	st=$?
	[ $st -gt $worst ] && worst=$st
done
exit $worst
