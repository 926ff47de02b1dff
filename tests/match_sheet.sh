#!/usr/bin/env bash
# match_sheet.sh BIN: `chesscubing report MATCH --pdf FILE` (RE-9, issue 35
# item 8): the one-page match sheet the arbiter and the players sign, read
# back as a person reads it. pdftotext finds every block, every
# intervention and the result in English and in French; pdftoppm draws the
# page, and the picture has ink on the three signature lines with room to
# sign above them. A match in an event names the event and the round.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-match-sheet-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: match_sheet RE-9.1 RE-9.2 RE-9.3"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
flat() { tr '\n' ' ' | tr -s ' '; }
has() { # WHAT WORDS WANT...
	local what=$1 words=$2
	shift 2
	for want in "$@"; do
		case "$words" in *"$want"*) ;; *) fail "$what lacks '$want': $words" ;; esac
	done
}

# A whole Twice match (four blocks, a tie replayed, lost moves, mate) with
# an undo and a hold of the arbiter's.
DB=$DIR/m.db
cat >"$DIR/m.scn" <<'SCN'
settings format=twice category=fast white=Élodie black=Bruno seed=11
0 start
1000 move w
2000 move b
2500 undo
2600 move b
3000 move w
4000 move b
5000 move w
6000 move b
7000 move w
8000 move b
9000 move w
10000 move b
11000 move w
12000 move b
30000 cube w 20.00
30000 cube b 20.00
50000 cube w 18.00
50000 cube b 19.50
60000 start
85000 move w
90000 move b
91000 move w
92000 move b
93000 move w
94000 move b
95000 move w
96000 move b
97000 move w
98000 move b
99000 move w
130000 cube w 30.00
130000 cube b 25.00
140000 start
141000 move b
141500 hold
141800 release
142000 move w
143000 move b
144000 move w
145000 move b
146000 move w
147000 move b
148000 move w
149000 move b
150000 move w
151000 move b
152000 move w
170000 cube w 40.00
170000 cube b 22.22
180000 start
182000 move b
205000 move w +
206000 move b
207000 move w +
208000 mate
SCN
"$BIN" script --db "$DB" "$DIR/m.scn" >"$DIR/m.json" || fail "script"
grep -q '"errors":\[\]' "$DIR/m.json" || fail "the scenario has refusals: $(cat "$DIR/m.json")"

# English: the sheet holds what `show` says of each block, the
# interventions and the result, word for word (one renderer).
LANGUAGE= LC_ALL=C "$BIN" --lang en report 1 --db "$DB" --pdf "$DIR/en.pdf" || fail "report --pdf"
[ "$(pdfinfo "$DIR/en.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')" = 1 ] && ok "one page" || fail "not one page"
pdfinfo "$DIR/en.pdf" | grep -q "595.* x 841.* pts (A4)" && ok "A4" || fail "not A4: $(pdfinfo "$DIR/en.pdf")"
words=$(pdftotext -enc UTF-8 "$DIR/en.pdf" - | flat)
has "English sheet" "$words" "Match sheet" "Match 1" "Not part of an event" "White: Élodie" "Black: Bruno" \
	"ChessCubing Twice V2, FAST (quota 6)" "Block 1: Élodie started" "Block 2:" "Block 3: Bruno started" \
	"Cube 1: Élodie won (White 18.00, Black 19.50)" "Cube 2: Bruno won (White 40.00, Black 22.22)" \
	"Bruno 6 counted (1 lost)" "Block 4: the match ended in it" "Arbiter's interventions" "1 undo, 1 hold" \
	"0:02.5" "2:21.5" "Result" "Élodie wins by checkmate (1-0)" "Signatures" "Arbiter"
LANGUAGE= LC_ALL=C "$BIN" --lang en show 1 --db "$DB" >"$DIR/show.txt"
for n in 1 2 3; do
	line=$(grep "^Block $n:" "$DIR/show.txt" | flat)
	[ -n "$line" ] && has "English sheet (show's block $n)" "$words" "${line% }"
done

# French: the same sheet in French, decimal commas.
LANGUAGE= LC_ALL=C "$BIN" --lang fr report 1 --db "$DB" --pdf "$DIR/fr.pdf" || fail "report --pdf in French"
words=$(pdftotext -enc UTF-8 "$DIR/fr.pdf" - | flat)
has "French sheet" "$words" "Feuille de match" "Hors tournoi" "Blancs : Élodie" "Noirs : Bruno" "Bloc 1 : Élodie" \
	"Bloc 2 :" "Bloc 3 : Bruno" "Bloc 4 : le match s'y est terminé" "Blancs 18,00, Noirs 19,50" \
	"Interventions de l'arbitre" "1 annulation, 1 arrêt des pendules" "Résultat" "Élodie gagne par mat (1-0)" \
	"Signatures" "Arbitre"
case "$words" in *"Block "*|*"Arbiter's"*|*"wins"*) fail "English left on the French sheet: $words" ;; *) ok "French sheet" ;; esac

# The picture: 72 dpi, one pixel a point. Each of the three signature
# boxes has its line (ink) at the foot of the page, and blank room above
# it to sign (RE-9.2).
pdftoppm -r 72 -gray "$DIR/en.pdf" "$DIR/page" || fail "pdftoppm"
python3 - "$DIR"/page*.pgm <<'PY' || fail "the picture"
import sys
data = open(sys.argv[1], 'rb').read()
# binary PGM: P5 W H MAX then the pixels
parts = data.split(None, 4)
w, h = int(parts[1]), int(parts[2])
px = parts[4]
def ink(x0, x1, y0, y1):
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if px[y * w + x] < 128)
top = h - 150            # the signature boxes' top (match_sheet.c)
line = top + 96          # the line to sign on
box = (w - 84 - 24) // 3
bad = 0
for i in range(3):
    x0 = 42 + i * (box + 12)
    on_line = ink(x0 + 4, x0 + box - 4, line - 2, line + 3)
    room = ink(x0 + 4, x0 + box - 4, top + 24, line - 4)
    if on_line < box // 2:
        print("FAIL: box %d has no line to sign on (%d dark pixels)" % (i, on_line)); bad += 1
    if room:
        print("FAIL: box %d has no blank room to sign (%d dark pixels)" % (i, room)); bad += 1
print("ok: three signature lines with room above them" if not bad else "")
sys.exit(1 if bad else 0)
PY

# In an event: its name and round on the sheet (match 2, round 1: Anne-Dmitri).
for p in Anne Hugo Chloé Dmitri; do "$BIN" players add "$p" --db "$DB" >/dev/null || fail "players add $p"; done
"$BIN" event --db "$DB" create "Club night" --players Anne,Hugo,Chloé,Dmitri >/dev/null || fail "event create"
printf 'settings format=twice category=fast white=Anne black=Dmitri event=Club_night\n0 start\n1000 resign b\n' >"$DIR/e.scn"
"$BIN" script --db "$DB" "$DIR/e.scn" >/dev/null || fail "event match"
LANGUAGE= LC_ALL=C "$BIN" --lang en report 2 --db "$DB" --pdf "$DIR/ev.pdf" || fail "event match's sheet"
has "event match's sheet" "$(pdftotext -enc UTF-8 "$DIR/ev.pdf" - | flat)" "Event: Club night, round 1" "None."
LANGUAGE= LC_ALL=C "$BIN" --lang fr report 2 --db "$DB" --pdf "$DIR/ev.pdf" || fail "event match's sheet in French"
has "French event match's sheet" "$(pdftotext -enc UTF-8 "$DIR/ev.pdf" - | flat)" "Tournoi : Club night, ronde 1" "Aucune."

# Wrong uses: said in one line with the status, nothing written.
out=$("$BIN" report 9 --db "$DB" --pdf "$DIR/x.pdf" 2>&1); st=$?
[ "$st" -eq 1 ] && [ ! -e "$DIR/x.pdf" ] && ok "no such match: $out" || fail "report 9: $st $out"
out=$("$BIN" report 1 --db "$DB" --pdf "$DIR/none/x.pdf" 2>&1); st=$?
[ "$st" -eq 1 ] && printf '%s' "$out" | grep -q "cannot write" && ok "unwritable: $out" || fail "unwritable: $st $out"
"$BIN" report 1 --db "$DB" --pdf - >"$DIR/out.pdf" && head -c 5 "$DIR/out.pdf" | grep -q "%PDF-" && ok "--pdf -" ||
	fail "--pdf - gives no PDF"
[ -z "$(ls -A "$DIR" | grep '^\.')" ] && ok "no temporary file left" || fail "left: $(ls -A "$DIR")"
"$BIN" report 1 --db "$DB" | grep -q "^Events:" && ok "report without --pdf: the text report" || fail "text report"

[ "$failed" -eq 0 ] || { echo "$failed failure(s)"; exit 1; }
