/* SPDX-License-Identifier: Apache-2.0 */
/*
 * readall FILE: read and inflate every member of an archive with
 * libarchive, in-process, and discard the bytes.  A reference for the
 * benchmark: the work of the floor (bsdtar -xOf > /dev/null) without its
 * write(2) calls, which cost a varying second on our VMs.
 */
#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>

int
main(int argc, char **argv)
{
	struct archive *a;
	struct archive_entry *e;
	const void *buf;
	size_t len;
	la_int64_t off;
	unsigned long long total = 0;
	int r;

	if (argc != 2) {
		fprintf(stderr, "usage: readall ARCHIVE\n");
		return 2;
	}
	a = archive_read_new();
	archive_read_support_filter_all(a);
	archive_read_support_format_all(a);
	if (archive_read_open_filename(a, argv[1], 1 << 20) != ARCHIVE_OK) {
		fprintf(stderr, "readall: %s\n", archive_error_string(a));
		return 1;
	}
	while ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
		while ((r = archive_read_data_block(a, &buf, &len, &off)) ==
		    ARCHIVE_OK)
			total += len;
		if (r != ARCHIVE_EOF)
			break;
	}
	if (r != ARCHIVE_EOF) {
		fprintf(stderr, "readall: %s\n", archive_error_string(a));
		return 1;
	}
	archive_read_free(a);
	printf("%llu\n", total);
	return 0;
}
