/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Writing output files safely (see output.h): refuse targets that are not
 * regular files, write to "<target>.tmp-<pid>", rename when complete, and
 * keep the temporaries in a fixed table that a signal handler can walk
 * without allocating, so an interrupted run leaves nothing behind.
 */
#include "config.h"

#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "output.h"
#include "xmalloc.h"

/*
 * A slot is filled while used is 0 and published by setting used; the
 * signal handler reads only published slots.  The fences keep the
 * compiler from moving the path's stores past the flag.
 */
struct output_slot {
	volatile sig_atomic_t	used;
	int			dir;
	char			path[PATH_MAX];
};

static struct output_slot output_slots[OUTPUT_MAX_TRACKED];


int
output_track(const char *path, int dir)
{
	size_t i, n = strlen(path);

	if (n >= PATH_MAX)
		return -1;
	for (i = 0; i < OUTPUT_MAX_TRACKED; i++) {
		if (output_slots[i].used)
			continue;
		memcpy(output_slots[i].path, path, n + 1);
		output_slots[i].dir = dir;
		atomic_signal_fence(memory_order_seq_cst);
		output_slots[i].used = 1;
		return 0;
	}
	return -1;
}

void
output_untrack(const char *path)
{
	size_t i;

	for (i = 0; i < OUTPUT_MAX_TRACKED; i++) {
		if (output_slots[i].used &&
		    strcmp(output_slots[i].path, path) == 0) {
			output_slots[i].used = 0;
			atomic_signal_fence(memory_order_seq_cst);
			return;
		}
	}
}

/*
 * Only unlink() and rmdir(): both async-signal-safe.  Files first, so the
 * directories that held them are empty by the second pass.
 */
void
output_cleanup(void)
{
	int saved = errno, pass;
	size_t i;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < OUTPUT_MAX_TRACKED; i++) {
			if (!output_slots[i].used || output_slots[i].dir != pass)
				continue;
			if (pass == 0)
				unlink(output_slots[i].path);
			else
				rmdir(output_slots[i].path);
			output_slots[i].used = 0;
		}
	}
	errno = saved;
}

static const char *
output_kind(mode_t m)
{
	if (S_ISLNK(m))
		return "a symbolic link; refusing to write through it";
	if (S_ISDIR(m))
		return "a directory";
	if (S_ISFIFO(m))
		return "a FIFO, not a regular file; refusing to replace it";
	if (S_ISCHR(m))
		return "a character device, not a regular file; refusing to "
		    "replace it";
	if (S_ISBLK(m))
		return "a block device, not a regular file; refusing to "
		    "replace it";
	if (S_ISSOCK(m))
		return "a socket, not a regular file; refusing to replace it";
	return "not a regular file; refusing to replace it";
}

int
output_check(const char *path, struct mgt_error *err)
{
	struct stat st;

	if (lstat(path, &st) == -1 || S_ISREG(st.st_mode))
		return MGT_OK;
	return error_set(err, MGT_ERR_USAGE, path, -1, 0,
	    "output is %s", output_kind(st.st_mode));
}

/* path's directory ("." when it has none) and its last component. */
static void
output_split(const char *path, char *dir, size_t dlen, const char **base)
{
	const char *slash = strrchr(path, '/');
	size_t n;

	if (slash == NULL) {
		snprintf(dir, dlen, ".");
		*base = path;
		return;
	}
	n = slash == path ? 1 : (size_t)(slash - path);
	if (n >= dlen)
		n = dlen - 1;
	memcpy(dir, path, n);
	dir[n] = '\0';
	*base = slash + 1;
}

/* The pid in a name "<base>.tmp-<digits>", or 0 when it is not one. */
static pid_t
output_temp_pid(const char *name, const char *base, size_t blen)
{
	const char *p;
	char *end;
	long v;

	if (strncmp(name, base, blen) != 0 ||
	    strncmp(name + blen, ".tmp-", 5) != 0)
		return 0;
	p = name + blen + 5;
	if (*p < '1' || *p > '9' || strlen(p) > 10)
		return 0;
	errno = 0;
	v = strtol(p, &end, 10);
	if (*end != '\0' || errno != 0 || v <= 0 || v > INT_MAX)
		return 0;
	return (pid_t)v;
}

void
output_sweep(const char *path)
{
	char dir[PATH_MAX];
	const char *base;
	struct dirent *de;
	struct stat st;
	size_t blen;
	pid_t pid;
	DIR *d;

	output_split(path, dir, sizeof dir, &base);
	if ((blen = strlen(base)) == 0 || (d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if ((pid = output_temp_pid(de->d_name, base, blen)) == 0 ||
		    pid == getpid())
			continue;
		if (kill(pid, 0) == 0 || errno != ESRCH)
			continue;	/* alive, or not ours to ask */
		if (fstatat(dirfd(d), de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) == -1 || !S_ISREG(st.st_mode) ||
		    st.st_uid != geteuid())
			continue;
		unlinkat(dirfd(d), de->d_name, 0);
	}
	closedir(d);
}

int
output_temp(const char *path, char **tmp, int *fd, struct mgt_error *err)
{
	int ret;

	*fd = -1;
	xasprintf(tmp, "%s.tmp-%ld", path, (long)getpid());
	if ((ret = output_check(path, err)) != MGT_OK)
		return ret;
	output_sweep(path);
	/* Tracked before it exists: a signal between the two would leave
	 * it behind.  The name holds our pid, so it is ours to remove. */
	output_track(*tmp, 0);
	*fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
	    0644);
	if (*fd == -1) {
		ret = error_set(err, MGT_ERR_IO, *tmp, -1, 0,
		    "cannot create temporary file: %s", strerror(errno));
		output_untrack(*tmp);
		return ret;
	}
	return MGT_OK;
}

int
output_commit(const char *tmp, const char *path, struct mgt_error *err)
{
	int ret;

	if ((ret = output_check(path, err)) != MGT_OK) {
		output_discard(tmp);
		return ret;
	}
	if (rename(tmp, path) == -1) {
		ret = error_set(err, MGT_ERR_IO, path, -1, 0,
		    "cannot rename %s over it: %s", tmp, strerror(errno));
		output_discard(tmp);
		return ret;
	}
	output_untrack(tmp);
	return MGT_OK;
}

void
output_discard(const char *tmp)
{
	unlink(tmp);
	output_untrack(tmp);
}

/*
 * The lock file is removed when released.  A run that was waiting on it
 * then holds a lock on a file no longer at that name, so after taking
 * the lock it checks that the name still leads to the file it locked,
 * and starts again if not.
 */
int
output_lock(const char *path, void (*waiting)(void *), void *data,
    struct mgt_error *err)
{
	struct stat fst, pst;
	char *lock;
	int fd, noted = 0;

	xasprintf(&lock, "%s.lock", path);
	for (;;) {
		fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
		    0644);
		if (fd == -1 || fstat(fd, &fst) == -1) {
			error_set(err, MGT_ERR_IO, lock, -1, 0,
			    "cannot open lock file: %s", strerror(errno));
			goto fail;
		}
		if (!S_ISREG(fst.st_mode)) {
			error_set(err, MGT_ERR_USAGE, lock, -1, 0,
			    "lock file is %s", output_kind(fst.st_mode));
			goto fail;
		}
		if (flock(fd, LOCK_EX | LOCK_NB) == -1) {
			if (errno != EWOULDBLOCK) {
				error_set(err, MGT_ERR_IO, lock, -1, 0,
				    "cannot lock: %s", strerror(errno));
				goto fail;
			}
			if (waiting != NULL && !noted++)
				waiting(data);
			while (flock(fd, LOCK_EX) == -1) {
				if (errno != EINTR) {
					error_set(err, MGT_ERR_IO, lock,
					    -1, 0, "cannot lock: %s",
					    strerror(errno));
					goto fail;
				}
			}
		}
		if (lstat(lock, &pst) == 0 && pst.st_dev == fst.st_dev &&
		    pst.st_ino == fst.st_ino)
			break;
		close(fd);
	}
	output_track(lock, 0);
	free(lock);
	return fd;
fail:
	if (fd != -1)
		close(fd);
	free(lock);
	return -1;
}

void
output_unlock(const char *path, int fd)
{
	char *lock;

	if (fd == -1)
		return;
	xasprintf(&lock, "%s.lock", path);
	/* Unlink while still holding it: see output_lock(). */
	output_discard(lock);
	free(lock);
	close(fd);
}
