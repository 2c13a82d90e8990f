/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Parsing one log line into its parts.  Outer prefixes: RFC3339 (oc logs
 * --timestamps), CRI ("<ts> stdout|stderr F|P "), journal short
 * ("Mon DD HH:MM:SS[.us] host ident[pid]: ", and short-iso variants); then
 * the klog header ("I0914 09:42:44.498686    3399 file.go:108] ") and
 * structured klog ("msg" key="value"); or logrus text as the installer
 * writes it (time="<RFC 3339>" level=<level> msg="...").
 */
#ifndef MGT_PARSE_LOG_H
#define MGT_PARSE_LOG_H

#include <stddef.h>
#include <stdint.h>

#include "mgt-time.h"

#define LOG_TS_NONE MGT_TIME_NONE	/* no timestamp */

enum log_prefix {
	LOG_PREFIX_NONE = 0,	/* no known prefix: a continuation or bare text */
	LOG_PREFIX_RFC3339,	/* 2021-09-14T09:42:44.498908472Z msg */
	LOG_PREFIX_CRI,		/* 2021-09-14T09:42:44.498908472Z stderr F msg */
	LOG_PREFIX_JOURNAL,	/* Sep 14 09:36:13.702901 host ident[pid]: msg */
	LOG_PREFIX_JOURNAL_ISO,	/* 2021-09-14T09:36:13+0000 host ident[pid]: msg */
	LOG_PREFIX_KLOG,	/* a bare klog line, no outer prefix */
	LOG_PREFIX_LOGRUS	/* time="2021-09-14T09:42:44Z" level=info msg="..." */
};

/*
 * A parsed line.  Pointers point into the caller's line buffer; lengths are
 * explicit (lines may hold NUL bytes).
 */
struct log_record {
	enum log_prefix	 prefix;
	int64_t		 ts;		/* UTC microseconds, LOG_TS_NONE if none */
	int		 ts_year_guessed; /* ts came from a yearless stamp + year hint */
	char		 severity;	/* klog 'I' 'W' 'E' 'F', or 0; logrus
					   info, warning, error, fatal and
					   panic alike (debug, trace: 0) */
	const char	*host;		/* journal hostname */
	size_t		 host_len;
	const char	*ident;		/* journal identifier (e.g. "hyperkube") */
	size_t		 ident_len;
	long		 pid;		/* journal or klog pid, -1 if none */
	const char	*src_file;	/* klog "daemon.go" */
	size_t		 src_file_len;
	int		 src_line;	/* klog line, 0 if none */
	const char	*msg;		/* message after all prefixes */
	size_t		 msg_len;
	int		 structured;	/* message is structured klog ("msg" k="v") */
};

/*
 * Parse line (len bytes, without the newline; a trailing \r is ignored).
 * year_hint is used for prefixes that carry no year (journal short, klog
 * without outer prefix); pass 0 when unknown (ts is then LOG_TS_NONE for
 * such lines).  Never fails: an unrecognised line has prefix
 * LOG_PREFIX_NONE and msg = the whole line.
 */
void	 parse_log_line(const char *line, size_t len, int year_hint,
	    struct log_record *);

/* The journal host a line names, as a C string in buf (n bytes): buf, or
 * NULL when it names none or the name does not fit. */
const char *parse_log_host(const struct log_record *, char *buf, size_t n);

/*
 * For structured klog messages: find the value of key (e.g. "err") and
 * unquote it into out (at most outlen-1 bytes, NUL-terminated).  Returns 1
 * if found.  The "msg" text itself is returned for key "msg".
 */
int	 parse_log_kv(const char *msg, size_t msg_len, const char *key,
	    char *out, size_t outlen);

#endif
