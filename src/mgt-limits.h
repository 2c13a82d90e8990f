/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Every bound on untrusted input in one struct, with the defaults from
 * shared/HARDENING.md.  Each hit is recorded as a problem, never silent.
 */
#ifndef MGT_LIMITS_H
#define MGT_LIMITS_H

#include <stddef.h>

struct mgt_limits {
	int		 max_depth;		/* archive-in-archive levels below the input */
	long long	 max_members_archive;	/* members per archive */
	long long	 max_members_total;	/* members over all levels */
	long long	 max_member_bytes;	/* decompressed bytes per member */
	long long	 max_total_bytes;	/* decompressed bytes per run */
	size_t		 max_line;		/* longest line matched in one piece */
	size_t		 max_doc_bytes;		/* largest YAML/JSON file parsed to a tree */
	int		 yaml_max_depth;	/* nesting of a resource document */
	int		 yaml_max_aliases;	/* aliases per resource document */
	long		 max_docs_per_file;	/* documents in one YAML stream */
	size_t		 max_path;		/* longest member name kept */
	unsigned int	 pcre_match_limit;
	unsigned int	 pcre_depth_limit;
	size_t		 pcre_jit_stack_max;
	long		 max_hits_rule_source;	/* stored hits per (rule, source) */
	long		 max_hits_rule;		/* stored hits per rule */
	long		 rule_limit_errors;	/* match-limit errors before a rule is disabled */
	long long	 sql_steps;		/* SQLite steps per rule or query statement */
	long long	 sql_memory;		/* bytes SQLite may add for one statement */
	long long	 sql_time_ms;		/* wall time of one statement */
	long long	 pattern_time_ms;	/* matching time per pattern per run */
	long long	 max_stored_lines_source; /* log lines stored per file */
	long long	 max_stored_lines;	/* log lines stored per run */
	long long	 max_index_bytes;	/* size of the index file */
	long long	 max_problems_code;	/* problem rows stored per code */
	/* Not a bound, but every walk carries this struct: inflate gzip
	 * with zlib even when ISA-L is built in (mgt_options.no_isal). */
	int		 no_isal;
	/* Nor this: YAML values of base64, and literal blocks, this long or
	 * longer are lifted out before libyaml reads a file
	 * (parse-yaml-lift.c); 0: never.
	 * (mgt_options.no_yaml_lift) */
	size_t		 yaml_lift_min;
};

#define LIMIT_DEFAULT_DEPTH		5
#define LIMIT_DEFAULT_MEMBERS_ARCHIVE	200000LL
#define LIMIT_DEFAULT_MEMBERS_TOTAL	500000LL
#define LIMIT_DEFAULT_MEMBER_BYTES	(4LL << 30)
#define LIMIT_DEFAULT_TOTAL_BYTES	(32LL << 30)
#define LIMIT_DEFAULT_LINE		((size_t)1 << 20)
#define LIMIT_DEFAULT_DOC_BYTES		((size_t)64 << 20)
#define LIMIT_DEFAULT_YAML_DEPTH	64
#define LIMIT_DEFAULT_YAML_ALIASES	64
#define LIMIT_DEFAULT_DOCS_PER_FILE	100000L
#define LIMIT_DEFAULT_YAML_LIFT		96	/* bytes; see yaml_lift_min */
#define LIMIT_DEFAULT_PATH		4096
#define LIMIT_DEFAULT_PCRE_MATCH	1000000U
#define LIMIT_DEFAULT_PCRE_DEPTH	10000U
#define LIMIT_DEFAULT_JIT_STACK		((size_t)8 << 20)
/*
 * Hit rows stored per (rule item, file) and per rule item.  Every hit is
 * counted exactly in hit_stats, which evaluation and timelines read for
 * counts and spans; the rows are what a report cites (a handful) and what
 * rule SQL over hits sees.  A noisy pattern storing 100,000 rows cost
 * seconds per rule in inserts, indexes and fix-ups.
 */
#define LIMIT_DEFAULT_HITS_RULE_SOURCE	100L
#define LIMIT_DEFAULT_HITS_RULE		2000L
#define LIMIT_DEFAULT_RULE_ERRORS	100L
/*
 * SQL that a rule or `query` runs: SQLite virtual-machine steps and memory
 * per statement.  A step is one VM instruction, about 90 million a second
 * here (10^9 is about 11 s): the built-in rules take under 100,000 on the
 * real must-gathers; a full scan costs some ten steps a row.
 * Past either the statement is stopped: the rule item is reported
 * (limit-sql), `query` fails.  A quarter of the memory bound is the
 * longest value a statement may make.
 */
#define LIMIT_DEFAULT_SQL_STEPS		1000000000LL
#define LIMIT_DEFAULT_SQL_MEMORY	(1LL << 30)
/* And time, for work the steps do not see (one regexp() call). */
#define LIMIT_DEFAULT_SQL_TIME_MS	120000LL
/*
 * Time one pattern may spend in PCRE2 over a run, in milliseconds: a
 * pattern that stays under the match limit yet costs milliseconds a line
 * is turned off when it has spent this, and reported (limit-match-time).
 */
#define LIMIT_DEFAULT_PATTERN_TIME_MS	60000LL
/*
 * The index keeps error and fatal lines (every line with --full-text) for
 * grep and query.  Without a bound a small compression bomb of error lines
 * makes a multi-GB index.  Past a file's bound its lines are still counted
 * and matched by the rules, only not stored (info); past the run's bound or
 * the index size nothing more is stored (a warning: grep then reads the
 * inputs again).  The real must-gathers store a few thousand lines a file.
 */
#define LIMIT_DEFAULT_STORED_LINES_SOURCE 200000LL
#define LIMIT_DEFAULT_STORED_LINES	20000000LL
#define LIMIT_DEFAULT_INDEX_BYTES	(8LL << 30)
/*
 * Problem rows stored per code (2,000,000 empty members would store as
 * many rows and print as many lines): past it they are counted, not
 * stored, and the report's counts still cover them.
 */
#define LIMIT_DEFAULT_PROBLEMS_CODE	10000LL

void	 limits_default(struct mgt_limits *);
/* Parse "name=value" (e.g. "max-depth=3", sizes accept K/M/G suffixes).
 * Returns MGT_OK or MGT_ERR_USAGE with a message in err. */
struct mgt_error;
int	 limits_set(struct mgt_limits *, const char *assignment,
	    struct mgt_error *);

#endif
