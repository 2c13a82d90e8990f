/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ingest pipeline: a reader thread walks one input (reads, inflates,
 * classifies each member, parses resource files into objects) while the
 * calling thread indexes what it hands over.  Work crosses in batches
 * through a small bounded queue, so memory stays flat and the two cores
 * overlap; everything arrives in walk order, so the index is the same as
 * a one-thread run would write.
 */
#ifndef MGT_INGEST_PIPE_H
#define MGT_INGEST_PIPE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "classify.h"
#include "ingest.h"
#include "mgt-limits.h"
#include "problem.h"
#include "source.h"

struct mgt_error;
struct ingest_pipe;

/* What the reader does with a regular member's content, by kind. */
enum pipe_plan {
	PIPE_HEAD,	/* the first block only (catalogued, small files) */
	PIPE_STREAM,	/* every block, as it comes (logs) */
	PIPE_PARSE	/* buffered and parsed into objects (resources) */
};

enum pipe_plan	 ingest_pipe_plan(enum classify_kind);

/* One member as the consumer sees it; valid until the next member. */
struct pipe_member {
	struct source_member	 m;		/* rd is NULL: read through the pipe */
	struct classification	 cls;		/* from the first block */
	int			 head_status;	/* first read: 1, 0 (empty), -1 */
	const void		*head;		/* the first block */
	size_t			 headlen;
};

/*
 * Start walking input on a reader thread.  Problems the reader meets are
 * passed to sink on the calling thread, in order with the members.  opt
 * gives the limits, where resources are parsed (parse_on) and the timing
 * callback; it outlives the pipe.  Returns NULL (err set) if the thread
 * cannot be started.
 */
struct ingest_pipe *ingest_pipe_start(const char *input,
	    const struct ingest_options *opt, const struct problem_sink *sink,
	    struct mgt_error *);

/* The next member: 1 with *pm set, 0 when the walk is over.  Whatever the
 * previous member left unread is dropped (the reader is told to skip). */
int	 ingest_pipe_member(struct ingest_pipe *, struct pipe_member **pm);

/* The next block after the head of a PIPE_STREAM member: 1, 0 at the end,
 * -1 when reading failed (already reported; what came before is good). */
int	 ingest_pipe_read(struct ingest_pipe *, const void **buf, size_t *len);

/* The next object of a PIPE_PARSE member: 1, 0 at the end.  Give *obj
 * back with ingest_pipe_release(..., *local) when done with it. */
int	 ingest_pipe_object(struct ingest_pipe *, cJSON **obj, long *line,
	    int *local);
/* Free an object from ingest_pipe_object (on the thread that built it). */
void	 ingest_pipe_release(struct ingest_pipe *, cJSON *obj, int local);

/*
 * After read or object returned 0 or -1: the member's (decompressed) size
 * and how reading it ended: MGT_OK, MGT_ERR_IO (cut short), MGT_ERR_LIMIT
 * (too large to parse; not parsed).
 */
long long ingest_pipe_size(const struct ingest_pipe *);
int	 ingest_pipe_status(const struct ingest_pipe *);

/* Ask the reader to stop at the next member or block (the consumer failed). */
void	 ingest_pipe_stop(struct ingest_pipe *);

/*
 * Drain, join the thread and free the pipe.  Returns source_walk's status
 * (err and stats as it set them).
 */
int	 ingest_pipe_finish(struct ingest_pipe *, struct source_stats *,
	    struct mgt_error *);

#endif
