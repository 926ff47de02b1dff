#!/usr/bin/env bash
# Issue 35 item 7, slice print (CK-1.6): from the pre-match check-list, w
# writes the scramble sheet's PDF beside the record and asks CUPS for its
# default printer (`lpstat -d`); when one is named, the arbiter is offered
# to send it (`lp -d DEST FILE`), and what happened is said in words.
#
# CUPS itself is not started here: a test must not need a scheduler
# (root, a spool, a port) nor print on a real printer, and CI machines
# have none. `lpstat` and `lp` are fake scripts first on PATH that
# record their argv and answer as CUPS 2.4's clients do (run in the C
# locale, which the console asks for): a printer named, none, lp failing,
# lp never answering. The real clients were tried by hand (docs/arbiter-guide.md).
. "$(dirname "$0")/lib.sh" "$1"
clauses CK-1.6

command -v pdftotext >/dev/null || { echo "pdftotext missing"; exit 77; }
FAKE=$XDG_DATA_HOME/fakebin
mkdir -p "$FAKE"
LOG=$XDG_DATA_HOME/argv.log
# MODE (a file) says how the fakes answer: printer, none, lpfail, lphang.
MODE=$XDG_DATA_HOME/mode
cat >"$FAKE/lpstat" <<EOS
#!/bin/sh
printf 'lpstat LC_ALL=%s' "\$LC_ALL" >>"$LOG"; for a in "\$@"; do printf ' [%s]' "\$a" >>"$LOG"; done; echo >>"$LOG"
case \$(cat "$MODE") in
none) echo "no system default destination"; exit 0 ;;
slow) sleep 1; echo "system default destination: Salle_B" ;;
*) echo "system default destination: Salle_B" ;;
esac
EOS
cat >"$FAKE/lp" <<EOS
#!/bin/sh
printf 'lp' >>"$LOG"; for a in "\$@"; do printf ' [%s]' "\$a" >>"$LOG"; done; echo >>"$LOG"
case \$(cat "$MODE") in
lpfail) echo "lp: The printer or class does not exist." >&2; exit 1 ;;
lphang) exec sleep 300 ;;
*) echo "request id is Salle_B-7 (1 file(s))" ;;
esac
EOS
chmod +x "$FAKE/lpstat" "$FAKE/lp"

DB=$XDG_DATA_HOME/print.db
echo printer >"$MODE"
start 80 24 env PATH="$FAKE:$PATH" "$BIN" --db "$DB"
setup_match 0
wait_for "w: print sheet  t: colours"

# A printer named: the PDF written, the offer made, lp run with its argv.
keys w
wait_dialog "Send it to the default printer Salle_B (lp -d Salle_B)?"
PDF=$(dirname "$DB")/scramble-sheet-
ls "$PDF"*.pdf >/dev/null 2>&1 || fail "no PDF beside the record: $(ls "$(dirname "$DB")")"
PDF=$(ls "$PDF"*.pdf | head -1)
grep -qx "lpstat LC_ALL=C \[-d\]" "$LOG" || fail "lpstat's argv: $(cat "$LOG")"
keys y
wait_flat "${PDF##*/} sent to the printer Salle_B (lp: request id is Salle_B-7 (1 file(s)))."
grep -qxF "lp [-d] [Salle_B] [$PDF]" "$LOG" || fail "lp's argv: $(cat "$LOG")"
T=$(pdftotext "$PDF" - | tr -s ' \n' '  ')
for want in "ChessCubing" "Alice" "Bob" "1" "2" "3" "4"; do
	case $T in *"$want"*) ;; *) fail "the PDF lacks '$want': $T" ;; esac
done
# Its page is the match's (`scramble --sheet --match 1 --pdf`): the same
# players, game, date and four scrambles, word for word.
"$BIN" scramble --sheet --match 1 --db "$DB" --pdf "$XDG_DATA_HOME/cli.pdf" >"$XDG_DATA_HOME/out" 2>&1 ||
	fail "scramble --sheet --match 1: $(cat "$XDG_DATA_HOME/out")"
[ "$(pdftotext "$PDF" -)" = "$(pdftotext "$XDG_DATA_HOME/cli.pdf" -)" ] ||
	fail "the console's sheet differs from the match's: $(diff <(pdftotext "$PDF" -) <(pdftotext "$XDG_DATA_HOME/cli.pdf" -))"

# Esc says no: nothing sent.
: >"$LOG"
keys w
wait_dialog "Send it to the default printer Salle_B"
keys Escape
sleep 0.3
grep -q "^lp " "$LOG" && fail "lp run after Esc: $(cat "$LOG")"

# lp failing: said with its words and where the PDF is.
echo lpfail >"$MODE"
keys w
wait_dialog "Send it to the default printer Salle_B"
keys y
wait_flat "lp did not print ${PDF##*/} on Salle_B (exit status 1: lp: The printer or class does not exist.)."

# lp never answering: the players' keys do not wait (the list still ticks),
# and after 15 s of the console's time it is stopped and said so.
echo lphang >"$MODE"
keys w
wait_dialog "Send it to the default printer Salle_B"
keys y
wait_flat "Sending the scramble sheet to the printer Salle_B (lp -d Salle_B)..."
keys 1
wait_for "[x] 1 Eight cubes and covers 1-4 present"
advance 16000
wait_flat "lp did not answer in 15 s: stopped. Print ${PDF##*/} by hand (l: where)."

# No printer configured: said, with where the PDF is.
echo none >"$MODE"
keys w
wait_flat "No default printer (lpstat -d: no system default destination). Print ${PDF##*/} by hand (l: where)."
# l: the log says where the PDF is, its whole path.
keys l
wait_for "Scramble sheet PDF written to"
wait_for "$(dirname "$PDF")/scramble-sheet-"
keys Escape

# Block 1 started while lpstat was still looking: nothing sent, said so.
echo slow >"$MODE"
: >"$LOG"
keys w s
wait_for "TO MOVE"
wait_flat "Default printer Salle_B found, but block 1 has started: ${PDF##*/} not sent (l: where)."
grep -q "^lp " "$LOG" && fail "lp run after the start: $(cat "$LOG")"
keys q y
wait_exit 0

# In French, and no CUPS client at all (PATH without lpstat).
DB=$XDG_DATA_HOME/print_fr.db
start 60 22 env PATH="/nonexistent" "$BIN" --lang fr --db "$DB"
wait_for "Nouveau match"
keys s
wait_for "w : imprimer  t : couleurs"
keys w
wait_flat "lpstat (CUPS) non installé : pas d'imprimante. Imprimez scramble-sheet-"
wait_flat ".pdf à la main (l : où)."
keys q y
wait_exit 0
echo "ok"
