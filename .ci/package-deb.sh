#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the Debian packages (debian/) from a copy of the tree, so nothing
# is written in the checkout; install them with apt-get, analyze a sample
# with the installed command once the copy is gone (so the rules and views
# can only come from /usr/share/mgtriage), then purge them.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mgtriage-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tracked files as they are in the working tree.
mkdir "$work/mgtriage"
git -C "$top" ls-files -z | (cd "$top" && tar --null -T - -cf -) |
    tar -xf - -C "$work/mgtriage"
# make check ran in step 1; here the package is what is tested.
if ! (cd "$work/mgtriage" && DEB_BUILD_OPTIONS="nocheck parallel=2" \
    dpkg-buildpackage -b -us -uc) >"$work/build.log" 2>&1; then
	tail -80 "$work/build.log"
	exit 1
fi
rm -rf "$work/mgtriage"
debs=$(ls "$work"/*.deb | grep -v -- -dbgsym_)
echo "built:" $debs | sed "s|$work/||g"

export DEBIAN_FRONTEND=noninteractive
pkgs="mgtriage mgtriage-data libmgtriage0 libmgtriage-dev"
# shellcheck disable=SC2086
apt-get install -y -qq $debs >/dev/null
trap 'apt-get purge -y -qq $pkgs >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

fail() { echo "deb: $*"; exit 1; }
[ "$(command -v mgtriage)" = /usr/bin/mgtriage ] ||
    fail "mgtriage is not /usr/bin/mgtriage"
oc-mgtriage --version | head -1 | grep -q '^mgtriage ' ||
    fail "oc-mgtriage --version"
for f in /usr/share/mgtriage/rules /usr/share/mgtriage/views \
    /usr/share/bash-completion/completions/mgtriage \
    /usr/share/zsh/vendor-completions/_mgtriage \
    /usr/share/man/man1/mgtriage.1.gz \
    /usr/include/mgtriage.h; do
	[ -e "$f" ] || fail "$f is not installed"
done
root=$(awk '/^[^ #]/ {print; exit}' "$top/samples/mco-bootstrap-desync/expected")
(cd "$work" && env -u MGTRIAGE_RULES_DIR -u MGTRIAGE_VIEWS_DIR \
    mgtriage analyze --format json "$top/samples/mco-bootstrap-desync" \
    >report.json) || fail "mgtriage analyze exited $?"
grep -q "\"$root\"" "$work/report.json" ||
    fail "the installed mgtriage did not report $root"
echo "installed mgtriage reports $root from /usr/share/mgtriage"
# shellcheck disable=SC2086
apt-get purge -y -qq $pkgs >/dev/null
[ ! -e /usr/bin/mgtriage ] && [ ! -e /usr/share/mgtriage ] ||
    fail "purge left files behind"
echo "deb ok: built, installed, analyzed, purged"
