#!/usr/bin/env bash
# Terminals the console meets (issue 23 item 7 and item 5): one without
# cursor addressing (TERM=dumb) is refused with one line and exit status 1
# (docs/chesscubing.1, EXIT STATUS), in the chosen language; on a terminal
# that is not UTF-8 (the C locale) names are transliterated by the C
# library's iconv, "Łukasz" as "Lukasz", not "?ukasz".
. "$(dirname "$0")/lib.sh" "$1"
clauses none

DIR=$(mktemp -d)
trap 'finish; rm -rf "$DIR"' EXIT
DB=$DIR/matches.db

# lines_before_exit: the screen's non-empty lines above the EXIT marker.
lines_before_exit() { screen | sed '/^EXIT=/,$d' | grep -c '[^ ]'; }

start 80 24 env TERM=dumb "$BIN" --db "$DB" --lang en
wait_exit 1
english=$(screen | sed '/^EXIT=/,$d' | grep '[^ ]')
[ "$(lines_before_exit)" -eq 1 ] || fail "TERM=dumb: not one line: $(screen)"
printf '%s' "$english" | grep -qF "'dumb'" || fail "TERM=dumb: the line does not name the terminal type: $english"
cleanup
start 80 24 env TERM=dumb "$BIN" --db "$DB" --lang fr
wait_exit 1
french=$(screen | sed '/^EXIT=/,$d' | grep '[^ ]')
[ "$(lines_before_exit)" -eq 1 ] || fail "TERM=dumb in French: not one line: $(screen)"
[ "$french" != "$english" ] || fail "TERM=dumb: the same line in French and English: $french"
echo "ok: TERM=dumb refused with one line, in the chosen language"

# Names from the record on an ASCII terminal.
cleanup
printf 'settings format=twice category=fast white=Łukasz black=Élodie\n0 start\n' >"$DIR/m.scn"
"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || fail "script"
start 80 24 env LC_ALL=C LANG=C "$BIN" watch --db "$DB" --lang en 1
wait_for "Lukasz"
wait_for "Elodie"
screen | grep -q '?ukasz' && fail "Łukasz shown as ?ukasz"
keys q
wait_exit 0
echo "ok: Łukasz is Lukasz on an ASCII terminal"

# Issue 23's Done-when: `chesscubing resume 1 --db FILE` opens match 1 of FILE.
cleanup
start 80 24 "$BIN" resume 1 --db "$DB"
wait_for "Łukasz"
wait_for "Élodie"
keys q
wait_dialog "?"
keys y
wait_exit 0
echo "ok: resume 1 --db FILE"
