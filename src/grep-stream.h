/* SPDX-License-Identifier: Apache-2.0 */
/*
 * grep over the original inputs.  A default index keeps only error lines
 * and rule hits (DESIGN.md: the index stays small), so `mgtriage grep`
 * re-reads the inputs the index recorded and searches every line of their
 * log members, with the index's filters, line numbers and node names
 * (mgt_case_grep(), src/api-grep.c).
 */
#ifndef MGT_GREP_STREAM_H
#define MGT_GREP_STREAM_H

#include <stdint.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>

struct mgt_error;
struct mgt_limits;
struct mgt_line;

struct grep_query {
	const pcre2_code	*re;
	const char		*node;		/* NULL: any */
	const char		*glob;		/* NULL: any source */
	int			 has_since, has_until;
	int64_t			 since, until;	/* UTC us */
	/* Each matching line; a nonzero return stops the search. */
	int			(*fn)(void *, const struct mgt_line *);
	void			*data;
};

/* Does a source glob match the innermost path of vpath, as a rule's
 * sources glob matches a member (util_glob_path)? */
int	 grep_source_match(const char *glob, const char *vpath);

/* Does a line's node match the --node filter (its full name, or a short
 * host name that is its first label)? */
int	 grep_node_match(const char *want, const char *node);

/*
 * Walk inputs[0..n) again, under lim, and pass every matching line of the
 * log members db catalogued to q->fn.  *count gets the number of matching
 * lines passed.  Returns MGT_OK (also when fn stopped it), or an error
 * (err set) when an input cannot be read at all.
 */
int	 grep_stream(sqlite3 *db, char *const *inputs, size_t n,
	    const struct mgt_limits *lim, const struct grep_query *,
	    long long *count, struct mgt_error *);

#endif
