/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The rule model: YAML rule files loaded into memory, their evidence items,
 * the `when` expression and the summary template.  The engine knows no rule
 * by name; everything a rule means is in its file.  Format: mgtriage-rules(5).
 */
#ifndef MGT_RULE_H
#define MGT_RULE_H

#include <stddef.h>
#include <stdint.h>

#include "mgt-limits.h"

struct mgt_error;
struct knowledge;

/*
 * Bounds on rule files (mgtriage-rules(5), LIMITS).  Rule files are ours,
 * but a rules directory can be handed over like any input, so every
 * input-derived size is capped.
 */
#define RULE_MAX_FILE_BYTES	(1 << 20)	/* bytes in one rule file */
#define RULE_YAML_MAX_DEPTH	64		/* nested collections */
#define RULE_YAML_MAX_ALIASES	1000		/* aliases per file */
#define RULE_YAML_MAX_NODES	65536		/* nodes per file */
#define RULE_MAX_ID		128		/* bytes in a rule id */
#define RULE_MAX_NAME		64		/* bytes in an evidence name */
#define RULE_MAX_EVIDENCE	32		/* evidence items per rule */
#define RULE_MAX_PATTERN	4096		/* bytes in a pattern */
#define RULE_MAX_SQL		65536		/* bytes in an sql item */
#define RULE_MAX_LIST		256		/* entries in one list field */
#define RULE_EXPR_MAX_DEPTH	64		/* `when`: 'not' and '(' */
#define RULE_EXPR_MAX_TEXT	4096		/* bytes in a `when` */
#define RULE_SUMMARY_MAX	4096		/* bytes in a filled summary */

/* A 1-based position in a rule file. */
struct rule_pos {
	int		 line;
	int		 col;
};

enum rule_severity {
	RULE_SEV_INFO = 0,
	RULE_SEV_LOW,
	RULE_SEV_MEDIUM,
	RULE_SEV_HIGH,
	RULE_SEV_CRITICAL
};

enum rule_evidence_type {
	RULE_EVIDENCE_SQL = 0,		/* rows of a read-only query over the index */
	RULE_EVIDENCE_PATTERN		/* PCRE2 pattern hits over log lines */
};

/* One named evidence item of a rule. */
struct rule_evidence {
	char			*name;		/* [a-z_][a-z0-9_]* */
	enum rule_evidence_type	 type;
	char			*sql;		/* RULE_EVIDENCE_SQL */
	char			*pattern;	/* RULE_EVIDENCE_PATTERN: PCRE2 source */
	int			 caseless;	/* pattern flag "i" */
	char		       **sources;	/* globs over member paths; NULL = all logs */
	size_t			 nsources;
	char		       **kinds;		/* source kinds (pod_log, service_log, ...); NULL = all log kinds */
	size_t			 nkinds;
	long			 min;		/* rows/hits needed, default 1 */
	int64_t			 window_us;	/* hits must span at least this (0 = no) */
	char			*group_by;	/* "node", "source" or a capture name: min/window per group */
	int			 line;		/* line of the item in the rule file */
	int			 pattern_id;	/* set by the matcher, -1 if none */
	int			 context;	/* cited with the finding, never
						   deciding it: `when` need not
						   name it */
};

struct rule_expr;

struct rule {
	char			*id;		/* "mco.rendered-config-missing" */
	char			*title;
	enum rule_severity	 severity;
	char			*category;
	char		       **explains;	/* ids of rules whose findings this causes */
	size_t			 nexplains;
	struct rule_evidence	*evidence;
	size_t			 nevidence;
	struct rule_expr	*when;		/* NULL: all evidence items must hold */
	char			*when_text;
	char			*summary;	/* template, see rule_template_fill() */
	char			*remedy;
	char		       **references;
	size_t			 nreferences;
	char			*file;		/* path of the rule file */
	int			 line;		/* line of "id:" */
	struct rule_pos		*explains_pos;	/* where each explains entry is */

	/* Instances, components and now versus then (mgtriage-rules(5)). */
	char			*for_each;	/* column: one finding per value, or NULL */
	char			*component;	/* template naming what the finding is about */
	struct rule_expr	*current;	/* end state confirming it holds now, or NULL */
	char			*current_text;
	int64_t			 recent_us;	/* log hits this close to their log's end are current */
	int			 generic;	/* a finding of a specific rule about the
						   same component explains this one */
};

/* Default of `recent`: a log episode that ended longer than this before
 * the end of its log is history. */
#define RULE_RECENT_DEFAULT_US	(30LL * 60 * 1000000)
/* Findings one rule makes with for_each; more are counted, not made. */
#define RULE_MAX_INSTANCES	256

/* A rule-file diagnostic: "file:line:col: message". */
struct rule_diag {
	char		*file;
	int		 line;
	int		 col;
	int		 is_warning;	/* lint warning (e.g. slow pattern), not an error */
	char		*message;
};

struct ruleset {
	struct rule	*rules;		/* valid rules, sorted by id */
	size_t		 nrules;
	struct rule_diag *diags;	/* errors and warnings, in load order */
	size_t		 ndiags;
	size_t		 nerrors;	/* diags that rejected a rule */
	size_t		 nwarnings;	/* diags that are warnings */
	char	       **rejected_ids;	/* ids of rules rejected after their
					   id was read: not "unknown" to
					   explains, not duplicates */
	size_t		 nrejected_ids;
	char	       **view_dirs;	/* <dir>/views of each loaded
					   directory that has one, in load
					   order: index_open()'s
					   extra_view_dirs */
	size_t		 nview_dirs;
	struct knowledge *kb;		/* DIR/knowledge/ of every directory */
};

void	 ruleset_init(struct ruleset *);
void	 ruleset_free(struct ruleset *);

/*
 * Load every *.yaml / *.yml file under dir (recursively, sorted; the
 * directory named "tests" is skipped, and so is dir's own "views", whose
 * path is appended to rs->view_dirs: a rule pack's views) into rs.  A bad
 * file or rule is recorded in rs->diags with file:line:col and skipped;
 * the others still load.  Checked: YAML syntax, unknown or missing fields, field types,
 * severity names, duplicate ids, evidence names, `when` syntax and names,
 * PCRE2 compile errors (with the pattern offset), pattern length, and (for
 * SQL) that the text is one statement.  Returns MGT_OK unless dir cannot be
 * read (MGT_ERR_IO).
 */
int	 ruleset_load_dir(struct ruleset *, const char *dir, struct mgt_error *);
/* Load one file (same checks). */
int	 ruleset_load_file(struct ruleset *, const char *path,
	    struct mgt_error *);
/*
 * Checks that need the whole set: `explains` naming unknown ids, cycles in
 * the explains graph (reported, not fatal: ranking breaks them).  Call after
 * the last load; sorts rules by id.
 */
void	 ruleset_finish(struct ruleset *);
/* Pointers into rs->rules stay valid until the next load or finish. */
const struct rule *ruleset_find(const struct ruleset *, const char *id);

/*
 * Load one rule from memory; name is the file name used in diagnostics.
 * Same checks as ruleset_load_file; never fails (used by the fuzzer).
 */
int	 ruleset_load_buffer(struct ruleset *, const char *name,
	    const char *buf, size_t len, struct mgt_error *);
/*
 * Load one knowledge file (mgtriage-rules(5), KNOWLEDGE) from memory into
 * rs->kb; problems are diagnostics like a rule file's, and a bad entry is
 * left out.  Never fails (used by the fuzzer).
 */
void	 ruleset_load_knowledge(struct ruleset *, const char *name,
	    const char *buf, size_t len);
/* Record a diagnostic (message escaped by the caller as needed). */
void	 ruleset_diag(struct ruleset *, const char *file, int line, int col,
	    int is_warning, const char *fmt, ...)
	    __attribute__((format(printf, 6, 7)));
/* "file:line:col: message" or "file:line:col: warning: message";
 * the caller frees the result. */
char	*rule_diag_format(const struct rule_diag *);
/* Free what a rule owns (not the struct itself) and zero it. */
void	 rule_clear(struct rule *);
/* Index of the evidence item called name[0..len), or -1. */
int	 rule_evidence_index(const struct rule *, const char *name,
	    size_t len);
/* "30s", "10m", "2h", "1d", "1h30m" into microseconds; -1 if invalid. */
int	 rule_duration_parse(const char *, int64_t *us);

const char *rule_severity_name(enum rule_severity);
/* Returns -1 for an unknown name. */
int	 rule_severity_parse(const char *);

/*
 * Boolean expressions over evidence names: `a and (b or not c)`.
 * rule_expr_parse returns NULL and fills err (with the column in
 * err->offset) on a syntax error or an unknown name (names are checked
 * against the rule's evidence names).
 */
struct rule_expr *rule_expr_parse(const char *text, const struct rule *,
	    struct mgt_error *);
void	 rule_expr_free(struct rule_expr *);
/* holds(ctx, evidence_index) says whether an item holds. */
typedef int (*rule_expr_lookup)(void *ctx, size_t evidence_index);
int	 rule_expr_eval(const struct rule_expr *, rule_expr_lookup, void *ctx);
/* Whether the expression names evidence item evidence_index. */
int	 rule_expr_uses(const struct rule_expr *, size_t evidence_index);
/* Fully parenthesised form, e.g. "(a and (not b))"; caller frees. */
char	*rule_expr_format(const struct rule_expr *, const struct rule *);

/*
 * Template filling for summaries.  Placeholders:
 *   {name}          first value of column/capture "name" in any evidence
 *                   item (in rule order), first row
 *   {item.name}     first value of "name" in evidence item "item"
 *   {item.name*}    all distinct values of "name" in item, ", "-joined,
 *                   sorted
 *   {item#}         number of rows/hits of item
 *   {{ and }}       literal braces
 * Unknown placeholders are left as "{name}" so mistakes stay visible.
 * lookup(ctx, item (may be NULL), column, all) returns a new string or NULL.
 * For {item#} column is "" and count is 1.  The result is at most
 * RULE_SUMMARY_MAX bytes, ending in an ellipsis (U+2026) when cut.
 */
typedef char *(*rule_template_lookup)(void *ctx, const char *item,
	    const char *column, int all, int count);
char	*rule_template_fill(const char *tmpl, rule_template_lookup, void *ctx);

#endif
