/*
 * stackmat_capture.c: ALSA capture of the Stackmat timers, fed into the
 * core's decoder (stackmat_capture.h). The only file that includes
 * <alsa/asoundlib.h>.
 *
 * Each input is opened non-blocking as interleaved signed 16-bit, at 44.1
 * kHz or the nearest rate the device has, with half a second of buffer. A
 * poll reads what is there (a `file` plugin: what the caller's clock allows),
 * recovers from an overrun, and keeps sample k of an input at
 * start_ms + k * 1000 / rate on the caller's clock (the header says how).
 *
 * ALSA is opened at the first capture from a device (cc_dynlib_open), its
 * functions looked up once into a table: every other command of the
 * program, and the capture from a WAV file, start without it
 * (docs/performance.md).
 */
#include "stackmat_capture.h"

#include <alsa/asoundlib.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/session_describe.h"
#include "chesscubing/support_dynlib.h"
#include "chesscubing/ui.h"

#define CHUNK_FRAMES 2048
#define MAX_FINALS 8

typedef struct {
	snd_pcm_t *pcm;
	FILE *wav;           /* or a recorded signal (read at the caller's pace) */
	bool ended;          /* the recording is over */
	unsigned channels;
	uint32_t rate;
	bool paced;          /* a file plugin: read at the caller's pace */
	bool failed;
	uint64_t frames;     /* decoded so far, silence for missing time included */
	int64_t start_ms;
	int side_of[2];      /* the side each of the first two channels feeds, or -1 */
} input;

struct cc_stackmat_capture {
	input in[2];
	int inputs;
	int input_of[2];     /* the input of each side */
	bool present[2];     /* a channel feeds that side */
	cc_stackmat_decoder dec[2];
	cc_stackmat_timer timer[2];
	cc_stackmat_capture_final finals[MAX_FINALS];
	size_t nfinals;
	int16_t buf[CHUNK_FRAMES * 2];
};

/* --- ALSA, opened at the first capture from a device ------------------------ */

static struct {
	int (*lib_error_set_handler)(snd_lib_error_handler_t);
	int (*pcm_open)(snd_pcm_t **, const char *, snd_pcm_stream_t, int);
	int (*pcm_close)(snd_pcm_t *);
	snd_pcm_type_t (*pcm_type)(snd_pcm_t *);
	int (*pcm_hw_params_malloc)(snd_pcm_hw_params_t **);
	void (*pcm_hw_params_free)(snd_pcm_hw_params_t *);
	int (*pcm_hw_params_any)(snd_pcm_t *, snd_pcm_hw_params_t *);
	int (*pcm_hw_params_set_access)(snd_pcm_t *, snd_pcm_hw_params_t *, snd_pcm_access_t);
	int (*pcm_hw_params_set_format)(snd_pcm_t *, snd_pcm_hw_params_t *, snd_pcm_format_t);
	int (*pcm_hw_params_set_channels)(snd_pcm_t *, snd_pcm_hw_params_t *, unsigned int);
	int (*pcm_hw_params_set_rate_near)(snd_pcm_t *, snd_pcm_hw_params_t *, unsigned int *, int *);
	int (*pcm_hw_params_set_buffer_time_near)(snd_pcm_t *, snd_pcm_hw_params_t *, unsigned int *, int *);
	int (*pcm_hw_params)(snd_pcm_t *, snd_pcm_hw_params_t *);
	int (*pcm_prepare)(snd_pcm_t *);
	int (*pcm_start)(snd_pcm_t *);
	snd_pcm_sframes_t (*pcm_readi)(snd_pcm_t *, void *, snd_pcm_uframes_t);
	int (*pcm_recover)(snd_pcm_t *, int, int);
	int (*config_update_free_global)(void);
} alsa;

static cc_dynlib alsa_lib;

/* Opens ALSA once for the process, or says in why (in the user's language)
 * which library is missing. */
static bool open_alsa(char *why)
{
	const cc_dynlib_symbol table[] = {
		CC_DYNLIB_SYMBOL(alsa.lib_error_set_handler, snd_lib_error_set_handler),
		CC_DYNLIB_SYMBOL(alsa.pcm_open, snd_pcm_open),
		CC_DYNLIB_SYMBOL(alsa.pcm_close, snd_pcm_close),
		CC_DYNLIB_SYMBOL(alsa.pcm_type, snd_pcm_type),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_malloc, snd_pcm_hw_params_malloc),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_free, snd_pcm_hw_params_free),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_any, snd_pcm_hw_params_any),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_set_access, snd_pcm_hw_params_set_access),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_set_format, snd_pcm_hw_params_set_format),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_set_channels, snd_pcm_hw_params_set_channels),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_set_rate_near, snd_pcm_hw_params_set_rate_near),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params_set_buffer_time_near, snd_pcm_hw_params_set_buffer_time_near),
		CC_DYNLIB_SYMBOL(alsa.pcm_hw_params, snd_pcm_hw_params),
		CC_DYNLIB_SYMBOL(alsa.pcm_prepare, snd_pcm_prepare),
		CC_DYNLIB_SYMBOL(alsa.pcm_start, snd_pcm_start),
		CC_DYNLIB_SYMBOL(alsa.pcm_readi, snd_pcm_readi),
		CC_DYNLIB_SYMBOL(alsa.pcm_recover, snd_pcm_recover),
		CC_DYNLIB_SYMBOL(alsa.config_update_free_global, snd_config_update_free_global),
	};
	if (cc_dynlib_open(&alsa_lib, CC_ALSA_SONAME, "1.0.16", table, sizeof table / sizeof table[0]))
		return true; /* kept open for the process (a capture lasts the match) */
	cc_error err = {0};
	cc_refuse(&err, CC_MSG_STACKMAT_NO_ALSA, alsa_lib.why);
	cc_session_describe_refusal(cc_ui_lang(), &err, why, CC_STACKMAT_CAPTURE_WHY_MAX);
	return false;
}

/* ALSA's own messages would go to stderr, under the console's screen: the
 * capture says what failed itself. */
static void quiet(const char *file, int line, const char *function, int err, const char *fmt, ...)
{
	(void)file;
	(void)line;
	(void)function;
	(void)err;
	(void)fmt;
}

/* why: refusal msg said in the console's language (every reason a capture
 * gives is an id of the table, never a library's English). */
#define SAY(why, ...)                                                                                  \
	do {                                                                                           \
		cc_error said_;                                                                        \
		cc_refuse(&said_, __VA_ARGS__);                                                        \
		cc_session_describe_refusal(cc_ui_lang(), &said_, why, CC_STACKMAT_CAPTURE_WHY_MAX);   \
	} while (0)

static bool open_input(input *in, const char *device, bool stereo, char *why)
{
	if (!open_alsa(why))
		return false;
	alsa.lib_error_set_handler(quiet);
	snd_pcm_hw_params_t *hw = NULL;
	unsigned rate = CC_STACKMAT_CAPTURE_RATE, buffer_us = 500000;
	int rc = alsa.pcm_open(&in->pcm, device, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK);
	cc_msg step = CC_MSG_STACKMAT_CANNOT_OPEN_CAPTURE;
	if (rc < 0) {
		in->pcm = NULL;
		goto out;
	}
	step = CC_MSG_STACKMAT_CANNOT_SET_UP_CAPTURE;
	if ((rc = alsa.pcm_hw_params_malloc(&hw)) < 0 || (rc = alsa.pcm_hw_params_any(in->pcm, hw)) < 0 ||
	    (rc = alsa.pcm_hw_params_set_access(in->pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0 ||
	    (rc = alsa.pcm_hw_params_set_format(in->pcm, hw, SND_PCM_FORMAT_S16)) < 0)
		goto out;
	/* One timer a device: mono if it can, else its left channel. */
	in->channels = 2;
	if (stereo || alsa.pcm_hw_params_set_channels(in->pcm, hw, 1) < 0) {
		if ((rc = alsa.pcm_hw_params_set_channels(in->pcm, hw, 2)) < 0)
			goto out;
	} else {
		in->channels = 1;
	}
	if ((rc = alsa.pcm_hw_params_set_rate_near(in->pcm, hw, &rate, NULL)) < 0)
		goto out;
	if (rate < CC_STACKMAT_RATE_MIN || rate > CC_STACKMAT_RATE_MAX) {
		SAY(why, CC_MSG_STACKMAT_BAD_RATE, device, (int64_t)rate);
		alsa.pcm_hw_params_free(hw);
		return false;
	}
	(void)alsa.pcm_hw_params_set_buffer_time_near(in->pcm, hw, &buffer_us, NULL);
	if ((rc = alsa.pcm_hw_params(in->pcm, hw)) < 0)
		goto out;
	alsa.pcm_hw_params_free(hw);
	hw = NULL;
	step = CC_MSG_STACKMAT_CANNOT_START_CAPTURE;
	if ((rc = alsa.pcm_prepare(in->pcm)) < 0 || (rc = alsa.pcm_start(in->pcm)) < 0)
		goto out;
	in->rate = rate;
	in->paced = alsa.pcm_type(in->pcm) == SND_PCM_TYPE_FILE;
	return true;
out:
	if (hw != NULL)
		alsa.pcm_hw_params_free(hw);
	/* ALSA's codes are negative errno values (its own few beyond them are
	 * said as "a system error" with their number) */
	SAY(why, step, device, (int64_t)-rc);
	return false;
}

/* Each side's decoder and timer, at its input's rate. */
static void set_sides(cc_stackmat_capture *c)
{
	for (int side = 0; side < 2; side++) {
		c->input_of[side] = c->inputs == 1 ? 0 : side;
		const input *in = &c->in[c->input_of[side]];
		c->present[side] = in->side_of[0] == side || (in->channels > 1 && in->side_of[1] == side);
		uint32_t rate = c->in[c->input_of[side]].rate;
		cc_stackmat_decoder_init(&c->dec[side], rate);
		cc_stackmat_timer_init(&c->timer[side], rate);
	}
}

bool cc_stackmat_capture_open(cc_stackmat_capture **out, const char *white_device, const char *black_device,
			      int64_t now_ms, char why[CC_STACKMAT_CAPTURE_WHY_MAX])
{
	cc_stackmat_capture *c = calloc(1, sizeof *c);
	*out = NULL;
	if (c == NULL) {
		SAY(why, CC_MSG_NOMEM);
		return false;
	}
	const char *devices[2] = {white_device, black_device};
	c->inputs = black_device == NULL ? 1 : 2;
	for (int i = 0; i < c->inputs; i++) {
		input *in = &c->in[i];
		if (!open_input(in, devices[i], c->inputs == 1, why)) {
			cc_stackmat_capture_close(c);
			return false;
		}
		in->start_ms = now_ms;
		in->side_of[0] = i;
		in->side_of[1] = c->inputs == 1 ? 1 : -1;
	}
	set_sides(c);
	*out = c;
	return true;
}

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint16_t le16(const uint8_t *b)
{
	return (uint16_t)(b[0] | b[1] << 8);
}

/* A RIFF WAVE file of 16-bit PCM, mono or stereo: positioned at its samples. */
static bool open_wav(input *in, const char *path, char *why)
{
	uint8_t head[12], chunk[8], fmt[16];
	bool have_fmt = false;
	in->wav = fopen(path, "rb");
	if (in->wav == NULL) {
		SAY(why, CC_MSG_CANNOT_OPEN, path, (int64_t)errno);
		return false;
	}
	if (fread(head, 1, 12, in->wav) != 12 || memcmp(head, "RIFF", 4) != 0 || memcmp(head + 8, "WAVE", 4) != 0)
		goto bad;
	while (fread(chunk, 1, 8, in->wav) == 8) {
		uint32_t size = le32(chunk + 4);
		if (memcmp(chunk, "fmt ", 4) == 0 && size >= 16) {
			if (fread(fmt, 1, 16, in->wav) != 16 || fseek(in->wav, (long)(size - 16 + (size & 1)), SEEK_CUR) != 0)
				goto bad;
			uint16_t format = le16(fmt), channels = le16(fmt + 2), bits = le16(fmt + 14);
			in->rate = le32(fmt + 4);
			in->channels = channels;
			if ((format != 1 && format != 0xfffe) || bits != 16 || channels < 1 || channels > 2 ||
			    in->rate < CC_STACKMAT_RATE_MIN || in->rate > CC_STACKMAT_RATE_MAX) {
				SAY(why, CC_MSG_STACKMAT_WAV_FORMAT, path);
				return false;
			}
			have_fmt = true;
		} else if (memcmp(chunk, "data", 4) == 0 && have_fmt) {
			return true;
		} else if (fseek(in->wav, (long)(size + (size & 1)), SEEK_CUR) != 0) {
			goto bad;
		}
	}
bad:
	SAY(why, CC_MSG_STACKMAT_NOT_WAV, path);
	return false;
}

bool cc_stackmat_capture_open_wav(cc_stackmat_capture **out, const char *path, int64_t now_ms,
				  char why[CC_STACKMAT_CAPTURE_WHY_MAX])
{
	cc_stackmat_capture *c = calloc(1, sizeof *c);
	*out = NULL;
	if (c == NULL) {
		SAY(why, CC_MSG_NOMEM);
		return false;
	}
	c->inputs = 1;
	if (!open_wav(&c->in[0], path, why)) {
		cc_stackmat_capture_close(c);
		return false;
	}
	c->in[0].paced = true;
	c->in[0].start_ms = now_ms;
	c->in[0].side_of[0] = 0;
	c->in[0].side_of[1] = c->in[0].channels == 2 ? 1 : -1;
	set_sides(c);
	*out = c;
	return true;
}

bool cc_stackmat_capture_ended(const cc_stackmat_capture *c)
{
	return c->in[0].ended;
}

void cc_stackmat_capture_close(cc_stackmat_capture *c)
{
	if (c == NULL)
		return;
	for (int i = 0; i < 2; i++) {
		if (c->in[i].pcm != NULL)
			alsa.pcm_close(c->in[i].pcm);
		if (c->in[i].wav != NULL)
			fclose(c->in[i].wav);
	}
	free(c);
	/* ALSA keeps the configuration it parsed for the process: given back
	 * with the last capture (nothing else here opens ALSA; a WAV file's
	 * capture never opened it). */
	if (alsa_lib.open)
		alsa.config_update_free_global();
}

uint32_t cc_stackmat_capture_rate(const cc_stackmat_capture *c)
{
	return c->in[0].rate;
}

/* frames interleaved frames of input in (NULL: silence) through its sides' decoders. */
static void feed(cc_stackmat_capture *c, input *in, const int16_t *pcm, size_t frames)
{
	static const int16_t zeros[CHUNK_FRAMES * 2];
	for (unsigned ch = 0; ch < 2 && ch < in->channels; ch++) {
		int side = in->side_of[ch];
		if (side < 0)
			continue;
		const int16_t *at = pcm != NULL ? pcm + ch : zeros;
		size_t left = frames;
		while (left > 0) {
			cc_stackmat_reading r[16];
			size_t used = 0;
			size_t got = cc_stackmat_feed(&c->dec[side], at, left, in->channels, r, 16, &used);
			for (size_t i = 0; i < got; i++) {
				cc_stackmat_final fin;
				if (!cc_stackmat_timer_take(&c->timer[side], &r[i], &fin) || c->nfinals == MAX_FINALS)
					continue;
				cc_stackmat_capture_final *f = &c->finals[c->nfinals++];
				f->side = side;
				f->fin = fin;
				f->stop_ms = in->start_ms + (int64_t)(fin.stop_sample * 1000u / in->rate);
			}
			if (pcm != NULL)
				at += used * in->channels;
			left -= used;
		}
	}
	in->frames += frames;
}

static void poll_input(cc_stackmat_capture *c, input *in, int64_t now_ms)
{
	int64_t elapsed = now_ms - in->start_ms;
	uint64_t expected = elapsed > 0 ? (uint64_t)elapsed * in->rate / 1000u : 0;
	bool starved = in->failed;
	/* Until the device has no more (or, paced, until now): a file plugin
	 * behind a clock that jumped catches up at once (a minute of signal
	 * decodes in about 40 ms). */
	for (int recoveries = 0; !in->failed && recoveries < 4;) {
		snd_pcm_uframes_t want = CHUNK_FRAMES;
		if (in->paced) {
			if (in->frames >= expected)
				break;
			if (expected - in->frames < want)
				want = (snd_pcm_uframes_t)(expected - in->frames);
		}
		if (in->wav != NULL) {
			size_t n = fread(c->buf, 2u * in->channels, want, in->wav);
			if (n < want)
				in->ended = true;
			if (n > 0)
				feed(c, in, c->buf, n);
			if (in->ended)
				break;
			continue;
		}
		snd_pcm_sframes_t got = alsa.pcm_readi(in->pcm, c->buf, want);
		if (got == -EAGAIN || got == 0) {
			starved = true;
			break;
		}
		if (got == -EPIPE || got == -ESTRPIPE) {
			/* An overrun (or a suspend): what was lost is lost, time goes on. */
			if (alsa.pcm_recover(in->pcm, (int)got, 1) < 0 || alsa.pcm_start(in->pcm) < 0)
				in->failed = true;
			recoveries++;
			continue;
		}
		if (got < 0) {
			in->failed = starved = true; /* the device went away */
			break;
		}
		feed(c, in, c->buf, (size_t)got);
	}
	uint64_t tenth = in->rate / 10u, quarter = in->rate / 4u;
	if (!in->paced && in->frames > expected + tenth) {
		/* The card's clock runs ahead of ours: its samples are older. */
		in->start_ms -= (int64_t)((in->frames - expected) * 1000u / in->rate);
	}
	while (starved && in->wav == NULL && in->frames + quarter < expected) {
		/* No samples for that long: silence, so the timers are lost in time. */
		uint64_t gap = expected - in->frames;
		feed(c, in, NULL, gap > CHUNK_FRAMES ? CHUNK_FRAMES : (size_t)gap);
	}
}

size_t cc_stackmat_capture_poll(cc_stackmat_capture *c, int64_t now_ms, cc_stackmat_capture_final *out, size_t cap)
{
	for (int i = 0; i < c->inputs; i++)
		poll_input(c, &c->in[i], now_ms);
	size_t n = c->nfinals < cap ? c->nfinals : cap;
	memcpy(out, c->finals, n * sizeof *out);
	memmove(c->finals, c->finals + n, (c->nfinals - n) * sizeof *out);
	c->nfinals -= n;
	return n;
}

cc_stackmat_capture_side cc_stackmat_capture_view(const cc_stackmat_capture *c, int side)
{
	cc_stackmat_capture_side v = {0};
	if (c == NULL || side < 0 || side > 1)
		return v;
	const cc_stackmat_timer *t = &c->timer[side];
	v.present = c->present[side];
	v.state = t->state;
	v.time_ms = t->time_ms;
	v.thousandths = t->thousandths;
	v.stats = cc_stackmat_decoder_stats(&c->dec[side]);
	v.device_failed = c->in[c->input_of[side]].failed;
	return v;
}
