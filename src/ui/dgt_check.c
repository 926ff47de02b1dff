/*
 * dgt_check.c: `chesscubing dgt DEVICE`, the board's check before a match
 * (the command reads its options in src/cli/cmd_dgt.c; ui.h).
 *
 * Opens the board as the console does (dgt_reader.c), prints its version
 * and serial number, the board as it stands (white at the bottom when the
 * board's connector is on White's left), the orientation the starting
 * position shows, then every piece lifted or placed, the board again
 * after each placement, and a pulled cable and its return. The time at
 * the start of each line is seconds since the start.
 */
#include "chesscubing/ui.h"
#include "chesscubing/chess.h"
#include "chesscubing/session.h"
#include "chesscubing/session_describe.h"
#include "ui_dgt.h"
#include "ui_i18n.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* The letter of a board code: PNBRQK white, pnbrqk black, . empty, ? odd. */
static char piece_letter(uint8_t code)
{
	static const char letters[] = "?PNBRQK";
	if (code == 0)
		return '.';
	if (code == CC_DGT_ODD || (code & 7u) == 0 || (code & 7u) > 6)
		return '?';
	char l = letters[code & 7u];
	return (code >> 3) ? (char)(l - 'A' + 'a') : l;
}

static void print_board(const cc_dgt_board *b)
{
	for (int rank = 7; rank >= 0; rank--) {
		printf("  %d ", rank + 1);
		for (int file = 0; file < 8; file++)
			printf(" %c", piece_letter(b->sq[rank * 8 + file]));
		putchar('\n');
	}
	printf("     a b c d e f g h\n");
}

static void print_orientation(const cc_ui_dgt_reader *r)
{
	cc_chess_position start;
	cc_dgt_board expected;
	cc_dgt_orientation o;
	cc_chess_position_start(&start);
	cc_dgt_board_from_position(&start, &expected);
	if (!cc_dgt_orientation_of(r->fields, &expected, &o))
		printf("%s\n", _("Orientation: not known yet (set up the starting position to see it)."));
	else if (o == CC_DGT_NORMAL)
		printf("%s\n", _("Orientation: normal, white at the bottom (the connector on White's left)."));
	else
		printf("%s\n", _("Orientation: turned round, white at the top: the console reads it so too."));
}

/* Seconds since the start as a line's first column: "   0.980" ("   0,980"
 * in French: the language's decimal separator, as its other lines). */
static const char *seconds(double at, char *buf, size_t size)
{
	snprintf(buf, size, "%8.3f", at);
	cc_lang_decimal_local(cc_ui_lang(), buf);
	return buf;
}

/* The squares whose piece changed from was to now, one line each. */
static void print_changes(double at, const cc_dgt_board *was, const cc_dgt_board *now, bool *placed)
{
	for (unsigned sq = 0; sq < 64; sq++) {
		if (was->sq[sq] == now->sq[sq])
			continue;
		char name[3] = {(char)('a' + sq % 8), (char)('1' + sq / 8), '\0'}, t[32];
		if (now->sq[sq] == 0)
			printf(_("%s s  lifted from %s: %c\n"), seconds(at, t, sizeof t), name, piece_letter(was->sq[sq]));
		else {
			printf(_("%s s  placed on %s: %c\n"), seconds(at, t, sizeof t), name, piece_letter(now->sq[sq]));
			*placed = true;
		}
	}
}

static void print_news(cc_ui_dgt_reader *r, unsigned seen, double at, cc_dgt_board *shown, bool *dumped)
{
	if (seen & CC_UI_DGT_LOST) {
		cc_error err;
		char why[256], t[32];
		cc_refuse(&err, CC_MSG_DGT_CABLE_OUT, r->path);
		cc_session_describe_refusal(cc_ui_lang(), &err, why, sizeof why);
		printf(_("%s s  %s: waiting for it\n"), seconds(at, t, sizeof t), why);
	}
	char t[32];
	if (seen & CC_UI_DGT_BACK)
		printf(_("%s s  connected again\n"), seconds(at, t, sizeof t));
	if ((seen & CC_UI_DGT_INFO) && r->serial[0] && (r->major || r->minor))
		printf(_("Board version %u.%u, serial number %s\n"), r->major, r->minor, r->serial);
	if (!(seen & CC_UI_DGT_CHANGED) || !r->have_board)
		return;
	cc_dgt_board now;
	cc_ui_dgt_reader_board(r, CC_DGT_NORMAL, &now);
	if (!*dumped) {
		printf(_("%s s  the board:\n"), seconds(at, t, sizeof t));
		print_board(&now);
		print_orientation(r);
		*dumped = true;
	} else {
		bool placed = false;
		print_changes(at, shown, &now, &placed);
		if (placed)
			print_board(&now);
	}
	*shown = now;
}

int cc_ui_dgt_check(const cc_ui_dgt_check_options *o)
{
	const cc_clock *clock = cc_clock_system();
	int64_t start = clock->monotonic_ms(clock), now = start;
	cc_ui_dgt_reader r;
	if (!cc_ui_dgt_reader_open(&r, o->device, start)) {
		fprintf(stderr, _("chesscubing dgt: cannot open %s: %s\n"), o->device, strerror(r.last_errno));
		return 1;
	}
	printf(_("Reading the board on %s (Ctrl-C ends)\n"), o->device);
	fflush(stdout);
	interrupted = 0;
	signal(SIGINT, on_interrupt);
	signal(SIGTERM, on_interrupt);
	cc_dgt_board shown;
	memset(&shown, 0, sizeof shown);
	bool dumped = false;
	while (!interrupted && (o->seconds <= 0 || now - start < o->seconds * 1000)) {
		struct pollfd pfd = {cc_ui_dgt_reader_fd(&r), POLLIN, 0};
		int64_t wait = cc_ui_dgt_reader_wait_ms(&r, now);
		poll(pfd.fd >= 0 ? &pfd : NULL, pfd.fd >= 0 ? 1 : 0, pfd.fd >= 0 ? 250 : (int)(wait < 250 ? wait : 250));
		now = clock->monotonic_ms(clock);
		bool was_lost = r.fd < 0;
		unsigned seen = cc_ui_dgt_reader_poll(&r, now);
		if (seen & CC_UI_DGT_BACK || (was_lost && r.fd >= 0))
			dumped = false;
		print_news(&r, seen, (double)(now - start) / 1000.0, &shown, &dumped);
		fflush(stdout);
	}
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	/* Each count in its form ("1 message", "0 message cassé" in French). */
	unsigned n[4] = {(unsigned)r.decoder.stats.messages, (unsigned)r.updates, (unsigned)r.decoder.stats.garbage,
	                 (unsigned)r.decoder.stats.broken};
	printf(P_("%u message", "%u messages", n[0]), n[0]);
	printf(P_(", %u field update", ", %u field updates", n[1]), n[1]);
	printf(P_(", %u byte of garbage", ", %u bytes of garbage", n[2]), n[2]);
	printf(P_(", %u broken message\n", ", %u broken messages\n", n[3]), n[3]);
	cc_ui_dgt_reader_close(&r);
	return 0;
}
