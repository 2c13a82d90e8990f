#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# bytemix.sh DIR: bytes by kind of a must-gather tree, as a share of all.
find "$1" -type f -printf '%s %p\n' | awk '
function kind(p) {
	if (p ~ /\.log$/ || p ~ /\/logs\//) return "logs"
	if (p ~ /\/secrets\.yaml$/ || p ~ /\/secrets\//) return "Secrets"
	if (p ~ /\/configmaps\.yaml$/ || p ~ /\/configmaps\//) return "ConfigMaps"
	if (p ~ /\/events\.yaml$/ || p ~ /\/events\//) return "Events"
	if (p ~ /customresourcedefinitions/) return "CRDs"
	if (p ~ /apirequestcounts/) return "APIRequestCounts"
	if (p ~ /\/pods\.yaml$/ || p ~ /\/pods\/[^\/]+\/[^\/]+\.yaml$/) return "Pods"
	if (p ~ /\.ya?ml$/) return "other YAML"
	return "other"
}
{ s = $1; sub(/^[0-9]+ /, ""); k = kind($0); b[k] += s; t += s }
END { for (k in b) printf "%-18s %11d %5.1f%%\n", k, b[k], 100 * b[k] / t
      printf "%-18s %11d\n", "total", t }' | sort -k2 -nr
