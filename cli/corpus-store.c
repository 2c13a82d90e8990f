/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The corpus command's files: per-case results and stored-index records,
 * as JSON written whole under a temporary name and renamed into place, so
 * a reader (a merge, a re-evaluation) never sees half of one.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cli-util.h"
#include "corpus-store.h"

#define RESULT_SCHEMA	"mgtriage.corpus-case/v1"
#define RECORD_SCHEMA	"mgtriage.corpus-index/v1"

void
corpus_store_path(char *buf, size_t len, const char *dir, size_t index,
    const char *suffix)
{
	snprintf(buf, len, "%s/case-%06zu%s", dir, index, suffix);
}

char *
corpus_store_slurp(const char *path, char *why, size_t wlen)
{
	FILE *f;
	char *buf;
	size_t n;

	if ((f = fopen(path, "rb")) == NULL) {
		snprintf(why, wlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	buf = cli_calloc(1, CORPUS_FILE_MAX + 1);
	n = fread(buf, 1, CORPUS_FILE_MAX + 1, f);
	if (ferror(f) || n > CORPUS_FILE_MAX) {
		snprintf(why, wlen, "%s: %s", path, ferror(f) ?
		    "read error" : "larger than 1 MiB");
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static int
store_write(const char *path, cJSON *o)
{
	char tmp[4200], *text;
	FILE *f;
	int fd, ok;

	text = cJSON_Print(o);
	cJSON_Delete(o);
	if (text == NULL)
		return -1;
	/* mkstemp, not a predictable name: in a shared results directory a
	 * planted symlink must not redirect the write. */
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0) {
		cJSON_free(text);
		return -1;
	}
	(void)fchmod(fd, 0644);
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(tmp);
		cJSON_free(text);
		return -1;
	}
	ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
	cJSON_free(text);
	if (fclose(f) != 0 || !ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* The object in path, checked to be of schema; NULL with why filled. */
static cJSON *
store_read(const char *path, const char *schema, char *why, size_t wlen)
{
	cJSON *o, *v;
	char *text;

	if ((text = corpus_store_slurp(path, why, wlen)) == NULL)
		return NULL;
	o = cJSON_Parse(text);
	free(text);
	v = cJSON_GetObjectItemCaseSensitive(o, "schema");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, schema) != 0) {
		snprintf(why, wlen, "%s: not a %s file", path, schema);
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* A whole number in [0, CORPUS_CASES_MAX]; -1 otherwise. */
static long
store_count(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsNumber(v) || v->valuedouble < 0 ||
	    v->valuedouble > CORPUS_CASES_MAX ||
	    v->valuedouble != (double)(long)v->valuedouble)
		return -1;
	return (long)v->valuedouble;
}

static char *
store_string(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? cli_strdup(v->valuestring) : NULL;
}

/* index and cases, with index < cases; -1 and why when not. */
static int
store_place(const cJSON *o, const char *path, size_t *index, size_t *cases,
    char *why, size_t wlen)
{
	long i = store_count(o, "index"), n = store_count(o, "cases");

	if (i < 0 || n < 1 || i >= n) {
		snprintf(why, wlen, "%s: bad 'index' or 'cases'", path);
		return -1;
	}
	*index = (size_t)i;
	*cases = (size_t)n;
	return 0;
}

int
corpus_result_write(const char *dir, const struct corpus_result *r)
{
	char path[4096];
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "schema", RESULT_SCHEMA);
	cJSON_AddNumberToObject(o, "index", (double)r->index);
	cJSON_AddNumberToObject(o, "cases", (double)r->cases);
	cJSON_AddStringToObject(o, "name", r->name);
	cJSON_AddBoolToObject(o, "pass", r->pass);
	cJSON_AddStringToObject(o, "why", r->why ? r->why : "");
	corpus_store_path(path, sizeof path, dir, r->index, ".result.json");
	return store_write(path, o);
}

int
corpus_result_read(const char *path, struct corpus_result *r, char *why,
    size_t wlen)
{
	cJSON *o;
	const cJSON *pass;

	memset(r, 0, sizeof *r);
	if ((o = store_read(path, RESULT_SCHEMA, why, wlen)) == NULL)
		return -1;
	pass = cJSON_GetObjectItemCaseSensitive(o, "pass");
	if (store_place(o, path, &r->index, &r->cases, why, wlen) != 0) {
		cJSON_Delete(o);
		return -1;
	}
	if (!cJSON_IsBool(pass) || (r->name = store_string(o, "name")) ==
	    NULL) {
		snprintf(why, wlen, "%s: bad 'pass' or 'name'", path);
		cJSON_Delete(o);
		corpus_result_clear(r);
		return -1;
	}
	r->pass = cJSON_IsTrue(pass);
	r->why = store_string(o, "why");
	if (r->why != NULL && r->why[0] == '\0') {
		free(r->why);
		r->why = NULL;
	}
	r->done = 1;
	cJSON_Delete(o);
	return 0;
}

void
corpus_result_clear(struct corpus_result *r)
{
	free(r->name);
	free(r->why);
	memset(r, 0, sizeof *r);
}

int
corpus_record_write(const char *dir, const struct corpus_record *r)
{
	char path[4096];
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "schema", RECORD_SCHEMA);
	cJSON_AddNumberToObject(o, "index", (double)r->index);
	cJSON_AddNumberToObject(o, "cases", (double)r->cases);
	cJSON_AddStringToObject(o, "name", r->name);
	if (r->expected != NULL)
		cJSON_AddStringToObject(o, "expected", r->expected);
	else
		cJSON_AddNullToObject(o, "expected");
	cJSON_AddStringToObject(o, "schema_version", r->schema);
	cJSON_AddStringToObject(o, "ingest", r->ingest);
	corpus_store_path(path, sizeof path, dir, r->index, ".index.json");
	return store_write(path, o);
}

int
corpus_record_read(const char *path, struct corpus_record *r, char *why,
    size_t wlen)
{
	cJSON *o;

	memset(r, 0, sizeof *r);
	if ((o = store_read(path, RECORD_SCHEMA, why, wlen)) == NULL)
		return -1;
	if (store_place(o, path, &r->index, &r->cases, why, wlen) != 0) {
		cJSON_Delete(o);
		return -1;
	}
	r->name = store_string(o, "name");
	r->expected = store_string(o, "expected");
	r->schema = store_string(o, "schema_version");
	r->ingest = store_string(o, "ingest");
	cJSON_Delete(o);
	if (r->name == NULL || r->schema == NULL || r->ingest == NULL) {
		snprintf(why, wlen, "%s: 'name', 'schema_version' or 'ingest' "
		    "missing", path);
		corpus_record_clear(r);
		return -1;
	}
	return 0;
}

void
corpus_record_clear(struct corpus_record *r)
{
	free(r->name);
	free(r->expected);
	free(r->schema);
	free(r->ingest);
	memset(r, 0, sizeof *r);
}

static int
store_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
corpus_store_list(const char *dir, const char *suffix, size_t *n, char *why,
    size_t wlen)
{
	DIR *d;
	struct dirent *de;
	char **v;
	size_t len, slen = strlen(suffix);

	*n = 0;
	if ((d = opendir(dir)) == NULL) {
		snprintf(why, wlen, "%s: %s", dir, strerror(errno));
		return NULL;
	}
	v = cli_calloc(1, sizeof *v);
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (strncmp(de->d_name, "case-", 5) != 0 || len <= slen ||
		    strcmp(de->d_name + len - slen, suffix) != 0)
			continue;
		if (*n >= CORPUS_CASES_MAX)
			break;
		v = cli_reallocarray(v, *n + 2, sizeof *v);
		cli_asprintf(&v[(*n)++], "%s/%s", dir, de->d_name);
		v[*n] = NULL;
	}
	closedir(d);
	qsort(v, *n, sizeof *v, store_cmp);
	return v;
}
