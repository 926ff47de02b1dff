/*
 * session_news.h: the news of a record, for whoever follows it read only
 * (`watch`, the director's view, the web server's poller): a descriptor to
 * wait on that becomes readable when the record is written, and when to
 * ask the record again, so a follower sleeps until a commit instead of
 * asking four times a second (issue 25, issue 32).
 *
 * Owns: the kernel's watch (inotify) on the record's files, whose names
 * the store gives (the database and the journal SQLite commits into, and
 * their folder): no caller names a file of SQLite's. Where the kernel
 * cannot tell (no inotify, no watch left) the news says nothing and the
 * caller polls at its own pace (cc_session_news_poll_ms); where it tells
 * nothing although it could (a network filesystem, another machine's
 * console, a console's hold gone without a write), the slow poll of
 * CC_SESSION_NEWS_POLL_MS still finds the news.
 *
 * The kernel tells of writes, not of commits: the last write of a commit
 * comes before SQLite marks it visible, so the record is to be asked
 * first_ms after a write told of (and after the writes that came
 * meanwhile), and once more last_ms after it.
 *
 * Memory: cc_session_news_create() allocates, cc_session_news_destroy()
 * frees (NULL is fine); every function takes NULL as "no news source" (no
 * descriptor, never due). Borrows nothing after create returns.
 */
#ifndef CHESSCUBING_SESSION_NEWS_H
#define CHESSCUBING_SESSION_NEWS_H

#include <stdbool.h>
#include <stdint.h>

#include "chesscubing/common.h"
#include "chesscubing/session.h"

typedef struct cc_session_news cc_session_news;

/* Milliseconds between the slow polls of a follower the kernel tells of writes. */
#define CC_SESSION_NEWS_POLL_MS 2000

/*
 * Starts following db's news: the record is to be asked first_ms after a
 * write told of, and last_ms after it (-1: not). A news source the kernel
 * cannot feed is still made, and tells nothing (cc_session_news_told
 * false). CC_ERR_NOMEM.
 */
cc_err cc_session_news_create(cc_session_news **out, cc_session_db *db, int first_ms, int last_ms, cc_error *err);
void cc_session_news_destroy(cc_session_news *news);

/* Does the kernel tell of the record's writes? */
bool cc_session_news_told(const cc_session_news *news);

/* How often the follower asks the record anyway: CC_SESSION_NEWS_POLL_MS
 * when told of writes, else its own fast_ms. */
int cc_session_news_poll_ms(const cc_session_news *news, int fast_ms);

/* Reads every pending note of the kernel, without waiting: true when one
 * was about the record (a write, a writer's close, a name made again). */
bool cc_session_news_drain(cc_session_news *news);

/* At mono_ms: is the record to be asked now? Drains the notes when no
 * question is pending. */
bool cc_session_news_due(cc_session_news *news, int64_t mono_ms);

/* The descriptor to wait on (readable: news), -1 when none, and none while
 * a question is pending (the writes meanwhile wait in the kernel's queue,
 * told once it is asked). */
int cc_session_news_fd(const cc_session_news *news);

/* Milliseconds until cc_session_news_due next says yes, at most wait. */
int64_t cc_session_news_wait(const cc_session_news *news, int64_t mono_ms, int64_t wait);

#endif
