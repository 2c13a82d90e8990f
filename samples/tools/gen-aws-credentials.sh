#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-aws-credentials.sh -> samples/aws-credentials-insufficient
# AWS IPI 4.17.14, compact (3 schedulable masters), install-config without
# credentialsMode (the cloud-credential operator decides: mint, else
# passthrough).  openshift-install ran with a temporary AWS SSO session: the
# key pair written to kube-system/aws-creds (ASIA..., no session token) is
# rejected by IAM (InvalidClientTokenId).  The operator's secret annotator
# cannot verify the credential, annotates it "insufficient", and every AWS
# CredentialsRequest gets InsufficientCloudCreds: no component secret is
# minted.  The load balancer of router-default is made by the cloud
# controller manager with the masters' instance profile (Ready), but the
# ingress operator has no credential for Route 53: the *.apps record never
# appears (DNSReady=False, NoZones), the canary, OAuth and console route
# checks fail on DNS; the image registry cannot create its S3 bucket.  The
# install timed out waiting for authentication, console, image-registry and
# ingress; must-gather taken 1 h 48 min after the start.
TOOLS=$(cd "$(dirname "$0")" && pwd); SAMPLES=$(dirname "$TOOLS")
. "$TOOLS/lib.sh"; . "$TOOLS/base.sh"; . "$TOOLS/ipi.sh"

CLUSTER=shop417; DOMAIN=shop417.aws.example.org; INFRAID=shop417-tq8vz
OCPVER=4.17.14; KUBEVER=v1.30.7; ERRATA=2025:0650
CRIOVER=cri-o://1.30.8-8.rhaos4.17.git3e5b2c1.el9
KERNELVER=5.14.0-427.50.1.el9_4.x86_64
RHCOSBUILD=417.94.202501071621-0
RHCOSVER="Red Hat Enterprise Linux CoreOS $RHCOSBUILD (Plow)"
CAEXPIRY=2035-03-09T09:29:51Z; EVRV=38000; ETCDREV=41770; ETCDTERM=3
MCCHASH=9a7b5c3d1e2f4a6b8c0d2e4f6a8b0c1d3e5f7a9b
REGION=us-east-2
T0=2025-03-11T09:14:20Z          # openshift-install create cluster
TC=2025-03-11T11:02:55Z          # collection
REQID() { h32 "req-$1" | sed 's/\(........\)\(....\)\(....\)\(....\)\(............\)/\1-\2-\3-\4-\5/'; }

mg_init aws-credentials-insufficient 8812640093175519062 "$CLUSTER-mg-$OCPVER"
ipi_stamps -18000 "-0500 EST"

cv_write Partial "" <<EOF
RetrievedUpdates|True|-|$(t 470)|-
ReleaseAccepted|True|PayloadLoaded|$(t 470)|Payload loaded version="$OCPVER" image="quay.io/openshift-release-dev/ocp-release@sha256:$(h64 "release-$OCPVER")" architecture="amd64"
Available|False|-|$(t 470)|-
Failing|True|ClusterOperatorsNotAvailable|$(t 3140)|Cluster operators authentication, console, image-registry, ingress, storage are not available
Progressing|True|ClusterOperatorsNotAvailable|$(t 470)|Unable to apply $OCPVER: some cluster operators are not available
ImplicitlyEnabledCapabilities|False|AsExpected|$(t 470)|Capabilities match configured spec
EOF
all_cos "$(t 480)" "$(t 1820)"
infra_cloud AWS "$(t 400)" 563

# --------------------------------------------------------------- nodes (compact: masters schedulable)
RM=rendered-master-$(h32 "rm-$CLUSTER"); RW=rendered-worker-$(h32 "rw-$CLUSTER")
NODES="10-0-17-201 10-0-42-88 10-0-75-143"
i=0
for ip in $NODES; do
	N_NAME=ip-$ip.$REGION.compute.internal; N_IP=$(echo $ip | tr - .); N_SUBNET=10.$((128 + i)).0.0/23; N_ROLE=master
	N_CUR=$RM; N_DES=$RM; N_STATE=Done; N_REASON=""; N_CCRV=$((EVRV / 3)); N_RV=$((EVRV + 7100 + i))
	N_CREATED=$(t $((650 + i * 9))); N_READY=True; N_HB=$(tc $((-18 - i * 4))); N_RT=$(t $((905 + i * 21)))
	node
	# compact cluster: the masters also carry the worker role and no NoSchedule taint
	f=$R/cluster-scoped-resources/core/nodes/$N_NAME.yaml
	awk -v z="$([ $i = 0 ] && echo a || ([ $i = 1 ] && echo b || echo c))" '
		/^    node-role.kubernetes.io\/master: ""$/ { print; print "    node-role.kubernetes.io/worker: \"\""; print "    node.kubernetes.io/instance-type: m6i.2xlarge"; next }
		/^    node.openshift.io\/os_id: rhcos$/ { print; print "    topology.ebs.csi.aws.com/zone: us-east-2" z; print "    topology.kubernetes.io/region: us-east-2"; print "    topology.kubernetes.io/zone: us-east-2" z; next }
		/^spec:$/ { print; print "  providerID: aws:///us-east-2" z "/i-0" substr("4f1a9c2e7b3d5f80a6c1e9d2b4f7a3c5", 1 + NR % 5, 16); skip = 1; next }
		skip && /^  taints:$/ { next }
		skip && /^  - effect: NoSchedule$/ { next }
		skip && /^    key: node-role.kubernetes.io\/master$/ { next }
		/^status:$/ { skip = 0 }
		{ print }' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
	i=$((i + 1))
done
source_mcs "$(t 600)" $MCCHASH
mc $RM master "$(t 641)" 8390 $MCCHASH
mc $RW worker "$(t 641)" 8392 $MCCHASH
mcp master "$(t 599)" $((EVRV + 50)) $RM $RM 3 3 3 0 "$(t 1600)" False "" "" True False "$(t 642)"
mcp worker "$(t 599)" $((EVRV + 51)) $RW $RW 0 0 0 0 "$(t 642)" False "" "" True False "$(t 642)"
etcd_info 9031777209416627512 "ip-10-0-17-201.$REGION.compute.internal|10.0.17.201|9031777209416627512" \
	"ip-10-0-42-88.$REGION.compute.internal|10.0.42.88|4155290637126018845" "ip-10-0-75-143.$REGION.compute.internal|10.0.75.143|13580216694408221903"

# --------------------------------------------------------------- cloud-credential operator
NS=openshift-cloud-credential-operator
nsobj $NS "$(t 432)" 5012 1
CRD=namespaces/$NS/cloudcredential.openshift.io/credentialsrequests
CRT=$(t 656)                      # first sync of the requests
# credreq NAME CAPABILITY TARGETNS SECRET SA PROVIDERKIND ACTIONS(comma) [aws]
credreq() {
	{
		cat <<EOF
apiVersion: cloudcredential.openshift.io/v1
kind: CredentialsRequest
metadata:
  annotations:
    capability.openshift.io/name: $2
    include.release.openshift.io/self-managed-high-availability: "true"
    include.release.openshift.io/single-node-developer: "true"
  creationTimestamp: "$(t 441)"
EOF
		[ "$8" = aws ] && printf '  finalizers:\n  - cloudcredential.openshift.io/deprovision\n'
		cat <<EOF
  generation: 1
  labels:
    controller-tools.k8s.io: "1.0"
  name: $1
  namespace: $NS
  resourceVersion: "$((EVRV + 2000 + ${#1} * 13))"
  uid: $(uid "cr-$1-$CLUSTER")
spec:
  providerSpec:
    apiVersion: cloudcredential.openshift.io/v1
    kind: $6
EOF
		if [ "$6" = AWSProviderSpec ]; then
			echo "    statementEntries:"
			echo "    - action:"
			echo "$7" | tr ',' '\n' | sed 's/^/      - /'
			echo "      effect: Allow"
			echo "      resource: '*'"
		else
			echo "    permissions:"
			echo "$7" | tr ',' '\n' | sed 's/^/    - /'
		fi
		cat <<EOF
  secretRef:
    name: $4
    namespace: $3
  serviceAccountNames:
  - $5
EOF
		if [ "$8" = aws ]; then
			echo "status:"
			echo "  conditions:"
			kli 2 lastProbeTime "$CRT"
			kv 4 lastTransitionTime "$CRT"
			kv 4 message "cloud creds are insufficient to satisfy CredentialsRequest"
			kv 4 reason CloudCredsInsufficient
			kv 4 status True
			kv 4 type InsufficientCloudCreds
			echo "  lastSyncGeneration: 0"
			echo "  provisioned: false"
		else
			echo "status:"
			echo "  lastSyncGeneration: 0"
			echo "  provisioned: false"
		fi
	} | yobj "$CRD/$1.yaml"
}
credreq aws-ebs-csi-driver-operator CloudCredential+Storage openshift-cluster-csi-drivers ebs-cloud-credentials aws-ebs-csi-driver-controller-sa AWSProviderSpec \
	"ec2:AttachVolume,ec2:CreateSnapshot,ec2:CreateTags,ec2:CreateVolume,ec2:DeleteSnapshot,ec2:DeleteTags,ec2:DeleteVolume,ec2:DescribeInstances,ec2:DescribeSnapshots,ec2:DescribeTags,ec2:DescribeVolumes,ec2:DescribeVolumesModifications,ec2:DetachVolume,ec2:ModifyVolume,ec2:DescribeAvailabilityZones,ec2:EnableFastSnapshotRestores,kms:ReEncrypt*,kms:Decrypt,kms:Encrypt,kms:GenerateDataKey,kms:GenerateDataKeyWithoutPlainText,kms:DescribeKey,kms:RevokeGrant,kms:CreateGrant,kms:ListGrants" aws
credreq cloud-credential-operator-iam-ro CloudCredential openshift-cloud-credential-operator cloud-credential-operator-iam-ro-creds cloud-credential-operator AWSProviderSpec \
	"iam:GetUser,iam:GetUserPolicy,iam:ListAccessKeys" aws
credreq openshift-cloud-network-config-controller-aws CloudCredential openshift-cloud-network-config-controller cloud-credentials cloud-network-config-controller AWSProviderSpec \
	"ec2:DescribeInstances,ec2:DescribeInstanceStatus,ec2:DescribeInstanceTypes,ec2:UnassignPrivateIpAddresses,ec2:AssignPrivateIpAddresses,ec2:UnassignIpv6Addresses,ec2:AssignIpv6Addresses,ec2:DescribeSubnets,ec2:DescribeNetworkInterfaces" aws
credreq openshift-image-registry CloudCredential+ImageRegistry openshift-image-registry installer-cloud-credentials cluster-image-registry-operator AWSProviderSpec \
	"s3:CreateBucket,s3:DeleteBucket,s3:PutBucketTagging,s3:GetBucketTagging,s3:PutBucketPublicAccessBlock,s3:GetBucketPublicAccessBlock,s3:PutEncryptionConfiguration,s3:GetEncryptionConfiguration,s3:PutLifecycleConfiguration,s3:GetLifecycleConfiguration,s3:GetBucketLocation,s3:ListBucket,s3:GetObject,s3:PutObject,s3:DeleteObject,s3:ListBucketMultipartUploads,s3:AbortMultipartUpload,s3:ListMultipartUploadParts" aws
credreq openshift-ingress CloudCredential+Ingress openshift-ingress-operator cloud-credentials ingress-operator AWSProviderSpec \
	"elasticloadbalancing:DescribeLoadBalancers,route53:ListHostedZones,route53:ListTagsForResources,route53:ChangeResourceRecordSets,tag:GetResources,sts:AssumeRole" aws
credreq openshift-machine-api-aws CloudCredential+MachineAPI openshift-machine-api aws-cloud-credentials machine-api-controllers AWSProviderSpec \
	"ec2:CreateTags,ec2:DescribeAvailabilityZones,ec2:DescribeDhcpOptions,ec2:DescribeImages,ec2:DescribeInstances,ec2:DescribeInternetGateways,ec2:DescribeSecurityGroups,ec2:DescribeSubnets,ec2:DescribeVpcs,ec2:RunInstances,ec2:TerminateInstances,elasticloadbalancing:DescribeLoadBalancers,elasticloadbalancing:DescribeTargetGroups,elasticloadbalancing:RegisterInstancesWithLoadBalancer,elasticloadbalancing:RegisterTargets,iam:PassRole,iam:CreateServiceLinkedRole,kms:Decrypt,kms:Encrypt,kms:GenerateDataKey,kms:GenerateDataKeyWithoutPlainText,kms:DescribeKey,kms:RevokeGrant,kms:CreateGrant,kms:ListGrants" aws
credreq openshift-ingress-azure CloudCredential+Ingress openshift-ingress-operator cloud-credentials ingress-operator AzureProviderSpec \
	"Microsoft.Network/dnsZones/A/delete,Microsoft.Network/dnsZones/A/write,Microsoft.Network/privateDnsZones/A/delete,Microsoft.Network/privateDnsZones/A/write"
credreq openshift-ingress-gcp CloudCredential+Ingress openshift-ingress-operator cloud-credentials ingress-operator GCPProviderSpec \
	"dns.changes.create,dns.resourceRecordSets.create,dns.resourceRecordSets.delete,dns.resourceRecordSets.list,dns.resourceRecordSets.update"
credreq openshift-image-registry-azure CloudCredential+ImageRegistry openshift-image-registry installer-cloud-credentials cluster-image-registry-operator AzureProviderSpec \
	"Microsoft.Storage/storageAccounts/blobServices/read,Microsoft.Storage/storageAccounts/blobServices/containers/read,Microsoft.Storage/storageAccounts/blobServices/containers/write"
credreq openshift-machine-api-gcp CloudCredential+MachineAPI openshift-machine-api gcp-cloud-credentials machine-api-controllers GCPProviderSpec \
	"compute.instances.create,compute.instances.delete,compute.instances.get,compute.instances.list,compute.instances.setLabels,compute.instances.setMetadata"

co cloud-credential "$(t 480)" $((EVRV + 2400)) "openshift-cloud-credential-operator" "operator=$OCPVER" <<EOF
Available|True|-|$(t 650)|-
Degraded|True|CredentialsFailing|$(t 662)|6 of 6 credentials requests are failing to sync.
Progressing|True|Reconciling|$(t 662)|0 of 6 credentials requests provisioned, 6 reporting errors.
Upgradeable|True|-|$(t 650)|-
EOF
CCO=cloud-credential-operator-7d9f5c8b6d-$(sfx "cco-$CLUSTER")
P_NS=$NS; P_NAME=$CCO; P_GEN=cloud-credential-operator-7d9f5c8b6d-; P_OKIND=ReplicaSet; P_ONAME=cloud-credential-operator-7d9f5c8b6d
P_NODE=ip-10-0-42-88.$REGION.compute.internal; P_IP=10.0.42.88; P_PODIP=10.129.0.23; P_CREATED=$(t 611); P_RV=$((EVRV + 2500))
P_SA=cloud-credential-operator; P_PRIO=system-cluster-critical; P_SCC=restricted-v2
P_LABELS="    app: cloud-credential-operator
    pod-template-hash: 7d9f5c8b6d"
P_CTRS="kube-rbac-proxy|kube-rbac-proxy|run:$(t 631)|0
cloud-credential-operator|cloud-credential-operator|run:$(t 632)|0"
pod
L=$(clog $NS $CCO kube-rbac-proxy)
awkt -v t0="$(t 631)" 'BEGIN { RS0 = 9; e = ep(t0)
	print pod(e, "I", 1, "kube-rbac-proxy.go:233", "Valid token audiences: ")
	print pod(e, "I", 1, "kube-rbac-proxy.go:347", "Reading certificate files")
	print pod(e, "I", 1, "kube-rbac-proxy.go:395", "Starting TCP socket on 0.0.0.0:8443")
	print pod(e, "I", 1, "kube-rbac-proxy.go:402", "Listening securely on 0.0.0.0:8443") }' > "$L/current.log"
L=$(clog $NS $CCO cloud-credential-operator)
awkt -v t0="$(t 632)" -v tc="$TC" -v reg="$REGION" '
function lr(e, lvl, msg, f) { print praw(e, "time=\"" rfc(e) "Z\" level=" lvl " msg=\"" msg "\"" f) }
function rid(   s) { return sprintf("%08x-%04x-%04x-%04x-%012x", ri(0, 2147483647), ri(0, 65535), ri(0, 65535), ri(0, 65535), ri(0, 2147483647) * 4096 + ri(0, 4095)) }
function annot(e) {
	lr(e, "info", "validating cloud cred secret", " controller=secretannotator")
	lr(e + 1, "error", "error while validating cloud credentials: failed checking create cloud creds: error gathering AWS credentials details: error querying username: InvalidClientTokenId: The security token included in the request is invalid.\\n\\tstatus code: 403, request id: " rid(), " controller=secretannotator")
}
function sync(e, cr, sec) {
	lr(e, "info", "syncing credentials request", " controller=credreq cr=openshift-cloud-credential-operator/" cr)
	lr(e, "error", "cloud credentials insufficient to satisfy credentials request", " actuator=aws cr=openshift-cloud-credential-operator/" cr)
	lr(e, "error", "error syncing credentials: cloud credentials insufficient to satisfy credentials request", " controller=credreq cr=openshift-cloud-credential-operator/" cr " secret=" sec)
	lr(e, "error", "errored with condition: InsufficientCloudCreds", " controller=credreq cr=openshift-cloud-credential-operator/" cr " secret=" sec)
}
BEGIN {
	RS0 = 1417; e = ep(t0)
	print praw(e, "Copying system trust bundle")
	lr(e, "info", "setting up client for manager", "")
	lr(e, "info", "running file observer", " file=/var/run/configmaps/trusted-ca-bundle/tls-ca-bundle.pem")
	print pod(e, "I", 1, "observer_polling.go:159", "Starting file observer")
	lr(e + 1, "info", "generated leader election ID", " id=" rid())
	print pod(e + 1, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease openshift-cloud-credential-operator/cloud-credential-operator-leader...")
	print pod(e + 18, "I", 1, "leaderelection.go:268", "successfully acquired lease openshift-cloud-credential-operator/cloud-credential-operator-leader")
	e += 19
	lr(e, "info", "setting up managers", "")
	lr(e, "info", "Setting up secret annotator. Platform Type is AWS", "")
	lr(e + 2, "info", "initializing AWS actuator", "")
	lr(e + 3, "info", "starting the cmd", "")
	e += 4
	n = split("aws-ebs-csi-driver-operator@openshift-cluster-csi-drivers/ebs-cloud-credentials cloud-credential-operator-iam-ro@openshift-cloud-credential-operator/cloud-credential-operator-iam-ro-creds openshift-cloud-network-config-controller-aws@openshift-cloud-network-config-controller/cloud-credentials openshift-image-registry@openshift-image-registry/installer-cloud-credentials openshift-ingress@openshift-ingress-operator/cloud-credentials openshift-machine-api-aws@openshift-machine-api/aws-cloud-credentials", CR, " ")
	annot(e)
	for (k = 1; k <= n; k++) { split(CR[k], a, "@"); sync(e + 1, a[1], a[2]) }
	lr(e + 2, "info", "operator detects timed access token enabled cluster (STS, Workload Identity, etc.)", " controller=credreq_sts timedToken=false")
	# the annotator retries with controller-runtime backoff; the requests are
	# re-synced every few minutes (status updates, secret events)
	b = 1; ta = e + 1
	while (1) { ta += b; if (ta >= ep(tc) - 10) break; annot(ta); b = (b < 1000) ? b * 2 : 1000 }
	ts = e + 600
	while (ts < ep(tc) - 10) {
		for (k = 1; k <= n; k++) { split(CR[k], a, "@"); sync(ts + ri(0, 2), a[1], a[2]) }
		lr(ts + 3, "info", "syncing cluster operator status", " controller=credreq_status")
		ts += ri(1500, 2100)
	}
}' | sort -k1,1 -s > "$L/current.log"
podlist $NS $((EVRV + 2600))
evlist $NS $((EVRV + 2600))
{
	cat <<EOF
apiVersion: operator.openshift.io/v1
kind: CloudCredential
metadata:
  annotations:
    include.release.openshift.io/self-managed-high-availability: "true"
    include.release.openshift.io/single-node-developer: "true"
    release.openshift.io/create-only: "true"
  creationTimestamp: "$(t 432)"
  generation: 1
  name: cluster
  resourceVersion: "$((EVRV + 2410))"
  uid: $(uid "cloudcredential-$CLUSTER")
spec:
  credentialsMode: ""
  logLevel: Normal
  operatorLogLevel: Normal
status:
  conditions:
EOF
	conds <<EOF
CredentialsFailing|True|-|$(t 662)|6 of 6 credentials requests are failing to sync.
EOF
	cat <<EOF
  observedGeneration: 1
EOF
} | yobj cluster-scoped-resources/operator.openshift.io/cloudcredentials/cluster.yaml

# --------------------------------------------------------------- ingress
NS=openshift-ingress-operator
nsobj $NS "$(t 440)" 6110
APPS=apps.$DOMAIN
ELB=a$(h32 "elb-$CLUSTER")-$(( $(printf '%s' "$CLUSTER" | cksum | cut -d' ' -f1) % 900000000 + 1000000000 )).$REGION.elb.amazonaws.com
DNSMSG="The record isn't present in any zones."
CANERR="error sending canary HTTP request: DNS error: Get \"https://canary-openshift-ingress-canary.$APPS\": dial tcp: lookup canary-openshift-ingress-canary.$APPS on 172.30.0.10:53: no such host (x80 over 1h20m0s)"
CANMSG="Canary route checks for the default ingress controller are failing. Last 1 error messages:~~$CANERR"
DEG="One or more other status conditions indicate a degraded state: DNSReady=False (NoZones: $DNSMSG), CanaryChecksSucceeding=False (CanaryChecksRepetitiveFailures: $CANMSG)"
ic_write "$(t 1390)" $((EVRV + 4200)) 2 LoadBalancerService <<EOF
Admitted|True|Valid|$(t 1390)|-
DeploymentAvailable|True|DeploymentAvailable|$(t 1452)|The deployment has Available status condition set to True
DeploymentReplicasMinAvailable|True|DeploymentMinimumReplicasMet|$(t 1452)|Minimum replicas requirement is met
DeploymentReplicasAllAvailable|True|DeploymentReplicasAvailable|$(t 1481)|All replicas are available
DeploymentRollingOut|False|DeploymentNotRollingOut|$(t 1481)|Deployment is not actively rolling out
LoadBalancerManaged|True|WantedByEndpointPublishingStrategy|$(t 1391)|The endpoint publishing strategy supports a managed load balancer
LoadBalancerReady|True|LoadBalancerProvisioned|$(t 1404)|The LoadBalancer service is provisioned
LoadBalancerProgressing|False|LoadBalancerNotProgressing|$(t 1391)|LoadBalancer is not progressing
DNSManaged|True|Normal|$(t 1391)|DNS management is supported and zones are specified in the cluster DNS config.
DNSReady|False|NoZones|$(t 1404)|$DNSMSG
Available|False|IngressControllerUnavailable|$(t 1404)|One or more status conditions indicate unavailable: DNSReady=False (NoZones: $DNSMSG)
Progressing|False|-|$(t 1481)|-
Degraded|True|DegradedConditions|$(t 1560)|$DEG
CanaryChecksSucceeding|False|CanaryChecksRepetitiveFailures|$(t 1560)|$CANMSG
EvaluationConditionsDetected|False|AsExpected|$(t 1391)|-
EOF
{
	cat <<EOF
apiVersion: ingress.operator.openshift.io/v1
kind: DNSRecord
metadata:
  creationTimestamp: "$(t 1404)"
  finalizers:
  - operator.openshift.io/ingress-dns
  generation: 1
  labels:
    ingresscontroller.operator.openshift.io/owning-ingresscontroller: default
  name: default-wildcard
  namespace: openshift-ingress-operator
  ownerReferences:
  - apiVersion: operator.openshift.io/v1
    blockOwnerDeletion: true
    controller: true
    kind: IngressController
    name: default
    uid: $(uid "ic-default-$CLUSTER")
  resourceVersion: "$((EVRV + 4230))"
  uid: $(uid "dnsrecord-$CLUSTER")
spec:
  dnsManagementPolicy: Managed
  dnsName: '*.$APPS.'
  recordTTL: 30
  recordType: CNAME
  targets:
  - $ELB
status: {}
EOF
} | yobj namespaces/$NS/ingress.operator.openshift.io/dnsrecords/default-wildcard.yaml
IO=ingress-operator-6b7d8c9f54-$(sfx "io-$CLUSTER")
P_NS=$NS; P_NAME=$IO; P_GEN=ingress-operator-6b7d8c9f54-; P_OKIND=ReplicaSet; P_ONAME=ingress-operator-6b7d8c9f54
P_NODE=ip-10-0-17-201.$REGION.compute.internal; P_IP=10.0.17.201; P_PODIP=10.128.0.41; P_CREATED=$(t 1370); P_RV=$((EVRV + 4300))
P_SA=ingress-operator; P_PRIO=system-cluster-critical; P_SCC=restricted-v2
P_LABELS="    name: ingress-operator
    pod-template-hash: 6b7d8c9f54"
P_CTRS="ingress-operator|cluster-ingress-operator|run:$(t 1376)|0
kube-rbac-proxy|kube-rbac-proxy|run:$(t 1377)|0"
pod
L=$(clog $NS $IO kube-rbac-proxy)
awkt -v t0="$(t 1377)" 'BEGIN { RS0 = 10; e = ep(t0)
	print pod(e, "I", 1, "kube-rbac-proxy.go:233", "Valid token audiences: ")
	print pod(e, "I", 1, "kube-rbac-proxy.go:395", "Starting TCP socket on :9393")
	print pod(e, "I", 1, "kube-rbac-proxy.go:402", "Listening securely on :9393") }' > "$L/current.log"
L=$(clog $NS $IO ingress-operator)
awkt -v t0="$(t 1376)" -v tc="$TC" -v apps="$APPS" '
function z(e, lvl, lg, src, msg, f,   u) { UE = e; u = us(); return sprintf("%s.%s%03dZ %s.%sZ\t%s\t%s\t%s\t%s%s", rfc(e), u, ri(0, 999), rfc(e), substr(u, 1, 3), lvl, lg, src, msg, f) }
function rid() { return sprintf("%08x-%04x-4%03x-%04x-%06x%06x", ri(0, 2147483647), ri(0, 65535), ri(0, 4095), ri(32768, 49151), ri(0, 16777215), ri(0, 16777215)) }
function dnserr(e) {
	print z(e, "ERROR", "operator.init", "controller/controller.go:316", "Reconciler error", "\t{\"controller\": \"dns_controller\", \"object\": {\"name\":\"default-wildcard\",\"namespace\":\"openshift-ingress-operator\"}, \"namespace\": \"openshift-ingress-operator\", \"name\": \"default-wildcard\", \"reconcileID\": \"" rid() "\", \"error\": \"failed to get cloud credentials from secret openshift-ingress-operator/cloud-credentials: Secret \\\"cloud-credentials\\\" not found\"}")
}
BEGIN {
	RS0 = 2207; e = ep(t0)
	print z(e, "INFO", "operator.main", "ingress-operator/start.go:64", "using operator namespace", "\t{\"namespace\": \"openshift-ingress-operator\"}")
	print z(e + 2, "INFO", "operator.main", "ingress-operator/start.go:64", "registering Prometheus metrics for canary_controller", "")
	print z(e + 2, "INFO", "operator.main", "ingress-operator/start.go:64", "registering Prometheus metrics for ingress_controller", "")
	print z(e + 3, "INFO", "operator.init", "ingress-operator/start.go:198", "starting metrics listener", "\t{\"addr\": \"127.0.0.1:60000\"}")
	e += 28
	print z(e, "INFO", "operator.dns_controller", "dns/controller.go:154", "reconciling", "\t{\"request\": {\"name\":\"default-wildcard\",\"namespace\":\"openshift-ingress-operator\"}}")
	b = 0.005; n = 0
	while (e < ep(tc) - 5) {
		dnserr(e)
		if (n % 9 == 0) print z(e + 1, "INFO", "operator.ingress_controller", "ingress/controller.go:313", "reconciling", "\t{\"request\": {\"name\":\"default\",\"namespace\":\"openshift-ingress-operator\"}}")
		if (n % 9 == 0 && e > ep(t0) + 200) print z(e + 1, "ERROR", "operator.init", "controller/controller.go:316", "Reconciler error", "\t{\"controller\": \"ingress_controller\", \"object\": {\"name\":\"default\",\"namespace\":\"openshift-ingress-operator\"}, \"namespace\": \"openshift-ingress-operator\", \"name\": \"default\", \"reconcileID\": \"" rid() "\", \"error\": \"IngressController is degraded: DNSReady=False (NoZones: The record isn'"'"'t present in any zones.), CanaryChecksSucceeding=False (CanaryChecksRepetitiveFailures: Canary route checks for the default ingress controller are failing)\"}")
		if (n % 4 == 1 && e > ep(t0) + 120) print z(e + 2, "ERROR", "operator.canary_controller", "wait/backoff.go:226", "error performing canary route check", "\t{\"error\": \"error sending canary HTTP request: DNS error: Get \\\"https://canary-openshift-ingress-canary." apps "\\\": dial tcp: lookup canary-openshift-ingress-canary." apps " on 172.30.0.10:53: no such host\"}")
		b = (b < 1000) ? b * 2 : 1000; if (b < 60) b2 = 60; else b2 = b
		e += int(b2); n++
	}
}' > "$L/current.log"
podlist $NS $((EVRV + 4400))
ev $NS DNSRecord default-wildcard ingress.operator.openshift.io/v1 ReconcileError Warning "$(t 1404)" "$(tc -420)" 27 ingress-operator-dns-controller "" \
	"failed to get cloud credentials from secret openshift-ingress-operator/cloud-credentials: Secret \"cloud-credentials\" not found"
evlist $NS $((EVRV + 4400))
co ingress "$(t 480)" $((EVRV + 4500)) "openshift-ingress-operator" "operator=$OCPVER ingress-controller=$(img haproxy-router-$OCPVER) canary-server=$(img cli-$OCPVER)" <<EOF
Available|False|IngressUnavailable|$(t 1404)|The "default" ingress controller reports Available=False: IngressControllerUnavailable: One or more status conditions indicate unavailable: DNSReady=False (NoZones: $DNSMSG)
Progressing|True|Reconciling|$(t 1404)|Not all ingress controllers are available.
Degraded|True|IngressDegraded|$(t 1560)|The "default" ingress controller reports Degraded=True: DegradedConditions: $DEG
Upgradeable|True|IngressControllersUpgradeable|$(t 1391)|All ingress controllers are upgradeable.
EvaluationConditionsDetected|False|AsExpected|$(t 1391)|-
EOF
NS=openshift-ingress
nsobj $NS "$(t 450)" 6230
ev $NS Service router-default v1 EnsuringLoadBalancer Normal "$(t 1391)" "$(t 1391)" 1 service-controller "" "Ensuring load balancer"
ev $NS Service router-default v1 EnsuredLoadBalancer Normal "$(t 1404)" "$(t 1404)" 1 service-controller "" "Ensured load balancer"
evlist $NS $((EVRV + 4600))
{
	cat <<EOF
apiVersion: v1
items:
- apiVersion: v1
  kind: Service
  metadata:
    annotations:
      service.beta.kubernetes.io/aws-load-balancer-healthcheck-healthy-threshold: "2"
      service.beta.kubernetes.io/aws-load-balancer-healthcheck-interval: "5"
      service.beta.kubernetes.io/aws-load-balancer-healthcheck-timeout: "4"
      service.beta.kubernetes.io/aws-load-balancer-healthcheck-unhealthy-threshold: "2"
      traffic-policy.network.alpha.openshift.io/local-with-fallback: ""
    creationTimestamp: "$(t 1391)"
    finalizers:
    - service.kubernetes.io/load-balancer-cleanup
    labels:
      app: router
      ingresscontroller.operator.openshift.io/owning-ingresscontroller: default
      router: router-default
    name: router-default
    namespace: openshift-ingress
    resourceVersion: "$((EVRV + 4210))"
    uid: $(uid "svc-router-default-$CLUSTER")
  spec:
    clusterIP: 172.30.148.203
    externalTrafficPolicy: Local
    healthCheckNodePort: 31577
    ports:
    - name: http
      nodePort: 30512
      port: 80
      protocol: TCP
      targetPort: http
    - name: https
      nodePort: 31243
      port: 443
      protocol: TCP
      targetPort: https
    selector:
      ingresscontroller.operator.openshift.io/deployment-ingresscontroller: default
    type: LoadBalancer
  status:
    loadBalancer:
      ingress:
      - hostname: $ELB
kind: ServiceList
metadata:
  resourceVersion: "$((EVRV + 4610))"
EOF
} | yobj namespaces/$NS/core/services.yaml

# --------------------------------------------------------------- image registry
NS=openshift-image-registry
nsobj $NS "$(t 445)" 5630
REGERR="unable to sync storage configuration: unable to get cluster minted credentials \"openshift-image-registry/installer-cloud-credentials\": secret \"installer-cloud-credentials\" not found"
{
	cat <<EOF
apiVersion: imageregistry.operator.openshift.io/v1
kind: Config
metadata:
  creationTimestamp: "$(t 672)"
  finalizers:
  - imageregistry.operator.openshift.io/finalizer
  generation: 2
  name: cluster
  resourceVersion: "$((EVRV + 5100))"
  uid: $(uid "registry-config-$CLUSTER")
spec:
  httpSecret: 256 bytes long
  logLevel: Normal
  managementState: Managed
  observedConfig: null
  operatorLogLevel: Normal
  proxy: {}
  replicas: 2
  requests:
    read:
      maxWaitInQueue: 0s
    write:
      maxWaitInQueue: 0s
  rolloutStrategy: RollingUpdate
  storage:
    s3:
      bucket: ""
      region: $REGION
      trustedCA:
        name: ""
      virtualHostedStyle: false
  unsupportedConfigOverrides: null
status:
  conditions:
EOF
	conds <<EOF
Progressing|True|Error|$(t 673)|Unable to apply resources: $REGERR
Available|False|DeploymentNotFound|$(t 673)|The deployment does not exist
NodeCADaemonAvailable|True|AsExpected|$(t 1510)|The daemon set node-ca has available replicas
NodeCADaemonProgressing|False|AsExpected|$(t 1510)|The daemon set node-ca is deployed
Degraded|True|Unavailable|$(t 735)|The deployment does not exist
ImageRegistryCertificatesControllerDegraded|False|AsExpected|$(t 690)|-
EOF
	cat <<EOF
  observedGeneration: 2
  readyReplicas: 0
  storage: {}
  storageManaged: false
EOF
} | yobj cluster-scoped-resources/imageregistry.operator.openshift.io/configs/cluster.yaml
co image-registry "$(t 480)" $((EVRV + 5200)) "openshift-image-registry" "operator=$OCPVER" <<EOF
Available|False|DeploymentNotFound|$(t 673)|Available: The deployment does not exist~~NodeCADaemonAvailable: The daemon set node-ca has available replicas~~ImagePrunerAvailable: Pruner CronJob has been created
Progressing|True|Error|$(t 673)|Progressing: Unable to apply resources: $REGERR~~NodeCADaemonProgressing: The daemon set node-ca is deployed
Degraded|True|Unavailable|$(t 735)|Degraded: The deployment does not exist
EOF
RO=cluster-image-registry-operator-5f7c9d8b6c-$(sfx "ro-$CLUSTER")
P_NS=$NS; P_NAME=$RO; P_GEN=cluster-image-registry-operator-5f7c9d8b6c-; P_OKIND=ReplicaSet; P_ONAME=cluster-image-registry-operator-5f7c9d8b6c
P_NODE=ip-10-0-75-143.$REGION.compute.internal; P_IP=10.0.75.143; P_PODIP=10.130.0.19; P_CREATED=$(t 652); P_RV=$((EVRV + 5300))
P_SA=cluster-image-registry-operator; P_PRIO=system-cluster-critical; P_SCC=restricted-v2
P_LABELS="    name: cluster-image-registry-operator
    pod-template-hash: 5f7c9d8b6c"
P_CTRS="cluster-image-registry-operator|cluster-image-registry-operator|run:$(t 668)|0"
pod
L=$(clog $NS $RO cluster-image-registry-operator)
awkt -v t0="$(t 668)" -v tc="$TC" -v err="$REGERR" '
BEGIN {
	RS0 = 3301; e = ep(t0); gsub(/"/, "\\\"", err)
	print pod(e, "I", 1, "main.go:36", "Cluster Image Registry Operator Version: v4.17.0-202501071621.p0.g7c2f1d4.assembly.stream.el9-dirty")
	print pod(e, "I", 1, "main.go:37", "Go Version: go1.22.9 (Red Hat 1.22.9-2.el9_5) X:strictfipsruntime")
	print pod(e, "I", 1, "main.go:38", "Go OS/Arch: linux/amd64")
	print pod(e + 1, "I", 1, "leaderelection.go:254", "attempting to acquire leader lease openshift-image-registry/openshift-master-controllers...")
	print pod(e + 2, "I", 1, "leaderelection.go:268", "successfully acquired lease openshift-image-registry/openshift-master-controllers")
	e += 4
	print pod(e, "I", 1, "bootstrap.go:75", "generating registry custom resource")
	b = 1
	while (e < ep(tc) - 5) {
		print pod(e, "E", 1, "controller.go:379", "unable to sync: " err ", requeuing")
		b = (b < 300) ? b * 2 : 300; e += b + ri(0, 3)
	}
}' > "$L/current.log"
podlist $NS $((EVRV + 5400))
evlist $NS $((EVRV + 5400))

# --------------------------------------------------------------- authentication, console
ROUTEERR="Get \"https://oauth-openshift.$APPS/healthz\": dial tcp: lookup oauth-openshift.$APPS on 172.30.0.10:53: no such host (this is likely result of malfunctioning DNS server)"
co authentication "$(t 480)" $((EVRV + 9500)) "openshift-authentication" "operator=$OCPVER oauth-apiserver=$OCPVER" <<EOF
Degraded|True|OAuthServerRouteEndpointAccessibleController_SyncError|$(t 1985)|OAuthServerRouteEndpointAccessibleControllerDegraded: $ROUTEERR
Progressing|False|AsExpected|$(t 1880)|AuthenticatorCertKeyProgressing: All is well
Available|False|OAuthServerRouteEndpointAccessibleController_EndpointUnavailable|$(t 1505)|OAuthServerRouteEndpointAccessibleControllerAvailable: $ROUTEERR
Upgradeable|True|AsExpected|$(t 1460)|All is well
EvaluationConditionsDetected|Unknown|NoData|$(t 1460)|-
EOF
CROUTE="https://console-openshift-console.$APPS"
co console "$(t 480)" $((EVRV + 9600)) "openshift-console-operator openshift-console" "operator=$OCPVER" <<EOF
Degraded|True|RouteHealth_FailedGet|$(t 2105)|RouteHealthDegraded: failed to GET route ($CROUTE): Get "$CROUTE": dial tcp: lookup console-openshift-console.$APPS on 172.30.0.10:53: no such host
Progressing|False|AsExpected|$(t 2010)|All is well
Available|False|RouteHealth_FailedGet|$(t 1990)|RouteHealthAvailable: failed to GET route ($CROUTE): Get "$CROUTE": dial tcp: lookup console-openshift-console.$APPS on 172.30.0.10:53: no such host
Upgradeable|True|AsExpected|$(t 1990)|All is well
EOF
co storage "$(t 480)" $((EVRV + 9700)) "openshift-cluster-storage-operator" "operator=$OCPVER AWSEBSCSIDriverOperator=$OCPVER" <<EOF
Degraded|False|AsExpected|$(t 700)|All is well
Progressing|True|AWSEBSCSIDriverOperatorCR_AWSEBSDriverControllerServiceController_Deploying|$(t 700)|AWSEBSCSIDriverOperatorCRProgressing: AWSEBSDriverControllerServiceControllerProgressing: Waiting for Deployment to deploy pods
Available|False|AWSEBSCSIDriverOperatorCR_AWSEBSDriverControllerServiceController_Deploying|$(t 700)|AWSEBSCSIDriverOperatorCRAvailable: AWSEBSDriverControllerServiceControllerAvailable: Waiting for Deployment
Upgradeable|True|AsExpected|$(t 700)|All is well
EvaluationConditionsDetected|False|AsExpected|$(t 700)|-
EOF

cat > "$SAMPLE/expected" <<'EOF'
# root causes in order; symptoms indented under their cause
cco.credentials-insufficient
  ingress.lb-dns-not-provisioned
  registry.storage-not-configured
  auth.oauth-route-unreachable
  console.route-unhealthy
  generic.operator-degraded
  generic.clusterversion-failing
EOF
mg_done
echo "generated $SAMPLE"
