/*
 * fuzz_trf.c: libFuzzer harness for the TRF16 reader (trf.h), which reads
 * what other programs write (`chesscubing pair --dutch`, `event import
 * --trf`). The input is a TRF file's bytes.
 * Properties: the same text read twice gives the same value; the text with
 * every bare line feed written CR LF (as bbpPairings and Windows programs
 * write it) reads to the same value or is refused on the same line; a file
 * taken is in range (at most CC_TRF_MAX_PLAYERS players and
 * CC_TRF_MAX_ROUNDS cells, pairing numbers 1..9999 and each found by
 * cc_trf_find, names ended within their field, each cell's letters and
 * opponent in range); a file refused names a line of it, or none (0) for
 * what the whole file says (an opponent who is not in it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/trf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_trf: %s\n", what);
	abort();
}

static void in_range(const cc_trf *t)
{
	if (t->nplayers > CC_TRF_MAX_PLAYERS || t->ncells > CC_TRF_MAX_ROUNDS || t->total_rounds > 9999)
		fail("a count out of range");
	for (unsigned i = 0; i < t->nplayers; i++) {
		const cc_trf_player *p = &t->players[i];
		if (p->id < 1 || p->id > 9999 || cc_trf_find(t, p->id) != p)
			fail("a pairing number out of range or not found as itself");
		if (!memchr(p->name, '\0', sizeof p->name))
			fail("a name not ended in its field");
		for (unsigned r = 0; r < CC_TRF_MAX_ROUNDS; r++) {
			const cc_trf_cell *c = &p->cells[r];
			if (c->opponent > 9999 || (unsigned)c->result > CC_TRF_RESULT_ZERO_BYE ||
			    (unsigned)c->colour > CC_TRF_COLOUR_BLACK)
				fail("a cell out of range");
			(void)cc_trf_cell_points10(t, c);
			(void)cc_trf_cell_played(c);
		}
	}
}

/* Each line feed not after a carriage return written CR LF. */
static char *crlf(const uint8_t *data, size_t size, size_t *out_size)
{
	char *out = malloc(2 * size + 1);
	size_t n = 0;
	if (!out)
		fail("out of memory");
	for (size_t i = 0; i < size; i++) {
		if (data[i] == '\n' && (i == 0 || data[i - 1] != '\r'))
			out[n++] = '\r';
		out[n++] = (char)data[i];
	}
	*out_size = n;
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static cc_trf a, b, c;
	cc_error ea = {0}, eb = {0}, ec = {0};
	cc_err ra = cc_trf_parse(&a, (const char *)data, size, &ea);
	cc_err rb = cc_trf_parse(&b, (const char *)data, size, &eb);
	if (ra != rb || memcmp(&a, &b, sizeof a) != 0)
		fail("the same text read twice gives two values");
	size_t lines = 1;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n' || data[i] == '\r';
	if (ra != CC_OK && (ea.line < 0 || (size_t)ea.line > lines))
		fail("a refusal names a line the file does not have");
	if (ra == CC_OK)
		in_range(&a);
	size_t n = 0;
	char *text = crlf(data, size, &n);
	cc_err rc = cc_trf_parse(&c, text, n, &ec);
	free(text);
	if (rc != ra || (ra == CC_OK && memcmp(&a, &c, sizeof a) != 0) || (ra != CC_OK && ea.line != ec.line))
		fail("the file written CR LF reads otherwise");
	return 0;
}
