/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Deciding what a member is from its path and first bytes: a resource
 * document, a pod log, a host service log, a node journal, etcd_info JSON,
 * an Insights JSON file, the must-gather timestamp or version file, the
 * parts of an installer log bundle (service records, journals of the
 * bootstrap host and of each control-plane host), the installer's own log,
 * or something we only catalogue.
 */
#ifndef MGT_CLASSIFY_H
#define MGT_CLASSIFY_H

#include <stddef.h>

enum classify_kind {
	KIND_OTHER = 0,		/* catalogued, not parsed */
	KIND_RESOURCE,		/* YAML or JSON Kubernetes object(s) */
	KIND_POD_LOG,		/* namespaces/<ns>/pods/<pod>/<c>/<c>/logs/{current,previous}*.log */
	KIND_SERVICE_LOG,	/* host_service_logs/<role>/<unit>_service.log (journal short) */
	KIND_JOURNAL,		/* a node journal saved by hand (any journalctl format) */
	KIND_LOG,		/* any other text log (oc logs output, klog file) */
	KIND_ETCD_INFO,		/* etcd_info/<file>.json */
	KIND_BOOTSTRAP_SERVICES, /* log bundle bootstrap/services/<svc>.json */
	KIND_INSTALL_LOG,	/* the installer's log (logrus text: time= level= msg=) */
	KIND_INSIGHTS,		/* Insights archive JSON (config/..., events/...) */
	KIND_INSTALL_CONFIG,	/* a bare install-config YAML */
	KIND_TIMESTAMP,		/* must-gather "timestamp" file */
	KIND_VERSION,		/* must-gather "version" file */
	KIND_BINARY,		/* not text */
	KIND_CONTAINER,		/* an archive the walker opened */
	KIND_LINK,		/* symlink or hardlink */
	KIND_SKIPPED		/* special file, unopened archive, directory */
};

#define CLASSIFY_NAME_MAX 256

struct classification {
	enum classify_kind kind;
	char	 node[CLASSIFY_NAME_MAX];	/* node the lines belong to, if known */
	char	 role[CLASSIFY_NAME_MAX];	/* host_service_logs role: masters,
						   workers; log bundle: bootstrap,
						   control-plane */
	char	 namespace[CLASSIFY_NAME_MAX];
	char	 pod[CLASSIFY_NAME_MAX];
	char	 container[CLASSIFY_NAME_MAX];
	char	 unit[CLASSIFY_NAME_MAX];	/* systemd unit for service logs */
	int	 previous;			/* previous.log: the container's last run */
	int	 insecure;			/* *.insecure.log */
};

/* Classify a member by its path inside its container and its first bytes
 * (head may be NULL when the member is empty). */
void	 classify(const char *path, const void *head, size_t headlen,
	    struct classification *);
/* Stable lower-case name of a kind, as stored in sources.kind. */
const char *classify_kind_name(enum classify_kind);

#endif
