/*
 * checklist.c: the pre-match check-list of a ChessCubing match (CK-1):
 * its items, its record as an arbiter's dialog before block 1 (a hold and
 * its release, texts in a language-free spelling), and what the report
 * says of it. See session_checklist.h.
 */
#include "chesscubing/session_checklist.h"

#include <stdio.h>
#include <string.h>

#include "chesscubing/match.h"
#include "describe_internal.h"

static const char *const KEY[CC_CHECK_COUNT] = {"cubes", "scrambles", "board", "draw", "dgt"};
static const char *const STATE[] = {"open", "ticked", "skipped", "none", "confirmed"};
#define PREFIX "checklist "

void cc_session_checklist_init(cc_session_checklist *list, bool dgt_connected)
{
	memset(list, 0, sizeof *list);
	if (!dgt_connected)
		list->state[CC_CHECK_DGT] = CC_CHECK_NONE;
}

bool cc_session_checklist_done(const cc_session_checklist *list)
{
	for (int i = 0; i < CC_CHECK_COUNT; i++)
		if (list->state[i] == CC_CHECK_OPEN ||
		    (list->state[i] == CC_CHECK_SKIPPED && !list->reason[i][0]))
			return false;
	return true;
}

const char *cc_session_checklist_label(const cc_lang *lang, cc_check_item item)
{
	switch (item) {
	case CC_CHECK_CUBES:
		return _("Eight cubes and covers 1-4 present");
	case CC_CHECK_SCRAMBLES:
		return _("Same scrambles under each number (sheet printed)");
	case CC_CHECK_BOARD:
		return _("Board and variant ready");
	case CC_CHECK_DRAW:
		return _("Colour draw done before the players");
	case CC_CHECK_DGT:
		return _("DGT board shows the start position");
	case CC_CHECK_COUNT:
		break;
	}
	return "";
}

bool cc_session_checklist_texts(const cc_session_checklist *list, char *hold, size_t hold_size, char *release,
                                size_t release_size)
{
	size_t n = (size_t)snprintf(hold, hold_size, "checklist");
	size_t r = (size_t)snprintf(release, release_size, "checklist skipped");
	bool skipped = false;
	for (int i = 0; i < CC_CHECK_COUNT && n < hold_size; i++) {
		n += (size_t)snprintf(hold + n, hold_size - n, " %s=%s", KEY[i], STATE[list->state[i]]);
		if (list->state[i] != CC_CHECK_SKIPPED || r >= release_size)
			continue;
		r += (size_t)snprintf(release + r, release_size - r, "%s %s: %s", skipped ? ";" : "", KEY[i],
		                      list->reason[i]);
		skipped = true;
	}
	if (!skipped && release_size) /* CK-1.5: nothing skipped, said as such */
		snprintf(release, release_size, "checklist");
	if (r >= release_size && release_size) /* the reasons cut to the record's text, never the states */
		release[release_size - 1] = '\0';
	return n < hold_size;
}

bool cc_session_checklist_parse(const char *text, cc_session_checklist *out)
{
	memset(out, 0, sizeof *out);
	if (strncmp(text, PREFIX, strlen(PREFIX)) != 0 || strncmp(text, "checklist skipped", 17) == 0)
		return false;
	const char *p = text + strlen(PREFIX);
	for (int i = 0; i < CC_CHECK_COUNT; i++) {
		size_t k = strlen(KEY[i]);
		if (strncmp(p, KEY[i], k) != 0 || p[k] != '=')
			return false;
		p += k + 1;
		int st = 0;
		for (; st < 5 && strncmp(p, STATE[st], strlen(STATE[st])) != 0; st++)
			;
		if (st == 5)
			return false;
		out->state[i] = (cc_check_state)st;
		p += strlen(STATE[st]);
		if (*p == ' ')
			p++;
	}
	return *p == '\0';
}

cc_err cc_session_record_checklist(cc_session *s, const cc_session_checklist *list, int64_t t_ms, cc_error *err)
{
	for (int i = 0; i < CC_CHECK_COUNT; i++)
		if (list->state[i] == CC_CHECK_OPEN || (list->state[i] == CC_CHECK_SKIPPED && !list->reason[i][0]))
			return cc_refuse(err, CC_MSG_CHECKLIST_OPEN, KEY[i]);
	cc_match_view v;
	cc_match_view_at(cc_session_match(s), t_ms, &v);
	if (v.phase != CC_PHASE_SETUP || v.held)
		return cc_refuse(err, CC_MSG_CHECKLIST_STARTED);
	cc_event hold = cc_event_hold(t_ms), release = cc_event_release(t_ms);
	(void)cc_session_checklist_texts(list, hold.text, sizeof hold.text, release.text, sizeof release.text);
	cc_err rc = cc_session_apply(s, &hold, err);
	return rc ? rc : cc_session_apply(s, &release, err);
}

bool cc_session_has_checklist(const cc_session *s)
{
	const cc_match *m = cc_session_match(s);
	cc_session_checklist list;
	cc_event ev;
	for (size_t i = 0; i < cc_match_event_count(m); i++) {
		cc_match_event_at(m, i, &ev);
		if (ev.kind == CC_EV_HOLD && cc_session_checklist_parse(ev.text, &list))
			return true;
	}
	return false;
}

static const char *state_word(const cc_lang *lang, cc_check_state st)
{
	switch (st) {
	case CC_CHECK_OPEN:
		return _("still open");
	case CC_CHECK_TICKED:
		return _("ticked");
	case CC_CHECK_SKIPPED:
		return _("skipped");
	case CC_CHECK_NONE:
		return _("not asked");
	case CC_CHECK_CONFIRMED:
		return _("confirmed at the start");
	}
	return "";
}

bool cc_session_describe_checklist(const cc_lang *lang, bool release, const char *text, char *buf, size_t size)
{
	if (release) {
		if (strcmp(text, "checklist") == 0) { /* the release of a list with nothing skipped */
			snprintf(buf, size, "%s", _("check-list: no item skipped"));
			return true;
		}
		if (strncmp(text, "checklist skipped ", 18) != 0)
			return false;
		snprintf(buf, size, _("check-list, skipped with the arbiter's reason: %s"), text + 18);
		return true;
	}
	cc_session_checklist list;
	if (!cc_session_checklist_parse(text, &list))
		return false;
	size_t n = (size_t)snprintf(buf, size, "%s", _("pre-match check-list (CK-1):"));
	for (int i = 0; i < CC_CHECK_COUNT && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s %s %s", i ? ";" : "",
		                      cc_session_checklist_label(lang, (cc_check_item)i), state_word(lang, list.state[i]));
	return true;
}
