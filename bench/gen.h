/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared pieces of the benchmark corpus generator: the PRNG, a growable
 * byte buffer, the model of the synthetic cluster, the plan of files and
 * the writers that turn a plan entry into bytes.  Everything derives from
 * --seed; nothing reads the clock.
 */
#ifndef GEN_H
#define GEN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* xoshiro256**, seeded through splitmix64. */
struct rng {
	uint64_t	 s[4];
};

static inline uint64_t
rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t	*s = r->s;
	uint64_t	 out, t;

	out = rng_rotl(s[1] * 5, 7) * 9;
	t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	return out;
}

/* Uniform in [0, n) by multiply-shift; n must be > 0. */
static inline uint32_t
rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform in [0, 1). */
static inline double
rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

void		 rng_seed(struct rng *, uint64_t);
uint64_t	 gen_hash(const char *);

/* Growable buffer; p is not NUL-terminated unless asked. */
struct buf {
	char		*p;
	size_t		 len;
	size_t		 cap;
};

void		 buf_grow(struct buf *, size_t);

static inline void
buf_reserve(struct buf *b, size_t n)
{
	if (b->cap - b->len < n)
		buf_grow(b, n);
}

static inline void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static inline void
buf_addc(struct buf *b, char c)
{
	buf_reserve(b, 1);
	b->p[b->len++] = c;
}

void		 buf_adds(struct buf *, const char *);
void		 buf_printf(struct buf *, const char *, ...)
		     __attribute__((format(printf, 2, 3)));
void		 buf_free(struct buf *);

void		*xmalloc(size_t);
void		*xcalloc(size_t, size_t);
void		*xreallocarray(void *, size_t, size_t);
char		*xstrdup(const char *);

/* Random helpers used by both the model and the writers. */
void		 gen_uuid(struct rng *, char *);		/* 37 bytes */
void		 gen_hex(struct rng *, char *, size_t);	/* n digits + NUL */
void		 gen_k8s_suffix(struct rng *, char *, size_t);	/* n + NUL */
void		 gen_base64(struct rng *, struct buf *, size_t);
void		 gen_base64_of(struct buf *, const char *, size_t);
/* Format ns since the epoch as "2021-09-14T09:42:44Z" (21 bytes). */
void		 gen_rfc3339(int64_t, char *);

/* Log line styles, chosen per container by its name. */
enum gen_style {
	STYLE_KLOG,	/* I0914 09:42:44.498686    3399 file.go:108] msg */
	STYLE_ZAP,	/* etcd: {"level":"info","ts":...,"msg":...} */
	STYLE_LOGFMT,	/* prometheus: level=info ts=... caller=... msg= */
	STYLE_LOGRUS,	/* time="..." level=info msg="..." */
	STYLE_GOLOG,	/* 2021/09/14 09:42:44 file.go:108: msg */
	STYLE_VLOG	/* ovs: 2021-09-14T09:42:44.498Z|00042|mod|INFO|msg */
};

/* Message families; a container draws most of its lines from its own. */
enum gen_tag {
	TAG_ANY,
	TAG_KUBELET,
	TAG_CRIO,
	TAG_ETCD,
	TAG_MCO,
	TAG_OVN,
	TAG_API,
	TAG_PROM
};

struct gen_node {
	char		 name[64];
	char		 ip[24];
	char		 uid[37];
	char		 zone[24];
	char		 rendered[96];	/* currentConfig */
	char		 desired[96];	/* desiredConfig */
	int		 master;
	int		 degraded;	/* wants a missing rendered config */
	uint32_t	 kubelet_pid;
	uint32_t	 crio_pid;
	int64_t		 boot_ns;
};

struct gen_container {
	char		 name[64];
	int		 style;
	int		 tag;
	int		 restarts;
	int		 waiting;	/* CrashLoopBackOff at gather time */
	double		 weight;
	uint64_t	 cur_bytes;
	uint64_t	 prev_bytes;
	int64_t		 last_start_ns;
};

enum gen_owner {
	OWN_DEPLOY,
	OWN_DS,
	OWN_STS,
	OWN_STATIC,
	OWN_INSTALLER,
	OWN_NONE
};

struct gen_pod {
	char		 name[128];
	char		 uid[37];
	char		 ip[24];
	char		 owner[96];	/* workload name */
	char		 hash[16];	/* pod-template-hash */
	int		 ns;
	int		 node;
	int		 kind;		/* enum gen_owner */
	int		 hostnet;
	int		 completed;
	int		 incident;	/* logs the missing-config error */
	int		 ncontainers;
	struct gen_container *c;
	int64_t		 start_ns;
};

struct gen_ns {
	char		 name[96];
	char		 uid[37];
	int		 user;
	int		 first_pod;
	int		 npods;
	int		 nevents;
	int64_t		 created_ns;
};

struct gen_cluster {
	uint64_t	 seed;
	uint64_t	 size;
	char		 infra[48];
	char		 cluster_id[37];
	char		 version[32];
	char		 release_hex[65];
	char		 local[48];		/* must-gather.local.N */
	char		 top[256];	/* local/quay-io-...-sha256-HEX */
	char		 rendered_master[96];
	char		 rendered_worker[96];
	char		 old_master[96];	/* present, previous */
	char		 old_worker[96];	/* present, previous */
	char		 stale_worker[96];	/* referenced, missing */
	int64_t		 t_install;
	int64_t		 t_gather;
	struct gen_node	*nodes;
	int		 nnodes;
	int		 nmasters;
	struct gen_ns	*ns;
	int		 nns;
	struct gen_pod	*pods;
	int		 npods;
	int		 ncsr;
	int		 profile;	/* enum gen_profile */
};

/* What a plan entry holds; the writers switch on it. */
enum gen_kind {
	K_DIR,
	K_TIMESTAMP,
	K_VERSION,
	K_EVENT_FILTER,
	K_NODE,
	K_MC,
	K_MCP,
	K_CO,
	K_CO_LIST,
	K_CSR,
	K_CONFIG,
	K_CRD,
	K_APISERVICE,
	K_STORAGECLASS,
	K_NS_OBJ,
	K_NS_LIST,
	K_POD,
	K_POD_LOG,
	K_HOST_LOG,
	K_ETCD,
	K_APIREQ	/* an APIRequestCount (profile real) */
};

/* --profile: default (log-heavy) or real (the real gathers' byte mix). */
enum gen_profile {
	PROFILE_DEFAULT,
	PROFILE_REAL
};

/* Lists written for every namespace, in namespaces/<ns>/<group>/. */
enum gen_list {
	L_CONFIGMAPS,
	L_ENDPOINTS,
	L_EVENTS,
	L_PVCS,
	L_PODS,
	L_RCS,
	L_SECRETS,
	L_SERVICES,
	L_DAEMONSETS,
	L_DEPLOYMENTS,
	L_REPLICASETS,
	L_STATEFULSETS,
	L_JOBS,
	L_CRONJOBS,
	L_HPAS,
	L_PDBS,
	L_ROUTES,
	L_ENDPOINTSLICES,
	L_COUNT
};

struct gen_entry {
	char		*path;
	int		 kind;
	int		 a;		/* node, ns, pod, list ... */
	int		 b;		/* container, list kind ... */
	int		 c;		/* 0 current, 1 previous, 2 insecure */
	uint64_t	 size;		/* bytes, planned or measured */
};

/* The files to write, in plan order (gen-mustgather.c). */
struct plan {
	struct gen_entry	*e;
	size_t			 n;
	size_t			 cap;
};

void		 plan_add(struct plan *, int, int, int, int, const char *,
		     ...) __attribute__((format(printf, 6, 7)));

/* gen-profile.c: writes an entry into a buffer, to measure it. */
typedef void	 gen_write_fn(const struct gen_cluster *,
		     const struct gen_entry *, struct buf *);
uint64_t	 profile_real(const struct gen_cluster *, struct plan *,
		     gen_write_fn *);

/* gen-model.c */
void		 model_build(struct gen_cluster *, uint64_t, uint64_t);
void		 model_free(struct gen_cluster *);
const char	*model_list_path(int);
void		 model_csr_name(const struct gen_cluster *, int, char *,
		     size_t);
extern const char *const model_mc_names[];
extern const int model_nmc;
extern const char *const model_co_names[];
extern const int model_nco;
extern const char *const model_config_names[];
extern const int model_nconfig;
extern const char *const model_crd_names[];
extern const int model_ncrd;
extern const char *const model_apiservice_names[];
extern const int model_napiservice;
extern const char *const model_host_logs[];
extern const int model_nhost_logs;
extern const char *const model_etcd_files[];
extern const int model_netcd_files;

/* gen-yaml.c: one resource file; returns nothing, appends to out. */
void		 crd_name(int, char *, size_t);
void		 yaml_apireq_name(int, char *, size_t);
void		 yaml_write(const struct gen_cluster *,
		     const struct gen_entry *, struct rng *, struct buf *);

/* gen-logs.c: one log file of about e->size bytes. */
void		 logs_write(const struct gen_cluster *,
		     const struct gen_entry *, struct rng *, struct buf *);

/* gen-messages.c: the message catalog, shared with gen-rules. */
struct msg_tpl {
	char		 sev;		/* I W E */
	unsigned char	 tag;		/* enum gen_tag */
	unsigned char	 rare;		/* only injected, never drawn */
	const char	*file;
	int		 line;
	const char	*text;		/* %-placeholders, see gen-logs.c */
};

extern const struct msg_tpl msg_catalog[];
extern const int msg_ncatalog;

#endif
