/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Writing a diff (diff.h): text for a terminal, Markdown for a ticket,
 * JSON for a program.  Text and Markdown group the changes by section,
 * cut long values and escape what the gathers said; JSON has every
 * change whole.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "mgtriage.h"
#include "diff.h"
#include "error.h"
#include "report.h"
#include "xmalloc.h"

/* Display columns of one value in text and Markdown (a condition
 * message can run to kilobytes); the JSON has it whole. */
#define DIFF_VALUE_COLUMNS	300

/* How each section is headed, in the order diff.c adds them. */
static const struct {
	const char	*section;
	const char	*title;
} diff_titles[] = {
	{ "cluster", "Cluster version" },
	{ "updates", "Update history" },
	{ "operators", "Cluster operators" },
	{ "nodes", "Nodes" },
	{ "pools", "Machine config pools" },
	{ "machineconfigs", "Machine configs" },
	{ "findings", "Findings" },
};
#define DIFF_NTITLES	(sizeof diff_titles / sizeof diff_titles[0])

/* The word a change is told with: findings are new and resolved. */
static const char *
diff_verb(const struct diff_change *c)
{
	int finding = strcmp(c->section, "findings") == 0;

	switch (c->kind) {
	case MGT_CHANGE_ADDED:
		return finding ? "new" : "added";
	case MGT_CHANGE_REMOVED:
		return finding ? "resolved" : "removed";
	default:
		return "changed";
	}
}

/* Called for each piece of a line: the writer escapes it for its medium
 * (code 1: a value, shown as code in Markdown). */
typedef void (*diff_put_fn)(FILE *, const char *s, int code);

static void
diff_put_text(FILE *f, const char *s, int code)
{
	char *t = report_term(s, DIFF_VALUE_COLUMNS);

	(void)code;
	fputs(t, f);
	free(t);
}

/*
 * Markdown inline text: terminal-escaped, then every character with an
 * inline meaning gets a backslash, and so does a block marker the text
 * could start with.  Values are not put in code spans: a backslash is
 * literal there.
 */
static void
diff_put_md(FILE *f, const char *s, int code)
{
	static const char special[] = "\\`*_[]<>|~&!$#";
	char *t = report_term(s, DIFF_VALUE_COLUMNS), *p;

	(void)code;
	if (*t == '+' || *t == '-' || *t == '=')
		fputc('\\', f);
	for (p = t; *p != '\0'; p++) {
		if (strchr(special, *p) != NULL)
			fputc('\\', f);
		fputc(*p, f);
	}
	free(t);
}

/* A value as shown: "-" for none, "" for empty. */
static const char *
diff_value(const char *s)
{
	if (s == NULL)
		return "-";
	return *s == '\0' ? "\"\"" : s;
}

/* One change on one line (after the writer's bullet or indent). */
static void
diff_put_change(FILE *f, const struct diff_change *c, diff_put_fn put)
{
	fprintf(f, "%s ", diff_verb(c));
	if (c->severity >= 0 && c->kind != MGT_CHANGE_CHANGED)
		fprintf(f, "[%s] ", mgt_severity_name(c->severity));
	put(f, c->name, 0);
	if (c->kind == MGT_CHANGE_CHANGED) {
		fputc(' ', f);
		put(f, c->field, 0);
		fputs(": ", f);
		put(f, diff_value(c->before), 1);
		fputs(" -> ", f);
		put(f, diff_value(c->after), 1);
		if (c->detail != NULL) {
			fputs(" (", f);
			put(f, c->detail, 0);
			fputc(')', f);
		}
	} else if (c->detail != NULL) {
		fputs(": ", f);
		put(f, c->detail, 0);
	}
	fputc('\n', f);
}

/* "A: inputs, cluster ID, version" for one side. */
static void
diff_put_side(FILE *f, const struct diff *d, int k, diff_put_fn put)
{
	size_t i;

	for (i = 0; i < d->ninputs[k]; i++) {
		fputs(i > 0 ? ", " : "", f);
		put(f, d->inputs[k][i], 0);
	}
	if (d->ninputs[k] == 0)
		fputs("(inputs not recorded)", f);
	fputs("; cluster ", f);
	put(f, d->cluster_id[k] != NULL ? d->cluster_id[k] : "unknown", 0);
	fputs(", version ", f);
	put(f, d->version[k] != NULL ? d->version[k] : "unknown", 0);
	if (!d->complete[k])
		fputs("; incomplete (input problems or rule errors: "
		    "analyze it for details)", f);
	fputc('\n', f);
}

static void
diff_put_counts(FILE *f, const struct diff *d)
{
	fprintf(f, "%zu added, %zu removed, %zu changed; findings: %zu new, "
	    "%zu changed, %zu resolved\n", d->added, d->removed, d->changed,
	    d->findings_new, d->findings_changed, d->findings_resolved);
}

static const char *
diff_cluster_note(const struct diff *d)
{
	if (d->same_cluster == 0)
		return "A and B are different clusters (compared with force)";
	if (d->same_cluster < 0)
		return "Not known to be the same cluster: a side has no "
		    "cluster ID (compared with force)";
	return NULL;
}

/* Text and Markdown: a header, then each section that has changes. */
static void
diff_write_lines(FILE *f, const struct diff *d, int md)
{
	diff_put_fn put = md ? diff_put_md : diff_put_text;
	const char *bullet = md ? "- " : "  ";
	size_t t, i;

	fputs(md ? "# mgtriage diff\n\n- A: " : "mgtriage diff\n  A: ", f);
	diff_put_side(f, d, 0, put);
	fputs(md ? "- B: " : "  B: ", f);
	diff_put_side(f, d, 1, put);
	if (diff_cluster_note(d) != NULL)
		fprintf(f, "%s%s\n", md ? "- " : "  ", diff_cluster_note(d));
	if (d->nchanges == 0)
		fputs("\nNo differences.\n", f);
	for (t = 0; t < DIFF_NTITLES; t++) {
		for (i = 0; i < d->nchanges; i++)
			if (strcmp(d->changes[i].section,
			    diff_titles[t].section) == 0)
				break;
		if (i == d->nchanges)
			continue;
		fprintf(f, md ? "\n## %s\n\n" : "\n%s\n", diff_titles[t].title);
		for (; i < d->nchanges; i++) {
			if (strcmp(d->changes[i].section,
			    diff_titles[t].section) != 0)
				continue;
			fputs(bullet, f);
			diff_put_change(f, &d->changes[i], put);
		}
	}
	fputc('\n', f);
	diff_put_counts(f, d);
}

static cJSON *
diff_need(cJSON *j)
{
	if (j == NULL)
		xmalloc_fail("a JSON tree");
	return j;
}

static cJSON *
diff_json_str(const char *s)
{
	return diff_need(s != NULL ? cJSON_CreateString(s) :
	    cJSON_CreateNull());
}

static cJSON *
diff_json_side(const struct diff *d, int k)
{
	cJSON *o = diff_need(cJSON_CreateObject());
	cJSON *in = diff_need(cJSON_CreateArray());
	size_t i;

	for (i = 0; i < d->ninputs[k]; i++)
		cJSON_AddItemToArray(in, diff_json_str(d->inputs[k][i]));
	cJSON_AddItemToObject(o, "inputs", in);
	cJSON_AddItemToObject(o, "cluster_id", diff_json_str(
	    d->cluster_id[k]));
	cJSON_AddItemToObject(o, "version", diff_json_str(d->version[k]));
	cJSON_AddItemToObject(o, "complete",
	    diff_need(cJSON_CreateBool(d->complete[k])));
	return o;
}

static void
diff_json_count(cJSON *o, const char *name, size_t n)
{
	cJSON_AddItemToObject(o, name, diff_need(cJSON_CreateNumber(
	    (double)n)));
}

static cJSON *
diff_json(const struct diff *d)
{
	const struct diff_change *c;
	cJSON *o, *counts, *arr, *ch;
	size_t i;

	o = diff_need(cJSON_CreateObject());
	cJSON_AddItemToObject(o, "schema", diff_json_str(DIFF_SCHEMA));
	cJSON_AddItemToObject(o, "a", diff_json_side(d, 0));
	cJSON_AddItemToObject(o, "b", diff_json_side(d, 1));
	cJSON_AddItemToObject(o, "same_cluster", diff_need(
	    d->same_cluster < 0 ? cJSON_CreateNull() :
	    cJSON_CreateBool(d->same_cluster)));
	counts = diff_need(cJSON_CreateObject());
	diff_json_count(counts, "added", d->added);
	diff_json_count(counts, "removed", d->removed);
	diff_json_count(counts, "changed", d->changed);
	diff_json_count(counts, "findings_new", d->findings_new);
	diff_json_count(counts, "findings_changed", d->findings_changed);
	diff_json_count(counts, "findings_resolved", d->findings_resolved);
	cJSON_AddItemToObject(o, "counts", counts);
	cJSON_AddItemToObject(o, "worst_new", diff_json_str(d->worst_new < 0 ?
	    NULL : mgt_severity_name(d->worst_new)));
	arr = diff_need(cJSON_CreateArray());
	for (i = 0; i < d->nchanges; i++) {
		c = &d->changes[i];
		ch = diff_need(cJSON_CreateObject());
		cJSON_AddItemToObject(ch, "section", diff_json_str(c->section));
		cJSON_AddItemToObject(ch, "kind",
		    diff_json_str(mgt_change_kind_name(c->kind)));
		cJSON_AddItemToObject(ch, "name", diff_json_str(c->name));
		cJSON_AddItemToObject(ch, "field", diff_json_str(c->field));
		cJSON_AddItemToObject(ch, "before", diff_json_str(c->before));
		cJSON_AddItemToObject(ch, "after", diff_json_str(c->after));
		cJSON_AddItemToObject(ch, "detail", diff_json_str(c->detail));
		cJSON_AddItemToObject(ch, "severity", diff_json_str(
		    c->severity < 0 ? NULL : mgt_severity_name(c->severity)));
		cJSON_AddItemToArray(arr, ch);
	}
	cJSON_AddItemToObject(o, "changes", arr);
	return o;
}

int
diff_write(FILE *f, const struct diff *d, int format, struct mgt_error *err)
{
	cJSON *j;
	char *text;

	switch (format) {
	case MGT_FORMAT_TEXT:
	case MGT_FORMAT_MARKDOWN:
		diff_write_lines(f, d, format == MGT_FORMAT_MARKDOWN);
		break;
	case MGT_FORMAT_JSON:
		j = diff_json(d);
		if ((text = cJSON_Print(j)) == NULL)
			xmalloc_fail("printing JSON");
		fprintf(f, "%s\n", text);
		cJSON_free(text);
		cJSON_Delete(j);
		break;
	default:
		return error_set(err, MGT_ERR_USAGE, "", -1, 0, "a diff is "
		    "text, JSON or Markdown");
	}
	if (fflush(f) != 0 || ferror(f))
		return error_set(err, MGT_ERR_IO, "", -1, 0, "write failed");
	return MGT_OK;
}
