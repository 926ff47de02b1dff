/*
 * test_stackmat.c: the Stackmat decoder on synthesized signals
 * (stackmat_synth.h), checked to the sample, clean and spoiled, and the
 * timer's reading of a solve (rules/stackmat.md).
 */
#include <check.h>
#include <stdlib.h>

#include "chesscubing/stackmat.h"
#include "clauses.h"
#include "stackmat_synth.h"

#define MAX_READ 4096

typedef struct {
	cc_stackmat_reading r[MAX_READ];
	size_t n;
	cc_stackmat_stats stats;
} readings;

/* Every reading of pcm fed in chunks of chunk frames (all at once: 0). */
static void decode(const int16_t *pcm, size_t n, uint32_t rate, size_t chunk, readings *out)
{
	cc_stackmat_decoder d;
	ck_assert(cc_stackmat_decoder_init(&d, rate));
	out->n = 0;
	size_t at = 0;
	while (at < n) {
		size_t len = chunk && n - at > chunk ? chunk : n - at, used = 0;
		size_t got = cc_stackmat_feed(&d, pcm + at, len, 1, out->r + out->n, MAX_READ - out->n, &used);
		out->n += got;
		at += used;
		ck_assert(out->n < MAX_READ);
	}
	out->stats = cc_stackmat_decoder_stats(&d);
}

static size_t count_packets(const readings *rd)
{
	size_t k = 0;
	for (size_t i = 0; i < rd->n; i++)
		k += rd->r[i].kind == CC_STACKMAT_READ_PACKET;
	return k;
}

/* A line of packets with known statuses and times; their first edges in at[]. */
#define LINE_PACKETS 24
static const char line_status[] = " ACILRS";

static int32_t line_time(int i)
{
	return (int32_t)(i * 37123 % 600000);
}

/* A first packet (9:59.999, reset) lets a spoiled line's decoder settle:
 * its level and idle are learnt on the first edges. */
#define WARM_UP_MS 599999

static void make_line(sm_synth *s, bool thousandths, size_t *at)
{
	sm_idle_ms(s, 200);
	sm_packet(s, 'I', thousandths ? WARM_UP_MS : WARM_UP_MS / 10 * 10, thousandths, NULL);
	sm_idle_ms(s, 20);
	for (int i = 0; i < LINE_PACKETS; i++) {
		int32_t ms = line_time(i);
		at[i] = sm_packet(s, line_status[i % 7], thousandths ? ms : ms / 10 * 10, thousandths, NULL);
		sm_idle_ms(s, 20);
	}
	sm_idle_ms(s, 200);
}

/* Every packet of make_line decoded, in order, at its first edge's sample. */
static void check_line(const readings *rd, bool thousandths, const size_t *at, uint64_t tolerance, bool warm_up)
{
	size_t first = 0;
	if (rd->n > 0 && rd->r[0].packet.time_ms / 10 == WARM_UP_MS / 10)
		first = 1;
	ck_assert_uint_eq(first, warm_up);
	ck_assert_uint_eq(count_packets(rd) - first, LINE_PACKETS);
	int k = 0;
	for (size_t i = first; i < rd->n; i++) {
		if (rd->r[i].kind != CC_STACKMAT_READ_PACKET)
			continue;
		const cc_stackmat_packet *p = &rd->r[i].packet;
		int32_t ms = line_time(k);
		ck_assert_int_eq(p->status, line_status[k % 7]);
		ck_assert_int_eq(p->time_ms, thousandths ? ms : ms / 10 * 10);
		ck_assert(p->thousandths == thousandths);
		uint64_t diff = p->sample > at[k] ? p->sample - at[k] : at[k] - p->sample;
		ck_assert_msg(diff <= tolerance, "packet %d at sample %llu, sent at %zu", k,
			      (unsigned long long)p->sample, at[k]);
		k++;
	}
}

static const sm_render clean = {.amplitude = 12000};

START_TEST(test_stackmat_parse__valid_packets_of_both_lengths)
{
	CLAUSES("SM-1.1");
	uint8_t b[10];
	cc_stackmat_packet p;
	size_t n = sm_packet_bytes(b, 'S', 68169, true); /* 1:08.169 */
	ck_assert_uint_eq(n, 10);
	ck_assert_int_eq(b[7], 64 + 1 + 0 + 8 + 1 + 6 + 9);
	ck_assert(cc_stackmat_parse(b, n, &p));
	ck_assert_int_eq(p.status, 'S');
	ck_assert_int_eq(p.time_ms, 68169);
	ck_assert(p.thousandths);
	n = sm_packet_bytes(b, ' ', 23450, false);
	ck_assert_uint_eq(n, 9);
	ck_assert(cc_stackmat_parse(b, n, &p));
	ck_assert_int_eq(p.status, ' ');
	ck_assert_int_eq(p.time_ms, 23450);
	ck_assert(!p.thousandths);
}
END_TEST

START_TEST(test_stackmat_parse__refuses_a_wrong_checksum_status_digit_or_end)
{
	CLAUSES("SM-1.1");
	uint8_t good[10], b[10];
	cc_stackmat_packet p = {.status = 'x', .time_ms = -1};
	size_t n = sm_packet_bytes(good, 'I', 1234, true);
	memcpy(b, good, n);
	b[7]++; /* checksum */
	ck_assert(!cc_stackmat_parse(b, n, &p));
	memcpy(b, good, n);
	b[0] = 'X'; /* status */
	ck_assert(!cc_stackmat_parse(b, n, &p));
	memcpy(b, good, n);
	b[3] = ':'; /* a digit */
	ck_assert(!cc_stackmat_parse(b, n, &p));
	memcpy(b, good, n);
	b[2] = '6'; /* 60 seconds and more */
	b[7] = (uint8_t)(b[7] + 6);
	ck_assert(!cc_stackmat_parse(b, n, &p));
	memcpy(b, good, n);
	b[8] = 0x0d; /* CR CR */
	ck_assert(!cc_stackmat_parse(b, n, &p));
	ck_assert(!cc_stackmat_parse(good, 8, &p));
	ck_assert_int_eq(p.status, 'x'); /* untouched */
	ck_assert_int_eq(p.time_ms, -1);
}
END_TEST

static void clean_line_at(uint32_t rate, bool thousandths)
{
	sm_synth s;
	size_t at[LINE_PACKETS];
	sm_synth_init(&s, rate, 1200.0);
	make_line(&s, thousandths, at);
	int16_t *pcm = sm_render_all(&s, &clean);
	static readings rd;
	decode(pcm, s.n, rate, 0, &rd);
	check_line(&rd, thousandths, at, 0, true); /* to the sample, every packet */
	ck_assert_uint_eq(rd.stats.bad_checksum + rd.stats.bad_packet + rd.stats.framing_errors, 0);
	free(pcm);
	sm_synth_free(&s);
}

START_TEST(test_stackmat_decode__clean_line_to_the_sample)
{
	CLAUSES("SM-1.1");
	clean_line_at(44100, true);
	clean_line_at(44100, false);
	clean_line_at(48000, true);
	clean_line_at(8000, false);
	clean_line_at(96000, true);
}
END_TEST

START_TEST(test_stackmat_decode__same_readings_whatever_the_chunks)
{
	CLAUSES("SM-1.1");
	sm_synth s;
	size_t at[LINE_PACKETS];
	sm_synth_init(&s, 44100, 1200.0);
	make_line(&s, true, at);
	sm_idle_ms(&s, 1500); /* and a loss */
	int16_t *pcm = sm_render_all(&s, &clean);
	static readings whole, bits;
	decode(pcm, s.n, 44100, 0, &whole);
	decode(pcm, s.n, 44100, 7, &bits);
	ck_assert_uint_eq(whole.n, bits.n);
	ck_assert_uint_eq(whole.n, LINE_PACKETS + 2);
	for (size_t i = 0; i < whole.n; i++) {
		ck_assert_int_eq(whole.r[i].kind, bits.r[i].kind);
		ck_assert_uint_eq(whole.r[i].packet.sample, bits.r[i].packet.sample);
		ck_assert_int_eq(whole.r[i].packet.time_ms, bits.r[i].packet.time_ms);
	}
	/* A reading array of 2 still gets everything, two at a time. */
	cc_stackmat_decoder d;
	cc_stackmat_decoder_init(&d, 44100);
	size_t got = 0, pos = 0;
	while (pos < s.n) {
		cc_stackmat_reading two[2];
		size_t used = 0;
		got += cc_stackmat_feed(&d, pcm + pos, s.n - pos, 1, two, 2, &used);
		pos += used;
	}
	ck_assert_uint_eq(got, whole.n);
	free(pcm);
	sm_synth_free(&s);
}
END_TEST

/* A spoiled rendering of the same line: all packets (the warm-up may go),
 * within tolerance samples. */
static void spoiled_line(const sm_render *r, double baud, uint64_t tolerance, bool expect_inverted)
{
	sm_synth s;
	size_t at[LINE_PACKETS];
	sm_synth_init(&s, 44100, baud);
	make_line(&s, true, at);
	int16_t *pcm = sm_render_all(&s, r);
	static readings rd;
	decode(pcm, s.n, 44100, 1000, &rd);
	check_line(&rd, true, at, tolerance, rd.n > 0 && rd.r[0].packet.time_ms == WARM_UP_MS);
	ck_assert(rd.stats.inverted == expect_inverted);
	free(pcm);
	sm_synth_free(&s);
}

START_TEST(test_stackmat_decode__either_polarity)
{
	CLAUSES("SM-1.2");
	sm_render r = clean;
	spoiled_line(&r, 1200.0, 0, false);
	r.inverted = true;
	spoiled_line(&r, 1200.0, 0, true);
}
END_TEST

START_TEST(test_stackmat_decode__any_level_and_offset)
{
	CLAUSES("SM-1.2");
	sm_render r = {.amplitude = 300};
	spoiled_line(&r, 1200.0, 0, false);
	r = (sm_render){.amplitude = 32000};
	spoiled_line(&r, 1200.0, 0, false);
	r = (sm_render){.amplitude = 4000, .offset = -20000, .inverted = true};
	spoiled_line(&r, 1200.0, 0, true);
}
END_TEST

START_TEST(test_stackmat_decode__a_sound_cards_coupling_and_clipping)
{
	CLAUSES("SM-1.2");
	/* A 30 Hz coupling corner: every level droops toward zero. */
	sm_render r = {.amplitude = 12000, .highpass_hz = 30};
	spoiled_line(&r, 1200.0, 2, false);
	/* Driven into the rails, then coupled: flat tops, still edges. */
	r = (sm_render){.amplitude = 30000, .highpass_hz = 10, .clip = 9000, .inverted = true};
	spoiled_line(&r, 1200.0, 2, true);
}
END_TEST

START_TEST(test_stackmat_decode__noise)
{
	CLAUSES("SM-1.2");
	sm_render r = {.amplitude = 8000, .noise = 2500, .seed = 7};
	spoiled_line(&r, 1200.0, 3, false);
	r = (sm_render){.amplitude = 800, .noise = 250, .highpass_hz = 20, .seed = 11, .inverted = true};
	spoiled_line(&r, 1200.0, 3, true);
}
END_TEST

START_TEST(test_stackmat_decode__a_timer_clock_a_few_percent_off)
{
	CLAUSES("SM-1.2");
	sm_render r = clean;
	/* A slow or fast timer: the first edge is exact, the rest re-synchronise. */
	spoiled_line(&r, 1200.0 * 0.975, 0, false);
	spoiled_line(&r, 1200.0 * 1.025, 0, false);
}
END_TEST

/* A line at 44.1 kHz: idle, a warm-up packet ('I', 0), then n packets of
 * status showing 0, step_ms, 2 step_ms..., gap_ms apart; their first edges in at[]. */
static void numbered_line(sm_synth *s, char status, int32_t step_ms, int n, uint32_t gap_ms, size_t *at)
{
	sm_synth_init(s, 44100, 1200.0);
	sm_idle_ms(s, 200);
	sm_packet(s, 'I', 0, true, NULL);
	for (int i = 0; i < n; i++) {
		at[i] = sm_packet(s, status, step_ms * i, true, NULL);
		sm_idle_ms(s, gap_ms);
	}
}

/* Level steps: a packet in the second after a 20-fold drop may go, none later. */
START_TEST(test_stackmat_decode__follows_a_level_change)
{
	CLAUSES("SM-1.2");
	sm_synth s;
	size_t at[40];
	numbered_line(&s, 'S', 1000, 40, 40, at);
	int16_t *pcm = malloc(s.n * sizeof *pcm);
	double hi = 0, ho = 0;
	uint32_t rng = 3;
	size_t step1 = at[10] - 100, step2 = at[25] - 100;
	sm_render loud = {.amplitude = 20000, .highpass_hz = 20, .noise = 30};
	sm_render quiet = {.amplitude = 1000, .highpass_hz = 20, .noise = 30};
	sm_render_range(&s, 0, step1, &loud, pcm, 1, &hi, &ho, &rng);
	sm_render_range(&s, step1, step2, &quiet, pcm + step1, 1, &hi, &ho, &rng);
	sm_render_range(&s, step2, s.n, &loud, pcm + step2, 1, &hi, &ho, &rng);
	static readings rd;
	decode(pcm, s.n, 44100, 512, &rd);
	bool seen[40] = {false};
	for (size_t i = 0; i < rd.n; i++) {
		if (rd.r[i].kind != CC_STACKMAT_READ_PACKET || rd.r[i].packet.status == 'I')
			continue;
		int k = rd.r[i].packet.time_ms / 1000;
		ck_assert_int_eq(rd.r[i].packet.time_ms, 1000 * k);
		ck_assert_uint_le(rd.r[i].packet.sample > at[k] ? rd.r[i].packet.sample - at[k] : at[k] - rd.r[i].packet.sample, 2);
		seen[k] = true;
	}
	for (int k = 0; k < 40; k++)
		if (!(k >= 10 && at[k] < step1 + 44100)) /* the second after the drop */
			ck_assert_msg(seen[k], "packet %d lost", k);
	free(pcm);
	sm_synth_free(&s);
}
END_TEST

START_TEST(test_stackmat_decode__wrong_checksums_and_flipped_bits_refused)
{
	CLAUSES("SM-1.1");
	sm_synth s;
	sm_synth_init(&s, 44100, 1200.0);
	sm_idle_ms(&s, 200);
	sm_fault bad_sum = {.bad_checksum = true};
	sm_fault digit = {.flip_byte = 4, .flip_bit = 0}; /* '3' read as '2' */
	sm_fault status = {.flip_byte = 1, .flip_bit = 6};
	sm_fault cr = {.flip_byte = 10, .flip_bit = 1};
	sm_packet(&s, 'S', 23450, true, NULL);
	sm_packet(&s, 'S', 23450, true, &bad_sum);
	sm_packet(&s, 'S', 23350, true, &digit);
	sm_packet(&s, 'S', 23450, true, &status);
	sm_packet(&s, 'S', 23450, true, &cr);
	sm_packet(&s, 'S', 23450, true, NULL);
	sm_idle_ms(&s, 100);
	int16_t *pcm = sm_render_all(&s, &clean);
	static readings rd;
	decode(pcm, s.n, 44100, 0, &rd);
	ck_assert_uint_eq(count_packets(&rd), 2);
	for (size_t i = 0; i < rd.n; i++)
		ck_assert_int_eq(rd.r[i].packet.time_ms, 23450);
	ck_assert_uint_eq(rd.stats.bad_checksum, 2);
	ck_assert_uint_eq(rd.stats.bad_packet, 1);
	free(pcm);
	sm_synth_free(&s);
}
END_TEST

START_TEST(test_stackmat_decode__dropouts_lose_packets_not_the_line)
{
	CLAUSES("SM-1.1 SM-3.1");
	sm_synth s;
	size_t at[20];
	numbered_line(&s, ' ', 110, 20, 20, at);
	int16_t *pcm = sm_render_all(&s, &(sm_render){.amplitude = 9000, .highpass_hz = 20});
	/* 5 ms gaps in packets 3 and 9 (a loose plug), 300 ms of silence over 12 to 14. */
	memset(pcm + at[3] + 2000, 0, 220 * sizeof *pcm);
	memset(pcm + at[9] + 900, 0, 220 * sizeof *pcm);
	size_t gap = at[12] + 10, gap_end = gap + 13230;
	memset(pcm + gap, 0, (gap_end - gap) * sizeof *pcm);
	static readings rd;
	decode(pcm, s.n, 44100, 0, &rd);
	bool seen[20] = {false};
	for (size_t i = 0; i < rd.n; i++) {
		ck_assert_int_eq(rd.r[i].kind, CC_STACKMAT_READ_PACKET); /* 300 ms is not a loss */
		if (rd.r[i].packet.status == 'I')
			continue;
		int k = rd.r[i].packet.time_ms / 110;
		ck_assert_int_eq(rd.r[i].packet.time_ms, 110 * k);
		seen[k] = true;
	}
	for (int k = 0; k < 20; k++) {
		size_t next = k + 1 < 20 ? at[k + 1] : s.n;
		ck_assert_msg(seen[k] == !(k == 3 || k == 9 || (at[k] < gap_end && next > gap)), "packet %d", k);
	}
	free(pcm);
	sm_synth_free(&s);
}
END_TEST

START_TEST(test_stackmat_decode__lost_after_a_second_without_a_valid_packet)
{
	CLAUSES("SM-3.1");
	sm_synth s;
	sm_synth_init(&s, 44100, 1200.0);
	sm_idle_ms(&s, 200);
	sm_packet(&s, 'I', 0, true, NULL);
	size_t end = s.n - (size_t)(30 * 44100 / 1000); /* the packet's end, before its gap */
	sm_idle_ms(&s, 400);
	sm_packet(&s, 'I', 0, true, &(sm_fault){.bad_checksum = true}); /* not a valid one */
	sm_idle_ms(&s, 2000);
	int16_t *pcm = sm_render_all(&s, &clean);
	static readings rd;
	decode(pcm, s.n, 44100, 333, &rd);
	ck_assert_uint_eq(rd.n, 2);
	ck_assert_int_eq(rd.r[1].kind, CC_STACKMAT_READ_LOST);
	/* A second after the sample that completed the valid packet (its CR's stop bit). */
	uint64_t lost = rd.r[1].packet.sample;
	ck_assert_uint_ge(lost, end - 37 + 44100 - 40);
	ck_assert_uint_le(lost, end + 44100);
	/* Silence from the start is a loss too, once. */
	int16_t quiet[50000] = {0};
	decode(quiet, 50000, 44100, 0, &rd);
	ck_assert_uint_eq(rd.n, 1);
	ck_assert_int_eq(rd.r[0].kind, CC_STACKMAT_READ_LOST);
	ck_assert_uint_eq(rd.r[0].packet.sample, 44100);
	free(pcm);
	sm_synth_free(&s);
}
END_TEST

/* --- the timer ---------------------------------------------------------------- */

typedef struct {
	cc_stackmat_final fin[8];
	size_t nfin;
	cc_stackmat_state states[MAX_READ];
	size_t nstates;
	cc_stackmat_timer t;
} timer_run;

/* The timer fed the decoded pcm; states recorded on each change. */
static void run_timer(const int16_t *pcm, size_t n, uint32_t rate, timer_run *tr)
{
	static readings rd;
	decode(pcm, n, rate, 4096, &rd);
	cc_stackmat_timer_init(&tr->t, rate);
	tr->nfin = tr->nstates = 0;
	for (size_t i = 0; i < rd.n; i++) {
		cc_stackmat_final f;
		if (cc_stackmat_timer_take(&tr->t, &rd.r[i], &f)) {
			ck_assert(tr->nfin < 8);
			tr->fin[tr->nfin++] = f;
		}
		if (tr->nstates == 0 || tr->states[tr->nstates - 1] != tr->t.state)
			tr->states[tr->nstates++] = tr->t.state;
	}
}

static void solve_once(const sm_timer_model *m, int32_t solve_ms, uint32_t stop_packets, const sm_render *r,
		       timer_run *tr, size_t *stop)
{
	sm_synth s;
	sm_synth_init(&s, 44100, 1200.0);
	sm_idle_ms(&s, 300);
	*stop = sm_solve(&s, m, 9, solve_ms, stop_packets);
	sm_idle_ms(&s, 100);
	int16_t *pcm = sm_render_all(&s, r);
	run_timer(pcm, s.n, 44100, tr);
	free(pcm);
	sm_synth_free(&s);
}

START_TEST(test_stackmat_timer__every_state_of_a_solve)
{
	CLAUSES("SM-2.1");
	static timer_run tr;
	size_t stop;
	sm_timer_model gen3 = {.thousandths = true};
	solve_once(&gen3, 23450, 6, &clean, &tr, &stop);
	cc_stackmat_state want[] = {CC_STACKMAT_RESET, CC_STACKMAT_HANDS, CC_STACKMAT_READY, CC_STACKMAT_RUNNING,
				    CC_STACKMAT_STOPPED};
	ck_assert_uint_eq(tr.nstates, 5);
	for (size_t i = 0; i < 5; i++)
		ck_assert_str_eq(cc_stackmat_state_name(tr.states[i]), cc_stackmat_state_name(want[i]));
	ck_assert_uint_eq(tr.nfin, 1);
	ck_assert_int_eq(tr.fin[0].time_ms, 23450);
	ck_assert_int_eq(tr.fin[0].time_cs, 2345);
}
END_TEST

START_TEST(test_stackmat_timer__a_gen4_timer_says_I_and_space_only)
{
	CLAUSES("SM-2.1");
	static timer_run tr;
	size_t stop;
	sm_timer_model gen4 = {.thousandths = true, .gen4 = true, .period_ms = 112};
	solve_once(&gen4, 62300, 5, &(sm_render){.amplitude = 5000, .inverted = true, .highpass_hz = 20}, &tr, &stop);
	ck_assert_uint_eq(tr.nstates, 3);
	ck_assert_int_eq(tr.states[0], CC_STACKMAT_RESET);
	ck_assert_int_eq(tr.states[1], CC_STACKMAT_RUNNING);
	ck_assert_int_eq(tr.states[2], CC_STACKMAT_STOPPED);
	ck_assert_uint_eq(tr.nfin, 1);
	ck_assert_int_eq(tr.fin[0].time_cs, 6230);
}
END_TEST

START_TEST(test_stackmat_timer__final_after_three_stopped_packets_once)
{
	CLAUSES("SM-2.1");
	static timer_run tr;
	size_t stop;
	sm_timer_model gen3 = {.thousandths = false};
	solve_once(&gen3, 41070, 2, &clean, &tr, &stop);
	ck_assert_uint_eq(tr.nfin, 0); /* two are not enough */
	ck_assert_int_eq(tr.t.state, CC_STACKMAT_STOPPED);
	solve_once(&gen3, 41070, 3, &clean, &tr, &stop);
	ck_assert_uint_eq(tr.nfin, 1);
	ck_assert_int_eq(tr.fin[0].time_cs, 4107);
	solve_once(&gen3, 41070, 30, &clean, &tr, &stop);
	ck_assert_uint_eq(tr.nfin, 1); /* and said once */
}
END_TEST

START_TEST(test_stackmat_timer__stamped_at_the_stop)
{
	CLAUSES("SM-2.3");
	static timer_run tr;
	size_t stop;
	sm_timer_model gen3 = {.thousandths = true};
	for (int32_t ms = 1000; ms < 60000; ms += 14011) {
		solve_once(&gen3, ms, 4, &clean, &tr, &stop);
		ck_assert_uint_eq(tr.nfin, 1);
		ck_assert_int_eq(tr.fin[0].time_ms, ms);
		/* Within a millisecond's samples of the real stop (and the 
		 * running packets' own first edges, exact). */
		uint64_t got = tr.fin[0].stop_sample;
		ck_assert_msg(got + 45 >= stop && got <= stop + 45, "%d ms: stop at %llu, said %llu", ms,
			      (unsigned long long)stop, (unsigned long long)got);
	}
	sm_timer_model gen2 = {.thousandths = false};
	solve_once(&gen2, 12345, 4, &clean, &tr, &stop);
	ck_assert_int_eq(tr.fin[0].time_ms, 12340);
	ck_assert_uint_le(stop - tr.fin[0].stop_sample, 10 * 45); /* a hundredth's samples */
}
END_TEST

START_TEST(test_stackmat_timer__hundredths_truncated)
{
	CLAUSES("SM-2.4");
	static timer_run tr;
	size_t stop;
	sm_timer_model gen3 = {.thousandths = true};
	solve_once(&gen3, 23459, 4, &clean, &tr, &stop);
	ck_assert_int_eq(tr.fin[0].time_ms, 23459);
	ck_assert_int_eq(tr.fin[0].time_cs, 2345);
}
END_TEST

/* Readings made by hand, a packet each. */
static cc_stackmat_reading pk(char status, int32_t ms, uint64_t sample)
{
	cc_stackmat_reading r = {.kind = CC_STACKMAT_READ_PACKET};
	r.packet.status = status;
	r.packet.time_ms = ms;
	r.packet.thousandths = true;
	r.packet.sample = sample;
	return r;
}

static int feed_all(cc_stackmat_timer *t, const cc_stackmat_reading *r, size_t n, cc_stackmat_final *f)
{
	int finals = 0;
	for (size_t i = 0; i < n; i++)
		finals += cc_stackmat_timer_take(t, &r[i], f);
	return finals;
}

START_TEST(test_stackmat_timer__reset_before_final_forgets_the_stop)
{
	CLAUSES("SM-2.2");
	cc_stackmat_timer t;
	cc_stackmat_final f = {0};
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading r[] = {pk('A', 0, 0),       pk(' ', 100, 5000),  pk(' ', 210, 10000),
				   pk('S', 250, 15000), pk('S', 250, 20000), pk('I', 0, 25000),
				   pk('S', 250, 30000), pk('S', 250, 35000), pk('S', 250, 40000)};
	ck_assert_int_eq(feed_all(&t, r, 9, &f), 0);
	ck_assert_int_eq(t.state, CC_STACKMAT_STOPPED);
	/* A stopped time seen without its run (connected after the stop): never final. */
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading late[] = {pk('S', 9000, 0), pk('S', 9000, 5000), pk('S', 9000, 10000), pk('S', 9000, 15000)};
	ck_assert_int_eq(feed_all(&t, late, 4, &f), 0);
	/* A reset after the final time changes nothing already said. */
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading after[] = {pk(' ', 100, 5000),  pk('S', 250, 15000), pk('S', 250, 20000),
				       pk('S', 250, 25000), pk('I', 0, 30000),   pk('I', 0, 35000)};
	ck_assert_int_eq(feed_all(&t, after, 6, &f), 1);
	ck_assert_int_eq(f.time_ms, 250);
	ck_assert_int_eq(t.state, CC_STACKMAT_RESET);
}
END_TEST

START_TEST(test_stackmat_timer__a_loss_before_final_proposes_nothing)
{
	CLAUSES("SM-3.2");
	cc_stackmat_timer t;
	cc_stackmat_final f = {0};
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading lost = {.kind = CC_STACKMAT_READ_LOST};
	cc_stackmat_reading r1[] = {pk(' ', 100, 5000), pk(' ', 4000, 10000), lost,
				    pk('S', 5000, 90000), pk('S', 5000, 95000), pk('S', 5000, 99000), pk('S', 5000, 104000)};
	ck_assert_int_eq(feed_all(&t, r1, 2, &f), 0);
	ck_assert_int_eq(cc_stackmat_timer_take(&t, &lost, &f), false);
	ck_assert_int_eq(t.state, CC_STACKMAT_NO_SIGNAL);
	ck_assert_int_eq(t.time_ms, 0);
	ck_assert_int_eq(feed_all(&t, r1 + 3, 4, &f), 0);
	/* Lost while stopped, before the third packet: nothing either. */
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading r2[] = {pk(' ', 100, 5000), pk('S', 250, 10000), pk('S', 250, 15000), lost,
				    pk('S', 250, 60000), pk('S', 250, 65000), pk('S', 250, 70000)};
	ck_assert_int_eq(feed_all(&t, r2, 7, &f), 0);
}
END_TEST

START_TEST(test_stackmat_timer__over_the_cap_proposed_as_shown)
{
	CLAUSES("SM-4.1");
	static timer_run tr;
	size_t stop;
	sm_timer_model gen3 = {.thousandths = true};
	solve_once(&gen3, 150000, 4, &clean, &tr, &stop);
	ck_assert_uint_eq(tr.nfin, 1);
	ck_assert_int_eq(tr.fin[0].time_cs, 15000);
}
END_TEST

START_TEST(test_stackmat_timer__at_the_display_limit_nothing)
{
	CLAUSES("SM-4.2");
	cc_stackmat_timer t;
	cc_stackmat_final f = {0};
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading r[] = {pk(' ', 599000, 0), pk(' ', 599990, 5000), pk('S', 599990, 10000),
				   pk('S', 599990, 15000), pk('S', 599990, 20000), pk('S', 599990, 25000)};
	ck_assert_int_eq(feed_all(&t, r, 6, &f), 0);
	ck_assert(t.over_display);
	cc_stackmat_timer_init(&t, 44100);
	cc_stackmat_reading below[] = {pk(' ', 599000, 0), pk('S', 599980, 10000), pk('S', 599980, 15000),
				       pk('S', 599980, 20000)};
	ck_assert_int_eq(feed_all(&t, below, 4, &f), 1);
	ck_assert_int_eq(f.time_cs, 59998);
}
END_TEST

static Suite *stackmat_suite(void)
{
	Suite *s = suite_create("stackmat");
	TCase *parse = tcase_create("parse");
	TCase *decode_tc = tcase_create("decode");
	TCase *timer = tcase_create("timer");
	tcase_set_timeout(decode_tc, 60);
	tcase_set_timeout(timer, 60);
	tcase_add_test(parse, test_stackmat_parse__valid_packets_of_both_lengths);
	tcase_add_test(parse, test_stackmat_parse__refuses_a_wrong_checksum_status_digit_or_end);
	tcase_add_test(decode_tc, test_stackmat_decode__clean_line_to_the_sample);
	tcase_add_test(decode_tc, test_stackmat_decode__same_readings_whatever_the_chunks);
	tcase_add_test(decode_tc, test_stackmat_decode__either_polarity);
	tcase_add_test(decode_tc, test_stackmat_decode__any_level_and_offset);
	tcase_add_test(decode_tc, test_stackmat_decode__a_sound_cards_coupling_and_clipping);
	tcase_add_test(decode_tc, test_stackmat_decode__noise);
	tcase_add_test(decode_tc, test_stackmat_decode__a_timer_clock_a_few_percent_off);
	tcase_add_test(decode_tc, test_stackmat_decode__follows_a_level_change);
	tcase_add_test(decode_tc, test_stackmat_decode__wrong_checksums_and_flipped_bits_refused);
	tcase_add_test(decode_tc, test_stackmat_decode__dropouts_lose_packets_not_the_line);
	tcase_add_test(decode_tc, test_stackmat_decode__lost_after_a_second_without_a_valid_packet);
	tcase_add_test(timer, test_stackmat_timer__every_state_of_a_solve);
	tcase_add_test(timer, test_stackmat_timer__a_gen4_timer_says_I_and_space_only);
	tcase_add_test(timer, test_stackmat_timer__final_after_three_stopped_packets_once);
	tcase_add_test(timer, test_stackmat_timer__stamped_at_the_stop);
	tcase_add_test(timer, test_stackmat_timer__hundredths_truncated);
	tcase_add_test(timer, test_stackmat_timer__reset_before_final_forgets_the_stop);
	tcase_add_test(timer, test_stackmat_timer__a_loss_before_final_proposes_nothing);
	tcase_add_test(timer, test_stackmat_timer__over_the_cap_proposed_as_shown);
	tcase_add_test(timer, test_stackmat_timer__at_the_display_limit_nothing);
	suite_add_tcase(s, parse);
	suite_add_tcase(s, decode_tc);
	suite_add_tcase(s, timer);
	return s;
}

int main(void)
{
	SRunner *runner = srunner_create(stackmat_suite());
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
