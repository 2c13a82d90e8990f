#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-all.sh - regenerate every sample tree under samples/ (POSIX sh + awk;
# openssl only for the CSR PEMs, which are cached in tools/.csrcache)
cd "$(dirname "$0")" || exit 1
sh gen-mco-bootstrap-desync.sh
sh gen-mco-split-rendered.sh
sh gen-baremetal.sh vip
sh gen-baremetal.sh anon
sh gen-hand-built.sh
sh gen-healthy.sh plain
sh gen-healthy.sh noise
sh gen-bootstrap.sh
sh gen-aws-credentials.sh
sh gen-workers-csr.sh
sh gen-node-disk-pressure.sh
sh gen-etcd-slow-disk.sh
sh gen-upgrade-drain-pdb.sh
sh gen-kubelet-certs-expired.sh
