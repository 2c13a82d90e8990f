/*
 * TEMPORARY (see ingest-session.h): reaches into the session's private
 * struct, which no other cli/ file does; goes away when ingest-opts.c
 * keeps an mgt_session itself.
 */
#include "config.h"

#include <string.h>

#include "api.h"
#include "index.h"
#include "ingest-opts.h"
#include "ingest-session.h"

mgt_session *
cmd_ingest_session(struct cmd_ingest *ci)
{
	struct mgt_options o;
	mgt_session *s;

	mgt_options_init(&o);
	o.full_text = (ci->opt.index_flags & INDEX_FULL_TEXT) != 0;
	o.fts = (ci->opt.index_flags & INDEX_FTS) != 0;
	if (mgt_session_new(&o, &s, NULL) != MGT_OK)
		return NULL;
	s->limits = ci->opt.limits;
	ruleset_free(&s->rules);
	s->rules = ci->rules;
	ruleset_init(&ci->rules);
	ci->opt.rules = NULL;
	return s;
}
