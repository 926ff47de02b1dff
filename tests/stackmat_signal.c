/*
 * stackmat_signal.c: writes the signal of two Stackmat timers (stereo: left
 * White, right Black) for the capture and e2e tests, as a WAV file or as
 * raw samples for ALSA's file plugin, and prints when each timer stopped.
 *
 *   stackmat_signal OUT [--raw] [--rate HZ] [--length MS]
 *                   [--white START_MS:SOLVE_MS] [--black START_MS:SOLVE_MS]
 *                   [--gen4] [--cs] [--mono white|black] [--cut-black FROM_MS:TO_MS]
 *
 * A side without a solve stays reset. Black's line is inverted, quieter
 * and coupled through 20 Hz, White's clean: both ways a card can hear one.
 * Prints "white_stop_ms=N" and "black_stop_ms=N" (from the file's start).
 * --mono writes that side's channel alone (a timer on its own input);
 * --cut-black silences Black's channel over that time (a cable pulled out).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stackmat_synth.h"

static void put16(FILE *f, unsigned v)
{
	fputc((int)(v & 0xff), f);
	fputc((int)(v >> 8 & 0xff), f);
}

static void put32(FILE *f, uint32_t v)
{
	put16(f, v & 0xffff);
	put16(f, v >> 16);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: stackmat_signal OUT [--raw] [--rate HZ] [--length MS] [--white START:SOLVE] "
				"[--black START:SOLVE] [--gen4] [--cs]\n");
		return 2;
	}
	const char *out = argv[1];
	bool raw = false;
	int mono = -1;
	long cut_from = -1, cut_to = -1;
	uint32_t rate = 44100, length = 5000;
	long start[2] = {-1, -1}, solve[2] = {0, 0};
	sm_timer_model model = {.thousandths = true};
	for (int i = 2; i < argc; i++) {
		if (strcmp(argv[i], "--raw") == 0)
			raw = true;
		else if (strcmp(argv[i], "--gen4") == 0)
			model.gen4 = true;
		else if (strcmp(argv[i], "--cs") == 0)
			model.thousandths = false;
		else if (strcmp(argv[i], "--cut-black") == 0 && i + 1 < argc) {
			if (sscanf(argv[++i], "%ld:%ld", &cut_from, &cut_to) != 2)
				return 2;
		} else if (strcmp(argv[i], "--mono") == 0 && i + 1 < argc)
			mono = strcmp(argv[++i], "black") == 0;
		else if (strcmp(argv[i], "--rate") == 0 && i + 1 < argc)
			rate = (uint32_t)strtoul(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--length") == 0 && i + 1 < argc)
			length = (uint32_t)strtoul(argv[++i], NULL, 10);
		else if ((strcmp(argv[i], "--white") == 0 || strcmp(argv[i], "--black") == 0) && i + 1 < argc) {
			int side = argv[i][2] == 'b';
			if (sscanf(argv[++i], "%ld:%ld", &start[side], &solve[side]) != 2)
				return 2;
		} else {
			fprintf(stderr, "stackmat_signal: unknown argument %s\n", argv[i]);
			return 2;
		}
	}
	size_t frames = (size_t)length * rate / 1000u;
	int16_t *pcm = calloc(frames * 2, sizeof *pcm);
	if (pcm == NULL)
		return 1;
	sm_render render[2] = {{.amplitude = 14000}, {.amplitude = 3000, .inverted = true, .highpass_hz = 20, .noise = 200, .seed = 5}};
	for (int side = 0; side < 2; side++) {
		sm_synth s;
		sm_synth_init(&s, rate, 1200.0);
		size_t stop = 0;
		if (start[side] >= 0)
			stop = sm_session(&s, &model, (uint32_t)start[side], (int32_t)solve[side], length);
		else
			sm_session(&s, &model, length, 0, length);
		double hi = 0, ho = 0;
		uint32_t rng = render[side].seed + 1;
		sm_render_range(&s, 0, frames < s.n ? frames : s.n, &render[side], pcm + side, 2, &hi, &ho, &rng);
		if (start[side] >= 0)
			printf("%s_stop_ms=%llu\n", side ? "black" : "white", (unsigned long long)stop * 1000u / rate);
		sm_synth_free(&s);
	}
	for (long ms = cut_from; cut_from >= 0 && ms < cut_to; ms++)
		for (size_t k = (size_t)ms * rate / 1000u; k < (size_t)(ms + 1) * rate / 1000u && k < frames; k++)
			pcm[2 * k + 1] = 0;
	FILE *f = fopen(out, "wb");
	if (f == NULL)
		return 1;
	unsigned channels = mono >= 0 ? 1 : 2;
	if (!raw) {
		uint32_t bytes = (uint32_t)(frames * 2 * channels);
		fwrite("RIFF", 1, 4, f);
		put32(f, 36 + bytes);
		fwrite("WAVEfmt ", 1, 8, f);
		put32(f, 16);
		put16(f, 1);
		put16(f, (uint16_t)channels);
		put32(f, rate);
		put32(f, rate * 2 * channels);
		put16(f, (uint16_t)(2 * channels));
		put16(f, 16);
		fwrite("data", 1, 4, f);
		put32(f, bytes);
	}
	for (size_t i = 0; i < frames * 2; i++)
		if (mono < 0 || (int)(i % 2) == mono)
			put16(f, (unsigned)(uint16_t)pcm[i]);
	free(pcm);
	return fclose(f) == 0 ? 0 : 1;
}
