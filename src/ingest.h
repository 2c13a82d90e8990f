/*
 * Ingest: one pass over every input, from members to index rows.  Walks
 * each input, classifies members, parses resources and log lines, runs the
 * rule patterns over the lines as they stream by, and writes the index.
 */
#ifndef MGT_INGEST_H
#define MGT_INGEST_H

#include <stddef.h>

#include "mgt-limits.h"
#include "rule.h"

struct mgt_error;

struct ingest_options {
	struct mgt_limits	 limits;
	int			 index_flags;	/* INDEX_FULL_TEXT, INDEX_FTS */
	const struct ruleset	*rules;		/* patterns to run; may be NULL */
	int			 progress;	/* progress on stderr (a tty) */
	int			 quiet;		/* no per-problem lines on stderr */
};

struct ingest_result {
	long long	 sources;	/* members catalogued */
	long long	 lines;		/* log lines read */
	long long	 resources;	/* objects indexed */
	long long	 bytes;		/* decompressed bytes */
	long long	 hits;		/* pattern hits stored */
	long		 problems[3];	/* by severity: info, warning, error */
	int		 unreadable;	/* top-level inputs that could not be read */
	double		 seconds;
};

void	 ingest_options_init(struct ingest_options *);

/*
 * Index inputs[0..n) into a new index at db_path (written to a temporary
 * name, renamed when complete).  Per-member problems are recorded and the
 * run goes on.  Returns MGT_OK when the index was written (even if some
 * inputs were unreadable: see result->unreadable), or an error when the
 * index itself could not be written.
 */
int	 ingest_run(const char *const *inputs, size_t n, const char *db_path,
	    const struct ingest_options *, struct ingest_result *,
	    struct mgt_error *);

/* The exit code an index run deserves (enum mgt_exit). */
int	 ingest_exit_code(const struct ingest_result *);

#endif
