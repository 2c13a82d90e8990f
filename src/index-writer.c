/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Building an index: one writer, one transaction, into <target>.tmp-<pid>
 * (created by output_temp() next to the target, journal off, synchronous
 * off), statements prepared once and reused.  index_commit() builds the
 * indexes and renames the finished file over the target; until then the
 * target is untouched, so a failed run never leaves half an index behind,
 * and an interrupted one leaves no temporary file (output.c).
 */
#include "config.h"

#include <stddef.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "mgt-time.h"
#include "output.h"
#include "parse-lazy.h"
#include "parse-log.h"
#include "xmalloc.h"

/*
 * Binding: a failed bind is remembered in ix->bind_rc and reported by the
 * next index_run(), so the add functions read as a list of columns.  Text
 * is bound SQLITE_STATIC: it is only read by the step that follows, and
 * the bindings are cleared after it.
 */
void
index_bind_note(struct index *ix, int rc)
{
	if (rc != SQLITE_OK && ix->bind_rc == SQLITE_OK)
		ix->bind_rc = rc;
}

static void
ib_text(struct index *ix, enum index_stmt w, int i, const char *s)
{
	sqlite3_stmt *st = ix->st[w];

	if (s == NULL)
		index_bind_note(ix, sqlite3_bind_null(st, i));
	else
		index_bind_note(ix, sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC));
}

/* Text that may be "" for unknown: stored as NULL. */
static void
ib_opt(struct index *ix, enum index_stmt w, int i, const char *s)
{
	ib_text(ix, w, i, s != NULL && *s != '\0' ? s : NULL);
}

static void
ib_textn(struct index *ix, enum index_stmt w, int i, const char *s, size_t n)
{
	sqlite3_stmt *st = ix->st[w];

	if (s == NULL)
		index_bind_note(ix, sqlite3_bind_null(st, i));
	else
		index_bind_note(ix, sqlite3_bind_text64(st, i, s, n, SQLITE_STATIC,
		    SQLITE_UTF8));
}

static void
ib_int(struct index *ix, enum index_stmt w, int i, int64_t v)
{
	index_bind_note(ix, sqlite3_bind_int64(ix->st[w], i, v));
}

/* A lazy body (parse-lazy.h) and its line at i and i + 1, or NULLs. */
static void
index_bind_lazy(struct index *ix, enum index_stmt w, int i, const char *lazy,
    long line)
{
	ib_text(ix, w, i, lazy);
	if (lazy != NULL)
		ib_int(ix, w, i + 1, line);
	else
		index_bind_note(ix, sqlite3_bind_null(ix->st[w], i + 1));
}

/* A timestamp: LOG_TS_NONE is stored as NULL. */
static void
ib_ts(struct index *ix, enum index_stmt w, int i, int64_t v)
{
	if (v == LOG_TS_NONE)
		index_bind_note(ix, sqlite3_bind_null(ix->st[w], i));
	else
		index_bind_note(ix, sqlite3_bind_int64(ix->st[w], i, v));
}

/*
 * Step a bound statement once, then reset it and clear its bindings.
 * what names the operation for the error message.
 */
int
index_run(struct index *ix, enum index_stmt w, const char *what,
    struct mgt_error *err)
{
	sqlite3_stmt *st = ix->st[w];
	int rc, ret = MGT_OK;

	if (ix->bind_rc != SQLITE_OK) {
		ret = error_set(err, MGT_ERR_DB, ix->path, -1, 0,
		    "%s: bind: %s", what, sqlite3_errstr(ix->bind_rc));
		ix->bind_rc = SQLITE_OK;
	} else {
		rc = sqlite3_step(st);
		if (rc != SQLITE_DONE && rc != SQLITE_ROW)
			ret = index_db_error(ix->db, rc, ix->path, what, err);
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ret;
}

static int
index_prepare_all(struct index *ix, struct mgt_error *err)
{
	int i, rc;

	for (i = 0; i < IST_COUNT; i++) {
		rc = sqlite3_prepare_v3(ix->db, index_schema_stmt(i), -1,
		    SQLITE_PREPARE_PERSISTENT, &ix->st[i], NULL);
		if (rc != SQLITE_OK)
			return index_db_error(ix->db, rc, ix->path,
			    "prepare", err);
	}
	return MGT_OK;
}

static void
index_finalize_all(struct index *ix)
{
	int i;

	for (i = 0; i < IST_COUNT; i++) {
		sqlite3_finalize(ix->st[i]);
		ix->st[i] = NULL;
	}
}

static void
index_free(struct index *ix)
{
	free(ix->path);
	free(ix->tmp_path);
	free(ix);
}

/*
 * The name SQLite opens the temporary tmp by: its directory resolved by
 * realpath(), its last component as it is.  SQLITE_OPEN_NOFOLLOW refuses
 * a symbolic link anywhere in the path, so a directory the user names
 * through a link (/home -> /var/home, a linked TMPDIR) failed with
 * "unable to open database file"; resolved, only the file itself must
 * not be a link, which output_temp() made sure of.  The caller frees the
 * result; if the directory cannot be resolved it is tmp unchanged, and
 * SQLite's error says why.
 */
static char *
index_open_name(const char *tmp)
{
	const char *slash = strrchr(tmp, '/');
	char *dir, *real, *name;

	if (slash == NULL)
		dir = xstrdup(".");
	else if (slash == tmp)
		dir = xstrdup("/");
	else
		dir = xstrndup(tmp, (size_t)(slash - tmp));
	real = realpath(dir, NULL);
	free(dir);
	if (real == NULL)
		return xstrdup(tmp);
	xasprintf(&name, "%s%s%s", real, strcmp(real, "/") == 0 ? "" : "/",
	    slash == NULL ? tmp : slash + 1);
	free(real);
	return name;
}

/*
 * Create a new index that becomes path at index_commit().  path must be a
 * regular file or a new name (MGT_ERR_USAGE otherwise).  The temporary
 * file <path>.tmp-<pid> is created with O_EXCL|O_NOFOLLOW (an existing file
 * or a planted link there is an error, never overwritten), after a dead
 * run's temporaries of path are swept (output_temp()).  On success *out
 * owns the connection and the temporary file; the caller ends it with
 * index_commit() or index_discard().
 */
int
index_create(const char *path, int flags, struct index **out,
    struct mgt_error *err)
{
	struct index *ix;
	char sql[256], *name;
	int fd, rc, ret;

	*out = NULL;
	ix = xcalloc(1, sizeof *ix);
	ix->path = xstrdup(path);
	ix->flags = flags;
	if ((ret = output_temp(path, &ix->tmp_path, &fd, err)) != MGT_OK) {
		index_free(ix);
		return ret;
	}
	ix->created = 1;
	/*
	 * Close before SQLite opens the file: closing any descriptor of a
	 * file drops the process's POSIX locks on it, SQLite's included.
	 */
	close(fd);

	/* One thread writes the index: SQLite's own mutexes are overhead. */
	name = index_open_name(ix->tmp_path);
	rc = sqlite3_open_v2(name, &ix->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX, NULL);
	free(name);
	if (rc != SQLITE_OK) {
		ret = index_db_error(ix->db, rc, ix->tmp_path, "open", err);
		goto fail;
	}
	sqlite3_extended_result_codes(ix->db, 1);
	snprintf(sql, sizeof sql,
	    "PRAGMA page_size = %d;"
	    "PRAGMA journal_mode = OFF;"
	    "PRAGMA synchronous = OFF;"
	    "PRAGMA locking_mode = EXCLUSIVE;"
	    "PRAGMA cache_size = -%d;", INDEX_PAGE_SIZE,
	    INDEX_WRITER_CACHE_KIB);
	if ((ret = index_exec(ix->db, sql, ix->tmp_path, err)) != MGT_OK)
		goto fail;
	/* Views call mgt_ts() and csr_cn(); other modules may query them. */
	if (sqlfunc_register(ix->db, flags & INDEX_NO_JIT ? SQLFUNC_NO_JIT :
	    0) != MGT_OK) {
		ret = index_db_error(ix->db, SQLITE_ERROR, ix->tmp_path,
		    "register SQL functions", err);
		goto fail;
	}
	if ((ret = index_exec(ix->db, "BEGIN;", ix->tmp_path, err)) != MGT_OK)
		goto fail;
	ix->in_txn = 1;
	if ((ret = index_schema_create(ix->db, flags, err)) != MGT_OK)
		goto fail;
	if ((ret = index_prepare_all(ix, err)) != MGT_OK)
		goto fail;

	snprintf(sql, sizeof sql, "%d", INDEX_SCHEMA_VERSION);
	if ((ret = index_set_meta(ix, "schema_version", sql, err)) != MGT_OK)
		goto fail;
	if ((ret = index_set_meta(ix, "created_by", PACKAGE_STRING, err)) !=
	    MGT_OK)
		goto fail;
	snprintf(sql, sizeof sql, "%s%s%s",
	    (flags & INDEX_FULL_TEXT) ? ",full-text" : "",
	    (flags & INDEX_FTS) ? ",fts" : "",
	    (flags & INDEX_SECRET_DATA) ? ",secret-data" : "");
	/* Comma-joined: drop the leading comma. */
	memmove(sql, sql + (sql[0] == ','), strlen(sql) + 1);
	if ((ret = index_set_meta(ix, "flags", sql, err)) != MGT_OK)
		goto fail;
	if ((ret = index_set_meta(ix, "sqlite_version", sqlite3_libversion(),
	    err)) != MGT_OK)
		goto fail;
	*out = ix;
	return MGT_OK;
fail:
	index_discard(ix);
	return ret;
}

int
index_size(struct index *ix, long long *bytes, struct mgt_error *err)
{
	sqlite3_stmt *st = NULL;
	int rc;

	*bytes = 0;
	if ((rc = sqlite3_prepare_v2(ix->db, "SELECT page_count * page_size"
	    " FROM pragma_page_count(), pragma_page_size()", -1, &st,
	    NULL)) == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		*bytes = sqlite3_column_int64(st, 0);
		sqlite3_finalize(st);
		return MGT_OK;
	}
	index_db_error(ix->db, rc, "", "measuring the index", err);
	sqlite3_finalize(st);
	return MGT_ERR_DB;
}

/* Add a sources row; its id goes to *source_id. */
int
index_add_source(struct index *ix, const struct index_source *s,
    int64_t *source_id, struct mgt_error *err)
{
	int ret;

	if (s->vpath == NULL)
		return error_set(err, MGT_ERR_INTERNAL, ix->path, -1, 0,
		    "source without a virtual path");
	ib_text(ix, IST_SOURCE_ADD, 1, s->vpath);
	ib_opt(ix, IST_SOURCE_ADD, 2, s->kind);
	ib_int(ix, IST_SOURCE_ADD, 3, s->size);
	ib_int(ix, IST_SOURCE_ADD, 4, s->depth);
	ib_opt(ix, IST_SOURCE_ADD, 5, s->node);
	ib_opt(ix, IST_SOURCE_ADD, 6, s->namespace);
	ib_opt(ix, IST_SOURCE_ADD, 7, s->pod);
	ib_opt(ix, IST_SOURCE_ADD, 8, s->container);
	ib_opt(ix, IST_SOURCE_ADD, 9, s->unit);
	ib_int(ix, IST_SOURCE_ADD, 10, s->previous != 0);
	ib_ts(ix, IST_SOURCE_ADD, 11, s->first_ts);
	ib_ts(ix, IST_SOURCE_ADD, 12, s->last_ts);
	ib_int(ix, IST_SOURCE_ADD, 13, s->lines);
	ib_int(ix, IST_SOURCE_ADD, 14, s->resources);
	ib_opt(ix, IST_SOURCE_ADD, 15, s->status);
	ib_opt(ix, IST_SOURCE_ADD, 16, s->link);
	if ((ret = index_run(ix, IST_SOURCE_ADD, "add source", err)) != MGT_OK)
		return ret;
	if (source_id != NULL)
		*source_id = sqlite3_last_insert_rowid(ix->db);
	return MGT_OK;
}

/* Update size, first_ts, last_ts, lines, resources and status of a source. */
int
index_update_source(struct index *ix, int64_t source_id,
    const struct index_source *s, struct mgt_error *err)
{
	int ret;

	ib_int(ix, IST_SOURCE_UPDATE, 1, source_id);
	ib_int(ix, IST_SOURCE_UPDATE, 2, s->size);
	ib_ts(ix, IST_SOURCE_UPDATE, 3, s->first_ts);
	ib_ts(ix, IST_SOURCE_UPDATE, 4, s->last_ts);
	ib_int(ix, IST_SOURCE_UPDATE, 5, s->lines);
	ib_int(ix, IST_SOURCE_UPDATE, 6, s->resources);
	ib_opt(ix, IST_SOURCE_UPDATE, 7, s->status);
	ret = index_run(ix, IST_SOURCE_UPDATE, "update source", err);
	if (ret != MGT_OK)
		return ret;
	if (sqlite3_changes(ix->db) != 1)
		return error_set(err, MGT_ERR_INTERNAL, ix->path, -1, 0,
		    "update source: no source with id %lld",
		    (long long)source_id);
	return MGT_OK;
}

/* A string member of obj, or NULL. */
static const char *
json_str(const cJSON *obj, const char *key)
{
	const cJSON *v;

	v = cJSON_GetObjectItemCaseSensitive(obj, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The first of two spellings (API casing, Go-struct casing). */
static const char *
json_str2(const cJSON *obj, const char *key, const char *key2)
{
	const char *s;

	if ((s = json_str(obj, key)) == NULL)
		s = json_str(obj, key2);
	return s;
}

/* A resourceVersion as a number; 0 when it is not one. */
static int
rv_parse(const char *s, unsigned long long *v)
{
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return 0;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return *end == '\0' && errno == 0;
}

/* Is resourceVersion rv newer than old?  A non-numeric rv never is. */
static int
rv_newer(const char *rv, const char *old)
{
	unsigned long long n, o;

	if (!rv_parse(rv, &n))
		return 0;
	return !rv_parse(old, &o) || n > o;
}

/*
 * Store the object's status.conditions (or the Go-struct casing
 * Status.Conditions) as resource_conditions rows, from the tree in hand so
 * that no view has to re-parse the document for them.
 */
static int
index_put_conditions(struct index *ix, int64_t resource_id,
    const cJSON *obj, struct mgt_error *err)
{
	const cJSON *status, *conds, *c;
	const char *lt;
	int64_t us;
	long idx = 0;
	int ret;

	status = cJSON_GetObjectItemCaseSensitive(obj, "status");
	conds = cJSON_GetObjectItemCaseSensitive(status, "conditions");
	if (!cJSON_IsArray(conds)) {
		status = cJSON_GetObjectItemCaseSensitive(obj, "Status");
		conds = cJSON_GetObjectItemCaseSensitive(status, "Conditions");
	}
	if (!cJSON_IsArray(conds))
		return MGT_OK;
	cJSON_ArrayForEach(c, conds) {
		if (!cJSON_IsObject(c))
			continue;
		lt = json_str2(c, "lastTransitionTime", "LastTransitionTime");
		if (lt == NULL)
			lt = json_str2(c, "lastUpdateTime", "LastUpdateTime");
		if (lt == NULL)
			lt = json_str2(c, "lastProbeTime", "LastProbeTime");
		ib_int(ix, IST_COND_INSERT, 1, resource_id);
		ib_int(ix, IST_COND_INSERT, 2, idx++);
		ib_text(ix, IST_COND_INSERT, 3, json_str2(c, "type", "Type"));
		ib_text(ix, IST_COND_INSERT, 4,
		    json_str2(c, "status", "Status"));
		ib_text(ix, IST_COND_INSERT, 5,
		    json_str2(c, "reason", "Reason"));
		ib_text(ix, IST_COND_INSERT, 6,
		    json_str2(c, "message", "Message"));
		ib_text(ix, IST_COND_INSERT, 7, lt);
		if (lt != NULL && time_parse(lt, strlen(lt), &us))
			ib_int(ix, IST_COND_INSERT, 8, us);
		else
			index_bind_note(ix, sqlite3_bind_null(ix->st[IST_COND_INSERT],
			    8));
		ret = index_run(ix, IST_COND_INSERT, "add condition", err);
		if (ret != MGT_OK)
			return ret;
	}
	return MGT_OK;
}

/* Run one derived-table statement for resource id. */
static int
index_run_id(struct index *ix, enum index_stmt w, int64_t id,
    const char *what, struct mgt_error *err)
{
	ib_int(ix, w, 1, id);
	return index_run(ix, w, what, err);
}

/*
 * Events and pods also become rows of the events, pods and
 * container_statuses tables (index-derived.c); a replaced object's rows
 * are replaced with it.
 */
static int
index_put_derived(struct index *ix, const struct index_derived *d,
    int replace, struct mgt_error *err)
{
	int ret = MGT_OK;

	if (replace && strcmp(d->kind, "Event") == 0)
		ret = index_run_id(ix, IST_EVENT_DELETE, d->resource_id,
		    "replace event", err);
	else if (replace && strcmp(d->kind, "Pod") == 0 &&
	    (ret = index_run_id(ix, IST_POD_DELETE, d->resource_id,
	    "replace pod", err)) == MGT_OK)
		ret = index_run_id(ix, IST_CSTATUS_DELETE, d->resource_id,
		    "replace container statuses", err);
	if (ret != MGT_OK)
		return ret;
	return index_derived_add(ix, d, err);
}

/* The fields that identify an object and decide between two sightings. */
struct index_key {
	const char	*api_version;
	const char	*kind;
	const char	*namespace;
	const char	*name;
	const char	*uid;
	const char	*rv;
	int		 synthetic;
};

/*
 * Insert an object, or on a second sighting of the same (group, kind,
 * namespace, name) replace the stored one if rv is numerically newer.
 * Every sighting gets a resource_files row.
 */
static int
index_put(struct index *ix, int64_t source_id, long line,
    const struct index_key *k, const cJSON *obj, struct mgt_error *err)
{
	struct index_derived d;
	const char *slash, *old, *lazy;
	char *doc = NULL;
	size_t glen;
	long lazy_line = 0;
	int64_t id = 0;
	int rc, ret, fresh = 0, replace = 0, found = 0;

	/* The group is apiVersion up to '/'; core "v1" has none. */
	slash = k->api_version != NULL ? strchr(k->api_version, '/') : NULL;
	glen = slash != NULL ? (size_t)(slash - k->api_version) : 0;

	/*
	 * Look for an earlier sighting first: a copy that is not newer is
	 * never serialised (a gather holds many objects twice, and a corpus
	 * of copies most of them).
	 */
	ib_textn(ix, IST_RES_FIND, 1, glen ? k->api_version : "", glen);
	ib_text(ix, IST_RES_FIND, 2, k->kind);
	ib_text(ix, IST_RES_FIND, 3, k->namespace);
	ib_text(ix, IST_RES_FIND, 4, k->name);
	rc = ix->bind_rc == SQLITE_OK ? sqlite3_step(ix->st[IST_RES_FIND]) :
	    ix->bind_rc;
	if (rc == SQLITE_ROW) {
		found = 1;
		id = sqlite3_column_int64(ix->st[IST_RES_FIND], 0);
		old = (const char *)sqlite3_column_text(ix->st[IST_RES_FIND],
		    1);
		replace = rv_newer(k->rv, old);
	}
	sqlite3_reset(ix->st[IST_RES_FIND]);
	sqlite3_clear_bindings(ix->st[IST_RES_FIND]);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		ret = index_db_error(ix->db, rc, ix->path, "find resource",
		    err);
		ix->bind_rc = SQLITE_OK;
		return ret;
	}
	lazy = parse_lazy_text(obj, &lazy_line);
	if ((!found || replace) &&
	    (doc = cJSON_PrintUnformatted(obj)) == NULL)
		return error_set(err, MGT_ERR_NOMEM, ix->path, -1, line,
		    "cannot serialise %s %s", k->kind, k->name);

	if (!found) {
		ib_int(ix, IST_RES_INSERT, 1, source_id);
		ib_int(ix, IST_RES_INSERT, 2, line);
		ib_text(ix, IST_RES_INSERT, 3, k->api_version);
		ib_textn(ix, IST_RES_INSERT, 4, glen ? k->api_version : "",
		    glen);
		ib_text(ix, IST_RES_INSERT, 5, k->kind);
		ib_text(ix, IST_RES_INSERT, 6, k->namespace);
		ib_text(ix, IST_RES_INSERT, 7, k->name);
		ib_text(ix, IST_RES_INSERT, 8, k->uid);
		ib_text(ix, IST_RES_INSERT, 9, k->rv);
		ib_int(ix, IST_RES_INSERT, 10, k->synthetic);
		ib_text(ix, IST_RES_INSERT, 11, doc);
		index_bind_lazy(ix, IST_RES_INSERT, 12, lazy, lazy_line);
		if ((ret = index_run(ix, IST_RES_INSERT, "add resource",
		    err)) != MGT_OK)
			goto out;
		if (sqlite3_changes(ix->db) != 1) {
			ret = error_set(err, MGT_ERR_INTERNAL, ix->path, -1,
			    line, "add resource: %s %s/%s not added",
			    k->kind, k->namespace, k->name);
			goto out;
		}
		id = sqlite3_last_insert_rowid(ix->db);
		fresh = 1;
	}

	if (replace) {
		ib_int(ix, IST_RES_REPLACE, 1, id);
		ib_int(ix, IST_RES_REPLACE, 2, source_id);
		ib_int(ix, IST_RES_REPLACE, 3, line);
		ib_text(ix, IST_RES_REPLACE, 4, k->api_version);
		ib_text(ix, IST_RES_REPLACE, 5, k->uid);
		ib_text(ix, IST_RES_REPLACE, 6, k->rv);
		ib_int(ix, IST_RES_REPLACE, 7, k->synthetic);
		ib_text(ix, IST_RES_REPLACE, 8, doc);
		index_bind_lazy(ix, IST_RES_REPLACE, 9, lazy, lazy_line);
		ret = index_run(ix, IST_RES_REPLACE, "replace resource", err);
		if (ret != MGT_OK)
			goto out;
		ib_int(ix, IST_COND_DELETE, 1, id);
		ret = index_run(ix, IST_COND_DELETE, "replace conditions", err);
		if (ret != MGT_OK)
			goto out;
	}
	if (fresh || replace) {
		d.obj = obj;
		d.kind = k->kind;
		d.api_group_len = glen;
		d.namespace = k->namespace;
		d.name = k->name;
		d.source_id = source_id;
		d.line = line;
		d.resource_id = id;
		if ((ret = index_put_conditions(ix, id, obj, err)) != MGT_OK ||
		    (ret = index_put_derived(ix, &d, replace, err)) != MGT_OK)
			goto out;
	}

	ib_int(ix, IST_RES_FILE, 1, id);
	ib_int(ix, IST_RES_FILE, 2, source_id);
	ib_int(ix, IST_RES_FILE, 3, line);
	ret = index_run(ix, IST_RES_FILE, "add resource file", err);
out:
	cJSON_free(doc);
	return ret;
}

/*
 * Add one object seen in source_id at line.  The object must have a kind
 * and metadata.name (MGT_ERR_FORMAT otherwise, nothing stored); objects
 * of other shapes go through index_add_synthetic().  obj is not modified
 * or kept.
 */
int
index_add_resource(struct index *ix, int64_t source_id, long line,
    const cJSON *obj, struct mgt_error *err)
{
	struct index_key k;
	const cJSON *meta;

	memset(&k, 0, sizeof k);
	if (!cJSON_IsObject(obj))
		return error_set(err, MGT_ERR_FORMAT, "", -1, line,
		    "resource is not a JSON object");
	k.api_version = json_str(obj, "apiVersion");
	k.kind = json_str(obj, "kind");
	meta = cJSON_GetObjectItemCaseSensitive(obj, "metadata");
	k.name = json_str(meta, "name");
	if (k.kind == NULL || *k.kind == '\0')
		return error_set(err, MGT_ERR_FORMAT, "", -1, line,
		    "object has no kind (apiVersion %s, name %s)",
		    k.api_version != NULL ? k.api_version : "none",
		    k.name != NULL ? k.name : "none");
	if (k.name == NULL || *k.name == '\0')
		return error_set(err, MGT_ERR_FORMAT, "", -1, line,
		    "%s object has no metadata.name", k.kind);
	k.namespace = json_str(meta, "namespace");
	if (k.namespace == NULL)
		k.namespace = "";
	k.uid = json_str(meta, "uid");
	k.rv = json_str(meta, "resourceVersion");
	return index_put(ix, source_id, line, &k, obj, err);
}

/*
 * Add doc under an explicit identity (the install-config inside a
 * ConfigMap, etcd_info JSON, Go-struct-cased objects).  kind and name are
 * required; namespace NULL means cluster-scoped; doc NULL stores {}.
 * uid and resourceVersion are taken from doc's metadata or ObjectMeta when
 * present, so duplicates are resolved as for index_add_resource().
 */
int
index_add_synthetic(struct index *ix, int64_t source_id, long line,
    const char *api_version, const char *kind, const char *namespace,
    const char *name, const cJSON *doc, struct mgt_error *err)
{
	struct index_key k;
	const cJSON *meta;
	cJSON *empty = NULL;
	int ret;

	if (kind == NULL || *kind == '\0' || name == NULL || *name == '\0')
		return error_set(err, MGT_ERR_INTERNAL, "", -1, line,
		    "synthetic resource without kind or name");
	memset(&k, 0, sizeof k);
	if (doc == NULL)
		doc = empty = cJSON_CreateObject();
	meta = cJSON_GetObjectItemCaseSensitive(doc, "metadata");
	if (!cJSON_IsObject(meta))
		meta = cJSON_GetObjectItemCaseSensitive(doc, "ObjectMeta");
	k.api_version = api_version;
	k.kind = kind;
	k.namespace = namespace != NULL ? namespace : "";
	k.name = name;
	k.uid = json_str(meta, "uid");
	k.rv = json_str(meta, "resourceVersion");
	k.synthetic = 1;
	ret = index_put(ix, source_id, line, &k, doc, err);
	cJSON_Delete(empty);
	return ret;
}

/* Store one log line (text need not be NUL-terminated). */
int
index_add_line(struct index *ix, const struct index_line *l,
    struct mgt_error *err)
{
	char sev[2] = { l->severity, '\0' };

	ib_int(ix, IST_LINE, 1, l->source_id);
	ib_int(ix, IST_LINE, 2, l->line_no);
	ib_ts(ix, IST_LINE, 3, l->ts);
	ib_opt(ix, IST_LINE, 4, sev);
	ib_opt(ix, IST_LINE, 5, l->node);
	ib_textn(ix, IST_LINE, 6, l->text != NULL ? l->text : "",
	    l->text != NULL ? l->text_len : 0);
	return index_run(ix, IST_LINE, "add line", err);
}

/* Record that line_no of source_id starts at byte offset. */
int
index_add_offset(struct index *ix, int64_t source_id, long line_no,
    long long offset, struct mgt_error *err)
{
	ib_int(ix, IST_OFFSET, 1, source_id);
	ib_int(ix, IST_OFFSET, 2, line_no);
	ib_int(ix, IST_OFFSET, 3, offset);
	return index_run(ix, IST_OFFSET, "add line offset", err);
}

/* Store one pattern hit with its line text and captures (JSON or NULL). */
int
index_add_hit(struct index *ix, const struct index_hit *h,
    struct mgt_error *err)
{
	if (h->rule_id == NULL)
		return error_set(err, MGT_ERR_INTERNAL, ix->path, -1, 0,
		    "hit without a rule id");
	ib_text(ix, IST_HIT, 1, h->rule_id);
	ib_text(ix, IST_HIT, 2, h->evidence);
	ib_int(ix, IST_HIT, 3, h->source_id);
	ib_int(ix, IST_HIT, 4, h->line_no);
	ib_ts(ix, IST_HIT, 5, h->ts);
	ib_opt(ix, IST_HIT, 6, h->node);
	ib_textn(ix, IST_HIT, 7, h->text, h->text_len);
	ib_text(ix, IST_HIT, 8, h->captures);
	return index_run(ix, IST_HIT, "add hit", err);
}

/* Store the tally of one item's matches in one source (and host). */
int
index_add_hit_stat(struct index *ix, const struct index_hit_stat *h,
    struct mgt_error *err)
{
	ib_text(ix, IST_HIT_STAT, 1, h->rule_id);
	ib_text(ix, IST_HIT_STAT, 2, h->evidence);
	ib_int(ix, IST_HIT_STAT, 3, h->source_id);
	ib_opt(ix, IST_HIT_STAT, 4, h->node);
	ib_text(ix, IST_HIT_STAT, 5, h->grp);
	ib_int(ix, IST_HIT_STAT, 6, h->seen);
	ib_int(ix, IST_HIT_STAT, 7, h->timed);
	ib_ts(ix, IST_HIT_STAT, 8, h->first_ts);
	ib_ts(ix, IST_HIT_STAT, 9, h->last_ts);
	if (h->timed > 0)
		ib_int(ix, IST_HIT_STAT, 10, h->first_line);
	else
		index_bind_note(ix, sqlite3_bind_null(ix->st[IST_HIT_STAT], 10));
	ib_textn(ix, IST_HIT_STAT, 11, h->text, h->text_len);
	return index_run(ix, IST_HIT_STAT, "add hit tally", err);
}

/* Store one problem; offset -1 and line 0 are stored as NULL. */
int
index_add_problem(struct index *ix, const struct problem *p,
    struct mgt_error *err)
{
	ib_text(ix, IST_PROBLEM, 1, problem_severity_name(p->severity));
	ib_text(ix, IST_PROBLEM, 2, p->code != NULL ? p->code : "unknown");
	ib_text(ix, IST_PROBLEM, 3, p->vpath != NULL ? p->vpath : "");
	if (p->offset >= 0)
		ib_int(ix, IST_PROBLEM, 4, p->offset);
	if (p->line > 0)
		ib_int(ix, IST_PROBLEM, 5, p->line);
	ib_text(ix, IST_PROBLEM, 6, p->message);
	return index_run(ix, IST_PROBLEM, "add problem", err);
}

int
index_add_alert(struct index *ix, const struct index_alert *a,
    struct mgt_error *err)
{
	ib_int(ix, IST_ALERT, 1, a->source_id);
	if (a->line > 0)
		ib_int(ix, IST_ALERT, 2, a->line);
	ib_opt(ix, IST_ALERT, 3, a->alertname);
	ib_opt(ix, IST_ALERT, 4, a->state);
	ib_opt(ix, IST_ALERT, 5, a->severity);
	ib_opt(ix, IST_ALERT, 6, a->namespace);
	ib_opt(ix, IST_ALERT, 7, a->active_at);
	ib_ts(ix, IST_ALERT, 8, a->active_at_us);
	ib_opt(ix, IST_ALERT, 9, a->summary);
	ib_opt(ix, IST_ALERT, 10, a->description);
	ib_opt(ix, IST_ALERT, 11, a->runbook_url);
	ib_text(ix, IST_ALERT, 12, a->labels);
	return index_run(ix, IST_ALERT, "add alert", err);
}

int
index_add_bootstrap(struct index *ix, const struct index_bootstrap *b,
    struct mgt_error *err)
{
	ib_int(ix, IST_BOOTSTRAP, 1, b->source_id);
	if (b->line > 0)
		ib_int(ix, IST_BOOTSTRAP, 2, b->line);
	ib_int(ix, IST_BOOTSTRAP, 3, b->seq);
	ib_text(ix, IST_BOOTSTRAP, 4, b->service);
	ib_opt(ix, IST_BOOTSTRAP, 5, b->host);
	ib_opt(ix, IST_BOOTSTRAP, 6, b->phase);
	ib_opt(ix, IST_BOOTSTRAP, 7, b->result);
	ib_opt(ix, IST_BOOTSTRAP, 8, b->stage);
	ib_opt(ix, IST_BOOTSTRAP, 9, b->pre_command);
	ib_opt(ix, IST_BOOTSTRAP, 10, b->post_command);
	ib_opt(ix, IST_BOOTSTRAP, 11, b->error_line);
	ib_opt(ix, IST_BOOTSTRAP, 12, b->error_message);
	ib_opt(ix, IST_BOOTSTRAP, 13, b->timestamp);
	ib_ts(ix, IST_BOOTSTRAP, 14, b->ts);
	return index_run(ix, IST_BOOTSTRAP, "add bootstrap record", err);
}

/* Set (or replace) one meta row. */
int
index_set_meta(struct index *ix, const char *key, const char *value,
    struct mgt_error *err)
{
	ib_text(ix, IST_META, 1, key);
	ib_text(ix, IST_META, 2, value);
	return index_run(ix, IST_META, "set meta", err);
}

/* fsync the finished file so the rename never exposes a short one. */
static int
index_sync_file(const char *path, struct mgt_error *err)
{
	int fd, ret = MGT_OK;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1)
		return error_set(err, MGT_ERR_IO, path, -1, 0,
		    "cannot reopen temporary index: %s", strerror(errno));
	if (fsync(fd) == -1)
		ret = error_set(err, MGT_ERR_IO, path, -1, 0,
		    "fsync: %s", strerror(errno));
	close(fd);
	return ret;
}

/*
 * Finish: build the indexes (and the FTS table with INDEX_FTS), commit,
 * close, and rename the temporary file over the target.  Frees the index
 * whatever happens; on failure the temporary file is removed and the
 * target is left as it was.
 */
int
index_commit(struct index *ix, struct mgt_error *err)
{
	int rc, ret;

	if ((ret = index_schema_finish(ix->db, ix->flags, err)) != MGT_OK)
		goto fail;
	if ((ret = index_exec(ix->db, "COMMIT;", ix->path, err)) != MGT_OK)
		goto fail;
	ix->in_txn = 0;
	index_finalize_all(ix);
	if ((rc = sqlite3_close(ix->db)) != SQLITE_OK) {
		ret = index_db_error(ix->db, rc, ix->path,
		    "close (statements still open?)", err);
		goto fail;
	}
	ix->db = NULL;
	if (!(ix->flags & INDEX_SCRATCH) &&
	    (ret = index_sync_file(ix->tmp_path, err)) != MGT_OK)
		goto fail;
	ix->created = 0;	/* output_commit() removes it on failure */
	if ((ret = output_commit(ix->tmp_path, ix->path, err)) != MGT_OK)
		goto fail;
	index_free(ix);
	return MGT_OK;
fail:
	index_discard(ix);
	return ret;
}

/* Abandon: close, remove the temporary file, free.  NULL is a no-op. */
void
index_discard(struct index *ix)
{
	if (ix == NULL)
		return;
	index_finalize_all(ix);
	if (ix->db != NULL) {
		/* No ROLLBACK: with the journal off, just drop the file. */
		sqlite3_close_v2(ix->db);
		ix->db = NULL;
	}
	if (ix->created)
		output_discard(ix->tmp_path);
	index_free(ix);
}
