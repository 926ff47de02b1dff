#!/usr/bin/env bash
# Issue 35 item 8 at the console (RE-9.1): the end screen names its key
# for the match sheet to sign; f writes it as match-sheet-<id>.pdf beside
# the record, in the console's language, and says where.
. "$(dirname "$0")/lib.sh" "$1"
clauses RE-9.1

DB=$XDG_DATA_HOME/sheet.db
start 80 30 "$BIN" --db "$DB"
setup_match 0
keys s
wait_for "TO MOVE"
moved 3
keys r
wait_dialog "Who resigns?"
keys b
wait_dialog "confirm?"
keys y
wait_for "Match over"
wait_for "f: write the match sheet to sign (PDF)"
keys f
wait_for "Match sheet to sign written to"
PDF=$XDG_DATA_HOME/match-sheet-1.pdf
[ -s "$PDF" ] || fail "no $PDF"
words=$(pdftotext -enc UTF-8 "$PDF" - | tr -s ' \n' '  ')
for want in "Match sheet" "Match 1" "White: Alice" "Black: Bob" "Result" "Alice wins by resignation" "Signatures"; do
	case "$words" in *"$want"*) ;; *) fail "the sheet lacks '$want': $words" ;; esac
done
