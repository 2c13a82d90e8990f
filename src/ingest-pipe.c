/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The ingest pipeline (see ingest-pipe.h).  The reader thread turns the
 * walk into messages (member, data block, object, problem, end of member,
 * end of walk) and hands them over in batches; the consumer takes them in
 * order.  Batches, not single messages, cross the lock: a member's lines
 * travel in blocks of up to PIPE_CHUNK bytes, and a batch closes at
 * PIPE_BATCH_BYTES or PIPE_BATCH_MSGS.  At most PIPE_MAX_BATCHES wait in
 * the queue, so a slow consumer stalls the reader instead of growing memory.
 */
#include "config.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "ingest-pipe.h"
#include "parse-resource.h"
#include "util.h"
#include "xmalloc.h"

#define PIPE_CHUNK		((size_t)1 << 20)
#define PIPE_BATCH_BYTES	((size_t)1 << 20)
#define PIPE_BATCH_MSGS		256
/*
 * What a parsed object counts for in a batch's bytes: its tree is a few
 * KiB (an Event) to hundreds (a CRD), and at 0 a queue of 32 batches of
 * 256 objects held up to 80 MB of trees (peak RSS 279 MB on 1 GB).
 */
#define PIPE_OBJECT_WEIGHT	((size_t)8 << 10)
/*
 * Queue depth: deep enough to ride out a big YAML file on either side (a
 * 5 MB events.yaml is 70 ms of parsing, a full queue of logs a few times
 * that); the reader hands a resource file over to the consumer when fewer
 * than PIPE_HANDOVER_BELOW batches wait.  6 and "when empty" left each
 * thread idle 0.3 s of a 2.6 s walk; 32 and 8 cut the run by 7-12 %.
 */
#define PIPE_MAX_BATCHES	32
#define PIPE_HANDOVER_BELOW	(PIPE_MAX_BATCHES / 4)
/*
 * With parse workers (jobs >= 2) a resource file is a job.  Jobs read but
 * not yet taken by the consumer hold their raw text until parsed: at most
 * PIPE_JOBS_PER_WORKER per worker and PIPE_JOBS_BYTES of unparsed text
 * (one job always fits, up to max-doc-bytes).  A worker hands its objects
 * over PIPE_JOB_PUSH at a time and stops while PIPE_JOB_MSGS wait for the
 * consumer, so a parsed file never sits whole in memory as trees: workers
 * times PIPE_JOB_MSGS objects at PIPE_OBJECT_WEIGHT is the same order as
 * the queue's own bound.
 */
#define PIPE_JOBS_PER_WORKER	2
#define PIPE_JOBS_BYTES		((size_t)96 << 20)
#define PIPE_JOB_MSGS		PIPE_BATCH_MSGS
#define PIPE_JOB_PUSH		16

enum pipe_msg_type {
	MSG_MEMBER,
	MSG_DATA,
	MSG_OBJECT,
	MSG_RAW,		/* a resource file for the consumer to parse,
				   or (job set) a worker's results */
	MSG_PROBLEM,
	MSG_END,
	MSG_DONE
};

struct pipe_msg {
	struct pipe_msg		*next;
	enum pipe_msg_type	 type;
	struct pipe_member	*pm;		/* MSG_MEMBER */
	char			*data;		/* MEMBER head, DATA block */
	size_t			 len;
	cJSON			*obj;		/* MSG_OBJECT */
	long			 line;		/* MSG_OBJECT; MSG_RAW: the kind */
	int			 local;		/* made by the consumer itself */
	struct problem		 problem;	/* MSG_PROBLEM */
	char			*text;		/* strings of pm or problem */
	long long		 size;		/* MSG_END */
	int			 status;	/* MSG_END, MSG_DONE */
	struct pipe_done	*done;		/* MSG_DONE */
	struct pipe_job		*job;		/* MSG_RAW with workers */
};

enum pipe_job_state {
	JOB_PENDING,		/* on the pool's list */
	JOB_RUNNING,		/* a worker parses it */
	JOB_DONE		/* parsed; results may still wait */
};

/*
 * A resource file to parse on a worker.  Its MSG_RAW travels the queue in
 * walk order, so the consumer meets the results where the reader alone
 * would have put them.  All but data/vpath/kind is under the pool lock.
 */
struct pipe_job {
	struct pipe_job		*next;		/* the pending list */
	struct ingest_pipe	*p;
	char			*data;		/* freed once parsed */
	size_t			 len;
	char			*vpath;
	enum classify_kind	 kind;
	enum pipe_job_state	 state;
	atomic_int		 cancelled;	/* the consumer dropped it */
	struct pipe_msg		*head, *tail;	/* results not yet taken */
	int			 nmsgs;
};

/* How the walk ended. */
struct pipe_done {
	struct mgt_error	 err;
	struct source_stats	 stats;
};

struct pipe_batch {
	struct pipe_batch	*next;
	struct pipe_msg		*head, *tail;
	size_t			 bytes;
	int			 nmsgs;
};

/*
 * Where parse results go: the queue (reader), a local list (consumer), or
 * a job's results (a worker: local list first, pushed in groups).
 */
struct pipe_emit {
	struct ingest_pipe	*p;
	int			 local;
	struct pipe_job		*job;
	struct pipe_msg		*head, *tail;
	int			 n;
};

struct ingest_pipe {
	/* Set at start, read by both threads. */
	const char			*input;
	const struct ingest_options	*opt;
	const struct mgt_limits		*limits;	/* &opt->limits */
	const struct problem_sink	*sink;		/* consumer side */
	pthread_t			 thread;

	/* The queue. */
	pthread_mutex_t			 lock;
	pthread_cond_t			 nonempty, nonfull;
	struct pipe_batch		*qhead, *qtail;
	atomic_int			 qlen;		/* read unlocked as a hint */

	/*
	 * Trees the reader built, done with: the reader frees them (in its
	 * own malloc arena; freeing them here cost lock contention and arena
	 * consolidation).  graves fills on the consumer, moves to dead under
	 * the lock, and the reader frees dead when it next flushes.
	 */
	cJSON				*dead;
	cJSON				*graves;
	cJSON				*graves_tail;	/* the first released */

	/*
	 * The parse workers (none: the reader parses, or hands a file to
	 * the consumer when it starves).  Jobs wait on pending, oldest
	 * first; injobs/inbytes count jobs not yet dropped and their text
	 * not yet parsed.  work wakes workers, result the consumer, room
	 * workers waiting for the consumer and the reader waiting for jobs.
	 */
	int				 nworkers;
	pthread_t			*workers;
	pthread_mutex_t			 plock;
	pthread_cond_t			 work, result, room;
	struct pipe_job			*pending, *pending_tail;
	int				 injobs;
	size_t				 inbytes;
	int				 shutdown;

	/* Seconds each side waited on the other (MGTRIAGE_TIMING). */
	double				 reader_wait, consumer_wait;

	/* Consumer to reader. */
	atomic_int			 stop;
	atomic_long			 skip_seq;	/* member to stop reading */

	/* Reader thread only. */
	struct pipe_batch		*out;		/* batch being filled */
	struct problem_sink		 rsink;		/* problems become messages */
	struct pipe_emit		 remit;
	int				 parse_on;	/* 'r', 'i', or 0: dynamic */
	long				 rseq;		/* members sent */

	/* Consumer only. */
	struct pipe_batch		*in;		/* batch being taken */
	struct pipe_emit		 cemit;		/* what it parsed itself */
	struct pipe_msg			*cur;		/* current MEMBER message */
	struct pipe_job			*cjob;		/* results being taken */
	struct pipe_msg			*done;		/* the MSG_DONE, once seen */
	int				 member_open;	/* its END not yet seen */
	long				 cseq;		/* members taken */
	long long			 csize;
	int				 cstatus;
};

enum pipe_plan
ingest_pipe_plan(enum classify_kind kind)
{
	switch (kind) {
	case KIND_RESOURCE:
	case KIND_INSIGHTS:
	case KIND_ETCD_INFO:
	case KIND_INSTALL_CONFIG:
		return PIPE_PARSE;
	case KIND_POD_LOG:
	case KIND_SERVICE_LOG:
	case KIND_JOURNAL:
	case KIND_LOG:
	case KIND_INSTALL_LOG:
	case KIND_BOOTSTRAP_SERVICES:
		return PIPE_STREAM;
	default:
		return PIPE_HEAD;
	}
}

static void pipe_job_drop(struct pipe_job *);

static void
pipe_msg_free(struct pipe_msg *msg)
{
	if (msg == NULL)
		return;
	if (msg->job != NULL)
		pipe_job_drop(msg->job);
	free(msg->data);
	free(msg->text);
	free(msg->pm);
	free(msg->done);
	cJSON_Delete(msg->obj);
	free(msg);
}

/* ---- reader side ---- */


static struct pipe_msg *
pipe_msg_new(enum pipe_msg_type type)
{
	struct pipe_msg *msg = xcalloc(1, sizeof *msg);

	msg->type = type;
	return msg;
}

/* Hand the batch being filled to the consumer, waiting for room. */
static void
pipe_flush(struct ingest_pipe *p)
{
	struct pipe_batch *b = p->out;
	cJSON *dead;

	if (b == NULL || b->head == NULL)
		return;
	p->out = NULL;
	pthread_mutex_lock(&p->lock);
	if (p->qlen >= PIPE_MAX_BATCHES) {
		double t0 = util_now();

		while (p->qlen >= PIPE_MAX_BATCHES)
			pthread_cond_wait(&p->nonfull, &p->lock);
		p->reader_wait += util_now() - t0;
	}
	if (p->qtail != NULL)
		p->qtail->next = b;
	else
		p->qhead = b;
	p->qtail = b;
	p->qlen++;
	pthread_cond_signal(&p->nonempty);
	dead = p->dead;
	p->dead = NULL;
	pthread_mutex_unlock(&p->lock);
	cJSON_Delete(dead);
}

static void
pipe_send(struct ingest_pipe *p, struct pipe_msg *msg, size_t bytes)
{
	struct pipe_batch *b = p->out;

	if (b == NULL)
		b = p->out = xcalloc(1, sizeof *b);
	if (b->tail != NULL)
		b->tail->next = msg;
	else
		b->head = msg;
	b->tail = msg;
	b->bytes += bytes + sizeof *msg;
	b->nmsgs++;
	/* A starving consumer gets smaller batches, sooner. */
	if (b->bytes >= PIPE_BATCH_BYTES || b->nmsgs >= PIPE_BATCH_MSGS ||
	    msg->type == MSG_DONE || msg->type == MSG_RAW ||
	    (b->nmsgs >= PIPE_BATCH_MSGS / 16 && atomic_load(&p->qlen) == 0))
		pipe_flush(p);
}

/* Strings laid out one after another in one allocation. */
static char *
pipe_strdup_into(char **cursor, const char *s)
{
	char *d = *cursor;
	size_t n;

	if (s == NULL)
		return NULL;
	n = strlen(s) + 1;
	memcpy(d, s, n);
	*cursor += n;
	return d;
}

static size_t
pipe_strsize(const char *s)
{
	return s != NULL ? strlen(s) + 1 : 0;
}

static void pipe_job_push(struct pipe_emit *);

/* Keep msg on e's own list (a worker's job, or the consumer parsing). */
static void
pipe_emit_keep(struct pipe_emit *e, struct pipe_msg *msg)
{
	msg->local = 1;
	if (e->tail != NULL)
		e->tail->next = msg;
	else
		e->head = msg;
	e->tail = msg;
}

static void
pipe_emit(struct pipe_emit *e, struct pipe_msg *msg)
{
	if (e->job != NULL) {
		/* The consumer frees a worker's trees itself. */
		pipe_emit_keep(e, msg);
		if (++e->n >= PIPE_JOB_PUSH)
			pipe_job_push(e);
		return;
	}
	if (!e->local) {
		pipe_send(e->p, msg, msg->type == MSG_OBJECT ?
		    PIPE_OBJECT_WEIGHT : 0);
		return;
	}
	pipe_emit_keep(e, msg);
}

/*
 * The parser's problem sink: problems become messages, so they reach the
 * index in order with the objects whichever thread parsed them.
 */
static void
pipe_problem(void *ctx, const struct problem *pr)
{
	struct pipe_msg *msg = pipe_msg_new(MSG_PROBLEM);
	char *c;

	msg->problem = *pr;
	msg->text = c = xmalloc(pipe_strsize(pr->code) +
	    pipe_strsize(pr->vpath) + pipe_strsize(pr->message) + 1);
	msg->problem.code = pipe_strdup_into(&c, pr->code);
	msg->problem.vpath = pipe_strdup_into(&c, pr->vpath);
	msg->problem.message = pipe_strdup_into(&c, pr->message);
	pipe_emit(ctx, msg);
}

static int
pipe_skipping(struct ingest_pipe *p)
{
	return atomic_load(&p->stop) || atomic_load(&p->skip_seq) == p->rseq;
}

static void
pipe_send_end(struct ingest_pipe *p, long long size, int status)
{
	struct pipe_msg *msg = pipe_msg_new(MSG_END);

	msg->size = size;
	msg->status = status;
	pipe_send(p, msg, 0);
}

/*
 * The size of a new chunk when len bytes of the current block are still
 * to go: what is left of the member when its size is known, at most
 * PIPE_CHUNK.  Most log files are a few KiB; a 1 MiB chunk for each had
 * its first bytes land on a fresh huge page, and clearing those pages was
 * 12 % of analyze's cycles on the vSphere gather.  A member that turns out
 * longer than declared just gets another chunk.
 */
static size_t
pipe_chunk_size(const struct source_member *m, size_t len)
{
	long long rest;

	if (m->size < 0 || m->decompressed)
		return PIPE_CHUNK;
	rest = m->size - source_offset(m);	/* after this block */
	if (rest < 0)
		rest = 0;
	if ((unsigned long long)rest >= PIPE_CHUNK ||
	    len + (size_t)rest >= PIPE_CHUNK)
		return PIPE_CHUNK;
	return len + (size_t)rest;
}

/* Every block of a log member, coalesced into chunks of PIPE_CHUNK. */
static void
pipe_stream(struct ingest_pipe *p, struct source_member *m)
{
	struct pipe_msg *msg = NULL;
	const void *buf;
	size_t len, n, cap = 0;
	int r = 0;

	while (!pipe_skipping(p) && (r = source_read(m, &buf, &len)) > 0) {
		while (len > 0) {
			if (msg == NULL) {
				msg = pipe_msg_new(MSG_DATA);
				cap = pipe_chunk_size(m, len);
				msg->data = xmalloc(cap);
			}
			n = cap - msg->len;
			if (n > len)
				n = len;
			memcpy(msg->data + msg->len, buf, n);
			msg->len += n;
			buf = (const char *)buf + n;
			len -= n;
			if (msg->len == cap) {
				pipe_send(p, msg, msg->len);
				msg = NULL;
			}
		}
	}
	if (msg != NULL)
		pipe_send(p, msg, msg->len);
	pipe_send_end(p, source_offset(m), r < 0 ? MGT_ERR_IO : MGT_OK);
}

static int
pipe_take(void *ctx, cJSON *obj, long line)
{
	struct pipe_emit *e = ctx;
	struct pipe_msg *msg;

	if ((!e->local && atomic_load(&e->p->stop)) ||
	    (e->job != NULL && atomic_load(&e->job->cancelled))) {
		cJSON_Delete(obj);
		return MGT_ERR_INTERNAL;
	}
	msg = pipe_msg_new(MSG_OBJECT);
	msg->obj = obj;
	msg->line = line;
	pipe_emit(e, msg);
	return MGT_OK;
}

/* Parse a resource file into OBJECT and PROBLEM messages for e. */
static void
pipe_parse_buffer(struct pipe_emit *e, const char *data, size_t len,
    const char *vpath, enum classify_kind kind)
{
	struct problem_sink sink = { pipe_problem, e };
	cJSON *doc;

	if (kind == KIND_ETCD_INFO) {
		/* endpoint_health.json and friends are arrays, not objects. */
		doc = parse_resource_document(data, len, vpath, 1,
		    e->p->limits, &sink);
		if (doc != NULL)
			pipe_take(e, doc, 1);
	} else
		parse_resource_buffer_take(data, len, vpath, e->p->limits,
		    parse_lazy_for(vpath, e->p->limits), &sink, pipe_take, e);
}

/* ---- parse workers ---- */

/* Free a job nobody else can reach any more. */
static void
pipe_job_free(struct pipe_job *job)
{
	struct pipe_msg *msg;

	while ((msg = job->head) != NULL) {
		job->head = msg->next;
		pipe_msg_free(msg);
	}
	free(job->data);
	free(job->vpath);
	free(job);
}

/* Take job off the pending list (plock held). */
static void
pipe_job_unlink(struct ingest_pipe *p, struct pipe_job *job)
{
	struct pipe_job **jp, *prev = NULL;

	for (jp = &p->pending; *jp != NULL; prev = *jp, jp = &(*jp)->next)
		if (*jp == job) {
			*jp = job->next;
			if (p->pending_tail == job)
				p->pending_tail = prev;
			job->next = NULL;
			return;
		}
}

/*
 * The consumer is done with job (taken or dropped unread): free it now,
 * or, while a worker still parses it, tell the worker to stop and free it.
 */
static void
pipe_job_drop(struct pipe_job *job)
{
	struct ingest_pipe *p = job->p;
	int running;

	pthread_mutex_lock(&p->plock);
	running = job->state == JOB_RUNNING;
	if (running)
		atomic_store(&job->cancelled, 1);
	else {
		if (job->state == JOB_PENDING) {
			pipe_job_unlink(p, job);
			p->inbytes -= job->len;
		}
		p->injobs--;
	}
	pthread_cond_broadcast(&p->room);
	pthread_mutex_unlock(&p->plock);
	if (!running)
		pipe_job_free(job);
}

/* A worker hands what it parsed so far to its job, waiting for room. */
static void
pipe_job_push(struct pipe_emit *e)
{
	struct ingest_pipe *p = e->p;
	struct pipe_job *job = e->job;
	struct pipe_msg *list = e->head, *msg;
	int n = e->n;

	if (list == NULL)
		return;
	e->head = e->tail = NULL;
	e->n = 0;
	pthread_mutex_lock(&p->plock);
	while (job->nmsgs >= PIPE_JOB_MSGS && !atomic_load(&job->cancelled) &&
	    !atomic_load(&p->stop))
		pthread_cond_wait(&p->room, &p->plock);
	if (!atomic_load(&job->cancelled)) {
		for (msg = list; msg->next != NULL; msg = msg->next)
			;
		if (job->tail != NULL)
			job->tail->next = list;
		else
			job->head = list;
		job->tail = msg;
		job->nmsgs += n;
		list = NULL;
		pthread_cond_signal(&p->result);
	}
	pthread_mutex_unlock(&p->plock);
	while ((msg = list) != NULL) {
		list = msg->next;
		pipe_msg_free(msg);
	}
}

static void *
pipe_worker(void *arg)
{
	struct ingest_pipe *p = arg;
	struct pipe_emit e;
	struct pipe_job *job;

	pthread_mutex_lock(&p->plock);
	for (;;) {
		while (p->pending == NULL && !p->shutdown)
			pthread_cond_wait(&p->work, &p->plock);
		if ((job = p->pending) == NULL)
			break;
		pipe_job_unlink(p, job);
		job->state = JOB_RUNNING;
		pthread_mutex_unlock(&p->plock);

		memset(&e, 0, sizeof e);
		e.p = p;
		e.job = job;
		pipe_parse_buffer(&e, job->data, job->len, job->vpath,
		    job->kind);
		pipe_job_push(&e);
		free(job->data);
		job->data = NULL;

		pthread_mutex_lock(&p->plock);
		p->inbytes -= job->len;
		job->state = JOB_DONE;
		if (atomic_load(&job->cancelled)) {
			p->injobs--;
			pthread_mutex_unlock(&p->plock);
			pipe_job_free(job);
			pthread_mutex_lock(&p->plock);
		} else
			pthread_cond_signal(&p->result);
		pthread_cond_broadcast(&p->room);
	}
	pthread_mutex_unlock(&p->plock);
	return NULL;
}

/*
 * The reader queues a resource file for the workers (data becomes the
 * job's) and sends its place in walk order.  Waits while too many jobs
 * or too much unparsed text are out; returns 0 (data not taken) when the
 * consumer stopped.
 */
static int
pipe_job_post(struct ingest_pipe *p, char *data, size_t len,
    const char *vpath, enum classify_kind kind)
{
	struct pipe_job *job;
	struct pipe_msg *msg;
	double t0 = 0;

	pthread_mutex_lock(&p->plock);
	while (!atomic_load(&p->stop) &&
	    (p->injobs >= p->nworkers * PIPE_JOBS_PER_WORKER ||
	    (p->injobs > 0 && p->inbytes + len > PIPE_JOBS_BYTES))) {
		if (t0 == 0)
			t0 = util_now();
		pthread_cond_wait(&p->room, &p->plock);
	}
	if (t0 != 0)
		p->reader_wait += util_now() - t0;
	if (atomic_load(&p->stop)) {
		pthread_mutex_unlock(&p->plock);
		return 0;
	}
	job = xcalloc(1, sizeof *job);
	job->p = p;
	job->data = data;
	job->len = len;
	job->vpath = xstrdup(vpath);
	job->kind = kind;
	job->state = JOB_PENDING;
	atomic_init(&job->cancelled, 0);
	if (p->pending_tail != NULL)
		p->pending_tail->next = job;
	else
		p->pending = job;
	p->pending_tail = job;
	p->injobs++;
	p->inbytes += len;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->plock);

	msg = pipe_msg_new(MSG_RAW);
	msg->job = job;
	pipe_send(p, msg, 0);
	return 1;
}

/*
 * The consumer's turn for its current job: parse it here if no worker has
 * started it (it is the oldest job, so nothing is gained by waiting),
 * else move what the worker has so far to cemit, waiting for some.
 */
static void
pipe_job_take(struct ingest_pipe *p)
{
	struct pipe_job *job = p->cjob;
	struct pipe_emit *e = &p->cemit;

	pthread_mutex_lock(&p->plock);
	if (job->state == JOB_PENDING) {
		pipe_job_unlink(p, job);
		job->state = JOB_RUNNING;
		pthread_mutex_unlock(&p->plock);
		pipe_parse_buffer(e, job->data, job->len, job->vpath,
		    job->kind);
		pthread_mutex_lock(&p->plock);
		p->inbytes -= job->len;
		job->state = JOB_DONE;
	} else if (job->head == NULL && job->state != JOB_DONE) {
		double t0 = util_now();

		while (job->head == NULL && job->state != JOB_DONE)
			pthread_cond_wait(&p->result, &p->plock);
		p->consumer_wait += util_now() - t0;
	}
	if (job->head != NULL) {
		e->head = job->head;
		e->tail = job->tail;
		job->head = job->tail = NULL;
		job->nmsgs = 0;
		pthread_cond_broadcast(&p->room);
		pthread_mutex_unlock(&p->plock);
		return;
	}
	pthread_mutex_unlock(&p->plock);
	p->cjob = NULL;
	pipe_job_drop(job);
}

/*
 * Is the consumer running low on work?  Then it parses this file.
 * opt->parse_on (MGTRIAGE_PARSE_ON in the CLI) pins the choice, so tests show
 * that both paths write the same index.
 */
static int
pipe_consumer_starving(struct ingest_pipe *p)
{
	if (p->parse_on != 0)
		return p->parse_on == 'i';
	return atomic_load(&p->qlen) < PIPE_HANDOVER_BELOW;
}

/*
 * A resource member: read it whole (bounded by max-doc-bytes, as the
 * parser needs one buffer) and parse it here, or, when the consumer is
 * idle, hand the buffer over for it to parse.
 */
static void
pipe_parse(struct ingest_pipe *p, struct source_member *m, const void *head,
    size_t headlen, enum classify_kind kind)
{
	size_t max = p->limits->max_doc_bytes, len = 0, cap, n = headlen;
	const void *buf = head;
	struct pipe_msg *msg;
	char *data;
	int r = head != NULL && headlen > 0, status = MGT_OK;

	cap = headlen + 1 > 65536 ? headlen + 1 : 65536;
	if (cap > max + 1)
		cap = max + 1;
	data = xmalloc(cap);
	while (r > 0) {
		if (len + n > max) {
			problem_report(&p->rsink, PROBLEM_WARNING,
			    PCODE_LIMIT_DOC, m->vpath, (long long)len, 0,
			    "document larger than max-doc-bytes (%zu bytes): "
			    "catalogued, not parsed", max);
			free(data);
			pipe_send_end(p, source_offset(m), MGT_ERR_LIMIT);
			return;
		}
		if (len + n + 1 > cap) {
			while (len + n + 1 > cap)
				cap *= 2;
			if (cap > max + 1)
				cap = max + 1;
			data = xreallocarray(data, cap, 1);
		}
		memcpy(data + len, buf, n);
		len += n;
		r = source_read(m, &buf, &n);
	}
	if (r < 0)
		status = MGT_ERR_IO;
	data[len] = '\0';
	if (p->nworkers > 0) {
		if (!pipe_job_post(p, data, len, m->vpath, kind))
			free(data);
	} else if (pipe_consumer_starving(p)) {
		msg = pipe_msg_new(MSG_RAW);
		msg->data = data;
		msg->len = len;
		msg->line = kind;
		pipe_send(p, msg, len);
	} else {
		pipe_parse_buffer(&p->remit, data, len, m->vpath, kind);
		free(data);
	}
	pipe_send_end(p, source_offset(m), status);
}

static int
pipe_walk_member(void *ctx, struct source_member *m)
{
	struct ingest_pipe *p = ctx;
	struct pipe_msg *msg;
	struct pipe_member *pm;
	const void *head = NULL;
	size_t headlen = 0;
	enum pipe_plan plan;
	enum classify_kind kind;
	int status;
	char *c;

	if (atomic_load(&p->stop))
		return MGT_ERR_INTERNAL;
	msg = pipe_msg_new(MSG_MEMBER);
	pm = msg->pm = xcalloc(1, sizeof *msg->pm);
	pm->m = *m;
	pm->m.rd = NULL;
	msg->text = c = xmalloc(pipe_strsize(m->vpath) + pipe_strsize(m->path) +
	    pipe_strsize(m->link) + 1);
	pm->m.vpath = pipe_strdup_into(&c, m->vpath);
	pm->m.path = pipe_strdup_into(&c, m->path);
	pm->m.link = pipe_strdup_into(&c, m->link);
	p->rseq++;
	if (m->type != SOURCE_REGULAR) {
		pipe_send(p, msg, 0);
		return MGT_OK;
	}

	pm->head_status = source_read(m, &head, &headlen);
	if (pm->head_status <= 0) {
		head = NULL;
		headlen = 0;
	}
	classify(m->path, head, headlen, &pm->cls);
	if (pm->cls.kind == KIND_BINARY)
		problem_report(&p->rsink, PROBLEM_INFO, PCODE_BINARY, m->vpath,
		    -1, 0, "not text (binary content): catalogued, not read");
	if (headlen > 0) {
		msg->data = xmalloc(headlen);
		memcpy(msg->data, head, headlen);
		msg->len = headlen;
	}
	plan = pm->head_status > 0 ? ingest_pipe_plan(pm->cls.kind) : PIPE_HEAD;
	kind = pm->cls.kind;
	status = pm->head_status < 0 ? MGT_ERR_IO : MGT_OK;
	/* Once sent, msg is the consumer's (a stopping one frees it). */
	pipe_send(p, msg, headlen);
	switch (plan) {
	case PIPE_STREAM:
		pipe_stream(p, m);
		break;
	case PIPE_PARSE:
		pipe_parse(p, m, head, headlen, kind);
		break;
	case PIPE_HEAD:
		pipe_send_end(p, source_offset(m), status);
		break;
	}
	return MGT_OK;
}

static void *
pipe_thread(void *arg)
{
	struct ingest_pipe *p = arg;
	struct pipe_msg *done = pipe_msg_new(MSG_DONE);

	done->done = xcalloc(1, sizeof *done->done);
	mgt_error_clear(&done->done->err);
	done->status = source_walk(p->input, p->limits, &p->rsink,
	    pipe_walk_member, p, &done->done->stats, &done->done->err);
	pipe_send(p, done, 0);
	return NULL;
}

/*
 * jobs >= 2 (and no parse_on pin, which tests the one-worker paths):
 * that many parse workers.  Fewer start if threads run out; none is
 * today's reader-parses pipeline.
 */
static void
pipe_workers_start(struct ingest_pipe *p, const struct ingest_options *opt)
{
	int n = opt->jobs;

	if (n < 2 || opt->parse_on != INGEST_PARSE_DYNAMIC)
		return;
	if (n > INGEST_JOBS_MAX)
		n = INGEST_JOBS_MAX;
	p->workers = xreallocarray(NULL, (size_t)n, sizeof *p->workers);
	while (p->nworkers < n && pthread_create(&p->workers[p->nworkers],
	    NULL, pipe_worker, p) == 0)
		p->nworkers++;
}

/* Once no job is left: wake the workers to exit, and join them. */
static void
pipe_workers_stop(struct ingest_pipe *p)
{
	int i;

	pthread_mutex_lock(&p->plock);
	p->shutdown = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->plock);
	for (i = 0; i < p->nworkers; i++)
		pthread_join(p->workers[i], NULL);
	free(p->workers);
	p->workers = NULL;
	p->nworkers = 0;
}

static void
pipe_destroy(struct ingest_pipe *p)
{
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->nonempty);
	pthread_cond_destroy(&p->nonfull);
	pthread_mutex_destroy(&p->plock);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->result);
	pthread_cond_destroy(&p->room);
	free(p);
}

struct ingest_pipe *
ingest_pipe_start(const char *input, const struct ingest_options *opt,
    const struct problem_sink *sink, struct mgt_error *err)
{
	struct ingest_pipe *p = xcalloc(1, sizeof *p);
	int e;

	p->input = input;
	p->opt = opt;
	p->limits = &opt->limits;
	p->sink = sink;
	if (opt->parse_on == INGEST_PARSE_READER)
		p->parse_on = 'r';
	else if (opt->parse_on == INGEST_PARSE_INDEXER)
		p->parse_on = 'i';
	p->remit.p = p;
	p->cemit.p = p;
	p->cemit.local = 1;
	p->rsink.fn = pipe_problem;
	p->rsink.ctx = &p->remit;
	atomic_init(&p->stop, 0);
	atomic_init(&p->skip_seq, 0);
	atomic_init(&p->qlen, 0);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->nonempty, NULL);
	pthread_cond_init(&p->nonfull, NULL);
	pthread_mutex_init(&p->plock, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->result, NULL);
	pthread_cond_init(&p->room, NULL);
	pipe_workers_start(p, opt);
	if ((e = pthread_create(&p->thread, NULL, pipe_thread, p)) != 0) {
		error_set(err, MGT_ERR_INTERNAL, input, -1, 0,
		    "cannot start the reader thread: %s", strerror(e));
		pipe_workers_stop(p);
		pipe_destroy(p);
		return NULL;
	}
	return p;
}

/* ---- consumer side ---- */

/* A reader's problem reaches the sink, in walk order. */
static void
pipe_deliver(struct ingest_pipe *p, struct pipe_msg *msg)
{
	if (p->sink != NULL && p->sink->fn != NULL)
		p->sink->fn(p->sink->ctx, &msg->problem);
	pipe_msg_free(msg);
}

/* The next message in walk order; NULL after MSG_DONE. */
static struct pipe_msg *
pipe_next(struct ingest_pipe *p)
{
	struct pipe_msg *msg;

	if (p->done != NULL)
		return NULL;
	while (p->in == NULL || p->in->head == NULL) {
		free(p->in);
		pthread_mutex_lock(&p->lock);
		if (p->qhead == NULL) {
			double t0 = util_now();

			while (p->qhead == NULL)
				pthread_cond_wait(&p->nonempty, &p->lock);
			p->consumer_wait += util_now() - t0;
		}
		p->in = p->qhead;
		p->qhead = p->in->next;
		if (p->qhead == NULL)
			p->qtail = NULL;
		p->qlen--;
		if (p->graves != NULL) {
			p->graves_tail->next = p->dead;
			p->dead = p->graves;
			p->graves = p->graves_tail = NULL;
		}
		pthread_cond_signal(&p->nonfull);
		pthread_mutex_unlock(&p->lock);
	}
	msg = p->in->head;
	p->in->head = msg->next;
	msg->next = NULL;
	if (msg->type == MSG_DONE)
		p->done = msg;
	return msg;
}

/*
 * The next message of the current member that is not a problem (problems
 * go to the sink here, in order); NULL at its end.
 */
static struct pipe_msg *
pipe_member_next(struct ingest_pipe *p)
{
	struct pipe_emit *e = &p->cemit;
	struct pipe_msg *msg;

	for (;;) {
		if (e->head != NULL) {
			/* What this thread parsed out of a MSG_RAW comes first. */
			msg = e->head;
			if ((e->head = msg->next) == NULL)
				e->tail = NULL;
			msg->next = NULL;
		} else if (p->cjob != NULL) {
			pipe_job_take(p);
			continue;
		} else if (!p->member_open || (msg = pipe_next(p)) == NULL)
			return NULL;
		switch (msg->type) {
		case MSG_PROBLEM:
			pipe_deliver(p, msg);
			continue;
		case MSG_RAW:
			if (msg->job != NULL) {
				p->cjob = msg->job;
				msg->job = NULL;
				pipe_msg_free(msg);
				continue;
			}
			pipe_parse_buffer(e, msg->data, msg->len,
			    p->cur->pm->m.vpath, (enum classify_kind)msg->line);
			pipe_msg_free(msg);
			continue;
		case MSG_END:
			p->csize = msg->size;
			p->cstatus = msg->status;
			p->member_open = 0;
			pipe_msg_free(msg);
			return NULL;
		case MSG_DONE:
			p->member_open = 0;
			return NULL;
		default:
			return msg;
		}
	}
}

int
ingest_pipe_member(struct ingest_pipe *p, struct pipe_member **pmp)
{
	struct pipe_msg *msg;

	/* Drop what the previous member left; tell the reader to skip it. */
	if (p->member_open)
		atomic_store(&p->skip_seq, p->cseq);
	while ((msg = pipe_member_next(p)) != NULL)
		pipe_msg_free(msg);
	pipe_msg_free(p->cur);
	p->cur = NULL;
	while ((msg = pipe_next(p)) != NULL) {
		if (msg->type == MSG_PROBLEM) {
			pipe_deliver(p, msg);
			continue;
		}
		if (msg->type == MSG_DONE)
			return 0;
		if (msg->type != MSG_MEMBER) {
			/* Cannot happen: every member's messages were taken. */
			pipe_msg_free(msg);
			continue;
		}
		p->cur = msg;
		p->cseq++;
		p->member_open = msg->pm->m.type == SOURCE_REGULAR;
		p->csize = msg->pm->head_status > 0 ? (long long)msg->len : 0;
		p->cstatus = MGT_OK;
		msg->pm->head = msg->data;
		msg->pm->headlen = msg->len;
		*pmp = msg->pm;
		return 1;
	}
	return 0;
}

int
ingest_pipe_read(struct ingest_pipe *p, const void **buf, size_t *len)
{
	struct pipe_msg *msg;

	while ((msg = pipe_member_next(p)) != NULL && msg->type != MSG_DATA)
		pipe_msg_free(msg);	/* not sent for a streamed member */
	if (msg == NULL)
		return p->cstatus == MGT_OK ? 0 : -1;
	/* The block stays valid until the next call: park it on cur. */
	free(p->cur->data);
	p->cur->data = msg->data;
	p->cur->len = msg->len;
	p->cur->pm->head = NULL;
	p->cur->pm->headlen = 0;
	msg->data = NULL;
	pipe_msg_free(msg);
	*buf = p->cur->data;
	*len = p->cur->len;
	p->csize += (long long)*len;
	return 1;
}

int
ingest_pipe_object(struct ingest_pipe *p, cJSON **obj, long *line,
    int *local)
{
	struct pipe_msg *msg;

	while ((msg = pipe_member_next(p)) != NULL && msg->type != MSG_OBJECT)
		pipe_msg_free(msg);	/* not sent for a parsed member */
	if (msg == NULL)
		return 0;
	*obj = msg->obj;
	*line = msg->line;
	*local = msg->local;
	msg->obj = NULL;
	pipe_msg_free(msg);
	return 1;
}

void
ingest_pipe_release(struct ingest_pipe *p, cJSON *obj, int local)
{
	if (obj == NULL)
		return;
	if (local) {
		cJSON_Delete(obj);
		return;
	}
	/* A root or detached item: next is free to chain the graves. */
	obj->next = p->graves;
	obj->prev = NULL;
	if (p->graves == NULL)
		p->graves_tail = obj;
	p->graves = obj;
}

long long
ingest_pipe_size(const struct ingest_pipe *p)
{
	return p->csize;
}

int
ingest_pipe_status(const struct ingest_pipe *p)
{
	return p->cstatus;
}

void
ingest_pipe_stop(struct ingest_pipe *p)
{
	atomic_store(&p->stop, 1);
	/* Wake a reader or worker waiting for the consumer. */
	pthread_mutex_lock(&p->plock);
	pthread_cond_broadcast(&p->room);
	pthread_mutex_unlock(&p->plock);
}

int
ingest_pipe_finish(struct ingest_pipe *p, struct source_stats *st,
    struct mgt_error *err)
{
	struct pipe_msg *msg;
	int rc;

	pipe_msg_free(p->cur);
	p->cur = NULL;
	p->member_open = 0;
	if (p->cjob != NULL) {
		pipe_job_drop(p->cjob);
		p->cjob = NULL;
	}
	/* What a stopped consumer parsed but never took. */
	while ((msg = p->cemit.head) != NULL) {
		p->cemit.head = msg->next;
		pipe_msg_free(msg);
	}
	p->cemit.tail = NULL;
	while ((msg = pipe_next(p)) != NULL)
		if (msg->type == MSG_PROBLEM)
			pipe_deliver(p, msg);
		else if (msg->type != MSG_DONE)
			pipe_msg_free(msg);
	pthread_join(p->thread, NULL);
	pipe_workers_stop(p);
	free(p->in);
	cJSON_Delete(p->dead);
	cJSON_Delete(p->graves);
	if (p->opt->timing >= 1 && p->opt->on_timing != NULL) {
		char what[PATH_MAX + 32];

		snprintf(what, sizeof what, "%s: reader waited", p->input);
		p->opt->on_timing(p->opt->cb_data, what, p->reader_wait);
		snprintf(what, sizeof what, "%s: indexer waited", p->input);
		p->opt->on_timing(p->opt->cb_data, what, p->consumer_wait);
	}
	rc = p->done->status;
	if (st != NULL) {
		const struct source_stats *w = &p->done->done->stats;

		st->members += w->members;
		st->bytes += w->bytes;
		st->compressed_bytes += w->compressed_bytes;
		if (w->max_depth_seen > st->max_depth_seen)
			st->max_depth_seen = w->max_depth_seen;
	}
	if (err != NULL)
		*err = p->done->done->err;
	pipe_msg_free(p->done);
	pipe_destroy(p);
	return rc;
}
