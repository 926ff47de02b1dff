/* sheet.c: the scramble sheet as text. */
#include "sheet.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/cube.h"

cc_err cc_app_sheet_derive(uint64_t seed, char *buf, size_t size, cc_error *err)
{
	cc_cube_tables *tables = NULL;
	cc_cube_sheet sheet;
	cc_err rc = cc_cube_tables_create(&tables, err);
	if (rc)
		return rc;
	cc_cube_sheet_derive(tables, seed, &sheet);
	cc_cube_tables_destroy(tables);
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < CC_CUBE_SHEET_CUBES && used < size; i++) {
		char line[CC_CUBE_ALG_TEXT_MAX];
		cc_cube_alg_format(&sheet.scrambles[i], line, sizeof line);
		int n = snprintf(buf + used, size - used, "%s%s", i ? "\n" : "", line);
		if (n < 0)
			break;
		used += (size_t)n;
	}
	return CC_OK;
}

void cc_app_sheet_line(const char *sheet, int n, char *buf, size_t size)
{
	const char *line = sheet;
	for (int i = 1; i < n && line; i++) {
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	if (!line || n < 1) {
		snprintf(buf, size, "%s", "");
		return;
	}
	const char *end = strchr(line, '\n');
	size_t len = end ? (size_t)(end - line) : strlen(line);
	snprintf(buf, size, "%.*s", (int)len, line);
}
