/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A minimal TAP producer for the unit tests: ok(), is_int(), is_str(),
 * done_testing().  Header-only so each test program stays one file.
 */
#ifndef MGT_TAP_H
#define MGT_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_n;
static int tap_failed;

static int
tap_ok(int cond, const char *file, int line, const char *name)
{
	tap_n++;
	printf("%s %d - %s\n", cond ? "ok" : "not ok", tap_n, name);
	if (!cond) {
		tap_failed++;
		printf("#   failed at %s:%d\n", file, line);
	}
	return cond;
}

#define ok(cond, name) tap_ok(!!(cond), __FILE__, __LINE__, (name))

#define is_int(got, want, name) do {					\
	long long tap_g_ = (long long)(got), tap_w_ = (long long)(want); \
	if (!tap_ok(tap_g_ == tap_w_, __FILE__, __LINE__, (name)))	\
		printf("#   got %lld, want %lld\n", tap_g_, tap_w_);	\
} while (0)

#define is_str(got, want, name) do {					\
	const char *tap_g_ = (got), *tap_w_ = (want);			\
	int tap_c_ = (tap_g_ == NULL && tap_w_ == NULL) ||		\
	    (tap_g_ != NULL && tap_w_ != NULL && strcmp(tap_g_, tap_w_) == 0); \
	if (!tap_ok(tap_c_, __FILE__, __LINE__, (name)))		\
		printf("#   got \"%s\", want \"%s\"\n",			\
		    tap_g_ ? tap_g_ : "(null)", tap_w_ ? tap_w_ : "(null)"); \
} while (0)

static int
done_testing(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
