#!/usr/bin/env bash
# locale_free.sh BIN DOC: machine outputs never depend on the locale or the
# language (issue 32 item 4). Every --json and --csv listing of DOC's table
# (docs/output-formats.md), `export --format json|scenario`, `event export
# --format csv|trf`, `script`'s state and the tags of every PGN are the same
# bytes under LANG=C, under a real French locale (LANG=fr_FR.UTF-8, generated
# here with localedef into this test's folder and found through LOCPATH, so
# that its LC_NUMERIC says a decimal comma) and with --lang fr; a PGN's
# comments stay English under the locale alone (--lang asks for them).
# Human text follows: the French locale and --lang fr give the same
# `ratings`, with the decimal comma of the language's row, and --lang en
# beats the locale.
#
# Without localedef (Debian's `locales`) the locale's leg is skipped, said
# so, unless CI is set: CI runs it for real (scripts/dev.sh).
set -u
BIN=${1:?usage: $0 path/to/chesscubing docs/output-formats.md}
DOC=${2:?usage: $0 path/to/chesscubing docs/output-formats.md}
DIR=$(mktemp -d /tmp/cc-locale-free-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: locale_free RE-5.2"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0 checked=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
unset LANGUAGE LC_ALL LC_MESSAGES LC_NUMERIC LANG

# The French locale, real: its LC_NUMERIC writes "20,0" through printf.
locale_leg=yes
if [ -n "${LOCPATH:-}" ] && [ -d "$LOCPATH/fr_FR.UTF-8" ]; then
	LOC=$LOCPATH
elif command -v localedef >/dev/null 2>&1 && mkdir -p "$DIR/loc" && localedef -i fr_FR -f UTF-8 "$DIR/loc/fr_FR.UTF-8" 2>/dev/null; then
	LOC=$DIR/loc
elif [ -n "${CI:-}" ]; then
	fail "no localedef to generate fr_FR.UTF-8 (install Debian's 'locales'): CI runs this leg"
	locale_leg=no
else
	echo "skip: the French locale's leg (no localedef: install Debian's 'locales')"
	locale_leg=no
fi
if [ "$locale_leg" = yes ] &&
	[ "$(LOCPATH=$LOC LC_ALL=fr_FR.UTF-8 /usr/bin/printf '%.1f' 20.0 2>/dev/null)" != "20,0" ]; then
	fail "the generated fr_FR.UTF-8 does not write a decimal comma: the test would prove nothing"
	locale_leg=no
fi

c_run() { LANG=C "$BIN" "$@" 2>&1; }
fr_locale() { LOCPATH=$LOC LANG=fr_FR.UTF-8 "$BIN" "$@" 2>&1; }
fr_option() { LANG=C "$BIN" --lang fr "$@" 2>&1; }

# same NAME FILTER ARGS...: ARGS' output, through FILTER, the same bytes in
# the three settings.
same() {
	local name=$1 filter=$2 c
	shift 2
	checked=$((checked + 1))
	c=$(c_run "$@" | $filter | md5sum)
	if [ "$(fr_option "$@" | $filter | md5sum)" != "$c" ]; then
		fail "$name: --lang fr changes it: $(diff <(c_run "$@" | $filter) <(fr_option "$@" | $filter) | head -4)"
	elif [ "$locale_leg" = yes ] && [ "$(fr_locale "$@" | $filter | md5sum)" != "$c" ]; then
		fail "$name: LANG=fr_FR.UTF-8 changes it: $(diff <(c_run "$@" | $filter) <(fr_locale "$@" | $filter) | head -4)"
	else
		ok "$name: the same bytes in every language and locale"
	fi
}
whole() { cat; }
tags() { grep '^\['; }

# The record: as output_formats.sh's, with a rated match (a rating change
# of 20.0 to write) and a finished event game.
DB=$DIR/club.db
"$BIN" players --db "$DB" add Anne --club "Club d'échecs, Lyon" --fed 123 >/dev/null || fail "players add"
"$BIN" players --db "$DB" add Bruno >/dev/null || fail "players add"
"$BIN" players --db "$DB" add Chloé >/dev/null || fail "players add"
"$BIN" event --db "$DB" create club-night --players Anne,Bruno,Chloé >/dev/null || fail "event create"
printf 'settings format=twice category=fast white=Bruno black=Chloé event=club-night\n0 start\n1000 resign b\n' \
	>"$DIR/m1.scn"
"$BIN" script --db "$DB" "$DIR/m1.scn" >/dev/null || fail "event game"
"$BIN" correct --db "$DB" 1 --result 0-1 --reason "reported the wrong way round" --by Marie >/dev/null \
	|| fail "correct the event game"
SCN=$(dirname "$0")/scenarios/twice_full_match.scn
"$BIN" script --db "$DB" "$SCN" >/dev/null || fail "a whole match"
# match 3: moves recorded, a double move's free move, moves lost on time,
# one declared in time, hand-overs: every kind of PGN comment
"$BIN" script --db "$DB" "$(dirname "$0")/pgn/twice_corrections.scn" >/dev/null || fail "a match of moves"

rows=$(grep -E '^\| `[a-z]' "$DOC")
[ -n "$rows" ] || fail "no table in $DOC"
while IFS='|' read -r _ cmd _ csv _; do
	cmd=$(printf '%s' "$cmd" | tr -d '`' | sed 's/^ *//; s/ *$//')
	csv=$(printf '%s' "$csv" | tr -d ' ')
	read -r -a argv <<<"$(printf '%s' "$cmd" | sed 's/PLAYER2/Bruno/; s/PLAYER/Anne/; s/EVENT/club-night/; s/MATCH/1/')"
	same "$cmd --json" whole "${argv[@]}" --db "$DB" --json
	[ "$csv" = yes ] && same "$cmd --csv" whole "${argv[@]}" --db "$DB" --csv
done <<<"$(printf '%s\n' "$rows" | awk -F'|' '!seen[$2 $4]++')"

for id in 1 2 3; do
	same "export $id --format json" whole export --db "$DB" "$id" --format json
	same "export $id --format scenario" whole export --db "$DB" "$id" --format scenario
	same "export $id --format pgn: its tags" tags export --db "$DB" "$id" --format pgn
done
same "event export --format csv" whole event --db "$DB" export club-night --format csv
same "event export --format trf" whole event --db "$DB" export club-night --format trf
same "event export --format pgn: its tags" tags event --db "$DB" export club-night --format pgn
same "script's state" whole script "$SCN"

# PGN: English comments unless --lang asks; all French when it does.
english_words=(-e 'free move' -e 'Block [0-9]' -e 'ended on' -e ' wins ' -e 'hand-over' -e 'does not move'
	-e 'declared in time' -e 'lost on time' -e 'paused' -e 'White' -e 'Black')
for id in 2 3; do
	checked=$((checked + 1))
	english=$(c_run export --db "$DB" "$id" --format pgn)
	french=$(fr_option export --db "$DB" "$id" --format pgn | grep -v '^\[')
	if [ "$locale_leg" = yes ] && [ "$(fr_locale export --db "$DB" "$id" --format pgn)" != "$english" ]; then
		fail "export $id --format pgn: the locale alone changed its comments (PGN is English unless --lang asks)"
	elif ! printf '%s' "$english" | grep -q "${english_words[@]}"; then
		fail "export $id --format pgn: no English comment to compare: $(printf '%s' "$english" | head -3)"
	elif printf '%s' "$french" | grep -q "${english_words[@]}"; then
		fail "export $id --format pgn --lang fr: English left among the French: $(printf '%s' "$french" | tr '{}' '\n\n' | grep -m2 "${english_words[@]}")"
	else
		ok "export $id --format pgn: English by default, all French with --lang fr"
	fi
done

# Human text: the language's decimal separator, the same by the locale
# and by --lang; --lang en beats the locale.
checked=$((checked + 1))
by_option=$(fr_option ratings --db "$DB")
if ! printf '%s' "$by_option" | grep -q '+20,0'; then
	fail "ratings --lang fr: no '+20,0' in $(printf '%s' "$by_option" | head -3)"
elif [ "$locale_leg" = yes ] && [ "$(fr_locale ratings --db "$DB")" != "$by_option" ]; then
	fail "ratings: LANG=fr_FR.UTF-8 and --lang fr differ: $(diff <(fr_locale ratings --db "$DB") <(printf '%s\n' "$by_option") | head -4)"
elif [ "$locale_leg" = yes ] && [ "$(fr_locale --lang en ratings --db "$DB")" != "$(c_run ratings --db "$DB")" ]; then
	fail "ratings: --lang en does not beat LANG=fr_FR.UTF-8"
else
	ok "ratings for people: '+20,0' in French, by the locale as by --lang fr; --lang en beats the locale"
fi

[ "$checked" -ge 20 ] || fail "only $checked outputs compared"
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "all $checked outputs hold"
