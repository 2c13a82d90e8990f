/*
 * TEMPORARY bridge until cli/ingest-opts.c builds its own mgt_session:
 * the session the shared ingest options describe, for the commands
 * ported to include/mgtriage.h (rules, corpus).
 */
#ifndef MGT_CLI_INGEST_SESSION_H
#define MGT_CLI_INGEST_SESSION_H

#include "mgtriage.h"

struct cmd_ingest;

/*
 * A new session with ci's limits and index flags, no callbacks (quiet,
 * no progress), holding the rules cmd_ingest_load_rules() loaded and
 * finished (moved out of ci, whose rule set is left empty).  Its
 * diagnostics were printed when they were loaded.  The caller frees it
 * with mgt_session_free().
 */
mgt_session *cmd_ingest_session(struct cmd_ingest *ci);

#endif
