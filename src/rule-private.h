/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared between the rule loader's files (rule-load.c, rule-yaml.c and
 * rule-evidence.c) and nothing else: the loader's state, the YAML node
 * tree with its positions, and the diagnostic and typed-access helpers
 * every check uses.
 */
#ifndef MGT_RULE_PRIVATE_H
#define MGT_RULE_PRIVATE_H

#include <stddef.h>

#include <sqlite3.h>
#include <yaml.h>

struct rule;
struct rule_pos;
struct ruleset;
struct mgt_error;

/* Bytes of an input-derived string quoted in a message. */
#define RULE_LOAD_QUOTE_MAX		64

enum rule_ynode_type {
	RULE_YNODE_SCALAR,
	RULE_YNODE_SEQ,
	RULE_YNODE_MAP
};

/*
 * One YAML node.  An alias is not copied: the parent points at the
 * anchored node, so a document is a DAG and an "alias bomb" costs one
 * pointer per alias.  Every node is owned by the document's node list.
 */
struct rule_ynode {
	enum rule_ynode_type	 type;
	int			 line;		/* 1-based start */
	int			 col;
	int			 end_line;	/* 1-based end, column after */
	int			 end_col;
	yaml_scalar_style_t	 style;
	int			 str_tag;	/* explicit !!str */
	char			*value;		/* scalar, NUL-terminated */
	size_t			 len;		/* may hold NUL bytes */
	struct rule_ynode      **kids;		/* items; or key, value, ... */
	size_t			 nkids;
	size_t			 kidscap;
	char			*anchor;
};

struct rule_anchor {
	char			*name;
	struct rule_ynode	*node;
};

struct rule_loader {
	struct ruleset		*rs;
	const char		*file;
	const char		*buf;
	size_t			 len;
	struct rule_ynode      **nodes;		/* every node, for freeing */
	size_t			 nnodes;
	size_t			 nodescap;
	struct rule_ynode	*root;
	struct rule_anchor	*anchors;
	size_t			 nanchors;
	size_t			 anchorscap;
	size_t			 errors;	/* errors in this file */
	size_t			 ndiags;	/* diagnostics for this file */
	sqlite3			*db;		/* in-memory, for SQL syntax */
};

/* What a node key names inside a mapping checked against a field list. */
struct rule_field {
	const char		*name;
	int			 required;
};

/* rule-load.c */
void	 rule_load_error_at(struct rule_loader *, int line, int col,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void	 rule_load_error(struct rule_loader *, const struct rule_ynode *,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *rule_load_quote(const char *, size_t len, char *out,
	    size_t outlen);
const char *rule_load_suggest(const char *, const char *const *names,
	    size_t n);
const char *rule_load_type_name(const struct rule_ynode *);
char	*rule_load_string(struct rule_loader *, const struct rule_ynode *,
	    const char *what);
void	 rule_load_chomp(char *);
int	 rule_load_strings(struct rule_loader *, const struct rule_ynode *,
	    const char *what, char ***out, size_t *count, struct rule_pos **);
void	 rule_load_map(struct rule_loader *, const struct rule_ynode *map,
	    const char *prefix, const char *noun, const struct rule_field *,
	    size_t nfields, const struct rule_ynode **vals,
	    const struct rule_ynode **keys);

int	 rule_load_read(const char *path, char **buf, size_t *len,
	    struct mgt_error *);
/* Compose buf (one YAML document, at most RULE_MAX_FILE_BYTES; a byte
 * order mark is skipped) and hand it to load; what names the kind of
 * file in the size diagnostic. */
void	 rule_load_document(struct ruleset *, const char *name,
	    const char *buf, size_t len, const char *what,
	    void (*load)(struct rule_loader *));

/* rule-yaml.c */
size_t	 rule_load_charlen(const char *, const char *end);
void	 rule_load_value_pos(const struct rule_loader *,
	    const struct rule_ynode *, size_t off, int *line, int *col);
int	 rule_load_compose(struct rule_loader *);
void	 rule_load_doc_free(struct rule_loader *);

/* knowledge-load.c: the composed document l->root as knowledge. */
void	 knowledge_load(struct rule_loader *);

/* rule-evidence.c */
int	 rule_load_is_name(const char *);
void	 rule_load_evidence(struct rule_loader *, struct rule *,
	    const struct rule_ynode *map);

#endif
