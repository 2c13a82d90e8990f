/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the rule evaluator's files (eval.c, eval-instance.c,
 * eval-state.c) and nothing else: one rule's evidence items with their
 * rows and tallies while it is evaluated.
 */
#ifndef MGT_EVAL_PRIVATE_H
#define MGT_EVAL_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "finding.h"
#include "rule.h"

struct index_catalogue;
struct mgt_error;

struct eval_kv {
	char		*k;
	char		*v;		/* NULL for SQL NULL */
};

struct eval_row {
	struct eval_kv	*kv;
	size_t		 nkv;
	int64_t		 ts;
	char		*node;
	char		*source;
	long		 line;
	char		*text;
	char		*object;
	char		*field;
	char		*value;
	int		 keep;
};

/* A pattern item's exact tally in one source, for one node. */
struct eval_tally {
	char		*source;	/* vpath */
	char		*node;
	char		*grp;		/* the group_by capture's value */
	long		 seen;
	int64_t		 first_ts;	/* LOG_TS_NONE: no hit had a time */
	int64_t		 last_ts;
	int		 keep;		/* its group holds */
};

/* An item as it was before eval_instance_narrow(). */
struct eval_saved {
	int		*rowkeep;
	int		*tallykeep;
	long		 count;
	int		 holds;
	int		 exact;
	int64_t		 first_ts;
	int64_t		 last_ts;
	int		 narrowed;
};

struct eval_item {
	const struct rule_evidence *ev;
	struct eval_row	*rows;
	size_t		 nrows;
	struct eval_tally *tallies;	/* pattern items */
	size_t		 ntallies;
	long		 count;		/* rows that count (may exceed nrows) */
	int		 holds;
	int		 failed;
	int		 exact;		/* first/last_ts are from the tallies */
	int64_t		 first_ts;	/* of the groups that hold */
	int64_t		 last_ts;
	struct eval_saved saved;
	int		 keyed;		/* has the for_each column (eval_instances) */
};

struct eval_ctx {
	sqlite3			*db;
	const struct rule	*rule;
	struct eval_item	*items;
	size_t			 nitems;
	struct index_catalogue	*cat;		/* vpaths of source ids */
	char			 vpath_err[256]; /* "": eval_vpath() never failed */
	int64_t			 gather_ts;	/* gather end (or start), INT64_MIN */
};

/* eval.c */
const char *eval_kv_get(const struct eval_row *, const char *k, int *found);
const char *eval_group_key(const struct eval_item *, const struct eval_row *);
const char *eval_tally_key(const struct eval_item *, const struct eval_tally *);
int	 eval_keycmp(const char *, const char *);
int	 eval_lookup_holds(void *ctx, size_t i);
char	*eval_template_lookup(void *ctx, const char *item, const char *column,
	    int all, int count);
/* The finding's first/last times and cited evidence, from the kept rows
 * of the items that hold. */
void	 eval_fill_finding(struct eval_ctx *, struct finding *);

/*
 * eval-instance.c: a rule with for_each makes one finding per value of
 * that column among the kept rows of the items that hold.  The values,
 * sorted (at most RULE_MAX_INSTANCES; *over counts the rest): the caller
 * frees each and the vector.
 */
char	**eval_instances(struct eval_ctx *, size_t *n, size_t *over);
/* Narrow every item that has the column (keyed, as eval_instances()
 * found) to the rows (and tallies) of value v, saving what it was;
 * eval_instance_restore() undoes it. */
void	 eval_instance_narrow(struct eval_ctx *, const char *v);
void	 eval_instance_restore(struct eval_ctx *);

/*
 * eval-state.c: whether a fired finding holds at gather time.  History
 * when the rule's `current` expression does not hold, or when its log
 * evidence ended more than `recent` before the end of its logs (or is
 * only in a previous container's log).  Sets f->state and
 * f->state_reason.  MGT_OK or MGT_ERR_DB.
 */
int	 eval_state(struct eval_ctx *, struct finding *, struct mgt_error *);

#endif
