/* test_web.c: what the web server reads from a request (src/web/request.c):
 * the path routed, the language picked, If-None-Match compared. Hostile
 * text is refused or not found, never mapped to a file. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "web_internal.h"

static cc_web_route route(const char *path)
{
	cc_web_route r;
	cc_web_route_parse(path, &r);
	return r;
}

START_TEST(test_web_route__names_the_pages_and_feeds)
{
	ck_assert_int_eq(route("/").kind, CC_WEB_INDEX);
	ck_assert_int_eq(route("/events").kind, CC_WEB_INDEX_EVENTS);
	ck_assert_int_eq(route("/index.json").kind, CC_WEB_INDEX_JSON);
	ck_assert_int_eq(route("/words.json").kind, CC_WEB_WORDS);
	cc_web_route r = route("/match/42");
	ck_assert_int_eq(r.kind, CC_WEB_MATCH);
	ck_assert_int_eq(r.match_id, 42);
	ck_assert_int_eq(route("/match/42/events").kind, CC_WEB_MATCH_EVENTS);
	ck_assert_int_eq(route("/match/42.pgn").kind, CC_WEB_MATCH_PGN);
	r = route("/match/7.json");
	ck_assert_int_eq(r.kind, CC_WEB_MATCH_JSON);
	ck_assert_int_eq(r.match_id, 7);
	r = route("/event/Club%20night.pgn");
	ck_assert_int_eq(r.kind, CC_WEB_EVENT_PGN);
	ck_assert_str_eq(r.name, "Club night");
	r = route("/event/a%2Fb/events"); /* an escaped slash stays in the name */
	ck_assert_int_eq(r.kind, CC_WEB_EVENT_EVENTS);
	ck_assert_str_eq(r.name, "a/b");
	r = route("/event/Soir%C3%A9e");
	ck_assert_int_eq(r.kind, CC_WEB_EVENT);
	ck_assert_str_eq(r.name, "Soir\xc3\xa9" "e");
	r = route("/app.js");
	ck_assert_int_eq(r.kind, CC_WEB_ASSET);
	ck_assert_str_eq(r.name, "app.js");
}
END_TEST

START_TEST(test_web_route__maps_no_path_to_a_file)
{
	static const char *const missing[] = {"", "match/1", "/../etc/passwd", "/etc/passwd", "/app.js/", "/page.html",
	                                      "/match/", "/match/0", "/match/01", "/match/-1", "/match/1x",
	                                      "/match/99999999999999999", "/match/1/events/x", "/match/1/", "/event/",
	                                      "/event/x/y", "/event/.pgn", "/APP.JS", "/favicon.ico"};
	for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++)
		ck_assert_msg(route(missing[i]).kind == CC_WEB_NOT_FOUND, "%s", missing[i]);
	ck_assert_int_eq(route(NULL).kind, CC_WEB_NOT_FOUND);
}
END_TEST

START_TEST(test_web_route__refuses_broken_names)
{
	static const char *const broken[] = {"/event/%", "/event/%4", "/event/%ZZ", "/event/a%00b", "/event/%0a",
	                                     "/event/%C3", "/event/%C0%AF", "/event/%ED%A0%80", "/event/%1B%5B2J",
	                                     "/event/%C2%85"};
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++)
		ck_assert_msg(route(broken[i]).kind == CC_WEB_BAD_REQUEST, "%s", broken[i]);
	char long_name[200] = "/event/";
	memset(long_name + 7, 'a', 100);
	ck_assert_int_eq(route(long_name).kind, CC_WEB_BAD_REQUEST); /* longer than a name */
	char *huge = malloc(CC_WEB_URL_MAX + 10);
	ck_assert_ptr_nonnull(huge);
	memset(huge, 'a', CC_WEB_URL_MAX + 9);
	huge[0] = '/';
	huge[CC_WEB_URL_MAX + 9] = '\0';
	ck_assert_int_eq(route(huge).kind, CC_WEB_BAD_REQUEST);
	free(huge);
}
END_TEST

START_TEST(test_web_lang__query_then_accept_language_then_english)
{
	ck_assert_str_eq(cc_web_lang_pick("fr", "en")->code, "fr");
	ck_assert_str_eq(cc_web_lang_pick("en", "fr")->code, "en");
	ck_assert_str_eq(cc_web_lang_pick("de", "fr-FR,fr;q=0.9")->code, "fr");
	ck_assert_str_eq(cc_web_lang_pick(NULL, "en-GB,en;q=0.9,fr;q=0.8")->code, "en");
	ck_assert_str_eq(cc_web_lang_pick(NULL, "de-DE, fr;q=0.7, en;q=0.3")->code, "fr");
	ck_assert_str_eq(cc_web_lang_pick(NULL, "fr;q=0")->code, "en");
	ck_assert_str_eq(cc_web_lang_pick(NULL, "FR-ca")->code, "fr");
	ck_assert_str_eq(cc_web_lang_pick(NULL, "fry,frx")->code, "en");
	ck_assert_str_eq(cc_web_lang_pick(NULL, NULL)->code, "en");
	ck_assert_str_eq(cc_web_lang_pick(NULL, ";;,,q=,")->code, "en");
	ck_assert_str_eq(cc_web_lang_pick("fr_FR.UTF-8", NULL)->code, "fr"); /* a locale's spelling */
	ck_assert_str_eq(cc_web_lang_pick(NULL, "fr;q=0.5, en;q=0.5")->code, "fr"); /* the first of equals */
	ck_assert_str_eq(cc_web_lang_pick(NULL, "*;q=0.5, fr;q=0.05")->code, "fr");
}
END_TEST

/* Only a busy record (or too many topics at once) is worth a retry: 503;
 * a malformed or unreadable record is the server's failure, not "busy". */
START_TEST(test_web_status__busy_is_503_and_invalid_is_not)
{
	ck_assert_uint_eq(cc_web_error_status(CC_ERR_NOT_FOUND), 404);
	ck_assert_uint_eq(cc_web_error_status(CC_ERR_BUSY), 503);
	ck_assert_uint_eq(cc_web_error_status(CC_ERR_INVALID), 500);
	ck_assert_uint_eq(cc_web_error_status(CC_ERR_STORE), 500);
	ck_assert_uint_eq(cc_web_error_status(CC_ERR_NOMEM), 500);
}
END_TEST

START_TEST(test_web_etag__if_none_match_lists_and_weak_tags)
{
	const char *tag = "\"00ff\"";
	ck_assert(cc_web_etag_matches("\"00ff\"", tag));
	ck_assert(cc_web_etag_matches("W/\"00ff\"", tag));
	ck_assert(cc_web_etag_matches("\"aa\", \"00ff\"", tag));
	ck_assert(cc_web_etag_matches("*", tag));
	ck_assert(!cc_web_etag_matches("\"00fe\"", tag));
	ck_assert(!cc_web_etag_matches("00ff", tag));
	ck_assert(!cc_web_etag_matches("\"00ff", tag));
	ck_assert(!cc_web_etag_matches("", tag));
	ck_assert(!cc_web_etag_matches(NULL, tag));
}
END_TEST

START_TEST(test_web_assets__every_route_has_its_asset)
{
	static const char *const names[] = {"page.html", "app.js", "app.css", "favicon.svg"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const cc_web_asset *a = cc_web_asset_find(names[i]);
		ck_assert_ptr_nonnull(a);
		ck_assert_uint_gt(a->size, 100);
	}
	ck_assert_ptr_null(cc_web_asset_find("../page.html"));
	/* The page loads its script from the server: nothing inline for the CSP to refuse. */
	const cc_web_asset *page = cc_web_asset_find("page.html");
	ck_assert_ptr_nonnull(strstr((const char *)page->data, "<script src=\"/app.js\""));
	ck_assert_ptr_null(strstr((const char *)page->data, "<script>"));
	ck_assert_ptr_null(strstr((const char *)page->data, " on"));
}
END_TEST

static Suite *web_suite(void)
{
	Suite *s = suite_create("web");
	TCase *tc = tcase_create("route");
	tcase_add_test(tc, test_web_route__names_the_pages_and_feeds);
	tcase_add_test(tc, test_web_route__maps_no_path_to_a_file);
	tcase_add_test(tc, test_web_status__busy_is_503_and_invalid_is_not);
	tcase_add_test(tc, test_web_route__refuses_broken_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("headers");
	tcase_add_test(tc, test_web_lang__query_then_accept_language_then_english);
	tcase_add_test(tc, test_web_etag__if_none_match_lists_and_weak_tags);
	suite_add_tcase(s, tc);
	tc = tcase_create("assets");
	tcase_add_test(tc, test_web_assets__every_route_has_its_asset);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(web_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
