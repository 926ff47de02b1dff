/*
 * fuzz_store.c: libFuzzer harness for opening someone else's database.
 * The bytes are written to a file that is opened read only through the
 * session layer, listed, and each listed match read back and exported as
 * text: anything may be refused, nothing may crash, leak or write.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chesscubing/session.h"
#include "chesscubing/session_export.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/cc-fuzz-store-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return 0;
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		unlink(path);
		return 0;
	}
	close(fd);
	cc_session_db *db = NULL;
	if (cc_session_db_open(&db, path, CC_SESSION_DB_READ, NULL, NULL) == CC_OK) {
		cc_session_info *items = NULL;
		size_t count = 0;
		if (cc_session_db_list(db, &items, &count, NULL) == CC_OK) {
			for (size_t i = 0; i < count && i < 8; i++) {
				cc_session *session = NULL;
				if (cc_session_read(&session, db, items[i].id, NULL) != CC_OK)
					continue;
				FILE *out = fopen("/dev/null", "w");
				if (out) {
					(void)cc_session_export(cc_lang_default(), out, session, CC_EXPORT_TEXT);
					fclose(out);
				}
				cc_session_destroy(session);
			}
		}
		free(items);
	}
	cc_session_db_close(db);
	char side[sizeof path + 8];
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
	unlink(path);
	return 0;
}
