/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What a corpus run keeps on disk: one JSON result per case (the unit
 * shards exchange and `corpus merge` reads) and, beside each stored
 * index, a JSON record of the case (name, expected answers, what the
 * index was built under) so re-evaluation needs no input.
 */
#ifndef MGT_CORPUS_STORE_H
#define MGT_CORPUS_STORE_H

#include <stddef.h>

/* Bounds on what is read back: a result or record file, a case count. */
#define CORPUS_FILE_MAX		(1024 * 1024)
#define CORPUS_CASES_MAX	1000000

/* One case's verdict; index is its place in the whole sorted case list
 * of cases. */
struct corpus_result {
	size_t	 index;
	size_t	 cases;
	char	*name;
	int	 pass;
	char	*why;		/* failure reason or the root causes found */
	int	 done;
};

/* One stored index's record ("DIR/case-NNNNNN.index.json", the index
 * beside it "DIR/case-NNNNNN.db"); a result is "case-NNNNNN.result.json". */
struct corpus_record {
	size_t	 index;
	size_t	 cases;
	char	*name;
	char	*expected;	/* the 'expected' file's text; NULL: healthy */
	char	*schema;	/* meta schema_version of the index */
	char	*ingest;	/* the ingest options it was built under */
};

/* "DIR/case-NNNNNN.SUFFIX" into buf. */
void	 corpus_store_path(char *buf, size_t len, const char *dir,
	    size_t index, const char *suffix);
/* Read a whole file of at most CORPUS_FILE_MAX bytes, NUL-terminated;
 * NULL with why filled when it cannot be. */
char	*corpus_store_slurp(const char *path, char *why, size_t wlen);

/* Write r to its file under dir (temporary name, then rename): 0 or -1. */
int	 corpus_result_write(const char *dir, const struct corpus_result *r);
/* Read a result file; 0, or -1 with why filled. */
int	 corpus_result_read(const char *path, struct corpus_result *r,
	    char *why, size_t wlen);
void	 corpus_result_clear(struct corpus_result *r);

int	 corpus_record_write(const char *dir, const struct corpus_record *r);
int	 corpus_record_read(const char *path, struct corpus_record *r,
	    char *why, size_t wlen);
void	 corpus_record_clear(struct corpus_record *r);

/* The files "case-*SUFFIX" directly under dir, sorted; NULL with why
 * filled when dir cannot be read (an empty list is not NULL). */
char	**corpus_store_list(const char *dir, const char *suffix, size_t *n,
	    char *why, size_t wlen);

#endif
