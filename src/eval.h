/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Evaluating rules over an index: each evidence item's rows (SQL results or
 * stored pattern hits, with min/window/group_by applied), the `when`
 * expression, the filled summary, and the cited evidence of every finding.
 */
#ifndef MGT_EVAL_H
#define MGT_EVAL_H

#include <sqlite3.h>

#include "finding.h"
#include "problem.h"
#include "rule.h"

struct mgt_error;

/* Rows kept per evidence item for templates and citations. */
#define EVAL_MAX_ROWS 1000
/* Evidence cited per finding. */
#define EVAL_MAX_CITED 20

/*
 * Evaluate every rule of rs over db and add a finding to fs for each rule
 * whose `when` holds (fs is not ranked).  A rule whose SQL fails is
 * reported to sink (PCODE_RULE, naming the rule file and item) and its item
 * counts as not holding; the other rules go on.  Returns MGT_OK or
 * MGT_ERR_DB when the index cannot be read at all.
 */
int	 eval_rules(sqlite3 *db, const struct ruleset *rs,
	    struct finding_set *fs, const struct problem_sink *sink,
	    struct mgt_error *);

/*
 * Evaluate one evidence item and report whether it holds and its row
 * count (for `rules test` diagnostics).  Returns MGT_OK or an error.
 */
int	 eval_item(sqlite3 *db, const struct rule *, size_t item, int *holds,
	    long *rows, struct mgt_error *);

#endif
