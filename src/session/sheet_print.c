/*
 * sheet_print.c: the printable scramble sheet (session_sheet.h, CU-6.1 to
 * CU-6.3), drawn with cairo onto one A4 page, PDF or SVG.
 *
 * cairo is opened at the first sheet (cc_dynlib_open), its functions
 * looked up once into a table: every other command of the program starts
 * without it and its libraries (fontconfig, freetype, pixman, png, X11...).
 */
#include "chesscubing/session_sheet.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chesscubing/cube.h"
#include "chesscubing/support_dynlib.h"
#include "describe_internal.h"
#include "pen_internal.h"

/* --- cairo, opened at first use ------------------------------------------ */

typedef struct {
	cairo_surface_t *(*pdf_create)(cairo_write_func_t, void *, double, double);
	cairo_surface_t *(*svg_create)(cairo_write_func_t, void *, double, double);
	void (*pdf_set_metadata)(cairo_surface_t *, cairo_pdf_metadata_t, const char *);
	cairo_status_t (*surface_status)(cairo_surface_t *);
	void (*surface_finish)(cairo_surface_t *);
	void (*surface_destroy)(cairo_surface_t *);
	cairo_t *(*create)(cairo_surface_t *);
	cairo_status_t (*status)(cairo_t *);
	void (*destroy)(cairo_t *);
	void (*set_source_rgb)(cairo_t *, double, double, double);
	void (*set_line_width)(cairo_t *, double);
	void (*rectangle)(cairo_t *, double, double, double, double);
	void (*fill_preserve)(cairo_t *);
	void (*stroke)(cairo_t *);
	void (*move_to)(cairo_t *, double, double);
	void (*line_to)(cairo_t *, double, double);
	void (*select_font_face)(cairo_t *, const char *, cairo_font_slant_t, cairo_font_weight_t);
	void (*set_font_size)(cairo_t *, double);
	void (*show_text)(cairo_t *, const char *);
	void (*text_extents)(cairo_t *, const char *, cairo_text_extents_t *);
	void (*show_page)(cairo_t *);
	const char *(*status_to_string)(cairo_status_t);
	void (*debug_reset_static_data)(void);
} cairo_api;

static cairo_api cairo;
static cc_dynlib cairo_lib;

/* Opened once for the process (a process prints few sheets), or the
 * refusal that says which library is missing. */
static cc_err open_cairo(const cairo_api **api, cc_error *err)
{
	const cc_dynlib_symbol table[] = {
		CC_DYNLIB_SYMBOL(cairo.pdf_create, cairo_pdf_surface_create_for_stream),
		CC_DYNLIB_SYMBOL(cairo.svg_create, cairo_svg_surface_create_for_stream),
		CC_DYNLIB_SYMBOL(cairo.pdf_set_metadata, cairo_pdf_surface_set_metadata),
		CC_DYNLIB_SYMBOL(cairo.surface_status, cairo_surface_status),
		CC_DYNLIB_SYMBOL(cairo.surface_finish, cairo_surface_finish),
		CC_DYNLIB_SYMBOL(cairo.surface_destroy, cairo_surface_destroy),
		CC_DYNLIB_SYMBOL(cairo.create, cairo_create),
		CC_DYNLIB_SYMBOL(cairo.status, cairo_status),
		CC_DYNLIB_SYMBOL(cairo.destroy, cairo_destroy),
		CC_DYNLIB_SYMBOL(cairo.set_source_rgb, cairo_set_source_rgb),
		CC_DYNLIB_SYMBOL(cairo.set_line_width, cairo_set_line_width),
		CC_DYNLIB_SYMBOL(cairo.rectangle, cairo_rectangle),
		CC_DYNLIB_SYMBOL(cairo.fill_preserve, cairo_fill_preserve),
		CC_DYNLIB_SYMBOL(cairo.stroke, cairo_stroke),
		CC_DYNLIB_SYMBOL(cairo.move_to, cairo_move_to),
		CC_DYNLIB_SYMBOL(cairo.line_to, cairo_line_to),
		CC_DYNLIB_SYMBOL(cairo.select_font_face, cairo_select_font_face),
		CC_DYNLIB_SYMBOL(cairo.set_font_size, cairo_set_font_size),
		CC_DYNLIB_SYMBOL(cairo.show_text, cairo_show_text),
		CC_DYNLIB_SYMBOL(cairo.text_extents, cairo_text_extents),
		CC_DYNLIB_SYMBOL(cairo.show_page, cairo_show_page),
		CC_DYNLIB_SYMBOL(cairo.status_to_string, cairo_status_to_string),
		CC_DYNLIB_SYMBOL(cairo.debug_reset_static_data, cairo_debug_reset_static_data),
	};
	if (!cc_dynlib_open(&cairo_lib, CC_CAIRO_SONAME, "1.16", table, sizeof table / sizeof table[0]))
		return cc_refuse(err, CC_MSG_SHEET_NO_CAIRO, cairo_lib.why);
	*api = &cairo;
	return CC_OK;
}

/* --- the layout: one place, read by the drawing and by the tests ---------- */

#define MARGIN 42.0
#define ROWS_TOP 176.0
#define ROW_HEIGHT ((CC_SHEET_PAGE_HEIGHT - ROWS_TOP - 36.0) / CC_CUBE_SHEET_CUBES)
#define STICKER 13.0
#define FACE_GAP 3.0
#define FACE_SIDE (3 * STICKER)
#define NET_WIDTH (4 * FACE_SIDE + 3 * FACE_GAP)
#define NET_HEIGHT (3 * FACE_SIDE + 2 * FACE_GAP)
#define NET_LEFT (CC_SHEET_PAGE_WIDTH - MARGIN - NET_WIDTH)

/* Each face's place in the net, in faces (column, row), cc_cube_face order. */
static const int net_place[6][2] = {{1, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 1}, {3, 1}};

/* TNoodle's colours, which cubers know from every official sheet. */
static const double face_rgb[6][3] = {
	{1, 1, 1}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 0.5, 0}, {0, 0, 1},
};

static double row_top(int n)
{
	return ROWS_TOP + (n - 1) * ROW_HEIGHT;
}

void cc_session_sheet_sticker_box(int n, int facelet, double box[3])
{
	int face = facelet / 9, r = (facelet % 9) / 3, c = facelet % 3;
	double top = row_top(n) + (ROW_HEIGHT - NET_HEIGHT) / 2;
	box[0] = NET_LEFT + net_place[face][0] * (FACE_SIDE + FACE_GAP) + c * STICKER;
	box[1] = top + net_place[face][1] * (FACE_SIDE + FACE_GAP) + r * STICKER;
	box[2] = STICKER;
}

/* --- drawing --------------------------------------------------------------- */

struct cc_session_pen {
	const cairo_api *api;
	cairo_t *cr;
};
typedef cc_session_pen pen;

void cc_session_pen_font(const pen *p, bool bold, bool mono, double size)
{
	p->api->select_font_face(p->cr, mono ? "DejaVu Sans Mono" : "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
	                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	p->api->set_font_size(p->cr, size);
}

double cc_session_pen_width(const pen *p, const char *text)
{
	cairo_text_extents_t e;
	p->api->text_extents(p->cr, text, &e);
	return e.x_advance;
}

/* text at (x, y), as a terminal would show it (controls and invalid bytes
 * escaped: names from the record are hostile), cut on a whole character
 * with an ellipsis to fit width: never over the next column or the page. */
void cc_session_pen_say(const pen *p, double x, double y, double width, const char *text)
{
	char shown[512];
	cc_text_printable(text ? text : "", shown, sizeof shown);
	if (cc_session_pen_width(p, shown) > width) {
		static const char ellipsis[] = "\xe2\x80\xa6";
		size_t len = strlen(shown);
		while (len > 0) {
			len = cc_text_fit(shown, len - 1);
			memcpy(shown + len, ellipsis, sizeof ellipsis);
			if (cc_session_pen_width(p, shown) <= width)
				break;
		}
	}
	p->api->move_to(p->cr, x, y);
	p->api->show_text(p->cr, shown);
}

void cc_session_pen_line(const pen *p, double x0, double y0, double x1, double y1, double width, double grey)
{
	p->api->set_source_rgb(p->cr, grey, grey, grey);
	p->api->set_line_width(p->cr, width);
	p->api->move_to(p->cr, x0, y0);
	p->api->line_to(p->cr, x1, y1);
	p->api->stroke(p->cr);
	p->api->set_source_rgb(p->cr, 0, 0, 0);
}

/* The scramble in lines that fit width, broken between moves. */
static void say_scramble(const pen *p, double x, double y, double width, double step, const char *alg)
{
	char line[CC_CUBE_ALG_TEXT_MAX + 1] = "";
	const char *s = alg;
	while (*s) {
		while (*s == ' ')
			s++;
		size_t n = strcspn(s, " ");
		if (n == 0)
			break;
		size_t len = strlen(line);
		if (len + 1 + n >= sizeof line)
			break; /* longer than any scramble: the sheet was refused before */
		char trial[sizeof line];
		memcpy(trial, line, len);
		if (len)
			trial[len++] = ' ';
		memcpy(trial + len, s, n);
		trial[len + n] = '\0';
		if (line[0] && cc_session_pen_width(p, trial) > width) {
			cc_session_pen_say(p, x, y, width, line);
			y += step;
			memcpy(line, s, n);
			line[n] = '\0';
		} else {
			memcpy(line, trial, len + n + 1);
		}
		s += n;
	}
	if (line[0])
		cc_session_pen_say(p, x, y, width, line);
}

static void draw_net(const pen *p, int n, const cc_cube_face facelets[CC_CUBE_FACELETS])
{
	p->api->set_line_width(p->cr, 0.8);
	for (int i = 0; i < CC_CUBE_FACELETS; i++) {
		double box[3];
		const double *rgb = face_rgb[facelets[i]];
		cc_session_sheet_sticker_box(n, i, box);
		p->api->rectangle(p->cr, box[0], box[1], box[2], box[2]);
		p->api->set_source_rgb(p->cr, rgb[0], rgb[1], rgb[2]);
		p->api->fill_preserve(p->cr);
		p->api->set_source_rgb(p->cr, 0, 0, 0);
		p->api->stroke(p->cr);
	}
}

static void draw_header(const cc_lang *lang, const pen *p, const cc_session_sheet_page *page)
{
	double width = CC_SHEET_PAGE_WIDTH - 2 * MARGIN;
	char line[512];
	p->api->set_source_rgb(p->cr, 0, 0, 0);
	cc_session_pen_font(p, true, false, 20);
	cc_session_pen_say(p, MARGIN, 62, width, _("ChessCubing scramble sheet"));
	cc_session_pen_font(p, false, false, 11);
	int len = page->match_id > 0 ? snprintf(line, sizeof line, _("Match %lld"), (long long)page->match_id)
	                             : snprintf(line, sizeof line, "%s", _("Before the match"));
	if (len >= 0 && page->game && page->game[0] && (size_t)len < sizeof line)
		len += snprintf(line + len, sizeof line - (size_t)len, "  \xc2\xb7  %s", page->game);
	if (len >= 0 && page->date && page->date[0] && (size_t)len < sizeof line)
		(void)snprintf(line + len, sizeof line - (size_t)len, "  \xc2\xb7  %s", page->date);
	cc_session_pen_say(p, MARGIN, 88, width, line);
	/* an event game: its event, round and board under the match (issue 33),
	 * the lines below closer so that they end above the first cube */
	bool event = page->event && page->event[0];
	double y = 106, step = event ? 15 : 18;
	if (event) {
		snprintf(line, sizeof line, _("Event: %s, round %u, board %u"), page->event, page->round, page->board);
		cc_session_pen_say(p, MARGIN, y, width, line);
		y += step;
	}
	double half = width / 2 - 6;
	if (page->colours_by_lot && page->white && page->black) {
		snprintf(line, sizeof line, _("Players: %s and %s (colours drawn by lot at the start)"), page->white,
		         page->black);
		cc_session_pen_say(p, MARGIN, y, width, line);
	} else if (page->white && page->white[0]) {
		snprintf(line, sizeof line, _("White: %s"), page->white);
		cc_session_pen_say(p, MARGIN, y, half, line);
	}
	if (!page->colours_by_lot && page->black && page->black[0]) {
		snprintf(line, sizeof line, _("Black: %s"), page->black);
		cc_session_pen_say(p, MARGIN + width / 2 + 6, y, half, line);
	}
	snprintf(line, sizeof line, _("Seed %llu: the same seed always gives this sheet."),
	         (unsigned long long)page->seed);
	cc_session_pen_say(p, MARGIN, y + step, width, line);
	cc_session_pen_say(p, MARGIN, y + 2 * step, width, _("Apply each scramble to both players' cubes under its number."));
	cc_session_pen_say(p, MARGIN, y + 3 * step, width, _("Hold the cube white on top, green in front; each drawing shows the cube after its scramble."));
}

/* What the scramble sheet's drawing reads. */
typedef struct {
	const cc_lang *lang;
	const cc_session_sheet_page *page;
	const cc_cube_alg *algs;
} sheet_drawing;

static void draw_page(const pen *p, void *ctx)
{
	const sheet_drawing *d = ctx;
	const cc_lang *lang = d->lang;
	draw_header(lang, p, d->page);
	double text_width = NET_LEFT - MARGIN - 18;
	for (int n = 1; n <= CC_CUBE_SHEET_CUBES; n++) {
		double top = row_top(n);
		char label[64], alg[CC_CUBE_ALG_TEXT_MAX];
		cc_session_pen_line(p, MARGIN, top, CC_SHEET_PAGE_WIDTH - MARGIN, top, 0.6, 0.6);
		cc_session_pen_font(p, true, false, 18);
		snprintf(label, sizeof label, _("Cube %d"), n);
		cc_session_pen_say(p, MARGIN, top + 32, text_width, label);
		cc_session_pen_font(p, false, true, 14);
		cc_cube_alg_format(&d->algs[n - 1], alg, sizeof alg);
		say_scramble(p, MARGIN, top + 62, text_width, 22, alg);
		cc_cube c;
		cc_cube_face facelets[CC_CUBE_FACELETS];
		cc_cube_init(&c);
		cc_cube_apply_alg(&c, &d->algs[n - 1]);
		cc_cube_facelets(&c, facelets);
		draw_net(p, n, facelets);
	}
}

/* --- the file -------------------------------------------------------------- */

typedef struct {
	int fd;
	int error; /* errno of the first failed write, 0 */
} sink;

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int length)
{
	sink *k = closure;
	size_t done = 0;
	while (k->error == 0 && done < length) {
		ssize_t w = write(k->fd, data + done, length - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			k->error = w < 0 ? errno : EIO;
		else
			done += (size_t)w;
	}
	return k->error ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

static cc_err draw_to(const cairo_api *api, const char *title, cc_sheet_picture kind, cc_session_draw_fn *draw,
                      void *ctx, sink *k, const char *path, cc_error *err)
{
	cairo_surface_t *surface = kind == CC_SHEET_PDF
	                               ? api->pdf_create(sink_write, k, CC_SHEET_PAGE_WIDTH, CC_SHEET_PAGE_HEIGHT)
	                               : api->svg_create(sink_write, k, CC_SHEET_PAGE_WIDTH, CC_SHEET_PAGE_HEIGHT);
	if (kind == CC_SHEET_PDF && api->surface_status(surface) == CAIRO_STATUS_SUCCESS) {
		api->pdf_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title);
		api->pdf_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "chesscubing");
	}
	cairo_t *cr = api->create(surface);
	pen p = {api, cr};
	if (api->status(cr) == CAIRO_STATUS_SUCCESS) {
		api->set_source_rgb(cr, 0, 0, 0);
		draw(&p, ctx);
		api->show_page(cr);
	}
	cairo_status_t drawn = api->status(cr);
	api->destroy(cr);
	api->surface_finish(surface);
	cairo_status_t written = api->surface_status(surface);
	api->surface_destroy(surface);
	api->debug_reset_static_data();
	if (k->error)
		return cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(k->error));
	if (drawn != CAIRO_STATUS_SUCCESS || written != CAIRO_STATUS_SUCCESS)
		return cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path,
		                 api->status_to_string(drawn != CAIRO_STATUS_SUCCESS ? drawn : written));
	return CC_OK;
}

cc_err cc_session_pen_write(const char *title, cc_sheet_picture kind, cc_session_draw_fn *draw, void *ctx,
                            const char *path, cc_error *err)
{
	const cairo_api *api = NULL;
	cc_err rc = open_cairo(&api, err);
	if (rc != CC_OK)
		return rc;
	if (strcmp(path, "-") == 0) {
		sink k = {STDOUT_FILENO, 0};
		return draw_to(api, title, kind, draw, ctx, &k, path, err);
	}
	/* A temporary file beside path, renamed over it once whole (a rename
	 * replaces a link at path, never writes through it). */
	char temp[4096];
	const char *slash = strrchr(path, '/');
	int dir_len = slash ? (int)(slash - path) + 1 : 0;
	int n = snprintf(temp, sizeof temp, "%.*s.%s.XXXXXX", dir_len, path, slash ? slash + 1 : path);
	if (n < 0 || (size_t)n >= sizeof temp)
		return cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(ENAMETOOLONG));
	sink k = {mkstemp(temp), 0};
	if (k.fd < 0)
		return cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(errno));
	rc = draw_to(api, title, kind, draw, ctx, &k, path, err);
	/* mkstemp's 0600, kept whatever the umask (RE-3.7) */
	if (rc == CC_OK && (fchmod(k.fd, 0600) != 0 || fsync(k.fd) != 0))
		rc = cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(errno));
	if (close(k.fd) != 0 && rc == CC_OK)
		rc = cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(errno));
	if (rc == CC_OK && rename(temp, path) != 0)
		rc = cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, path, strerror(errno));
	if (rc != CC_OK)
		(void)unlink(temp);
	return rc;
}

/* The four scrambles of the sheet's lines, or a refusal. */
static cc_err read_sheet(const char *sheet, cc_cube_alg algs[CC_CUBE_SHEET_CUBES], cc_error *err)
{
	for (int n = 1; n <= CC_CUBE_SHEET_CUBES; n++) {
		char line[CC_SESSION_SHEET_MAX];
		cc_error why;
		cc_session_sheet_line(sheet ? sheet : "", n, line, sizeof line);
		if (!line[0] || cc_cube_alg_parse(line, &algs[n - 1], &why) != CC_OK)
			return cc_refuse(err, CC_MSG_SHEET_NOT_SCRAMBLES, n);
	}
	return CC_OK;
}

cc_err cc_session_sheet_print(const cc_lang *lang, const cc_session_sheet_page *page, cc_sheet_picture kind,
                              const char *path, cc_error *err)
{
	cc_cube_alg algs[CC_CUBE_SHEET_CUBES];
	cc_err rc = read_sheet(page->sheet, algs, err);
	if (rc != CC_OK)
		return rc;
	char title[64];
	snprintf(title, sizeof title, "%s %llu", _("ChessCubing scramble sheet"), (unsigned long long)page->seed);
	sheet_drawing d = {lang, page, algs};
	return cc_session_pen_write(title, kind, draw_page, &d, path, err);
}

cc_err cc_session_write_sheet_pdf(const cc_lang *lang, const cc_session_db *db, const cc_session_sheet_page *page,
                                  char *path, size_t size, cc_error *err)
{
	char folder[4096];
	if (size)
		path[0] = '\0';
	if (!cc_session_db_folder(db, folder, sizeof folder))
		return cc_refuse(err, CC_MSG_SHEET_WRITE_FAILED, "scramble-sheet.pdf", strerror(ENOENT));
	char file[4096 + 64];
	snprintf(file, sizeof file, "%s/scramble-sheet-%llu.pdf", folder, (unsigned long long)page->seed);
	cc_err rc = cc_session_sheet_print(lang, page, CC_SHEET_PDF, file, err);
	if (rc == CC_OK)
		snprintf(path, size, "%s", file);
	return rc;
}
