/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Comparing two gathers of one cluster (mgt_diff_build()): the cluster
 * version and update history, operators, nodes, pools, machine configs
 * and findings of A against B, as a list of changes, written as text,
 * Markdown or JSON (DIFF_SCHEMA, doc/report-schema.md).  diff.c computes,
 * diff-write.c writes.
 */
#ifndef MGT_DIFF_H
#define MGT_DIFF_H

#include <stddef.h>
#include <stdio.h>

#include <sqlite3.h>

struct mgt_error;

#define DIFF_SCHEMA	"mgtriage.diff/v1"

/* One finding of a side, as the result lists it (strings borrowed). */
struct diff_finding {
	const char	*rule_id;
	int		 severity;	/* enum mgt_severity */
	const char	*summary;	/* may be NULL */
	const char	*component;	/* "operator/etcd", or NULL */
};

/* What diff_build() reads of one side. */
struct diff_side {
	sqlite3				*db;
	const struct diff_finding	*findings;
	size_t				 nfindings;
	int				 complete;
};

/* One change; kind is enum mgt_change_kind.  Strings owned, may be NULL
 * as struct mgt_change says. */
struct diff_change {
	const char	*section;	/* static */
	int		 kind;
	char		*name;
	char		*field;
	char		*before;
	char		*after;
	char		*detail;
	int		 severity;
};

struct diff {
	char			*cluster_id[2];
	char			*version[2];
	char		       **inputs[2];
	size_t			 ninputs[2];
	int			 same_cluster;	/* 1, 0, -1 unknown */
	int			 complete[2];
	struct diff_change	*changes;
	size_t			 nchanges;
	size_t			 added, removed, changed;
	size_t			 findings_new, findings_changed,
				 findings_resolved;
	int			 worst_new;
};

/*
 * Compare a with b (diff.h's sections, then the findings).  Without
 * force, sides whose cluster IDs differ or are unknown are MGT_ERR_USAGE.
 * MGT_ERR_DB when an index cannot be read.  *out (free with diff_free())
 * is NULL on failure.
 */
int	 diff_build(const struct diff_side *a, const struct diff_side *b,
	    int force, struct diff **out, struct mgt_error *);
void	 diff_free(struct diff *);

/* The diff as text (terminal-escaped), Markdown or JSON; format is enum
 * mgt_format.  MGT_OK, MGT_ERR_USAGE for another format, MGT_ERR_IO. */
int	 diff_write(FILE *, const struct diff *, int format,
	    struct mgt_error *);

#endif
