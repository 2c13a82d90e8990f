/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen-mustgather: write a deterministic, must-gather-shaped input for the
 * benchmark.  Plans every file of a synthetic cluster, measures the YAML,
 * hands the rest of --size to the logs, sorts by path and writes a tar
 * (plain, gzip or zstd, through libarchive) or a directory tree.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <archive.h>
#include <archive_entry.h>

#include "gen.h"

enum fmt {
	FMT_TAR,
	FMT_TGZ,
	FMT_TZST,
	FMT_DIR
};

/* Shares of the log budget for host_service_logs/masters/<unit>. */
static const double host_share[] = {
	0.08, 0.04, 0.004, 0.001, 0.0005, 0.002, 0.002, 0.0005,
};

struct sink {
	int			 fmt;
	const char		*out;
	struct archive		*a;
	struct archive_entry	*ae;
	int64_t			 mtime;
	char			 cur[PATH_MAX];	/* last dir entered */
	char			**dirs;		/* FMT_DIR, for mtimes */
	size_t			 ndirs;
};

struct stats {
	uint64_t	 files;
	uint64_t	 yaml_files;
	uint64_t	 log_files;
	uint64_t	 bytes;
	uint64_t	 yaml_bytes;
	uint64_t	 log_bytes;
	uint64_t	 lines;
	uint64_t	 log_lines;
};

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list	 ap;

	fputs("gen-mustgather: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void
plan_add(struct plan *pl, int kind, int a, int b, int c, const char *fmt, ...)
{
	struct gen_entry	*e;
	va_list			 ap;
	char			 path[PATH_MAX];

	va_start(ap, fmt);
	vsnprintf(path, sizeof path, fmt, ap);
	va_end(ap);
	if (pl->n == pl->cap) {
		pl->cap = pl->cap == 0 ? 4096 : pl->cap * 2;
		pl->e = xreallocarray(pl->e, pl->cap, sizeof *pl->e);
	}
	e = &pl->e[pl->n++];
	memset(e, 0, sizeof *e);
	e->path = xstrdup(path);
	e->kind = kind;
	e->a = a;
	e->b = b;
	e->c = c;
}

static void
plan_build(const struct gen_cluster *cl, struct plan *pl)
{
	const char		*top = cl->top;
	const struct gen_pod	*p;
	char			 name[64];
	int			 i, j, k;
	static const char *const logs[] = {
		"current.log", "previous.log", "previous.insecure.log",
	};

	plan_add(pl, K_TIMESTAMP, 0, 0, 0, "%s/timestamp", cl->local);
	plan_add(pl, K_EVENT_FILTER, 0, 0, 0, "%s/event-filter.html",
	    cl->local);
	plan_add(pl, K_TIMESTAMP, 1, 0, 0, "%s/timestamp", top);
	plan_add(pl, K_VERSION, 0, 0, 0, "%s/version", top);
	plan_add(pl, K_EVENT_FILTER, 0, 0, 0, "%s/event-filter.html", top);
	for (i = 0; i < cl->nnodes; i++)
		plan_add(pl, K_NODE, i, 0, 0, "%s/cluster-scoped-resources/"
		    "core/nodes/%s.yaml", top, cl->nodes[i].name);
	for (i = 0; i < model_nmc + 4; i++) {
		const char *n = i < model_nmc ? model_mc_names[i] :
		    i == model_nmc ? cl->rendered_master :
		    i == model_nmc + 1 ? cl->old_master :
		    i == model_nmc + 2 ? cl->rendered_worker : cl->old_worker;

		plan_add(pl, K_MC, i, 0, 0, "%s/cluster-scoped-resources/"
		    "machineconfiguration.openshift.io/machineconfigs/%s.yaml",
		    top, n);
	}
	for (i = 0; i < 2; i++)
		plan_add(pl, K_MCP, i, 0, 0, "%s/cluster-scoped-resources/"
		    "machineconfiguration.openshift.io/machineconfigpools/"
		    "%s.yaml", top, i ? "worker" : "master");
	for (i = 0; i < model_nco; i++)
		plan_add(pl, K_CO, i, 0, 0, "%s/cluster-scoped-resources/"
		    "config.openshift.io/clusteroperators/%s.yaml", top,
		    model_co_names[i]);
	plan_add(pl, K_CO_LIST, 0, 0, 0, "%s/cluster-scoped-resources/"
	    "config.openshift.io/clusteroperators.yaml", top);
	for (i = 0; i < cl->ncsr; i++) {
		model_csr_name(cl, i, name, sizeof name);
		plan_add(pl, K_CSR, i, 0, 0, "%s/cluster-scoped-resources/"
		    "certificates.k8s.io/certificatesigningrequests/%s.yaml",
		    top, name);
	}
	for (i = 0; i < model_nconfig; i++)
		plan_add(pl, K_CONFIG, i, 0, 0, "%s/cluster-scoped-resources/"
		    "config.openshift.io/%s/%s.yaml", top,
		    model_config_names[i], strcmp(model_config_names[i],
		    "clusterversions") == 0 ? "version" : "cluster");
	for (i = 0; i < model_ncrd; i++)
		plan_add(pl, K_CRD, i, 0, 0, "%s/cluster-scoped-resources/"
		    "apiextensions.k8s.io/customresourcedefinitions/%s.yaml",
		    top, model_crd_names[i]);
	for (i = 0; i < model_napiservice; i++)
		plan_add(pl, K_APISERVICE, i, 0, 0, "%s/cluster-scoped-"
		    "resources/apiregistration.k8s.io/apiservices/%s.yaml",
		    top, model_apiservice_names[i]);
	plan_add(pl, K_STORAGECLASS, 0, 0, 0, "%s/cluster-scoped-resources/"
	    "storage.k8s.io/storageclasses/thin-csi.yaml", top);
	for (i = 0; i < cl->nns; i++) {
		plan_add(pl, K_NS_OBJ, i, 0, 0, "%s/namespaces/%s/%s.yaml", top,
		    cl->ns[i].name, cl->ns[i].name);
		for (j = 0; j < L_COUNT; j++)
			plan_add(pl, K_NS_LIST, i, j, 0, "%s/namespaces/%s/%s",
			    top, cl->ns[i].name, model_list_path(j));
	}
	for (i = 0; i < cl->npods; i++) {
		p = &cl->pods[i];
		plan_add(pl, K_POD, i, 0, 0, "%s/namespaces/%s/pods/%s/%s.yaml",
		    top, cl->ns[p->ns].name, p->name, p->name);
		for (j = 0; j < p->ncontainers; j++)
			for (k = 0; k < 3; k++)
				plan_add(pl, K_POD_LOG, i, j, k,
				    "%s/namespaces/%s/pods/%s/%s/%s/logs/%s",
				    top, cl->ns[p->ns].name, p->name,
				    p->c[j].name, p->c[j].name, logs[k]);
	}
	for (i = 0; i < model_nhost_logs; i++)
		plan_add(pl, K_HOST_LOG, i, 0, 0, "%s/host_service_logs/"
		    "masters/%s_service.log", top, model_host_logs[i]);
	for (i = 0; i < model_netcd_files; i++)
		plan_add(pl, K_ETCD, i, 0, 0, "%s/etcd_info/%s", top,
		    model_etcd_files[i]);
}

static int
is_log(const struct gen_entry *e)
{
	return e->kind == K_POD_LOG || e->kind == K_HOST_LOG;
}

static void
entry_rng(const struct gen_cluster *cl, const struct gen_entry *e,
    struct rng *r)
{
	rng_seed(r, cl->seed ^ gen_hash(e->path));
}

static void
entry_write(const struct gen_cluster *cl, const struct gen_entry *e,
    struct buf *out)
{
	struct rng	 r;

	out->len = 0;
	entry_rng(cl, e, &r);
	if (is_log(e))
		logs_write(cl, e, &r, out);
	else
		yaml_write(cl, e, &r, out);
}

/*
 * Give the logs what the YAML left of --size: fixed shares to the host
 * services, the rest to containers by their chattiness, no single file
 * above a cap (water-filled, so the cap does not lose bytes).
 */
static void
plan_budget(const struct gen_cluster *cl, struct plan *pl, uint64_t yaml)
{
	struct gen_entry	*e;
	double			*alloc, *w, left, wsum, capped;
	char			*done;
	uint64_t		 budget, hosts = 0, cap;
	size_t			 i;
	int			 round, nct = 0, ci, pi, j;

	budget = cl->size > yaml ? cl->size - yaml : 0;
	cap = budget / 40;
	if (cap < (64ULL << 20))
		cap = 64ULL << 20;
	for (i = 0; i < pl->n; i++) {
		e = &pl->e[i];
		if (e->kind == K_HOST_LOG) {
			e->size = (uint64_t)((double)budget *
			    host_share[e->a]) + 2048;
			if (e->size > cap)
				e->size = cap;
			hosts += e->size;
		}
	}
	budget = budget > hosts ? budget - hosts : 0;

	for (pi = 0; pi < cl->npods; pi++)
		nct += cl->pods[pi].ncontainers;
	alloc = xcalloc(nct, sizeof *alloc);
	w = xcalloc(nct, sizeof *w);
	done = xcalloc(nct, 1);
	for (ci = 0, pi = 0; pi < cl->npods; pi++)
		for (j = 0; j < cl->pods[pi].ncontainers; j++)
			w[ci++] = cl->pods[pi].c[j].weight;
	capped = 0;
	for (round = 0; round < 8; round++) {
		left = (double)budget - capped;
		for (wsum = 0, ci = 0; ci < nct; ci++)
			if (!done[ci])
				wsum += w[ci];
		if (wsum <= 0 || left <= 0)
			break;
		for (ci = 0; ci < nct; ci++) {
			if (done[ci])
				continue;
			alloc[ci] = left * w[ci] / wsum;
			if (alloc[ci] > (double)cap) {
				alloc[ci] = (double)cap;
				done[ci] = 1;
				capped += (double)cap;
			}
		}
	}

	for (i = 0; i < pl->n; i++) {
		const struct gen_pod *p;
		double a;

		e = &pl->e[i];
		if (e->kind != K_POD_LOG)
			continue;
		p = &cl->pods[e->a];
		for (ci = 0, pi = 0; pi < e->a; pi++)
			ci += cl->pods[pi].ncontainers;
		a = alloc[ci + e->b];
		if (p->c[e->b].restarts > 0)
			a = e->c == 0 ? a * 0.65 : e->c == 1 ? a * 0.35 : 0;
		else if (e->c != 0)
			a = 0;
		e->size = a > 0 ? (uint64_t)a + 200 : 0;
	}
	free(alloc);
	free(w);
	free(done);
}

static int
entry_cmp(const void *a, const void *b)
{
	return strcmp(((const struct gen_entry *)a)->path,
	    ((const struct gen_entry *)b)->path);
}

static void
sink_archive_check(struct sink *s, int rc, const char *what)
{
	if (rc < ARCHIVE_WARN)
		die("%s: %s: %s", s->out, what, archive_error_string(s->a));
}

static void
sink_open(struct sink *s, int fmt, const char *out, int level,
    int64_t mtime)
{
	char	 opt[64];

	memset(s, 0, sizeof *s);
	s->fmt = fmt;
	s->out = out;
	s->mtime = mtime;
	if (fmt == FMT_DIR) {
		if (mkdir(out, 0755) == -1 && errno != EEXIST)
			die("%s: %s", out, strerror(errno));
		return;
	}
	s->a = archive_write_new();
	s->ae = archive_entry_new();
	if (s->a == NULL || s->ae == NULL)
		die("out of memory");
	sink_archive_check(s, archive_write_set_format_gnutar(s->a), "format");
	if (fmt == FMT_TGZ) {
		sink_archive_check(s, archive_write_add_filter_gzip(s->a),
		    "gzip");
		/* No name or time in the gzip header: same bytes each run. */
		sink_archive_check(s, archive_write_set_filter_option(s->a,
		    "gzip", "timestamp", NULL), "gzip timestamp");
		snprintf(opt, sizeof opt, "%d", level > 0 ? level : 6);
		sink_archive_check(s, archive_write_set_filter_option(s->a,
		    "gzip", "compression-level", opt), "gzip level");
	} else if (fmt == FMT_TZST) {
		sink_archive_check(s, archive_write_add_filter_zstd(s->a),
		    "zstd");
		snprintf(opt, sizeof opt, "%d", level > 0 ? level : 3);
		sink_archive_check(s, archive_write_set_filter_option(s->a,
		    "zstd", "compression-level", opt), "zstd level");
	}
	sink_archive_check(s, archive_write_set_bytes_per_block(s->a, 10240),
	    "block size");
	sink_archive_check(s, archive_write_open_filename(s->a, out), "open");
}

static void
sink_header(struct sink *s, const char *path, int dir, uint64_t size)
{
	archive_entry_clear(s->ae);
	archive_entry_copy_pathname(s->ae, path);
	archive_entry_set_filetype(s->ae, dir ? AE_IFDIR : AE_IFREG);
	archive_entry_set_perm(s->ae, dir ? 0755 : 0644);
	archive_entry_set_size(s->ae, dir ? 0 : (la_int64_t)size);
	archive_entry_set_mtime(s->ae, (time_t)s->mtime, 0);
	archive_entry_set_uid(s->ae, 1000);
	archive_entry_set_gid(s->ae, 1000);
	archive_entry_copy_uname(s->ae, "mg");
	archive_entry_copy_gname(s->ae, "mg");
	sink_archive_check(s, archive_write_header(s->a, s->ae), path);
}

static void
sink_mkdir(struct sink *s, const char *dir)
{
	char	 full[PATH_MAX + 8];

	if (s->fmt != FMT_DIR) {
		snprintf(full, sizeof full, "%s/", dir);
		sink_header(s, full, 1, 0);
		return;
	}
	snprintf(full, sizeof full, "%s/%s", s->out, dir);
	if (mkdir(full, 0755) == -1 && errno != EEXIST)
		die("%s: %s", full, strerror(errno));
	s->dirs = xreallocarray(s->dirs, s->ndirs + 1, sizeof *s->dirs);
	s->dirs[s->ndirs++] = xstrdup(full);
}

/*
 * Emit the directories between the last file's and this one's.  Paths
 * come sorted, so everything under a directory is contiguous and each
 * directory is entered exactly once.
 */
static void
sink_enter(struct sink *s, const char *path)
{
	const char	*slash = strrchr(path, '/');
	char		 dir[PATH_MAX];
	size_t		 n, i, common;

	n = slash == NULL ? 0 : (size_t)(slash - path);
	memcpy(dir, path, n);
	dir[n] = '\0';
	for (i = 0; s->cur[i] != '\0' && s->cur[i] == dir[i]; i++)
		;
	if (!((s->cur[i] == '\0' || s->cur[i] == '/') &&
	    (dir[i] == '\0' || dir[i] == '/'))) {
		/* Back to the '/' before the first differing component. */
		while (i > 0 && dir[i - 1] != '/')
			i--;
		if (i > 0)
			i--;
	}
	common = i;
	for (i = common + 1; i <= n; i++) {
		if (dir[i] == '/' || dir[i] == '\0') {
			dir[i] = '\0';
			sink_mkdir(s, dir);
			if (i < n)
				dir[i] = '/';
		}
	}
	memcpy(s->cur, dir, n + 1);
}

static void
sink_file(struct sink *s, const char *path, const struct buf *b)
{
	char		 full[PATH_MAX + 8];
	struct timespec	 tsp[2];
	size_t		 off;
	ssize_t		 w;
	la_ssize_t	 aw;
	int		 fd;

	sink_enter(s, path);
	if (s->fmt != FMT_DIR) {
		sink_header(s, path, 0, b->len);
		for (off = 0; off < b->len; off += (size_t)aw) {
			aw = archive_write_data(s->a, b->p + off, b->len - off);
			if (aw <= 0)
				die("%s: %s: %s", s->out, path,
				    archive_error_string(s->a));
		}
		return;
	}
	snprintf(full, sizeof full, "%s/%s", s->out, path);
	if ((fd = open(full, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1)
		die("%s: %s", full, strerror(errno));
	for (off = 0; off < b->len; off += (size_t)w) {
		if ((w = write(fd, b->p + off, b->len - off)) <= 0)
			die("%s: %s", full, strerror(errno));
	}
	tsp[0].tv_sec = tsp[1].tv_sec = (time_t)s->mtime;
	tsp[0].tv_nsec = tsp[1].tv_nsec = 0;
	if (futimens(fd, tsp) == -1 || close(fd) == -1)
		die("%s: %s", full, strerror(errno));
}

static void
sink_close(struct sink *s)
{
	struct timespec	 tsp[2];
	size_t		 i;

	if (s->fmt != FMT_DIR) {
		sink_archive_check(s, archive_write_close(s->a), "close");
		archive_write_free(s->a);
		archive_entry_free(s->ae);
		return;
	}
	tsp[0].tv_sec = tsp[1].tv_sec = (time_t)s->mtime;
	tsp[0].tv_nsec = tsp[1].tv_nsec = 0;
	for (i = 0; i < s->ndirs; i++) {
		if (utimensat(AT_FDCWD, s->dirs[i], tsp, 0) == -1)
			die("%s: %s", s->dirs[i], strerror(errno));
		free(s->dirs[i]);
	}
	free(s->dirs);
	if (utimensat(AT_FDCWD, s->out, tsp, 0) == -1)
		die("%s: %s", s->out, strerror(errno));
}

static uint64_t
count_lines(const struct buf *b)
{
	const char	*p = b->p, *end = b->p + b->len;
	uint64_t	 n = 0;

	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n++;
		p++;
	}
	return n;
}

static uint64_t
parse_size(const char *s)
{
	char			*end;
	unsigned long long	 v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || end == s)
		die("bad size: %s", s);
	switch (*end) {
	case 'k':
	case 'K':
		v <<= 10;
		end++;
		break;
	case 'm':
	case 'M':
		v <<= 20;
		end++;
		break;
	case 'g':
	case 'G':
		v <<= 30;
		end++;
		break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end != '\0')
		die("bad size: %s", s);
	return v;
}

/*
 * Two cores: one thread makes the files' bytes, in order, while the main
 * thread feeds libarchive, where the compression time goes.  A few slots
 * bound the memory held in between.
 */
#define QSLOTS	3

struct queue {
	const struct gen_cluster *cl;
	const struct plan	*pl;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	struct buf		 slot[QSLOTS];
	int			 head;
	int			 tail;
	int			 count;
};

static void *
producer(void *arg)
{
	struct queue	*q = arg;
	size_t		 k;

	for (k = 0; k < q->pl->n; k++) {
		pthread_mutex_lock(&q->mu);
		while (q->count == QSLOTS)
			pthread_cond_wait(&q->cv, &q->mu);
		pthread_mutex_unlock(&q->mu);

		/* The tail slot is ours until count says otherwise. */
		entry_write(q->cl, &q->pl->e[k], &q->slot[q->tail]);

		pthread_mutex_lock(&q->mu);
		q->tail = (q->tail + 1) % QSLOTS;
		q->count++;
		pthread_cond_signal(&q->cv);
		pthread_mutex_unlock(&q->mu);
	}
	return NULL;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen-mustgather --seed N --size BYTES[K|M|G] "
	    "--format tar.gz|tar.zst|tar|dir --out PATH\n"
	    "                      [--level N] [--stats FILE] "
	    "[--profile default|real]\n");
	exit(2);
}

static double
now(void)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	struct gen_cluster	 cl;
	struct plan		 pl = { 0 };
	struct sink		 sink;
	struct stats		 st = { 0 };
	struct buf		 b = { 0 };
	struct queue		 q;
	pthread_t		 tid;
	const char		*out = NULL, *statsf = NULL, *fmtname = NULL;
	uint64_t		 seed = 1, size = 50ULL << 20, yaml = 0;
	int			 i, fmt = -1, level = 0, have_seed = 0;
	int			 profile = PROFILE_DEFAULT;
	size_t			 k;
	double			 t0 = now(), secs;
	struct stat		 sb;
	FILE			*f;
	char			 line[1024];

	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--seed") == 0) {
			seed = strtoull(argv[++i], NULL, 10);
			have_seed = 1;
		} else if (strcmp(argv[i], "--size") == 0)
			size = parse_size(argv[++i]);
		else if (strcmp(argv[i], "--format") == 0) {
			fmtname = argv[++i];
			if (strcmp(fmtname, "tar") == 0)
				fmt = FMT_TAR;
			else if (strcmp(fmtname, "tar.gz") == 0)
				fmt = FMT_TGZ;
			else if (strcmp(fmtname, "tar.zst") == 0)
				fmt = FMT_TZST;
			else if (strcmp(fmtname, "dir") == 0)
				fmt = FMT_DIR;
			else
				usage();
		} else if (strcmp(argv[i], "--out") == 0)
			out = argv[++i];
		else if (strcmp(argv[i], "--level") == 0)
			level = atoi(argv[++i]);
		else if (strcmp(argv[i], "--stats") == 0)
			statsf = argv[++i];
		else if (strcmp(argv[i], "--profile") == 0) {
			i++;
			if (strcmp(argv[i], "default") == 0)
				profile = PROFILE_DEFAULT;
			else if (strcmp(argv[i], "real") == 0)
				profile = PROFILE_REAL;
			else
				usage();
		}
		else
			usage();
	}
	if (out == NULL || fmt == -1 || !have_seed)
		usage();

	model_build(&cl, seed, size);
	cl.profile = profile;
	plan_build(&cl, &pl);
	for (k = 0; k < pl.n; k++) {
		if (is_log(&pl.e[k]))
			continue;
		entry_write(&cl, &pl.e[k], &b);
		pl.e[k].size = b.len;
		yaml += b.len;
	}
	if (profile == PROFILE_REAL)
		yaml = profile_real(&cl, &pl, entry_write);
	plan_budget(&cl, &pl, yaml);
	qsort(pl.e, pl.n, sizeof *pl.e, entry_cmp);
	for (k = 1; k < pl.n; k++)
		if (strcmp(pl.e[k - 1].path, pl.e[k].path) == 0)
			die("duplicate path %s", pl.e[k].path);

	sink_open(&sink, fmt, out, level, cl.t_gather / 1000000000);
	memset(&q, 0, sizeof q);
	q.cl = &cl;
	q.pl = &pl;
	pthread_mutex_init(&q.mu, NULL);
	pthread_cond_init(&q.cv, NULL);
	if ((errno = pthread_create(&tid, NULL, producer, &q)) != 0)
		die("pthread_create: %s", strerror(errno));
	for (k = 0; k < pl.n; k++) {
		struct gen_entry *e = &pl.e[k];
		struct buf *bb;
		uint64_t nl;

		pthread_mutex_lock(&q.mu);
		while (q.count == 0)
			pthread_cond_wait(&q.cv, &q.mu);
		bb = &q.slot[q.head];
		pthread_mutex_unlock(&q.mu);

		sink_file(&sink, e->path, bb);
		nl = count_lines(bb);
		st.files++;
		st.bytes += bb->len;
		st.lines += nl;
		if (is_log(e)) {
			st.log_files++;
			st.log_bytes += bb->len;
			st.log_lines += nl;
		} else if (strstr(e->path, ".yaml") != NULL) {
			st.yaml_files++;
			st.yaml_bytes += bb->len;
		}

		pthread_mutex_lock(&q.mu);
		q.head = (q.head + 1) % QSLOTS;
		q.count--;
		pthread_cond_signal(&q.cv);
		pthread_mutex_unlock(&q.mu);
	}
	pthread_join(tid, NULL);
	for (k = 0; k < QSLOTS; k++)
		buf_free(&q.slot[k]);
	sink_close(&sink);
	secs = now() - t0;

	snprintf(line, sizeof line, "seed=%llu size=%llu format=%s files=%llu "
	    "yaml_files=%llu log_files=%llu bytes=%llu yaml_bytes=%llu "
	    "log_bytes=%llu lines=%llu log_lines=%llu out_bytes=%llu "
	    "seconds=%.2f",
	    (unsigned long long)seed, (unsigned long long)size, fmtname,
	    (unsigned long long)st.files, (unsigned long long)st.yaml_files,
	    (unsigned long long)st.log_files, (unsigned long long)st.bytes,
	    (unsigned long long)st.yaml_bytes, (unsigned long long)st.log_bytes,
	    (unsigned long long)st.lines, (unsigned long long)st.log_lines,
	    (unsigned long long)(fmt != FMT_DIR && stat(out, &sb) == 0 ?
	    (uint64_t)sb.st_size : st.bytes), secs);
	fprintf(stderr, "gen-mustgather: %s\n", line);
	if (statsf != NULL) {
		if ((f = fopen(statsf, "w")) == NULL)
			die("%s: %s", statsf, strerror(errno));
		fprintf(f, "%s\n", line);
		if (fclose(f) != 0)
			die("%s: %s", statsf, strerror(errno));
	}
	for (k = 0; k < pl.n; k++)
		free(pl.e[k].path);
	free(pl.e);
	buf_free(&b);
	model_free(&cl);
	return 0;
}
