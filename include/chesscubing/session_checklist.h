/*
 * session_checklist.h: the pre-match check-list of a ChessCubing match
 * (rules/chesscubing.md CK-1, seed 000's « Check-list terrain »): the eight
 * cubes and covers 1-4, identical scrambles under each number (the sheet
 * printed), the board and the variant, the colour draw done in front of
 * the players, and the DGT board's start position when one is connected.
 * Each item is ticked, or skipped with the arbiter's reason.
 *
 * Recorded with the match without a schema step, as an arbiter's dialog
 * before block 1 (RU-31's hold and release, which stop no running clock
 * there): the hold's text says each item's state in a language-free
 * spelling ("checklist cubes=ticked scrambles=skipped board=ticked
 * draw=ticked dgt=none"), the release's text the skipped items' reasons
 * ("checklist skipped scrambles: no printer"). The events' wall time is
 * the check-list's time. The report, `show` and the match sheet tell both
 * among the arbiter's interventions.
 */
#ifndef CHESSCUBING_SESSION_CHECKLIST_H
#define CHESSCUBING_SESSION_CHECKLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/session.h"
#include "chesscubing/support_lang.h"

typedef enum {
	CC_CHECK_CUBES,     /* eight cubes and covers 1-4 present */
	CC_CHECK_SCRAMBLES, /* identical scrambles under each number, the sheet printed */
	CC_CHECK_BOARD,     /* the board and the variant */
	CC_CHECK_DRAW,      /* the colour draw done in front of the players */
	CC_CHECK_DGT,       /* the DGT board shows the start position (when one is connected) */
	CC_CHECK_COUNT
} cc_check_item;

typedef enum {
	CC_CHECK_OPEN,    /* not yet ticked nor skipped */
	CC_CHECK_TICKED,
	CC_CHECK_SKIPPED, /* with its reason */
	CC_CHECK_NONE,    /* not asked (no DGT board connected) */
	CC_CHECK_CONFIRMED /* still open at the start key, the list on screen: confirmed at once by it */
} cc_check_state;

#define CC_CHECK_REASON_MAX 64

typedef struct {
	cc_check_state state[CC_CHECK_COUNT];
	char reason[CC_CHECK_COUNT][CC_CHECK_REASON_MAX];
} cc_session_checklist;

/* A fresh list: every item open, the DGT item not asked without a board. */
void cc_session_checklist_init(cc_session_checklist *list, bool dgt_connected);

/* Is every item ticked, skipped or not asked? */
bool cc_session_checklist_done(const cc_session_checklist *list);

/* The item's label in lang ("Eight cubes and covers 1-4 present"). */
const char *cc_session_checklist_label(const cc_lang *lang, cc_check_item item);

/* The record's texts of list (the hold's, the release's); false when buf is too small. */
bool cc_session_checklist_texts(const cc_session_checklist *list, char *hold, size_t hold_size, char *release,
                                size_t release_size);

/* The states read back from a hold's text; false when text is no check-list. */
bool cc_session_checklist_parse(const char *text, cc_session_checklist *out);

/* The check-list recorded with the match at match time t_ms (before block
 * 1): refused when an item is still open or the match has started. */
cc_err cc_session_record_checklist(cc_session *s, const cc_session_checklist *list, int64_t t_ms, cc_error *err);

/* Has the match's record its check-list? */
bool cc_session_has_checklist(const cc_session *s);

/* The check-list event (a hold's or a release's text) said in lang: false
 * when text is no check-list. */
bool cc_session_describe_checklist(const cc_lang *lang, bool release, const char *text, char *buf, size_t size);

#endif
