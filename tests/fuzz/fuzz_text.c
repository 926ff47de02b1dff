/*
 * fuzz_text.c: libFuzzer harness for the small text formats: a solve time
 * (23.45, 1:02.30, DNF) and a cube algorithm in WCA notation. What is taken
 * is written back and read again to the same value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/cube.h"
#include "chesscubing/timefmt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[1024];
	if (size >= sizeof text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	int32_t cs, back;
	char shown[32];
	if (cc_time_parse_cs(text, &cs, NULL) == CC_OK) {
		cc_time_format_cs(cs, shown, sizeof shown);
		if (cc_time_parse_cs(shown, &back, NULL) != CC_OK || back != cs)
			abort();
	}
	cc_cube_alg alg, again;
	char written[CC_CUBE_ALG_TEXT_MAX], rewritten[CC_CUBE_ALG_TEXT_MAX];
	if (cc_cube_alg_parse(text, &alg, NULL) == CC_OK) {
		cc_cube_alg_format(&alg, written, sizeof written);
		if (cc_cube_alg_parse(written, &again, NULL) != CC_OK)
			abort();
		cc_cube_alg_format(&again, rewritten, sizeof rewritten);
		if (strcmp(written, rewritten) != 0)
			abort();
		cc_cube c;
		cc_cube_init(&c);
		cc_cube_apply_alg(&c, &alg);
		if (cc_cube_check(&c, NULL) != CC_OK)
			abort(); /* any sequence of moves leaves a solvable cube */
	}
	return 0;
}
