/*
 * pseudo_messages.c: every message of the refusal table
 * (include/chesscubing/messages.def) said through the renderer
 * (cc_session_describe_refusal) in one language, with an argument of each
 * of its types, one line each: its name, a tab, the text.
 *
 *   pseudo_messages LOCALEDIR CODE
 *
 * tests/l10n/pseudo_cli.sh runs it in the pseudo-language (qps) and judges
 * each text: a message without its pseudo translation, or an argument said
 * in English inside it, or a text cut, fails there. The arguments are
 * what a person could meet: White, the move Nf3, a clock of 1:23.4, the
 * number 2, a word of the core's vocabulary ("checkmate", said through the
 * catalogue), and a text as typed, in letters that cannot look English.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chesscubing/common.h"
#include "chesscubing/session_describe.h"
#include "chesscubing/support_lang.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s LOCALEDIR CODE\n", argv[0]);
		return 2;
	}
	setlocale(LC_CTYPE, "C.UTF-8");
	cc_lang_use_dir(argv[1]);
	const cc_lang *lang = cc_lang_named(argv[2]);
	if (!lang) {
		fprintf(stderr, "%s: no language '%s'\n", argv[0], argv[2]);
		return 2;
	}
	for (int m = 0; m < CC_MSG_COUNT; m++) {
		const char *types = cc_msg_types((cc_msg)m);
		cc_msg_in in[CC_MSG_ARGS_MAX];
		int count = (int)strlen(types);
		for (int i = 0; i < count && i < CC_MSG_ARGS_MAX; i++) {
			switch (types[i]) {
			case 's':
				in[i] = cc_msg_in_int(CC_SIDE_WHITE);
				break;
			case 'm':
				in[i] = cc_msg_in_text("Nf3");
				break;
			case 't':
				in[i] = cc_msg_in_int(83400);
				break;
			case 'w':
				in[i] = cc_msg_in_text("checkmate");
				break;
			case 'x':
				in[i] = cc_msg_in_text("\xce\xa9\xce\xb1" "1"); /* Ωα1 */
				break;
			default:
				in[i] = cc_msg_in_int(2);
				break;
			}
		}
		cc_error err;
		char buf[CC_SESSION_REFUSAL_MAX];
		cc_refuse_args(&err, (cc_msg)m, in, count);
		cc_session_describe_refusal(lang, &err, buf, sizeof buf);
		printf("%s\t%s\n", cc_msg_name((cc_msg)m), buf);
	}
	return ferror(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
}
