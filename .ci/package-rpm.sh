#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Check packaging/rpm/mgtriage.spec as far as Debian allows: rpmspec parses
# it, rpmbuild makes the source RPM and builds the binary RPMs from the
# dist tarball (TARBALL, default build/mgtriage-*.tar.gz from make dist)
# with --nodeps (Fedora's BuildRequires cannot be resolved here), and the
# RPMs hold the files the spec promises.  All of it in a scratch _topdir.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
spec=$top/packaging/rpm/mgtriage.spec
tarball=${1:-$(ls "$top"/build/mgtriage-*.tar.gz 2>/dev/null | head -1)}
[ -f "$tarball" ] || { echo "rpm: no dist tarball (run make dist)"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/mgtriage-rpm.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "rpm: $*"; exit 1; }

version=$(rpmspec -q --srpm --qf '%{version}' "$spec")
[ "${tarball##*/}" = "mgtriage-$version.tar.gz" ] ||
    fail "the spec's Version $version does not match ${tarball##*/}"
rpmspec -P "$spec" >/dev/null || fail "rpmspec -P cannot parse the spec"
mkdir -p "$work/SOURCES"
cp "$tarball" "$work/SOURCES/"
# Debian's rpm has no find-debuginfo: no debuginfo packages.
def=(--define "_topdir $work" --define "debug_package %{nil}")
rpmbuild "${def[@]}" -bs "$spec" >"$work/bs.log" 2>&1 ||
    { tail -30 "$work/bs.log"; fail "rpmbuild -bs failed"; }
rpmbuild "${def[@]}" --nodeps -bb "$spec" >"$work/bb.log" 2>&1 ||
    { tail -60 "$work/bb.log"; fail "rpmbuild -bb failed"; }
ls "$work"/SRPMS/*.src.rpm >/dev/null || fail "no source RPM"
for p in mgtriage mgtriage-libs mgtriage-devel; do
	rpm=$(ls "$work"/RPMS/*/"$p-$version"-*.rpm 2>/dev/null | head -1)
	[ -n "$rpm" ] || fail "no $p RPM"
	rpm -qlp "$rpm" >"$work/$p.list" 2>/dev/null
done
for f in /usr/bin/oc-mgtriage /usr/share/mgtriage/rules \
    /usr/share/zsh/site-functions/_mgtriage \
    /usr/share/bash-completion/completions/mgtriage; do
	grep -qx "$f" "$work/mgtriage.list" || fail "mgtriage RPM lacks $f"
done
grep -q '/libmgtriage\.so\.0' "$work/mgtriage-libs.list" ||
    fail "mgtriage-libs RPM lacks the shared library"
grep -qx /usr/include/mgtriage.h "$work/mgtriage-devel.list" ||
    fail "mgtriage-devel RPM lacks the header"
echo "rpm ok: spec parses; SRPM and $(ls "$work"/RPMS/*/*.rpm | wc -l) RPMs built (--nodeps)"
