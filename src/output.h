/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Output files: a target is a regular file or a new name, written as a
 * temporary next to it and renamed over it when complete.  Temporaries
 * are tracked so that output_cleanup() (mgt_remove_temporaries(), which
 * the CLI calls on SIGINT, SIGTERM, SIGHUP, SIGPIPE and fatal exits) can
 * remove them, and a dead run's are swept by the next run writing the
 * same target.
 */
#ifndef MGT_OUTPUT_H
#define MGT_OUTPUT_H

#include "error.h"

/* Temporary files and directories tracked for removal at one time. */
#define OUTPUT_MAX_TRACKED	16

/*
 * Refuse an output path that exists and is not a regular file (a
 * symbolic link, directory, FIFO, device or socket): MGT_ERR_USAGE with
 * err naming path and what it is.  A missing path is MGT_OK.
 */
int	 output_check(const char *path, struct mgt_error *);
/*
 * Create path's temporary "<path>.tmp-<pid>" (O_EXCL, O_NOFOLLOW, 0644)
 * after output_check() and output_sweep(), and track it for removal.
 * On MGT_OK *fd is a writable descriptor; *tmp (the caller frees it) is
 * set whatever the result.
 */
int	 output_temp(const char *path, char **tmp, int *fd,
	    struct mgt_error *);
/*
 * Rename tmp over path and stop tracking it.  path is checked again
 * first; on any failure tmp is removed and path left as it was.
 */
int	 output_commit(const char *tmp, const char *path, struct mgt_error *);
/* Remove tmp and stop tracking it. */
void	 output_discard(const char *tmp);
/*
 * Remove the temporaries "<path>.tmp-<pid>" of processes that no longer
 * exist: only regular files of ours with exactly that name, in path's
 * directory.
 */
void	 output_sweep(const char *path);

/*
 * Track a file (dir 0) or an empty directory (dir 1) for removal on a
 * signal or fatal exit.  Returns 0, or -1 when the table is full or path
 * too long (then it is not tracked).
 */
int	 output_track(const char *path, int dir);
/* Stop tracking path (it was kept, renamed or already removed). */
void	 output_untrack(const char *path);

/*
 * Take an exclusive lock for writing path, on "<path>.lock" (created,
 * tracked, removed by output_unlock()), so that runs writing the same
 * index go one after the other.  Waits while another run holds it,
 * calling waiting(data) once first unless waiting is NULL.  Returns a
 * descriptor for output_unlock(), or -1 with err set.
 */
int	 output_lock(const char *path, void (*waiting)(void *data),
	    void *data, struct mgt_error *);
void	 output_unlock(const char *path, int fd);

/* Remove every tracked temporary now (async-signal-safe). */
void	 output_cleanup(void);

#endif
