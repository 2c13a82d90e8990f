#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Run a corpus as N shards with GNU parallel (Debian package `parallel`),
# on this machine or, with --sshlogin, on several, then merge the shards'
# results into one summary, JUnit file and exit code.
#   examples/scale/parallel.sh CASES-DIR RESULTS-DIR [SHARDS]
set -eu
cases=$1 results=$2 shards=${3:-4}
mgtriage=${MGTRIAGE:-mgtriage}
mkdir -p "$results"
# One process per shard (--jobs 1 inside): parallel spreads the shards.
# A shard exits 1 when one of its cases failed: that is the merge's
# verdict to give, so only an exit above 1 stops the run here.
seq 0 $((shards - 1)) | parallel --halt now,fail=1 \
    "$mgtriage corpus --jobs 1 --shard {}/$shards --results $results/{} $cases >/dev/null; test \$? -le 1"
exec "$mgtriage" corpus merge --junit "$results/corpus.xml" "$results"/*/
