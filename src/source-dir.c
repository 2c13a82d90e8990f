/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Walking a directory on disk: entries sorted by name (byte order) so that
 * output is deterministic, an explicit stack instead of recursion, and
 * openat/fstatat with O_NOFOLLOW/AT_SYMLINK_NOFOLLOW so that links are
 * recorded, never followed, and a loop cannot form.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "source-private.h"
#include "xmalloc.h"

/* One open directory on the walk's stack. */
struct source_dir_frame {
	int		 fd;
	char		**names;	/* sorted */
	size_t		 n;
	size_t		 next;		/* the next name to visit */
	size_t		 rawlen;	/* length of its raw path */
};

static int
source_dir_cmp(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/*
 * Read the names in the directory open at fd (not "." or ".."), at most max
 * of them, sorted.  Returns 0, or -1 with errno set.
 */
static int
source_dir_names(int fd, long long max, struct source_dir_frame *f)
{
	struct dirent *de;
	size_t cap = 0;
	DIR *d;
	int dfd, saved;

	f->names = NULL;
	f->n = 0;
	if ((dfd = dup(fd)) == -1)
		return -1;
	if ((d = fdopendir(dfd)) == NULL) {
		/* libc could not allocate the DIR: out of memory, not a
		 * directory we cannot read. */
		if (errno == ENOMEM)
			xmalloc_fail("opening a directory");
		saved = errno;
		close(dfd);
		errno = saved;
		return -1;
	}
	for (;;) {
		errno = 0;
		if ((de = readdir(d)) == NULL)
			break;
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if ((long long)f->n > max)
			break;
		if (f->n == cap) {
			cap = cap == 0 ? 64 : cap * 2;
			f->names = xreallocarray(f->names, cap,
			    sizeof *f->names);
		}
		f->names[f->n++] = xstrdup(de->d_name);
	}
	saved = errno;
	closedir(d);
	if (saved == ENOMEM)
		xmalloc_fail("reading a directory");
	if (f->n > 1)
		qsort(f->names, f->n, sizeof *f->names, source_dir_cmp);
	errno = saved;
	return saved == 0 ? 0 : -1;
}

static void
source_dir_frame_free(struct source_dir_frame *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->names[i]);
	free(f->names);
	if (f->fd != -1)
		close(f->fd);
	memset(f, 0, sizeof *f);
	f->fd = -1;
}

static const char *
source_dir_special_name(mode_t mode)
{
	if (S_ISCHR(mode))
		return "character device";
	if (S_ISBLK(mode))
		return "block device";
	if (S_ISFIFO(mode))
		return "fifo";
	if (S_ISSOCK(mode))
		return "socket";
	return "special file";
}

/*
 * Open name in the directory of f as what fstatat said it was, refusing it
 * if it was swapped for something else in between.  Returns the fd or -1
 * (reported).
 */
static int
source_dir_open(struct source_run *run, struct source_dir_frame *f,
    const char *name, const struct stat *st, const char *vpath, int flags)
{
	struct stat st2;
	int fd;

	fd = openat(f->fd, name, flags | O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	    O_NONBLOCK);
	if (fd == -1) {
		problem_report(run->sink, PROBLEM_ERROR, PCODE_READ_ERROR,
		    vpath, -1, 0, "cannot open: %s", MGT_STRERROR(errno));
		return -1;
	}
	if (fstat(fd, &st2) == -1 || st2.st_dev != st->st_dev ||
	    st2.st_ino != st->st_ino ||
	    (st2.st_mode & S_IFMT) != (st->st_mode & S_IFMT)) {
		problem_report(run->sink, PROBLEM_ERROR, PCODE_READ_ERROR,
		    vpath, -1, 0, "changed while being read; skipped");
		close(fd);
		return -1;
	}
	return fd;
}

int
source_dir_walk(struct source_run *run, int fd, const char *vpath,
    struct mgt_error *err)
{
	const struct mgt_limits *l = run->limits;
	struct source_dir_frame *stack, *f;
	struct source_container c;
	struct source_member m;
	struct source_stream *s;
	struct source_buf raw = { NULL, 0, 0 };
	struct stat st;
	char target[PATH_MAX + 1], q[SOURCE_QUOTE_MAX];
	const char *name;
	ssize_t tlen;
	size_t depth = 1;
	int rc = MGT_OK, flags, nfd;

	stack = xcalloc(SOURCE_DIR_MAX_DEPTH, sizeof *stack);
	source_container_init(&c, vpath, '/', 0, 0);
	stack[0].fd = fd;
	if (source_dir_names(fd, l->max_members_archive, &stack[0]) == -1) {
		rc = error_set(err, MGT_ERR_IO, "", -1, 0,
		    "cannot read directory: %s", MGT_STRERROR(errno));
		goto out;
	}
	if (stack[0].n == 0) {
		rc = error_set(err, MGT_ERR_EMPTY, "", -1, 0,
		    "empty input (a directory with nothing in it)");
		goto out;
	}
	source_buf_add(&raw, "", 0);

	while (depth > 0 && !run->stop) {
		f = &stack[depth - 1];
		if (f->next == f->n) {
			source_dir_frame_free(f);
			depth--;
			continue;
		}
		name = f->names[f->next++];
		if (!source_admit(run, &c))
			break;
		raw.len = f->rawlen;
		if (raw.len > 0)
			source_buf_add(&raw, "/", 1);
		source_buf_add(&raw, name, strlen(name));
		flags = source_name(run, &c, raw.p, &m);

		if (fstatat(f->fd, name, &st, AT_SYMLINK_NOFOLLOW) == -1) {
			problem_report(run->sink, PROBLEM_ERROR,
			    PCODE_READ_ERROR, m.vpath, -1, 0, "cannot stat: %s",
			    MGT_STRERROR(errno));
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			m.type = SOURCE_DIRECTORY;
			if ((rc = source_deliver(run, &m)) != MGT_OK)
				break;
			if (flags & SOURCE_NAME_TRUNCATED)
				continue;
			if (depth == SOURCE_DIR_MAX_DEPTH) {
				problem_report(run->sink, PROBLEM_WARNING,
				    PCODE_LIMIT_DEPTH, m.vpath, -1, 0,
				    "directory nested deeper than %d levels; "
				    "not entered", SOURCE_DIR_MAX_DEPTH);
				continue;
			}
			nfd = source_dir_open(run, f, name, &st, m.vpath,
			    O_DIRECTORY);
			if (nfd == -1)
				continue;
			stack[depth].fd = nfd;
			stack[depth].rawlen = raw.len;
			if (source_dir_names(nfd, l->max_members_archive,
			    &stack[depth]) == -1)
				problem_report(run->sink, PROBLEM_ERROR,
				    PCODE_READ_ERROR, m.vpath, -1, 0,
				    "cannot read directory: %s",
				    MGT_STRERROR(errno));
			depth++;
		} else if (S_ISLNK(st.st_mode)) {
			m.type = SOURCE_SYMLINK;
			tlen = readlinkat(f->fd, name, target,
			    sizeof target - 1);
			target[tlen < 0 ? 0 : tlen] = '\0';
			source_escape(target, strlen(target), l->max_path,
			    &c.link);
			m.link = c.link.p;
			if (source_link_escapes(m.path, target))
				problem_report(run->sink, PROBLEM_INFO,
				    PCODE_LINK, m.vpath, -1, 0,
				    "symlink to '%s' points outside the "
				    "directory (not followed)",
				    source_quote(target, q, sizeof q));
			if ((rc = source_deliver(run, &m)) != MGT_OK)
				break;
		} else if (S_ISREG(st.st_mode)) {
			nfd = source_dir_open(run, f, name, &st, m.vpath, 0);
			if (nfd == -1)
				continue;
			m.size = (long long)st.st_size;
			s = source_stream_fd(run, nfd, m.vpath, m.size);
			rc = source_content(run, &c, &m, s, 0, NULL);
			source_stream_free(s);
			if (rc != MGT_OK)
				break;
		} else {
			m.type = SOURCE_SPECIAL;
			problem_report(run->sink, PROBLEM_INFO,
			    PCODE_SPECIAL_FILE, m.vpath, -1, 0,
			    "%s, not opened",
			    source_dir_special_name(st.st_mode));
			if ((rc = source_deliver(run, &m)) != MGT_OK)
				break;
		}
	}
out:
	while (depth > 0)
		source_dir_frame_free(&stack[--depth]);
	free(stack);
	source_buf_free(&raw);
	source_container_free(&c);
	return rc;
}
