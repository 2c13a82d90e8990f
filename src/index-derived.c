/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The derived tables (events, pods, container_statuses) filled from the
 * parsed tree in hand, not by re-reading the stored document through the
 * *_src views: those views ran one json_extract() per column, each parsing
 * the document text again, and cost a tenth of a 1 GB run.  The views stay
 * in the index as the definition; this file mirrors them column by column
 * with json_extract()'s types (strings as text, numbers as integer or
 * real, true/false as 1/0, objects and arrays as JSON text, JSON null as
 * NULL), and tests/derived.test checks that both agree.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sqlite3.h>

#include "error.h"
#include "index.h"
#include "index-private.h"
#include "mgt-time.h"

/* The member key of obj, or NULL (json_extract's '$.key'). */
static const cJSON *
jkey(const cJSON *obj, const char *key)
{
	if (!cJSON_IsObject(obj))
		return NULL;
	return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* '$.k1.k2...' with a NULL-terminated list of keys. */
static const cJSON *
jpath(const cJSON *obj, ...)
{
	const char *key;
	va_list ap;

	va_start(ap, obj);
	while (obj != NULL && (key = va_arg(ap, const char *)) != NULL)
		obj = jkey(obj, key);
	va_end(ap);
	return obj;
}

/* What json_extract() returns SQL NULL for: no such member, or null. */
static int
jnull(const cJSON *v)
{
	return v == NULL || cJSON_IsNull(v);
}

/* coalesce() over two or three extracted values. */
static const cJSON *
jfirst(const cJSON *a, const cJSON *b)
{
	return !jnull(a) ? a : b;
}

/* nullif(v, ''): an empty string counts as NULL. */
static const cJSON *
jnonempty(const cJSON *v)
{
	if (cJSON_IsString(v) && v->valuestring[0] == '\0')
		return NULL;
	return v;
}

/*
 * A JSON number's text as json_extract() returns it: an integer when it is
 * an integer literal that fits 64 bits, a real otherwise.
 */
static int
jnumber(const char *s, int64_t *iv, double *dv)
{
	const char *p = s;
	long long v;
	char *end;

	if (*p == '-')
		p++;
	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '\0' && p > s && p[-1] != '-') {
		errno = 0;
		v = strtoll(s, &end, 10);
		if (errno == 0 && *end == '\0') {
			*iv = v;
			return SQLITE_INTEGER;
		}
	}
	*dv = strtod(s, NULL);
	return SQLITE_FLOAT;
}

/* Bind what json_extract() would return for v. */
static int
jbind(sqlite3_stmt *st, int col, const cJSON *v)
{
	char buf[64], *text;
	int64_t iv;
	double dv;
	int rc;

	if (jnull(v))
		return sqlite3_bind_null(st, col);
	if (cJSON_IsFalse(v))
		return sqlite3_bind_int(st, col, 0);
	if (cJSON_IsTrue(v))
		return sqlite3_bind_int(st, col, 1);
	if (cJSON_IsString(v))
		return sqlite3_bind_text(st, col, v->valuestring, -1,
		    SQLITE_STATIC);
	if (cJSON_IsRaw(v) || cJSON_IsNumber(v)) {
		/* Parsed resources keep numbers as raw text. */
		if (cJSON_IsNumber(v)) {
			if (!cJSON_PrintPreallocated((cJSON *)v, buf,
			    sizeof buf, 0))
				return sqlite3_bind_double(st, col,
				    v->valuedouble);
			text = buf;
		} else
			text = v->valuestring;
		if (jnumber(text, &iv, &dv) == SQLITE_INTEGER)
			return sqlite3_bind_int64(st, col, iv);
		return sqlite3_bind_double(st, col, dv);
	}
	/* An object or array: its JSON text. */
	if ((text = cJSON_PrintUnformatted(v)) == NULL)
		return SQLITE_NOMEM;
	rc = sqlite3_bind_text(st, col, text, -1, SQLITE_TRANSIENT);
	cJSON_free(text);
	return rc;
}

/*
 * Bind mgt_ts(v): RFC 3339 text as UTC microseconds; an integer (true and
 * false are 1 and 0 to SQL) passes through; anything else is NULL.
 */
static int
jbind_ts(sqlite3_stmt *st, int col, const cJSON *v)
{
	int64_t us;
	double dv;

	if (cJSON_IsString(v)) {
		if (time_parse(v->valuestring, strlen(v->valuestring),
		    &us))
			return sqlite3_bind_int64(st, col, us);
	} else if (cJSON_IsTrue(v) || cJSON_IsFalse(v))
		return sqlite3_bind_int(st, col, cJSON_IsTrue(v));
	else if (cJSON_IsRaw(v) && jnumber(v->valuestring, &us, &dv) ==
	    SQLITE_INTEGER)
		return sqlite3_bind_int64(st, col, us);
	return sqlite3_bind_null(st, col);
}

/* Bind through the writer, which keeps the first failure for index_run(). */
#define DB(call)	index_bind_note(ix, (call))

/* The columns every derived row ends with. */
static void
derived_tail(struct index *ix, sqlite3_stmt *st, int col,
    const struct index_derived *d)
{
	DB(sqlite3_bind_int64(st, col, d->source_id));
	DB(sqlite3_bind_int64(st, col + 1, d->line));
	DB(sqlite3_bind_int64(st, col + 2, d->resource_id));
}

/*
 * Find several members of obj in one pass over its members (the first of
 * each name, as cJSON_GetObjectItemCaseSensitive() would): an Event is
 * looked into some twenty times, and a lookup per name cost 5 % of a run
 * in strcmp().
 */
static void
jpick(const cJSON *obj, const char *const *keys, size_t n, const cJSON **out)
{
	const cJSON *c;
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = NULL;
	if (!cJSON_IsObject(obj))
		return;
	for (c = obj->child; c != NULL; c = c->next) {
		if (c->string == NULL)
			continue;
		for (i = 0; i < n; i++) {
			if (out[i] == NULL && c->string[0] == keys[i][0] &&
			    strcmp(c->string, keys[i]) == 0) {
				out[i] = c;
				break;
			}
		}
	}
}

enum {
	EV_INVOLVED, EV_REGARDING, EV_REASON, EV_MESSAGE, EV_NOTE, EV_TYPE,
	EV_COUNT, EV_SERIES, EV_DEP_COUNT, EV_FIRST, EV_DEP_FIRST,
	EV_EVENT_TIME, EV_LAST, EV_DEP_LAST, EV_METADATA, EV_REP_COMPONENT,
	EV_REP_CONTROLLER, EV_SOURCE, EV_DEP_SOURCE, EV_NKEYS
};

static const char *const event_keys[EV_NKEYS] = {
	"involvedObject", "regarding", "reason", "message", "note", "type",
	"count", "series", "deprecatedCount", "firstTimestamp",
	"deprecatedFirstTimestamp", "eventTime", "lastTimestamp",
	"deprecatedLastTimestamp", "metadata", "reportingComponent",
	"reportingController", "source", "deprecatedSource"
};

/* events_src, for one core/v1 or events.k8s.io/v1 Event. */
static int
derived_event(struct index *ix, const struct index_derived *d,
    struct mgt_error *err)
{
	sqlite3_stmt *st = ix->st[IST_EVENT_ADD];
	const cJSON *f[EV_NKEYS], *inv, *reg, *created, *v;
	jpick(d->obj, event_keys, EV_NKEYS, f);
	inv = f[EV_INVOLVED];
	reg = f[EV_REGARDING];
	created = jkey(f[EV_METADATA], "creationTimestamp");
	DB(sqlite3_bind_text(st, 1, d->namespace, -1, SQLITE_STATIC));
	DB(sqlite3_bind_text(st, 2, d->name, -1, SQLITE_STATIC));
	DB(jbind(st, 3, jfirst(jkey(inv, "kind"), jkey(reg, "kind"))));
	DB(jbind(st, 4, jfirst(jkey(inv, "namespace"),
	    jkey(reg, "namespace"))));
	DB(jbind(st, 5, jfirst(jkey(inv, "name"), jkey(reg, "name"))));
	DB(jbind(st, 6, f[EV_REASON]));
	DB(jbind(st, 7, jfirst(f[EV_MESSAGE], f[EV_NOTE])));
	DB(jbind(st, 8, f[EV_TYPE]));
	v = jfirst(jfirst(f[EV_COUNT], jkey(f[EV_SERIES], "count")),
	    f[EV_DEP_COUNT]);
	if (jnull(v))
		DB(sqlite3_bind_int(st, 9, 1));
	else
		DB(jbind(st, 9, v));
	v = jfirst(jfirst(f[EV_FIRST], f[EV_DEP_FIRST]),
	    jfirst(f[EV_EVENT_TIME], jfirst(f[EV_LAST], created)));
	DB(jbind_ts(st, 10, v));
	v = jfirst(jfirst(jkey(f[EV_SERIES], "lastObservedTime"), f[EV_LAST]),
	    jfirst(f[EV_DEP_LAST], jfirst(f[EV_EVENT_TIME],
	    jfirst(f[EV_FIRST], created))));
	DB(jbind_ts(st, 11, v));
	v = jfirst(jfirst(jnonempty(f[EV_REP_COMPONENT]),
	    jnonempty(f[EV_REP_CONTROLLER])),
	    jfirst(jnonempty(jkey(f[EV_SOURCE], "component")),
	    jnonempty(jkey(f[EV_DEP_SOURCE], "component"))));
	DB(jbind(st, 12, v));
	DB(jbind(st, 13, jfirst(jkey(f[EV_SOURCE], "host"),
	    jkey(f[EV_DEP_SOURCE], "host"))));
	derived_tail(ix, st, 14, d);
	return index_run(ix, IST_EVENT_ADD, "add event", err);
}

/* The status.conditions array the conditions table was filled from. */
static const cJSON *
derived_conditions(const cJSON *o)
{
	const cJSON *c = jpath(o, "status", "conditions", NULL);

	if (!cJSON_IsArray(c))
		c = jpath(o, "Status", "Conditions", NULL);
	return cJSON_IsArray(c) ? c : NULL;
}

/* A condition's string member in either casing (as the writer reads it). */
static const char *
derived_cond_str(const cJSON *c, const char *key, const char *key2)
{
	const cJSON *v = jkey(c, key);

	if (!cJSON_IsString(v))
		v = jkey(c, key2);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int
derived_pod_row(struct index *ix, const struct index_derived *d,
    const char *ready, struct mgt_error *err)
{
	sqlite3_stmt *st = ix->st[IST_POD_ADD];
	const cJSON *o = d->obj, *owner;
	owner = jpath(o, "metadata", "ownerReferences", NULL);
	owner = cJSON_IsArray(owner) ? cJSON_GetArrayItem(owner, 0) : NULL;
	DB(sqlite3_bind_text(st, 1, d->namespace, -1, SQLITE_STATIC));
	DB(sqlite3_bind_text(st, 2, d->name, -1, SQLITE_STATIC));
	DB(jbind(st, 3, jpath(o, "spec", "nodeName", NULL)));
	DB(jbind(st, 4, jpath(o, "status", "phase", NULL)));
	DB(jbind(st, 5, jpath(o, "status", "reason", NULL)));
	DB(jbind(st, 6, jpath(o, "status", "message", NULL)));
	DB(jbind(st, 7, jpath(o, "metadata", "creationTimestamp", NULL)));
	DB(jbind(st, 8, jpath(o, "status", "startTime", NULL)));
	if (ready != NULL)
		DB(sqlite3_bind_text(st, 9, ready, -1, SQLITE_STATIC));
	else
		DB(sqlite3_bind_null(st, 9));
	DB(sqlite3_bind_int(st, 10, !jnull(jpath(o, "metadata", "annotations",
	    "kubernetes.io/config.mirror", NULL))));
	DB(jbind(st, 11, jkey(owner, "kind")));
	DB(jbind(st, 12, jkey(owner, "name")));
	derived_tail(ix, st, 13, d);
	return index_run(ix, IST_POD_ADD, "add pod", err);
}

/* pods_src: one row, or one per Ready condition (a LEFT JOIN). */
static int
derived_pod(struct index *ix, const struct index_derived *d,
    struct mgt_error *err)
{
	const cJSON *conds = derived_conditions(d->obj), *c;
	const char *type;
	int ret, rows = 0;

	cJSON_ArrayForEach(c, conds) {
		if (!cJSON_IsObject(c))
			continue;
		type = derived_cond_str(c, "type", "Type");
		if (type == NULL || strcmp(type, "Ready") != 0)
			continue;
		ret = derived_pod_row(ix, d, derived_cond_str(c, "status",
		    "Status"), err);
		if (ret != MGT_OK)
			return ret;
		rows++;
	}
	return rows > 0 ? MGT_OK : derived_pod_row(ix, d, NULL, err);
}

static int
derived_cstatus(struct index *ix, const struct index_derived *d,
    const cJSON *c, int init, struct mgt_error *err)
{
	sqlite3_stmt *st = ix->st[IST_CSTATUS_ADD];
	const cJSON *state, *last;
	const char *s = NULL;
	state = jkey(c, "state");
	last = jkey(c, "lastState");
	DB(sqlite3_bind_text(st, 1, d->namespace, -1, SQLITE_STATIC));
	DB(sqlite3_bind_text(st, 2, d->name, -1, SQLITE_STATIC));
	DB(jbind(st, 3, jkey(c, "name")));
	DB(sqlite3_bind_int(st, 4, init));
	DB(jbind(st, 5, jkey(c, "ready")));
	DB(jbind(st, 6, jkey(c, "restartCount")));
	if (!jnull(jkey(state, "waiting")))
		s = "waiting";
	else if (!jnull(jkey(state, "running")))
		s = "running";
	else if (!jnull(jkey(state, "terminated")))
		s = "terminated";
	if (s != NULL)
		DB(sqlite3_bind_text(st, 7, s, -1, SQLITE_STATIC));
	else
		DB(sqlite3_bind_null(st, 7));
	DB(jbind(st, 8, jfirst(jpath(state, "waiting", "reason", NULL),
	    jpath(state, "terminated", "reason", NULL))));
	DB(jbind(st, 9, jfirst(jpath(state, "waiting", "message", NULL),
	    jpath(state, "terminated", "message", NULL))));
	DB(jbind(st, 10, jpath(state, "terminated", "exitCode", NULL)));
	DB(jbind(st, 11, jfirst(jpath(last, "terminated", "reason", NULL),
	    jpath(last, "waiting", "reason", NULL))));
	DB(jbind(st, 12, jpath(last, "terminated", "exitCode", NULL)));
	DB(jbind(st, 13, jpath(last, "terminated", "finishedAt", NULL)));
	DB(jbind(st, 14, jkey(c, "started")));
	DB(jbind(st, 15, jkey(c, "image")));
	DB(jbind(st, 16, jpath(d->obj, "spec", "nodeName", NULL)));
	derived_tail(ix, st, 17, d);
	return index_run(ix, IST_CSTATUS_ADD, "add container status", err);
}

/*
 * container_statuses_src: the objects under containerStatuses, then under
 * initContainerStatuses (json_each() walks an array's elements or an
 * object's values).
 */
static int
derived_cstatuses(struct index *ix, const struct index_derived *d,
    struct mgt_error *err)
{
	static const char *const lists[] = {
		"containerStatuses", "initContainerStatuses"
	};
	const cJSON *list, *c;
	size_t i;
	int ret;

	for (i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		list = jpath(d->obj, "status", lists[i], NULL);
		if (!cJSON_IsArray(list) && !cJSON_IsObject(list))
			continue;
		cJSON_ArrayForEach(c, list) {
			if (!cJSON_IsObject(c))
				continue;
			if ((ret = derived_cstatus(ix, d, c, (int)i, err)) !=
			    MGT_OK)
				return ret;
		}
	}
	return MGT_OK;
}

int
index_derived_add(struct index *ix, const struct index_derived *d,
    struct mgt_error *err)
{
	int ret;

	if (strcmp(d->kind, "Event") == 0)
		return derived_event(ix, d, err);
	if (strcmp(d->kind, "Pod") != 0 || d->api_group_len != 0)
		return MGT_OK;
	if ((ret = derived_pod(ix, d, err)) != MGT_OK)
		return ret;
	return derived_cstatuses(ix, d, err);
}
