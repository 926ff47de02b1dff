#!/usr/bin/env bash
# cli_french.sh BIN CMAKE BUILD_DIR: French in every command (issue 23
# item 5). The locale alone (LANG=fr_FR.UTF-8, whether or not the machine
# generated it) gives what --lang fr gives, --lang en overrides it, LC_ALL=C
# wins over LANG; every command's --help and the club's lists are
# translated (their French differs from their English); JSON and CSV are
# the same in both languages. Then the build is installed into a fresh
# prefix and the installed program finds its catalogue there:
# `LANG=fr_FR.UTF-8 PREFIX/bin/chesscubing ratings` and `--help` in French;
# the bash completion is installed and completes the commands.
set -u
BIN=${1:?usage: $0 path/to/chesscubing cmake build-dir}
CMAKE=${2:?usage: $0 path/to/chesscubing cmake build-dir}
BUILD=${3:?usage: $0 path/to/chesscubing cmake build-dir}
DIR=$(mktemp -d /tmp/cc-cli-french-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: cli_french RE-5.1 RE-5.2"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
unset LANGUAGE LC_ALL LC_MESSAGES LANG
fr() { LANG=fr_FR.UTF-8 "$@" 2>&1; }
en() { LANG=C.UTF-8 "$@" 2>&1; }

DB=$DIR/club.db
printf 'settings format=twice category=fast white=Anne black=Bruno\n0 start\n1000 resign b\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || fail "script"
"$BIN" players --db "$DB" add Chloé >/dev/null || fail "players add"
"$BIN" event --db "$DB" create soir --players Anne,Bruno,Chloé >/dev/null || fail "event create"

# same_as_lang_fr NAME ARGS: the locale gives --lang fr's output, which is
# not the English one; --lang en beats the locale; LC_ALL=C beats LANG.
same_as_lang_fr() {
	local name=$1 by_locale by_option english
	shift
	by_locale=$(fr "$BIN" "$@")
	by_option=$(en "$BIN" --lang fr "$@")
	english=$(en "$BIN" "$@")
	if [ "$by_locale" != "$by_option" ]; then
		fail "$name: LANG=fr_FR.UTF-8 gives '$(printf '%s' "$by_locale" | head -2)', --lang fr '$(printf '%s' "$by_option" | head -2)'"
	elif [ "$by_locale" = "$english" ]; then
		fail "$name: the same in French and English: $(printf '%s' "$english" | head -2)"
	elif [ "$(fr "$BIN" --lang en "$@")" != "$english" ]; then
		fail "$name: --lang en does not override LANG=fr_FR.UTF-8"
	elif [ "$(LC_ALL=C LANG=fr_FR.UTF-8 "$BIN" "$@" 2>&1)" != "$english" ]; then
		fail "$name: LC_ALL=C does not win over LANG=fr_FR.UTF-8"
	else
		ok "$name in French by the locale alone"
	fi
}

same_as_lang_fr "--help" --help
commands=$(en "$BIN" --help | awk '/^Commands:/{f=1; next} /^$/{f=0} f{print $1}')
for cmd in $commands; do
	same_as_lang_fr "$cmd --help" "$cmd" --help
done
same_as_lang_fr "ratings" ratings --db "$DB"
same_as_lang_fr "list" list --db "$DB"
same_as_lang_fr "show" show --db "$DB" 1
same_as_lang_fr "export --format text" export --db "$DB" --format text 1
same_as_lang_fr "players list" players list --db "$DB"
same_as_lang_fr "players show" players show Anne --db "$DB"
same_as_lang_fr "event list" event list --db "$DB"
same_as_lang_fr "event show" event show soir --db "$DB"
same_as_lang_fr "event standings" event standings soir --db "$DB"
same_as_lang_fr "h2h" h2h Anne Bruno --db "$DB"

# The tiers in the club's lists are the renderer's words (CL-2 tiers): the
# French list's tier is the catalogue's translation of the English one.
tier_en=$(en "$BIN" ratings --db "$DB" | awk 'NR == 2 {print $4}')
tier_fr=$(fr "$BIN" ratings --db "$DB" | awk 'NR == 2 {print $4}')
tier_po=$(LANGUAGE=fr LC_ALL=C.UTF-8 TEXTDOMAINDIR="$BUILD/locale" gettext chesscubing "$tier_en" 2>/dev/null)
if [ -n "$tier_po" ] && [ "$tier_fr" = "$tier_po" ] && [ "$tier_fr" != "$tier_en" ]; then
	ok "the tier '$tier_en' is '$tier_fr' in French"
else
	fail "tier: '$tier_en' in English, '$tier_fr' in French, the catalogue says '$tier_po'"
fi

# Data stays language-neutral.
for args in "ratings --json" "ratings --csv" "list --json" "event show soir --json" "players list --csv"; do
	# shellcheck disable=SC2086
	if [ "$(fr "$BIN" $args --db "$DB")" = "$(en "$BIN" $args --db "$DB")" ]; then
		ok "$args: the same in both languages"
	else
		fail "$args differs between French and English"
	fi
done

# Installed into a prefix of its own: the catalogue beside the program.
PREFIX=$DIR/prefix
if ! "$CMAKE" --install "$BUILD" --prefix "$PREFIX" >"$DIR/install.log" 2>&1; then
	fail "cmake --install: $(tail -3 "$DIR/install.log")"
else
	for args in "ratings --db $DB" "--help"; do
		# shellcheck disable=SC2086
		installed=$(fr "$PREFIX/bin/chesscubing" $args)
		# shellcheck disable=SC2086
		if [ "$installed" = "$(en "$BIN" --lang fr $args)" ] && [ "$installed" != "$(en "$BIN" $args)" ]; then
			ok "installed: LANG=fr_FR.UTF-8 chesscubing $args in French"
		else
			fail "installed: LANG=fr_FR.UTF-8 chesscubing $args: $(printf '%s' "$installed" | head -2)"
		fi
	done
	completion=$(find "$PREFIX" -path '*completions/chesscubing' | head -1)
	if [ -z "$completion" ]; then
		fail "no bash completion installed under $PREFIX"
	else
		got=$(PATH="$PREFIX/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(chesscubing ""); COMP_CWORD=1; _chesscubing; printf "%s\n" "${COMPREPLY[@]}"' _ "$completion")
		opts=$(PATH="$PREFIX/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(chesscubing export 1 --format ""); COMP_CWORD=4; _chesscubing; printf "%s " "${COMPREPLY[@]}"' _ "$completion")
		if [ "$got" = "$commands" ] && [ "$opts" = "json scenario pgn pgn-null text " ]; then
			ok "the installed completion gives every command and export's formats"
		else
			fail "completion: commands '$(printf '%s' "$got" | tr '\n' ' ')', export formats '$opts'"
		fi
	fi
fi
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "French everywhere"
