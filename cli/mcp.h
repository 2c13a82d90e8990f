/* SPDX-License-Identifier: Apache-2.0 */
/*
 * `mgtriage mcp`: a Model Context Protocol server over stdio.  What the
 * transport and dispatch (mcp.c), the tools (mcp-tools.c, mcp-tools2.c),
 * their argument and output helpers (mcp-util.c) and the generated
 * output schemas (mcp-schemas.c, from doc/schema/mcp/) share.
 */
#ifndef MGT_MCP_H
#define MGT_MCP_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "mgtriage.h"

/* Cases open at once; opening one more closes the oldest. */
#define MCP_MAX_CASES		8
/* Inputs one open_case takes. */
#define MCP_MAX_INPUTS		64
/* Default and bounds of the byte cap on one tool result. */
#define MCP_DEFAULT_BYTES	(256 * 1024)
#define MCP_MIN_BYTES		1024
#define MCP_MAX_BYTES		(16 * 1024 * 1024)
/* The wrapper around a tool's payload in its result, at most. */
#define MCP_WRAP_BYTES		128
/* Default and bounds of one incoming message (a line). */
#define MCP_DEFAULT_LINE	(4 * 1024 * 1024)
#define MCP_MIN_LINE		1024
#define MCP_MAX_LINE		(256 * 1024 * 1024)
/* A report read as a resource is at most this big. */
#define MCP_MAX_RESOURCE	(64 * 1024 * 1024)
/* Items one page holds at most, whatever limit asks. */
#define MCP_MAX_ITEMS		1000
/* A string field of an item (a log line, a value) is cut to this. */
#define MCP_MAX_FIELD		8192

/* JSON-RPC error codes. */
#define MCP_PARSE_ERROR		(-32700)
#define MCP_INVALID_REQUEST	(-32600)
#define MCP_METHOD_NOT_FOUND	(-32601)
#define MCP_INVALID_PARAMS	(-32602)
#define MCP_INTERNAL_ERROR	(-32603)

struct mcp_case {
	char		 id[16];	/* "case-N" */
	char		*label;		/* the inputs or index, comma-joined */
	mgt_case	*c;
	mgt_result	*r;		/* evaluated on first need */
};

struct mcp_server {
	mgt_session	*s;
	struct mcp_case	 cases[MCP_MAX_CASES];
	size_t		 ncases;
	unsigned	 next_id;	/* for case ids */
	size_t		 max_bytes;	/* cap on one tool result */
	size_t		 max_line;	/* cap on one incoming message */
	int		 no_open;	/* open_case refused (--no-open) */
};

/* A tool: its name, description, input schema (JSON text) and handler.
 * The handler returns the structured result, or NULL with *msg (the
 * caller frees it) set for an isError result; an argument of the wrong
 * type sets *bad_params too (a JSON-RPC -32602 error). */
struct mcp_tool {
	const char	*name;
	const char	*title;
	const char	*description;
	const char	*input_schema;
	cJSON		*(*fn)(struct mcp_server *, const cJSON *args,
			    size_t cap, char **msg, int *bad_params);
};
extern const struct mcp_tool mcp_tools[];
extern const size_t mcp_ntools;

/* The output schemas, generated from doc/schema/mcp/TOOL.json. */
struct mcp_schema {
	const char	*name;
	const char	*json;
};
extern const struct mcp_schema mcp_schemas[];
const char	*mcp_schema_find(const char *name);

/* mcp-tools.c: the case named by args' "case" (the newest when absent);
 * NULL with *msg set when there is none. */
struct mcp_case	*mcp_case_get(struct mcp_server *, const cJSON *args,
		    const char *key, char **msg);
/* Evaluate the case's rules once; NULL with *msg on failure. */
mgt_result	*mcp_case_result(struct mcp_case *, char **msg);
/* Open or build a case from inputs[0..n); NULL with *msg on failure. */
struct mcp_case	*mcp_case_open(struct mcp_server *, const char *const *in,
		    size_t n, char **msg);
void		 mcp_cases_free(struct mcp_server *);

/* mcp-util.c: arguments.  Each returns 0, or -1 with *msg set when the
 * member is present but of the wrong type or out of range. */
int	 mcp_arg_string(const cJSON *args, const char *key, const char **out,
	    char **msg);
int	 mcp_arg_int(const cJSON *args, const char *key, long long lo,
	    long long hi, long long *out, char **msg);
int	 mcp_arg_bool(const cJSON *args, const char *key, int *out,
	    char **msg);
/* A member of args that the tool's input schema does not name: -1 with
 * *msg set. */
int	 mcp_args_check(const cJSON *args, const char *schema, char **msg);
/* "a time", as mgt_parse_time() reads it, into *us (untouched when
 * absent); -1 with *msg when it is not one. */
int	 mcp_arg_time(const cJSON *args, const char *key, int64_t *us,
	    char **msg);

/* mcp-util.c: output.  Strings from the case may hold any byte: these
 * add them as valid UTF-8 (invalid sequences become U+FFFD), cut to max
 * bytes (0: MCP_MAX_FIELD) at a character. */
cJSON	*mcp_strn_new(const char *s, size_t len, size_t max);
void	 mcp_add_str(cJSON *o, const char *key, const char *s, size_t max);
void	 mcp_add_strn(cJSON *o, const char *key, const char *s, size_t len,
	    size_t max);
void	 mcp_add_time(cJSON *o, const char *key, int64_t us);
/*
 * A page of items under a byte budget: mcp_page_add() appends item to
 * the page's array unless the page would then pass its budget (the item
 * is freed and 0 returned: the page is full), else 1.  The first item is
 * always taken if it fits the cap, so a page makes progress.
 */
struct mcp_page {
	cJSON	*items;
	size_t	 used;
	size_t	 budget;
	int	 full;
};
void	 mcp_page_init(struct mcp_page *, cJSON *items, size_t budget);
/* The offset/limit window a paged callback walks: skip the first `skip`
 * items, take up to `limit`, note when one more exists. */
struct mcp_window {
	long long	 skip;		/* items still to skip */
	long long	 limit;
	long long	 seen;		/* items passed, skipped ones included */
	int		 more;		/* an item past the page exists */
};
/* 0: skip this item; 1: take it; -1: the page is full (more set). */
int	 mcp_window_step(struct mcp_window *, const struct mcp_page *);
/* mcp_page_add(); on a full page sets more and returns 0. */
int	 mcp_window_put(struct mcp_window *, struct mcp_page *, cJSON *item);
int	 mcp_page_add(struct mcp_page *, cJSON *item);
/* Bytes item takes printed. */
size_t	 mcp_json_size(const cJSON *item);
/* A copy of fmt's result the caller frees (for *msg). */
char	*mcp_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* mcp-yaml.c: the JSON text json as YAML (libyaml's emitter), a string
 * the caller frees; NULL with *msg when json is not JSON. */
char	*mcp_yaml(const char *json, char **msg);
/* SQL string literal of s (quotes doubled) the caller frees. */
char	*mcp_sql_quote(const char *s);



/* The tools' handlers (mcp-tools.c, mcp-tools2.c). */
#define MCP_TOOL_FN(n) cJSON *n(struct mcp_server *, const cJSON *, \
	size_t, char **, int *)
MCP_TOOL_FN(mcp_tool_get_resource);
MCP_TOOL_FN(mcp_tool_list_resources);
MCP_TOOL_FN(mcp_tool_read_log);
MCP_TOOL_FN(mcp_tool_grep);
MCP_TOOL_FN(mcp_tool_timeline);
MCP_TOOL_FN(mcp_tool_query);
/* The paging arguments: offset (default 0) and limit (default def, at
 * most MCP_MAX_ITEMS); -1 with *msg on a bad value. */
int	 mcp_arg_page(const cJSON *args, long long def, long long *offset,
	    long long *limit, char **msg);
/* The page's common members: case, total (-1: unknown), offset,
 * returned, next_offset (null at the end), truncated (by the byte cap). */
void	 mcp_page_finish(cJSON *out, const struct mcp_page *, long long
	    total, long long offset, long long next);
#endif
