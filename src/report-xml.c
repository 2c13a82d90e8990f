/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One escaper for the two markup formats: HTML (the report) and XML (JUnit
 * and `corpus --junit`).  Both make markup characters entities and cut
 * long strings; they differ in what they do with bytes and characters a
 * reader cannot take or a viewer may act on, chosen by REPORT_XML_* flags.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

#define XML_REPLACEMENT	"\xef\xbf\xbd"	/* U+FFFD */
#define XML_ELLIPSIS	"\xe2\x80\xa6"	/* U+2026 */
#define XML_WORD_LONG	32	/* bytes: a word this long gets <wbr>s */
#define XML_SPACE	" \t\n\r"

/* Bytes from s up to the next white space or n. */
static size_t
xml_word_len(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && strchr(XML_SPACE, s[i]) == NULL; i++)
		continue;
	return i;
}

/*
 * Whether a long word may break between s[i - 1] and s[i]: after a
 * separator that the next byte does not repeat ("//"), and after a dot
 * only before a letter, so numbers, times and versions stay whole.  A
 * hyphen needs no mark: browsers break after one already.
 */
static int
xml_break_before(const char *s, size_t i, const char *seps)
{
	char a, b;

	if (i == 0)
		return 0;
	a = s[i - 1];
	b = s[i];
	if (strchr(seps, a) == NULL || strchr(seps, b) != NULL)
		return 0;
	return a != '.' || !(b >= '0' && b <= '9');
}

/* A byte (wide 0) or character (wide 1) HTML shows as a marked
 * escape: "\xNN" or "\uNNNN". */
static void
xml_html_esc(FILE *fp, int wide, unsigned int v)
{
	fprintf(fp, wide ? "<span class=\"esc\">\\u%04x</span>" :
	    "<span class=\"esc\">\\x%02x</span>", v);
}

/* One valid character cp, its l bytes at s. */
static void
xml_char(FILE *fp, const char *s, size_t l, uint32_t cp, int flags)
{
	int html = flags & REPORT_XML_HTML;

	switch (cp) {
	case '&':
		fputs("&amp;", fp);
		return;
	case '<':
		fputs("&lt;", fp);
		return;
	case '>':
		fputs("&gt;", fp);
		return;
	case '"':
		fputs("&quot;", fp);
		return;
	case '\'':
		fputs(html ? "&#39;" : "&apos;", fp);
		return;
	}
	if (!html && (cp == '\t' || cp == '\n' || cp == '\r')) {
		if (flags & REPORT_XML_ATTR)
			fprintf(fp, "&#%u;", (unsigned int)cp);
		else
			fputc((int)cp, fp);
	} else if (html && (flags & REPORT_XML_LINES) &&
	    (cp == '\n' || cp == '\t'))
		fputc((int)cp, fp);
	else if (html && (cp < 0x20 || cp == 0x7f))
		xml_html_esc(fp, 0, (unsigned int)cp);
	else if (!html && (cp < 0x20 || cp == 0xfffe || cp == 0xffff))
		return;		/* not an XML 1.0 Char */
	else if (report_term_risky(cp) && html)
		xml_html_esc(fp, 1, (unsigned int)cp);
	else if (report_term_risky(cp))
		fprintf(fp, "\\u%04x", (unsigned int)cp);
	else if (html && (cp == 0x2028 || cp == 0x2029))
		fprintf(fp, "&#x%x;", (unsigned int)cp);
	else
		fwrite(s, 1, l, fp);
}

void
report_xml_put_cut(FILE *fp, const char *s, size_t max, int flags)
{
	size_t n, i = 0, l;
	uint32_t cp;
	const char *seps = NULL;
	int inword = 0, longword = 0;

	if (s == NULL)
		return;
	if (flags & REPORT_XML_BREAKS)
		seps = "/._,=";
	else if (flags & REPORT_XML_LIST)
		seps = ",";
	n = report_cut(s, max);
	while (i < n) {
		if (seps != NULL && !inword) {
			longword = (flags & REPORT_XML_LIST) ||
			    xml_word_len(s + i, n - i) >= XML_WORD_LONG;
			inword = 1;
		}
		if (strchr(XML_SPACE, s[i]) != NULL)
			inword = 0;
		else if (longword && xml_break_before(s, i, seps))
			fputs("<wbr>", fp);
		if ((l = utf8_decode(s + i, n - i, &cp)) == 0) {
			if (flags & REPORT_XML_HTML)
				xml_html_esc(fp, 0, (unsigned char)s[i]);
			else
				fputs(XML_REPLACEMENT, fp);
			i++;
			continue;
		}
		xml_char(fp, s + i, l, cp, flags);
		i += l;
	}
	if (s[n] != '\0')
		fputs(XML_ELLIPSIS, fp);
}

void
report_xml_put(FILE *fp, const char *s, int attr)
{
	report_xml_put_cut(fp, s, REPORT_XML_MAX, attr ? REPORT_XML_ATTR : 0);
}
