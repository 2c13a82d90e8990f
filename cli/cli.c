/*
 * The subcommand table and helpers shared by the cmd-*.c files.
 */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <archive.h>
#include <cjson/cJSON.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sqlite3.h>
#include <yaml.h>

#include "cli.h"
#include "index.h"
#include "match.h"
#include "output.h"
#include "mgt-time.h"
#include "report.h"
#include "util.h"
#include "xmalloc.h"

const struct cmd_entry *const cmd_table[] = {
	&cmd_analyze_entry,
	&cmd_index_entry,
	&cmd_report_entry,
	&cmd_query_entry,
	&cmd_grep_entry,
	&cmd_timeline_entry,
	&cmd_rules_entry,
	&cmd_corpus_entry,
	&cmd_help_entry,
	NULL
};

const struct cmd_entry *
cmd_find(const char *name)
{
	size_t i;

	for (i = 0; cmd_table[i] != NULL; i++)
		if (strcmp(cmd_table[i]->name, name) == 0)
			return cmd_table[i];
	return NULL;
}

int
cmd_usage_error(const struct cmd_entry *e, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mgtriage %s: ", e->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: mgtriage %s %s\n"
	    "Try 'mgtriage help %s' for more information.\n", e->name,
	    e->args, e->name);
	return MGT_EXIT_USAGE;
}

void
cmd_print_help(const struct cmd_entry *e)
{
	printf("usage: mgtriage %s %s\n\n%s", e->name, e->args, e->help);
}

void
cmd_print_error(const struct mgt_error *err)
{
	char buf[4096], esc[4096];

	char *t;

	mgt_error_format(err, buf, sizeof buf);
	util_escape(buf, esc, sizeof esc);
	t = report_term(esc, SIZE_MAX);
	fprintf(stderr, "mgtriage: %s\n", t);
	free(t);
}

char *
cmd_term(const char *s, int term)
{
	if (s == NULL)
		s = "";
	return term ? report_term(s, SIZE_MAX) : xstrdup(s);
}

int
cmd_exit_for(int status)
{
	switch (status) {
	case MGT_OK:
		return MGT_EXIT_OK;
	case MGT_ERR_USAGE:
	case MGT_ERR_RULE:
		return MGT_EXIT_USAGE;
	case MGT_ERR_EMPTY:
	case MGT_ERR_FORMAT:
		return MGT_EXIT_UNREADABLE;
	default:
		return MGT_EXIT_INTERNAL;
	}
}

static int
cmd_is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *
cmd_default_rules_dir(void)
{
	static char exe[PATH_MAX];
	const char *env;
	ssize_t n;

	if ((env = getenv("MGTRIAGE_RULES_DIR")) != NULL && *env != '\0')
		return env;
	/* Uninstalled: the binary sits in the build tree. */
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (strncmp(exe, MGT_BUILDDIR "/", strlen(MGT_BUILDDIR) + 1) ==
		    0 && cmd_is_dir(MGT_SRCDIR "/rules"))
			return MGT_SRCDIR "/rules";
	}
	/* Installed: the installed catalog, never the source tree the
	 * binary was built from (it may be gone or newer). */
	return MGT_PKGDATADIR "/rules";
}

int
cmd_check_output(const char *out, char *const *inputs, int ninputs,
    int allow_in_input, struct mgt_error *err)
{
	char dir[PATH_MAX], rdir[PATH_MAX], rin[PATH_MAX];
	const char *slash;
	size_t n;
	int i;

	if (output_check(out, err) != MGT_OK)
		return MGT_ERR_USAGE;
	if (allow_in_input)
		return MGT_OK;
	slash = strrchr(out, '/');
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else {
		n = (size_t)(slash - out);
		if (n == 0)
			n = 1;
		if (n >= sizeof dir)
			n = sizeof dir - 1;
		memcpy(dir, out, n);
		dir[n] = '\0';
	}
	if (realpath(dir, rdir) == NULL)
		return mgt_error_set(err, MGT_ERR_USAGE, out, -1, 0,
		    "output directory %s does not exist", dir);
	for (i = 0; i < ninputs; i++) {
		if (!cmd_is_dir(inputs[i]) || realpath(inputs[i], rin) == NULL)
			continue;
		n = strlen(rin);
		if (strncmp(rdir, rin, n) == 0 &&
		    (rdir[n] == '\0' || rdir[n] == '/'))
			return mgt_error_set(err, MGT_ERR_USAGE, out, -1, 0,
			    "output lies inside the input directory %s (it "
			    "would be read as input next time); use "
			    "--allow-output-in-input to do it anyway",
			    inputs[i]);
	}
	return MGT_OK;
}

int
cmd_parse_time(const char *s, long long *us)
{
	int64_t ts;

	if (!mgt_time_parse(s, strlen(s), &ts))
		return -1;
	*us = ts;
	return 0;
}

int
cmd_want_color(int fd)
{
	const char *nc = getenv("NO_COLOR");

	if (nc != NULL && *nc != '\0')
		return 0;
	return isatty(fd);
}

size_t
cmd_terminal_width(int fd)
{
	struct winsize ws;
	const char *env;
	long v;
	char *end;

	if (!isatty(fd))
		return 0;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if ((env = getenv("COLUMNS")) != NULL && *env != '\0') {
		v = strtol(env, &end, 10);
		if (*end == '\0' && v > 0 && v <= CMD_MAX_WIDTH)
			return (size_t)v;
	}
	return 80;
}

/* Library versions, for bug reports (`mgtriage --version`). */
void
cmd_print_versions(FILE *f)
{
	char pcre[64] = "?";

	pcre2_config(PCRE2_CONFIG_VERSION, pcre);
	fprintf(f, "%s\nlibyaml %s, cJSON %s, PCRE2 %s, SQLite %s\n",
	    archive_version_details(), yaml_get_version_string(),
	    cJSON_Version(), pcre, sqlite3_libversion());
#ifdef MGT_WITH_JEMALLOC
	fputs("memory allocator: jemalloc\n", f);
#else
	fputs("memory allocator: the C library's malloc\n", f);
#endif
	fputs(matcher_simd_available() && !cmd_env_flag("MGTRIAGE_NO_SIMD") ?
	    "rule literals: AVX2 prefilter (up "
	    "to 64 per file), automaton beyond\n" : "rule literals: "
	    "automaton (no AVX2, or MGTRIAGE_NO_SIMD)\n", f);
}

int
cmd_env_flag(const char *name)
{
	const char *e = getenv(name);

	return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

int
cmd_env_timing(void)
{
	const char *e = getenv("MGTRIAGE_TIMING");

	if (e == NULL || *e == '\0' || strcmp(e, "0") == 0)
		return 0;
	return atoi(e) >= 2 ? 2 : 1;
}

/* MGTRIAGE_TIMING=2: every statement over 10 ms, on stderr. */
static void
cmd_slow_sql(void *cb_data, const char *sql, double seconds)
{
	(void)cb_data;
	fprintf(stderr, "mgtriage: timing: %.3f s: %.300s\n", seconds, sql);
}

const struct index_open_opts *
cmd_index_opts(const struct mgt_limits *l)
{
	static struct index_open_opts opts;
	struct index_open_opts *o = &opts;

	index_open_opts_init(o, l);
	o->no_jit = cmd_env_flag("MGTRIAGE_NO_JIT");
	if (cmd_env_timing() >= 2)
		o->on_slow_sql = cmd_slow_sql;
	return o;
}

void
cmd_note(void *msg)
{
	fprintf(stderr, "mgtriage: %s\n", (const char *)msg);
}

int
cmd_matcher_flags(void)
{
	return (cmd_env_flag("MGTRIAGE_NO_JIT") ? MATCHER_NO_JIT : 0) |
	    (cmd_env_flag("MGTRIAGE_NO_SIMD") ? MATCHER_NO_SIMD : 0);
}
