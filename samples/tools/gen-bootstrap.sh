#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-bootstrap.sh - an installer log bundle (openshift-install gather
# bootstrap) whose bootkube service failed at one stage, with the
# installer's .openshift_install.log beside it.  POSIX sh only.
#
# Layout as installer-gather.sh / installer-masters-gather.sh write it
# (openshift/installer data/data/bootstrap/files/usr/local/bin/, 4.8+):
#   log-bundle-<id>/bootstrap/services/<svc>.json   bootstrap-service-record.sh
#       (jq: a pretty-printed array; empty fields left out)
#   log-bundle-<id>/bootstrap/journals/<unit>.log   journalctl --output=short
#   log-bundle-<id>/bootstrap/network/{hostname.txt,ip-addr.txt,resolv.conf}
#   log-bundle-<id>/control-plane/<ip>/journals/<unit>.log
#   log-bundle-<id>/resources/*.json                oc get (empty: no API)
#   log-bundle-<id>/failed-units.txt, gather.log
# The story: the release image is pulled, the API names resolve, then
# bootkube's mco-bootstrap stage fails (the MCO render cannot read the
# pull secret's registry auth) on every restart; the installer gives up
# waiting for bootstrap with exit code 5.
cd "$(dirname "$0")" || exit 1
TOOLS=$(pwd)
SAMPLES=$(cd .. && pwd)
. "$TOOLS/lib.sh"

SAMPLE=$SAMPLES/bootstrap-stage-failure
rm -rf "$SAMPLE"
ID=20250312101530
# openshift-install writes the bundle into its --dir, beside its log.
D=$SAMPLE/ocp4
B=$D/log-bundle-$ID
BH=bootstrap.ocp4.example.com
REL=quay.io/openshift-release-dev/ocp-release@sha256:$(h64 rel-4.16.8)
MCOIMG=$(img machine-config-operator)

w "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
bootstrap.bootkube-stage-failed
  install.bootstrap-failed
EOF

# ---- service records (jq's output: 2-space indent, keys in input order)
# rec TIMESTAMP PHASE [result=R] [stage=S] [errorLine=L] [errorMessage=M]
rec_first=1
rec() {
	ts=$1 phase=$2
	shift 2
	if [ "$rec_first" = 1 ]; then printf '[\n'; rec_first=0; else printf ',\n'; fi
	printf '  {\n    "timestamp": "%s"' "$ts"
	for kv in "$@"; do
		case $kv in
		stage=*) printf ',\n    "stage": "%s"' "${kv#stage=}" ;;
		esac
	done
	printf ',\n    "phase": "%s"' "$phase"
	for kv in "$@"; do
		case $kv in
		result=*) printf ',\n    "result": "%s"' "${kv#result=}" ;;
		errorLine=*) printf ',\n    "errorLine": "%s"' "${kv#errorLine=}" ;;
		errorMessage=*) printf ',\n    "errorMessage": "%s"' "${kv#errorMessage=}" ;;
		esac
	done
	printf '\n  }'
}
rec_end() { printf '\n]\n'; rec_first=1; }

{
	rec 2025-03-12T09:41:02Z "service start"
	rec 2025-03-12T09:42:37Z "service end" result=success
	rec_end
} | w "$B/bootstrap/services/release-image.json"

MCOERR='Mar 12 09:44:51 bootstrap.ocp4.example.com bootkube.sh[2489]: I0312 09:44:51.120114       1 bootstrap.go:84] Version: 4.16.0-202408051436.p0.g5c0f6ba.assembly.stream.el9-dirty\nMar 12 09:44:51 bootstrap.ocp4.example.com bootkube.sh[2489]: F0312 09:44:51.124386       1 bootstrap.go:131] error rendering bootstrap manifests: failed to create MachineConfig objects from the pull secret: unexpected end of JSON input\nMar 12 09:44:51 bootstrap.ocp4.example.com bootkube.sh[2470]: Error: mco-bootstrap: exit status 255'
{
	n=0
	for start in 09:43:58 09:45:06 09:46:14; do
		n=$((n + 1))
		rec 2025-03-12T$start"Z" "service start"
		for st in kube-apiserver-bootstrap kube-controller-manager-bootstrap kube-scheduler-bootstrap ingress-operator-bootstrap; do
			rec 2025-03-12T$start"Z" "stage start" stage=$st
			rec 2025-03-12T$start"Z" "stage end" stage=$st result=success
		done
		t=$(echo "$start" | awk -F: '{ printf "%s:%02d:%s", $1, $2 + 1, "0" substr($3, 2) }')
		rec 2025-03-12T"$t"Z "stage start" stage=resolve-api-url
		rec 2025-03-12T"$t"Z "stage end" stage=resolve-api-url result=success
		rec 2025-03-12T"$t"Z "stage start" stage=resolve-api-int-url
		rec 2025-03-12T"$t"Z "stage end" stage=resolve-api-int-url result=success
		rec 2025-03-12T"$t"Z "stage start" stage=mco-bootstrap
		rec 2025-03-12T"$t"Z "stage end" stage=mco-bootstrap result=failure "errorLine=180 main /usr/local/bin/bootkube.sh" "errorMessage=$MCOERR"
		rec 2025-03-12T"$t"Z "service end" result=failure "errorLine=180 main /usr/local/bin/bootkube.sh" "errorMessage=$MCOERR"
	done
	rec_end
} | w "$B/bootstrap/services/bootkube.json"

# ---- bootstrap journals (journalctl --boot --no-pager --output=short)
hdr() { printf -- '-- Logs begin at Wed 2025-03-12 09:39:48 UTC, end at Wed 2025-03-12 10:15:30 UTC. --\n'; }
{
	hdr
	printf 'Mar 12 09:41:02 %s systemd[1]: Starting Download the OpenShift Release Image...\n' "$BH"
	printf 'Mar 12 09:41:02 %s release-image-download.sh[1822]: Pulling %s...\n' "$BH" "$REL"
	printf 'Mar 12 09:42:37 %s release-image-download.sh[1822]: 0c1b3cbb5c0cd4d2a2c9e0e7b9b1c2a0f3a5f6e9d1c7e4b2a8f0d3c6b9e2a5f8\n' "$BH"
	printf 'Mar 12 09:42:37 %s systemd[1]: Finished Download the OpenShift Release Image.\n' "$BH"
} | w "$B/bootstrap/journals/release-image.log"
{
	hdr
	for pid in 2470 2611 2750; do
		printf 'Mar 12 09:43:58 %s systemd[1]: Started Bootstrap a Kubernetes cluster.\n' "$BH"
		printf 'Mar 12 09:44:50 %s bootkube.sh[%s]: Rendering MCO manifests...\n' "$BH" "$pid"
		printf 'Mar 12 09:44:51 %s bootkube.sh[%s]: I0312 09:44:51.120114       1 bootstrap.go:84] Version: 4.16.0-202408051436.p0.g5c0f6ba.assembly.stream.el9-dirty\n' "$BH" "$pid"
		printf 'Mar 12 09:44:51 %s bootkube.sh[%s]: F0312 09:44:51.124386       1 bootstrap.go:131] error rendering bootstrap manifests: failed to create MachineConfig objects from the pull secret: unexpected end of JSON input\n' "$BH" "$pid"
		printf 'Mar 12 09:44:51 %s systemd[1]: bootkube.service: Main process exited, code=exited, status=255/EXCEPTION\n' "$BH"
		printf 'Mar 12 09:44:51 %s systemd[1]: bootkube.service: Failed with result '"'"'exit-code'"'"'.\n' "$BH"
		printf 'Mar 12 09:44:56 %s systemd[1]: bootkube.service: Scheduled restart job, restart counter is at %s.\n' "$BH" "${pid#2}"
	done
} | w "$B/bootstrap/journals/bootkube.log"
{
	hdr
	printf 'Mar 12 09:43:40 %s systemd[1]: Started Kubernetes Kubelet.\n' "$BH"
	printf 'Mar 12 09:43:41 %s kubelet.sh[2301]: I0312 09:43:41.004311    2301 server.go:484] "Kubelet version" kubeletVersion="v1.29.7+4510e9c"\n' "$BH"
} | w "$B/bootstrap/journals/kubelet.log"
{
	hdr
	printf 'Mar 12 09:41:01 %s crio[1790]: time="2025-03-12 09:41:01.402110417Z" level=info msg="Starting CRI-O, version: 1.29.7-3.rhaos4.16.git2a4d7c1.el9, git: unknown(clean)"\n' "$BH"
} | w "$B/bootstrap/journals/crio.log"
for u in approve-csr crio-configure ironic master-bmh-update; do
	printf -- '-- No entries --\n' | w "$B/bootstrap/journals/$u.log"
done
printf '%s\n' "$BH" | w "$B/bootstrap/network/hostname.txt"
printf 'search ocp4.example.com\nnameserver 192.168.122.1\n' | w "$B/bootstrap/network/resolv.conf"

# ---- control plane: the masters booted and wait for their Ignition
for ip in 192.168.122.21 192.168.122.22 192.168.122.23; do
	mh=master-$(( ${ip##*.} - 21 )).ocp4.example.com
	{
		printf -- '-- Logs begin at Wed 2025-03-12 09:47:10 UTC, end at Wed 2025-03-12 10:15:40 UTC. --\n'
		printf -- '-- No entries --\n'
	} | w "$B/control-plane/$ip/journals/kubelet.log"
	{
		printf -- '-- Logs begin at Wed 2025-03-12 09:47:10 UTC, end at Wed 2025-03-12 10:15:40 UTC. --\n'
		printf -- '-- No entries --\n'
	} | w "$B/control-plane/$ip/journals/crio.log"
	printf '%s\n' "$mh" | w "$B/control-plane/$ip/network/hostname.txt"
	printf '  UNIT LOAD ACTIVE SUB DESCRIPTION\n0 loaded units listed.\n' | w "$B/control-plane/$ip/failed-units.txt"
done

# ---- what oc could not get (no API): empty files, as the redirects leave them
for r in nodes.list masters.list containers api-pods apiservices.json clusteroperators.json clusterversion.json csr.json nodes.json pods.json; do
	: | w "$B/resources/$r"
done
{
	printf '  UNIT              LOAD   ACTIVE SUB    DESCRIPTION\n'
	printf '* bootkube.service loaded failed failed Bootstrap a Kubernetes cluster\n\n'
	printf 'LOAD   = Reflects whether the unit definition was properly loaded.\n'
	printf '1 loaded units listed.\n'
} | w "$B/failed-units.txt"
{
	printf 'Gathering bootstrap service records ...\n'
	printf 'Gathering bootstrap systemd summary ...\n'
	printf 'Gathering bootstrap journals ...\n'
	printf 'Gather remote logs\n'
	for ip in 192.168.122.21 192.168.122.22 192.168.122.23; do printf 'Collecting info from %s\n' "$ip"; done
	printf 'Log bundle written to /var/home/core/log-bundle-%s.tar.gz\n' "$ID"
} | w "$B/gather.log"

# ---- the installer's log beside the bundle (logrus text formatter)
{
	l() { printf 'time="2025-03-12T%sZ" level=%s msg=%s\n' "$1" "$2" "$3"; }
	l 09:38:12 info '"Consuming Install Config from target directory"'
	l 09:38:40 info '"Creating infrastructure resources..."'
	l 09:41:55 info '"Waiting up to 20m0s (until 10:01AM UTC) for the Kubernetes API at https://api.ocp4.example.com:6443..."'
	l 09:47:30 info '"API v1.29.7+4510e9c up"'
	l 09:47:30 info '"Waiting up to 45m0s (until 10:32AM UTC) for bootstrapping to complete..."'
	l 10:15:01 error '"Bootstrap failed to complete: timed out waiting for the condition"'
	l 10:15:01 error '"Failed to wait for bootstrapping to complete. This error usually happens when there is a problem with control plane hosts that prevents the control plane operators from creating the control plane."'
	l 10:15:02 info '"Bootstrap gather logs captured here \"/home/user/ocp4/log-bundle-20250312101530.tar.gz\""'
	l 10:15:30 fatal '"Bootstrap failed to complete"'
} | w "$D/.openshift_install.log"
