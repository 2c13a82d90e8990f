/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The views the rules query, read from the .sql files of views/ when an
 * index is opened and created as TEMP views of that connection: an index
 * stores only tables, so one built by an older mgtriage gets today's
 * views, and a rule pack can bring its own.  A view file may hold CREATE
 * VIEW statements and nothing else: it can come with someone else's rule
 * pack.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "util.h"
#include "xmalloc.h"

/*
 * What every statement of a view file is rewritten to start with.  It is
 * written over the bytes just before the statement's name, which are
 * consumed already (the file is read VIEWS_PREFIX_LEN bytes into its
 * buffer, for the first statement): no statement is copied.
 */
#define VIEWS_PREFIX		"CREATE TEMP VIEW"
#define VIEWS_PREFIX_LEN	(sizeof VIEWS_PREFIX - 1)

/* A view file being read, and the line reached so far. */
struct views_text {
	const char	*file;
	char		*buf;		/* VIEWS_PREFIX_LEN bytes, then text */
	const char	*pos;		/* line numbers are known up to here */
	long		 line;		/* the line of pos */
};

/* One view created, and where it was defined. */
struct index_view_def {
	char		*name;
	char		*file;
	long		 line;
};

struct index_views {
	struct index_view_def	*defs;
	size_t			 ndefs;
};

/* What the authorizer saw while one statement was prepared. */
struct views_auth {
	char		*name;		/* the view it creates */
	int		 ncreate;	/* CREATE TEMP VIEW actions */
	int		 denied;	/* any other action */
};

const char *
index_default_views_dir(void)
{
	return util_data_dir(MGT_SRCDIR "/views", MGT_PKGDATADIR "/views");
}

void
index_views_free(struct index_views *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < v->ndefs; i++) {
		free(v->defs[i].name);
		free(v->defs[i].file);
	}
	free(v->defs);
	free(v);
}

/*
 * While a view statement is prepared: creating one TEMP view (and the
 * schema-table row that takes) is all that is allowed.  The view's SELECT
 * is not compiled here; when it runs, index_guard()'s authorizer sees it.
 */
static int
views_authorize(void *ctx, int action, const char *a3, const char *a4,
    const char *db, const char *trigger)
{
	struct views_auth *va = ctx;

	(void)a4;
	(void)db;
	(void)trigger;
	switch (action) {
	case SQLITE_CREATE_TEMP_VIEW:
		if (va->ncreate++ == 0 && a3 != NULL)
			va->name = xstrdup(a3);
		return SQLITE_OK;
	case SQLITE_INSERT:
	case SQLITE_UPDATE:
	case SQLITE_READ:
		if (a3 != NULL && strcmp(a3, "sqlite_temp_master") == 0)
			return SQLITE_OK;
		break;
	}
	va->denied = 1;
	return SQLITE_DENY;
}

/* p past keyword kw (any case) if p starts with it as a whole word. */
static const char *
views_keyword(const char *p, const char *kw)
{
	size_t n = strlen(kw);
	unsigned char c;

	if (sqlite3_strnicmp(p, kw, (int)n) != 0)
		return NULL;
	c = (unsigned char)p[n];
	if (c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') ||
	    ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))
		return NULL;
	return p + n;
}

/* The newlines in [p, end). */
static long
views_newlines(const char *p, const char *end)
{
	long n = 0;

	for (; p < end; p++)
		if (*p == '\n')
			n++;
	return n;
}

/* The first word at p, for "found X" (at most 20 bytes, printable). */
static void
views_word(const char *p, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len && i < 20 && p[i] != '\0'; i++) {
		if (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' ||
		    p[i] == '\r' || p[i] == '(' || p[i] == ';')
			break;
		buf[i] = (unsigned char)p[i] < 0x20 ||
		    (unsigned char)p[i] >= 0x7f ? '?' : p[i];
	}
	buf[i] = '\0';
}

/* The definition of name (any case) so far, or NULL. */
static const struct index_view_def *
views_find(const struct index_views *v, const char *name)
{
	size_t i;

	for (i = 0; i < v->ndefs; i++)
		if (sqlite3_stricmp(v->defs[i].name, name) == 0)
			return &v->defs[i];
	return NULL;
}

/*
 * Why a view may not be called name, or NULL: a table (index, trigger) of
 * the index, or a table-valued function such as json_each, which a view
 * of that name would hide from every query.
 */
static const char *
views_name_taken(sqlite3 *db, const char *name)
{
	sqlite3_stmt *st = NULL;
	int what = 0;

	if (sqlite3_strnicmp(name, "pragma_", 7) == 0)
		return "a table-valued function";
	if (sqlite3_prepare_v2(db, "SELECT 1 FROM main.sqlite_master"
	    " WHERE name = ?1 COLLATE NOCASE AND type != 'view'"
	    " UNION ALL SELECT 2 FROM pragma_module_list"
	    " WHERE name = ?1 COLLATE NOCASE", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW)
			what = sqlite3_column_int(st, 0);
	}
	sqlite3_finalize(st);
	return what == 1 ? "a table of the index" : what == 2 ?
	    "a table-valued function" : NULL;
}

/*
 * Create the view of the statement at s, the next one of t.  On success
 * *next is past the statement.
 */
static int
views_statement(sqlite3 *db, struct index_views *v, struct views_text *t,
    char *s, const char **next, struct mgt_error *err)
{
	const struct index_view_def *prev;
	struct views_auth va;
	sqlite3_stmt *st = NULL;
	const char *file = t->file, *q, *tail = NULL, *taken;
	char *p, *sql, word[32];
	long line;
	int rc, off, ret;

	memset(&va, 0, sizeof va);
	t->line += views_newlines(t->pos, s);
	t->pos = s;
	line = t->line;
	p = (char *)views_keyword(s, "CREATE");
	if (p != NULL) {
		p = (char *)index_sql_blank(p, 0);
		if ((q = views_keyword(p, "TEMPORARY")) != NULL ||
		    (q = views_keyword(p, "TEMP")) != NULL)
			p = (char *)index_sql_blank(q, 0);
		p = (char *)views_keyword(p, "VIEW");
	}
	if (p == NULL) {
		views_word(s, word, sizeof word);
		return error_set(err, MGT_ERR_RULE, file, -1, line,
		    "only CREATE VIEW statements are allowed in a view file "
		    "(found '%s')", word);
	}
	/* From here on lines are counted from p: [sql, p) is rewritten. */
	t->line += views_newlines(s, p);
	t->pos = p;
	sql = p - VIEWS_PREFIX_LEN;
	memcpy(sql, VIEWS_PREFIX, VIEWS_PREFIX_LEN);
	/* The rest of the file: SQLite finds where the statement ends. */
	sqlite3_set_authorizer(db, views_authorize, &va);
	rc = sqlite3_prepare_v2(db, sql, -1, &st, &tail);
	sqlite3_set_authorizer(db, NULL, NULL);
	if (va.name != NULL && (prev = views_find(v, va.name)) != NULL) {
		ret = error_set(err, MGT_ERR_RULE, file, -1, line,
		    "view '%s' is already defined at %s:%ld; a view file "
		    "cannot replace a view, give it another name", va.name,
		    prev->file, prev->line);
		goto out;
	}
	if (rc != SQLITE_OK || st == NULL) {
		off = -1;
#if SQLITE_VERSION_NUMBER >= 3038000
		if (rc != SQLITE_OK)
			off = sqlite3_error_offset(db);
#endif
		if (off >= (int)VIEWS_PREFIX_LEN)
			line = t->line + views_newlines(p, sql + off);
		if (va.denied)
			ret = error_set(err, MGT_ERR_RULE, file, -1, line,
			    "only CREATE VIEW statements are allowed in a view "
			    "file");
		else
			ret = error_set(err, MGT_ERR_RULE, file, -1, line,
			    "%s", rc != SQLITE_OK ? sqlite3_errmsg(db) :
			    "no statement");
		goto out;
	}
	if (va.ncreate != 1 || va.name == NULL || va.denied) {
		ret = error_set(err, MGT_ERR_RULE, file, -1, line,
		    "only CREATE VIEW statements are allowed in a view file");
		goto out;
	}
	if ((taken = views_name_taken(db, va.name)) != NULL) {
		ret = error_set(err, MGT_ERR_RULE, file, -1, line,
		    "'%s' is %s; a view cannot take its name", va.name, taken);
		goto out;
	}
	if (v->ndefs >= INDEX_VIEWS_MAX_VIEWS) {
		ret = error_set(err, MGT_ERR_RULE, file, -1, line,
		    "more than %d views", INDEX_VIEWS_MAX_VIEWS);
		goto out;
	}
	if ((rc = sqlite3_step(st)) != SQLITE_DONE) {
		ret = error_set(err, MGT_ERR_RULE, file, -1, line,
		    "view '%s': %s", va.name, sqlite3_errmsg(db));
		goto out;
	}
	v->defs = xreallocarray(v->defs, v->ndefs + 1, sizeof *v->defs);
	v->defs[v->ndefs].name = va.name;
	v->defs[v->ndefs].file = xstrdup(file);
	v->defs[v->ndefs].line = line;
	v->ndefs++;
	va.name = NULL;
	*next = tail;
	ret = MGT_OK;
out:
	sqlite3_finalize(st);
	free(va.name);
	return ret;
}

/*
 * Read path whole into *out (malloc'd): VIEWS_PREFIX_LEN spare bytes, then
 * the text, NUL-terminated; a regular file of at most
 * INDEX_VIEWS_MAX_FILE_BYTES without NUL bytes.
 */
static int
views_read(const char *path, char **out, struct mgt_error *err)
{
	struct stat st;
	char *buf = NULL, *text;
	size_t len = 0;
	ssize_t n;
	int fd, ret;

	*out = NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1)
		return error_set(err, MGT_ERR_RULE, path, -1, 0,
		    "cannot open view file: %s", strerror(errno));
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		ret = error_set(err, MGT_ERR_RULE, path, -1, 0,
		    "not a regular file");
		goto out;
	}
	buf = xmalloc(VIEWS_PREFIX_LEN + INDEX_VIEWS_MAX_FILE_BYTES + 2);
	text = buf + VIEWS_PREFIX_LEN;
	/* One byte more than allowed: a file that grew is seen too. */
	while (len <= INDEX_VIEWS_MAX_FILE_BYTES) {
		n = read(fd, text + len, INDEX_VIEWS_MAX_FILE_BYTES + 1 - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			ret = error_set(err, MGT_ERR_RULE, path, -1, 0,
			    "cannot read view file: %s", strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (len > INDEX_VIEWS_MAX_FILE_BYTES) {
		ret = error_set(err, MGT_ERR_RULE, path, -1, 0,
		    "view file larger than %d bytes",
		    INDEX_VIEWS_MAX_FILE_BYTES);
		goto out;
	}
	if (memchr(text, '\0', len) != NULL) {
		ret = error_set(err, MGT_ERR_RULE, path, -1, 1 +
		    views_newlines(text, memchr(text, '\0', len)),
		    "NUL byte in a view file");
		goto out;
	}
	text[len] = '\0';
	*out = buf;
	buf = NULL;
	ret = MGT_OK;
out:
	free(buf);
	close(fd);
	return ret;
}

/* Create every view of one file. */
static int
views_file(sqlite3 *db, struct index_views *v, const char *path,
    struct mgt_error *err)
{
	struct views_text t;
	const char *next = NULL;
	char *p;
	int ret;

	if ((ret = views_read(path, &t.buf, err)) != MGT_OK)
		return ret;
	t.file = path;
	t.pos = t.buf + VIEWS_PREFIX_LEN;
	t.line = 1;
	for (p = (char *)index_sql_skip(t.pos); *p != '\0';
	    p = (char *)index_sql_skip(next)) {
		if ((ret = views_statement(db, v, &t, p, &next, err)) !=
		    MGT_OK)
			break;
	}
	free(t.buf);
	return ret;
}

static int
views_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Create the views of dir's *.sql files, in name order. */
static int
views_dir(sqlite3 *db, struct index_views *v, const char *dir,
    struct mgt_error *err)
{
	struct dirent *de;
	DIR *d;
	char **names = NULL, *path;
	size_t n = 0, i, len;
	int ret = MGT_OK;

	if ((d = opendir(dir)) == NULL)
		return error_set(err, MGT_ERR_RULE, dir, -1, 0,
		    "cannot open views directory: %s", strerror(errno));
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 5 ||
		    strcmp(de->d_name + len - 4, ".sql") != 0)
			continue;
		if (n == INDEX_VIEWS_MAX_FILES) {
			ret = error_set(err, MGT_ERR_RULE, dir, -1, 0,
			    "more than %d view files", INDEX_VIEWS_MAX_FILES);
			break;
		}
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof *names, views_name_cmp);
	for (i = 0; i < n; i++) {
		if (ret == MGT_OK) {
			xasprintf(&path, "%s/%s", dir, names[i]);
			ret = views_file(db, v, path, err);
			free(path);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

int
index_views_apply(sqlite3 *db, const char *const *dirs, size_t ndirs,
    struct index_views **out, struct mgt_error *err)
{
	struct index_views *v;
	size_t i;
	int ret = MGT_OK;

	v = xcalloc(1, sizeof *v);
	for (i = 0; i < ndirs && ret == MGT_OK; i++)
		if (dirs[i] != NULL && *dirs[i] != '\0')
			ret = views_dir(db, v, dirs[i], err);
	if (ret != MGT_OK) {
		index_views_free(v);
		v = NULL;
	}
	*out = v;
	return ret;
}

int
index_views_check(sqlite3 *db, const struct index_views *v,
    struct mgt_error *err)
{
	sqlite3_stmt *st;
	char *sql;
	size_t i;
	int rc;

	for (i = 0; i < v->ndefs; i++) {
		sql = sqlite3_mprintf("SELECT * FROM temp.\"%w\"",
		    v->defs[i].name);
		if (sql == NULL)
			xmalloc_fail("checking a view");
		st = NULL;
		rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
		sqlite3_finalize(st);
		sqlite3_free(sql);
		if (rc != SQLITE_OK)
			return error_set(err, MGT_ERR_RULE, v->defs[i].file,
			    -1, v->defs[i].line, "view '%s': %s",
			    v->defs[i].name, sqlite3_errmsg(db));
	}
	return MGT_OK;
}
