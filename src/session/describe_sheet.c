/*
 * describe_sheet.c: the scramble sheet as every place shows it (screen,
 * file, report, `scramble --sheet`).
 */
#include "chesscubing/cube.h"

#include "describe_internal.h"

void cc_session_describe_sheet(const cc_lang *lang, uint64_t seed, const char *sheet, char *buf, size_t size)
{
	size_t len = 0;
	if (size == 0)
		return;
	buf[0] = '\0';
	len = cc_session_describe_append(buf, size, len, _("ChessCubing scramble sheet (seed %llu)"),
	                                 (unsigned long long)seed);
	len = cc_session_describe_append(buf, size, len, "\n%s\n\n",
	                                 _("Apply each scramble to both players' cubes under its number."));
	for (int n = 1; n <= CC_CUBE_SHEET_CUBES; n++) {
		char line[CC_SESSION_SHEET_MAX];
		cc_session_sheet_line(sheet, n, line, sizeof line);
		len = cc_session_describe_append(buf, size, len, _("Cube %d: %s"), n, line);
		len = cc_session_describe_append(buf, size, len, "\n");
	}
}
