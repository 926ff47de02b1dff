/*
 * fuzz_scenario.c: libFuzzer harness. Bytes are read as a scenario; a
 * scenario the parser takes is run through a session (no record), its state
 * written as JSON and in every export format, and the round trip checked:
 * the scenario export, parsed and run again, gives the same state.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session.h"
#include "chesscubing/session_export.h"
#include "chesscubing/session_scenario.h"
#include "chesscubing/session_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs sc through a new session; NULL when the settings are refused. */
static cc_session *run(const cc_session_scenario *sc)
{
	cc_session *session = NULL;
	if (cc_session_create(&session, NULL, &sc->settings, false, NULL) != CC_OK)
		return NULL;
	for (size_t i = 0; i < sc->count; i++)
		(void)cc_session_apply(session, &sc->steps[i].event, NULL); /* refusals change nothing */
	return session;
}

static json_t *final_state(const cc_session *session)
{
	const cc_match *m = cc_session_match(session);
	return cc_session_state_json(m, cc_match_last_time(m), true);
}

/* Writes session in format into a fresh buffer (caller frees). */
static char *export_text(cc_session *session, cc_export_format format)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		abort();
	if (cc_session_export(cc_lang_default(), out, session, format) != 0)
		abort(); /* memory streams do not fail: an export error is a bug */
	fclose(out);
	return text;
}

static void parse_text(const char *text, size_t len, cc_session_scenario *sc, bool must)
{
	FILE *in = fmemopen((void *)(uintptr_t)text, len, "r");
	if (!in)
		abort();
	cc_error err;
	cc_err rc = cc_session_scenario_parse(in, sc, &err);
	fclose(in);
	if (rc && must) {
		fprintf(stderr, "the scenario export does not parse: %s\n%s", err.message, text);
		abort();
	}
	if (rc)
		sc->count = 0, sc->steps = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cc_session_scenario sc;
	if (size == 0 || size > 64 * 1024)
		return 0;
	FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
	if (!in)
		return 0;
	cc_err rc = cc_session_scenario_parse(in, &sc, NULL);
	fclose(in);
	if (rc)
		return 0;
	cc_session *session = run(&sc);
	cc_session_scenario_free(&sc);
	if (!session)
		return 0;
	free(export_text(session, CC_EXPORT_JSON));
	free(export_text(session, CC_EXPORT_PGN));
	free(export_text(session, CC_EXPORT_TEXT));
	char *scenario = export_text(session, CC_EXPORT_SCENARIO);
	cc_session_scenario again;
	parse_text(scenario, strlen(scenario), &again, true);
	cc_session *replayed = run(&again);
	cc_session_scenario_free(&again);
	if (!replayed) {
		fprintf(stderr, "the exported settings are refused:\n%s", scenario);
		abort();
	}
	json_t *a = final_state(session), *b = final_state(replayed);
	if (!a || !b || !json_equal(a, b)) {
		fprintf(stderr, "export and replay differ:\n%s", scenario);
		abort();
	}
	json_decref(a);
	json_decref(b);
	free(scenario);
	cc_session_destroy(replayed);
	cc_session_destroy(session);
	return 0;
}
