/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Fault injection for tests/fault-injection.test, loaded with LD_PRELOAD
 * into an uninstrumented mgtriage (never under a sanitizer or valgrind,
 * which bring their own allocator).  Not installed.
 *
 * Environment (a count N is 1-based; unset or 0: off):
 *   FAULT_MALLOC_AT=N     the Nth call of malloc, calloc, realloc,
 *                         posix_memalign or aligned_alloc (counted
 *                         together, over all threads) fails with ENOMEM;
 *                         only that one call.
 *   FAULT_MALLOC_FROM=S   count (and fail) only the allocations called
 *                         from an object whose file name contains S
 *                         ("libarchive", "libsqlite3", "libz", "mgtriage"):
 *                         the failure lands in that library's own code.
 *   FAULT_READ_EIO_AT=N   the Nth read, pread or readv of an input file
 *                         fails with EIO.
 *   FAULT_READ_EOF_AT=N   the Nth read of an input file returns 0 (end of
 *                         file) before the end.
 *   FAULT_READ_PREFIX=P   an input file is a regular file whose path
 *                         (/proc/self/fd) starts with P; required for the
 *                         read faults, so the rules and the SQLite index
 *                         are never hit.
 *   FAULT_SQL_AT=N        the Nth sqlite3_step() of a statement whose
 *                         SQL starts with FAULT_SQL_PREFIX fails with
 *                         SQLITE_FULL, as a full disk would (a real one
 *                         shows only past SQLite's page cache, i.e. on
 *                         inputs too large for a test); replaces the
 *                         MGTRIAGE_FAULT_AT that the engine once read.
 *   FAULT_SQL_PREFIX=S    the statements FAULT_SQL_AT counts.
 *   FAULT_TRACE=1         print the call stack of each injected fault
 *                         to standard error (for finding where a run
 *                         went wrong; backtrace() may allocate itself).
 *   FAULT_REPORT=FILE     at exit, append "mallocs N reads N next-malloc
 *                         LIB injected N" to FILE: a clean run tells the
 *                         test how many calls there are to choose from,
 *                         and which library the calls went on to.
 *
 * The wrappers hand every call to the next definition in the lookup
 * order (dlsym RTLD_NEXT): with mgtriage linked against jemalloc that is
 * jemalloc's malloc, since a preloaded object comes before the program's
 * libraries, so the faults sit in front of the allocator that is really
 * used and free() (not wrapped) still pairs with it.
 */
#define _GNU_SOURCE
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>

#include <dlfcn.h>
#include <execinfo.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void	*(*malloc_fn)(size_t);
typedef void	*(*calloc_fn)(size_t, size_t);
typedef void	*(*realloc_fn)(void *, size_t);
typedef int	 (*memalign_fn)(void **, size_t, size_t);
typedef void	*(*aligned_fn)(size_t, size_t);
typedef ssize_t	 (*read_fn)(int, void *, size_t);
typedef ssize_t	 (*pread_fn)(int, void *, size_t, off_t);
typedef ssize_t	 (*readv_fn)(int, const struct iovec *, int);

static malloc_fn	 real_malloc;
static calloc_fn	 real_calloc;
static realloc_fn	 real_realloc;
static memalign_fn	 real_posix_memalign;
static aligned_fn	 real_aligned_alloc;
static read_fn		 real_read;
static pread_fn		 real_pread;
static pread_fn		 real_pread64;
static readv_fn		 real_readv;

static unsigned long	 fault_malloc_at, fault_eio_at, fault_eof_at;
static const char	*fault_prefix, *fault_from;
static atomic_ulong	 fault_mallocs, fault_reads, fault_injected;
static atomic_int	 fault_state;	/* 0 new, 1 resolving, 2 ready */
static int		 fault_trace;

/*
 * dlsym() may allocate while the wrappers are being resolved: those few
 * calls are served from here and never freed (free() would hand them to
 * the real allocator, which did not make them).  In practice glibc's
 * dlsym does not allocate on success.
 */
static unsigned char	 fault_boot[4096] __attribute__((aligned(16)));
static atomic_size_t	 fault_boot_used;

static void *
fault_boot_alloc(size_t n)
{
	size_t off;

	n = (n + 15) & ~(size_t)15;
	off = atomic_fetch_add(&fault_boot_used, n);
	if (off + n > sizeof fault_boot)
		return NULL;
	return fault_boot + off;
}

static unsigned long
fault_env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL ? strtoul(v, NULL, 10) : 0;
}

static void
fault_init(void)
{
	int expect = 0;

	if (atomic_load(&fault_state) == 2)
		return;
	if (!atomic_compare_exchange_strong(&fault_state, &expect, 1)) {
		/*
		 * Another thread resolves (this one's own allocations while
		 * resolving never get here: fault_booting()).
		 */
		while (atomic_load(&fault_state) != 2)
			;
		return;
	}
	real_malloc = (malloc_fn)dlsym(RTLD_NEXT, "malloc");
	real_calloc = (calloc_fn)dlsym(RTLD_NEXT, "calloc");
	real_realloc = (realloc_fn)dlsym(RTLD_NEXT, "realloc");
	real_posix_memalign = (memalign_fn)dlsym(RTLD_NEXT, "posix_memalign");
	real_aligned_alloc = (aligned_fn)dlsym(RTLD_NEXT, "aligned_alloc");
	real_read = (read_fn)dlsym(RTLD_NEXT, "read");
	real_pread = (pread_fn)dlsym(RTLD_NEXT, "pread");
	real_pread64 = (pread_fn)dlsym(RTLD_NEXT, "pread64");
	real_readv = (readv_fn)dlsym(RTLD_NEXT, "readv");
	fault_malloc_at = fault_env("FAULT_MALLOC_AT");
	fault_eio_at = fault_env("FAULT_READ_EIO_AT");
	fault_eof_at = fault_env("FAULT_READ_EOF_AT");
	fault_trace = fault_env("FAULT_TRACE") != 0;
	fault_from = getenv("FAULT_MALLOC_FROM");
	if (fault_from != NULL && *fault_from == '\0')
		fault_from = NULL;
	fault_prefix = getenv("FAULT_READ_PREFIX");
	if (fault_prefix != NULL && *fault_prefix == '\0')
		fault_prefix = NULL;
	atomic_store(&fault_state, 2);
}

static void
fault_backtrace(const char *what)
{
	void *pc[32];
	ssize_t w;
	int n;

	if (!fault_trace)
		return;
	w = write(STDERR_FILENO, what, strlen(what));
	(void)w;
	n = backtrace(pc, 32);
	backtrace_symbols_fd(pc, n, STDERR_FILENO);
}

/* 1 when the code at pc is in an object FAULT_MALLOC_FROM names. */
static int
fault_from_here(void *pc)
{
	Dl_info di;

	if (fault_from == NULL)
		return 1;
	return dladdr(pc, &di) != 0 && di.dli_fname != NULL &&
	    strstr(di.dli_fname, fault_from) != NULL;
}

/* 1 when this allocation, called from pc, is the one to fail. */
static int
fault_malloc_now(void *pc)
{
	unsigned long n;

	if (!fault_from_here(pc))
		return 0;
	n = atomic_fetch_add(&fault_mallocs, 1) + 1;

	if (fault_malloc_at == 0 || n != fault_malloc_at)
		return 0;
	atomic_fetch_add(&fault_injected, 1);
	fault_backtrace("faultinject: allocation fails here\n");
	return 1;
}

/* Resolving (dlsym inside fault_init()): served from fault_boot. */
static int
fault_booting(void)
{
	int s = atomic_load(&fault_state);

	if (s == 2)
		return 0;
	if (s == 1)
		return 1;
	fault_init();
	return atomic_load(&fault_state) != 2;
}

void *
malloc(size_t n)
{
	if (fault_booting())
		return fault_boot_alloc(n);
	if (fault_malloc_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_malloc(n);
}

void *
calloc(size_t nmemb, size_t size)
{
	if (fault_booting()) {
		if (size != 0 && nmemb > SIZE_MAX / size)
			return NULL;
		/* Static storage: already zero. */
		return fault_boot_alloc(nmemb * size);
	}
	if (fault_malloc_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_calloc(nmemb, size);
}

void *
realloc(void *p, size_t n)
{
	if (fault_booting())
		return NULL;
	if (fault_malloc_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_realloc(p, n);
}

int
posix_memalign(void **p, size_t align, size_t n)
{
	if (fault_booting())
		return ENOMEM;
	if (fault_malloc_now(__builtin_return_address(0)))
		return ENOMEM;
	return real_posix_memalign(p, align, n);
}

void *
aligned_alloc(size_t align, size_t n)
{
	if (fault_booting())
		return NULL;
	if (fault_malloc_now(__builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_aligned_alloc(align, n);
}

/*
 * 1 when fd is an input file (a regular file under FAULT_READ_PREFIX).
 * Uses only system calls: readlink() and fstat() do not allocate.
 */
static int
fault_is_input(int fd)
{
	char link[64], path[PATH_MAX];
	struct stat st;
	ssize_t n;

	if (fault_prefix == NULL || fstat(fd, &st) == -1 ||
	    !S_ISREG(st.st_mode))
		return 0;
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	if ((n = readlink(link, path, sizeof path - 1)) <= 0)
		return 0;
	path[n] = '\0';
	return strncmp(path, fault_prefix, strlen(fault_prefix)) == 0;
}

/* -1: fail with EIO, 0: report end of file, 1: read as usual. */
static int
fault_read_now(int fd)
{
	unsigned long n;

	fault_init();
	if ((fault_eio_at == 0 && fault_eof_at == 0 && fault_prefix == NULL) ||
	    !fault_is_input(fd))
		return 1;
	n = atomic_fetch_add(&fault_reads, 1) + 1;
	if (n == fault_eio_at) {
		atomic_fetch_add(&fault_injected, 1);
		fault_backtrace("faultinject: read fails here (EIO)\n");
		return -1;
	}
	if (n == fault_eof_at) {
		atomic_fetch_add(&fault_injected, 1);
		fault_backtrace("faultinject: read ends here (EOF)\n");
		return 0;
	}
	return 1;
}

ssize_t
read(int fd, void *buf, size_t n)
{
	int f = fault_read_now(fd);

	if (f < 0) {
		errno = EIO;
		return -1;
	}
	return f == 0 ? 0 : real_read(fd, buf, n);
}

ssize_t
pread(int fd, void *buf, size_t n, off_t off)
{
	int f = fault_read_now(fd);

	if (f < 0) {
		errno = EIO;
		return -1;
	}
	return f == 0 ? 0 : real_pread(fd, buf, n, off);
}

ssize_t
pread64(int fd, void *buf, size_t n, off_t off)
{
	int f = fault_read_now(fd);

	if (f < 0) {
		errno = EIO;
		return -1;
	}
	return f == 0 ? 0 : real_pread64(fd, buf, n, off);
}

ssize_t
readv(int fd, const struct iovec *iov, int n)
{
	int f = fault_read_now(fd);

	if (f < 0) {
		errno = EIO;
		return -1;
	}
	return f == 0 ? 0 : real_readv(fd, iov, n);
}

/*
 * SQLite's step, wrapped (declared here: the shim is built without
 * SQLite's headers).  Resolved on first use, when libsqlite3 is loaded.
 */
struct sqlite3_stmt;
typedef int	 (*step_fn)(struct sqlite3_stmt *);
typedef const char *(*sql_fn)(struct sqlite3_stmt *);
#define FAULT_SQLITE_FULL	13

static atomic_ulong	 fault_steps;

int	 sqlite3_step(struct sqlite3_stmt *);

int
sqlite3_step(struct sqlite3_stmt *st)
{
	static step_fn real_step;
	static sql_fn real_sql;
	static unsigned long at;
	static const char *prefix;
	const char *sql;

	if (real_step == NULL) {
		real_sql = (sql_fn)dlsym(RTLD_NEXT, "sqlite3_sql");
		prefix = getenv("FAULT_SQL_PREFIX");
		at = fault_env("FAULT_SQL_AT");
		real_step = (step_fn)dlsym(RTLD_NEXT, "sqlite3_step");
	}
	if (at > 0 && prefix != NULL && real_sql != NULL &&
	    (sql = real_sql(st)) != NULL &&
	    strncmp(sql, prefix, strlen(prefix)) == 0 &&
	    atomic_fetch_add(&fault_steps, 1) + 1 == at) {
		atomic_fetch_add(&fault_injected, 1);
		fault_backtrace("faultinject: SQL step fails here (full)\n");
		return FAULT_SQLITE_FULL;
	}
	return real_step(st);
}

/* The library that defines the next malloc, by its file name. */
static const char *
fault_next_lib(void)
{
	Dl_info di;
	const char *slash;

	if (real_malloc == NULL || dladdr((void *)real_malloc, &di) == 0 ||
	    di.dli_fname == NULL)
		return "unknown";
	slash = strrchr(di.dli_fname, '/');
	return slash != NULL ? slash + 1 : di.dli_fname;
}

/* Written with write(): stdio would allocate, and this runs at exit. */
__attribute__((destructor)) static void
fault_report(void)
{
	const char *path = getenv("FAULT_REPORT");
	char line[512];
	ssize_t w;
	int fd, n;

	if (path == NULL || *path == '\0')
		return;
	fault_init();
	n = snprintf(line, sizeof line, "mallocs %lu reads %lu next-malloc "
	    "%s injected %lu\n", atomic_load(&fault_mallocs),
	    atomic_load(&fault_reads), fault_next_lib(),
	    atomic_load(&fault_injected));
	if (n <= 0 || (fd = open(path, O_WRONLY | O_CREAT | O_APPEND |
	    O_CLOEXEC, 0644)) == -1)
		return;
	w = write(fd, line, (size_t)n);
	(void)w;	/* nothing to be done about a short write here */
	close(fd);
}
