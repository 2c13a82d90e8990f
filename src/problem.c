/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Reporting input problems: formatting, escaping, passing to the sink.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "problem.h"
#include "util.h"

void
problem_report(const struct problem_sink *sink, enum problem_severity sev,
    const char *code, const char *vpath, long long offset, long line,
    const char *fmt, ...)
{
	struct problem p;
	char msg[1024];
	va_list ap;

	if (sink == NULL || sink->fn == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	p.severity = sev;
	p.code = code;
	p.vpath = vpath ? vpath : "";
	p.offset = offset;
	p.line = line;
	p.message = msg;
	sink->fn(sink->ctx, &p);
}

const char *
problem_severity_name(enum problem_severity sev)
{
	switch (sev) {
	case PROBLEM_INFO:	return "info";
	case PROBLEM_WARNING:	return "warning";
	case PROBLEM_ERROR:	return "error";
	}
	return "error";
}

int
problem_severity_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "info") == 0)
		return PROBLEM_INFO;
	if (strcmp(s, "warning") == 0)
		return PROBLEM_WARNING;
	if (strcmp(s, "error") == 0)
		return PROBLEM_ERROR;
	return -1;
}

const char *
problem_format(const struct problem *p, char *buf, size_t len)
{
	const char *where = p->vpath != NULL ? p->vpath : "";
	const char *msg = p->message != NULL ? p->message : "";
	const char *code = p->code != NULL ? p->code : "unknown";

	if (p->line > 0)
		snprintf(buf, len, "%s:%ld: %s: %s [%s]", where, p->line,
		    problem_severity_name(p->severity), msg, code);
	else if (p->offset >= 0)
		snprintf(buf, len, "%s: offset %lld: %s: %s [%s]", where,
		    p->offset, problem_severity_name(p->severity), msg, code);
	else
		snprintf(buf, len, "%s: %s: %s [%s]",
		    where[0] != '\0' ? where : "(input)",
		    problem_severity_name(p->severity), msg, code);
	return buf;
}
