#!/usr/bin/env bash
# club_swiss.sh BIN: a small Swiss evening through the program (rules/club.md
# section 10): 7 players, 3 rounds, with the pairing-allocated bye, a
# forfeit, a half-point bye, a withdrawal, a late entry and a result
# corrected after publication that the next pairing uses; each refusal of
# `event pair`, `publish`, `absent` and `bye`, and what `event show` says;
# `event pair --explain` and `event explain` in English and French (SW-5).
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: club_swiss CL-4.8 CL-9.5 CL-10.8 CL-10.9 CL-10.10 CL-10.1 CL-10.3 CL-10.4 CL-10.5 CL-10.6 CL-10.7 SW-5.1"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-swiss-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
ev() { "$BIN" event --db "$DB" "$@"; }
# the players of round R, board B: "WHITE BLACK" (a bye: "NAME null")
board() { ev show Sw --json | jq -r ".pairings[] | select(.round == $1 and .board == $2) | \"\(.white) \(.black)\""; }
# plays round R, board B: w (White wins) or b (Black wins)
play() {
	set -- "$1" "$2" "$3" $(board "$1" "$2")
	local loser=w
	[ "$3" = w ] && loser=b
	printf 'settings format=twice category=fast white=%s black=%s event=Sw\n0 start\n1000 resign %s\n' "$4" "$5" \
		"$loser" >"$DIR/m.scn"
	"$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || bad "play round $1 board $2"
}
refused() { # refused WHAT TEXT COMMAND...: exit 2 and the reason said
	local what=$1 text=$2
	shift 2
	if "$@" >/dev/null 2>"$DIR/err"; then
		bad "$what accepted"
	elif grep -q "$text" "$DIR/err"; then
		ok "$what refused"
	else
		bad "$what: $(cat "$DIR/err")"
	fi
}

for p in Ana Bob Cid Dan Eve Fay Gus Hal; do "$BIN" players --db "$DB" add "$p" >/dev/null || bad "add $p"; done
refused "--rounds for a round robin" "option of a Swiss" ev create RR --players Ana,Bob --rounds 3
refused "--double for a Swiss" "an option of a round robin" ev create D --system swiss --rounds 3 --double --players Ana,Bob
refused "--double for a Swiss, in French" "une option du toutes-rondes" "$BIN" --lang fr event --db "$DB" create D \
	--system swiss --rounds 3 --double --players Ana,Bob
ev show D >/dev/null 2>&1 && bad "the refused Swiss was created" || ok "nothing created by the refusal"
ev create Sw --system swiss --rounds 3 --half-byes 1 --players Ana,Bob,Cid,Dan,Eve,Fay,Gus >/dev/null ||
	bad "create a Swiss"
ev show Sw | grep -q "no round paired yet" && ok "a Swiss is created without pairings" || bad "show: $(ev show Sw)"
refused "publish with nothing paired" "no round paired and not published" ev publish Sw

# Round 1: seven players, the PAB to the lowest (Gus), not offered before publication.
ev pair Sw >/dev/null || bad "pair round 1"
ev show Sw | grep -q "Round 1 of 3: paired, not published" && ok "show says the round paired, not published" ||
	bad "show: $(ev show Sw)"
[ "$(ev show Sw --json | jq -r '[.system, .paired, .published, (.pairings | map(.published) | any)] | join(" ")')" = \
	"swiss 1 0 false" ] && ok "show --json: system, paired, published" || bad "json: $(ev show Sw --json)"
[ "$(board 1 4)" = "Gus null" ] && ok "the PAB to the last of the order" || bad "PAB: $(board 1 4)"
# CL-10.6: an unpublished round's games are not counted, and it is named.
ev show Sw | grep -q "^Sw: .*; 0 of 0 games finished$" && ok "show counts no unpublished game" ||
	bad "show: $(ev show Sw | head -1)"
[ "$(ev list --json | jq -c '.[] | select(.name == "Sw") | [.finished, .pairings, .unpublished_round]')" = "[0,0,1]" ] &&
	ok "list --json: no unpublished game counted, the round named" || bad "list: $(ev list --json)"
ev list | grep -q "^Sw .* 0/0 (round 1 paired, not published)$" && ok "list says the round not published" ||
	bad "list: $(ev list)"
printf 'settings format=twice category=fast white=%s black=%s event=Sw\n0 start\n' $(board 1 1) >"$DIR/early.scn"
"$BIN" script --db "$DB" "$DIR/early.scn" >/dev/null 2>&1 && bad "a match took an unpublished pairing"
refused "a second pairing before publication" "paired and not published" ev pair Sw
ev pair Sw --again >/dev/null || bad "pair again"
ev publish Sw >/dev/null || bad "publish"
[ "$(ev list --json | jq -c '.[] | select(.name == "Sw") | [.finished, .pairings, .unpublished_round]')" = \
	"[0,3,null]" ] && ok "published: its games counted" || bad "list after publish: $(ev list --json)"
refused "pairing a published round again" "never paired again" ev pair Sw --again
refused "round 2 before round 1's results" "without a result" ev pair Sw

read -r W1 B1 <<<"$(board 1 1)"
read -r W2 B2 <<<"$(board 1 2)"
read -r W3 B3 <<<"$(board 1 3)"
play 1 1 w
ev forfeit Sw 1 2 +/- >/dev/null || bad "forfeit"
play 1 3 b
# Board 1's result corrected after publication: Black won.
MATCH=$(ev show Sw --json | jq '.pairings[] | select(.round == 1 and .board == 1) | .match_id')
"$BIN" correct --db "$DB" "$MATCH" --result 0-1 --reason "scoresheet" >/dev/null || bad "correct"
# Before round 2: the forfeit's loser asks a half-point bye (his limit: one),
# its winner withdraws, Hal enters late, and an absence for round 3.
ev bye Sw "$B2" 2 >/dev/null || bad "half-point bye"
refused "a second half-point bye past the limit" "the most event 'Sw' allows" ev bye Sw "$B2" 3
ev withdraw Sw "$W2" --from-round 2 >"$DIR/withdraw" || bad "withdraw"
grep -q "withdraws from round 2 of 'Sw': 0 games lost by forfeit" "$DIR/withdraw" &&
	ok "a Swiss's withdrawal keeps his results (CL-10.7), and says so" || bad "withdraw: $(cat "$DIR/withdraw")"
ev enter Sw Hal | grep -q "paired from the next round" && ok "a late entry" || bad "enter"
ev absent Sw "$W3" --round 3 | grep -q "absent in round 3" && ok "an absence announced" || bad "absent"
refused "an absence announced twice" "not paired in round 3 already" ev absent Sw "$W3" --round 3
refused "an absence for a round already paired" "is paired already" ev absent Sw "$W3" --round 1

# CL-10.9: nothing written for the round not paired yet (the engines and
# our import would take it for a round played); the file reads in both
# modes of the drop-in engine and imports as one round played.
trfline() { grep -E "^001 .{10}$2 " "$1" | cut -c92-; }
ev export Sw --format trf >"$DIR/r1.trf"
[ "$(trfline "$DIR/r1.trf" "$W2" | cut -c9-)" = "" ] && ok "TRF: no cell for the round not paired yet" ||
	bad "TRF $W2: '$(trfline "$DIR/r1.trf" "$W2")'"
[ "$(trfline "$DIR/r1.trf" Hal)" = "0000 - Z" ] && ok "TRF: a late entry named, his round before him Z" ||
	bad "TRF Hal: '$(trfline "$DIR/r1.trf" Hal)'"
ev standings Sw --json | jq -e '[.[] | .name] | index("Hal")' >/dev/null && ok "standings name a late entry not paired yet" ||
	bad "late entry unnamed: $(ev standings Sw --json | jq -c '[.[] | .name]')"
"$BIN" pair --dutch "$DIR/r1.trf" -c >/dev/null 2>&1 && ok "pair --dutch -c reads the TRF" || bad "-c: r1.trf"
"$BIN" pair --dutch "$DIR/r1.trf" -p "$DIR/r2.pairs" >/dev/null 2>&1 && ok "pair --dutch -p reads the TRF" ||
	bad "-p: r1.trf"
"$BIN" event --db "$DIR/imp.db" import Imp --trf "$DIR/r1.trf" | grep -q "1 of 3 rounds played" &&
	ok "the TRF imports as one round played" || bad "import: $("$BIN" event --db "$DIR/imp.db" import Imp2 --trf "$DIR/r1.trf" 2>&1)"
ev pair Sw --explain >"$DIR/r2-explain" || bad "pair round 2"
ev show Sw --json >"$DIR/r2.json"
# SW-5: why each board, in English with the pairing and in French after it.
set -- $(board 2 1)
if grep -q "^Board 1: $1 (no\. [0-9]*, score [0-9.]*) against $2 " "$DIR/r2-explain" &&
	grep -q "^  Colours by E[1-5]" "$DIR/r2-explain"; then
	ok "pair --explain says board 1's reason and its colours"
else
	bad "pair --explain: $(cat "$DIR/r2-explain")"
fi
"$BIN" --lang fr event --db "$DB" explain Sw >"$DIR/r2-explique" || bad "explain in French"
if grep -q "^Échiquier 1 : $1 (n° [0-9]*, score [0-9,]*) contre $2 " "$DIR/r2-explique" &&
	grep -q "^  Couleurs par E[1-5]" "$DIR/r2-explique" && ! grep -q "not published\|Not the pairing" "$DIR/r2-explique"; then
	ok "event explain says it in French, the round as recorded"
else
	bad "explain in French: $(cat "$DIR/r2-explique")"
fi
refused "--explain with publish" "Usage" ev publish Sw --explain
R2=$(jq -r '[.pairings[] | select(.round == 2) | .white, .black] | join(" ")' "$DIR/r2.json")
case " $R2 " in *" $W2 "*) bad "the withdrawn player paired: $R2" ;; *) ok "the withdrawn player not paired" ;; esac
case " $R2 " in *" Hal "*) ok "the late entry paired from the next round" ;; *) bad "Hal not paired: $R2" ;; esac
jq -e --arg p "$B2" '.pairings[] | select(.round == 2 and .white == $p and .black == null)' "$DIR/r2.json" >/dev/null &&
	ok "the half-point bye on its own row" || bad "half-point bye row: $R2"
# The corrected result paired: the top board holds two of the three who
# scored a point (B1 by the correction, B3, Gus by the PAB), never W1.
TOP=$(jq -r '.pairings[] | select(.round == 2 and .board == 1) | "\(.white) \(.black)"' "$DIR/r2.json")
read -r T1 T2 <<<"$TOP"
case " $B1 $B3 Gus " in *" $T1 "*) ;; *) bad "board 1 of round 2: $TOP" ;; esac
case " $B1 $B3 Gus " in *" $T2 "*) ok "round 2's top board pairs by the corrected score" ;; *) bad "board 1: $TOP" ;; esac
ev publish Sw >/dev/null || bad "publish round 2"
for b in 1 2 3; do [ "$(board 2 $b | cut -d' ' -f2)" != null ] && play 2 $b w; done
ev standings Sw --json >"$DIR/st.json" || bad "standings"
jq -e --arg p "$B2" '.[] | select(.name == $p) | .points == 0.5' "$DIR/st.json" >/dev/null &&
	ok "the half-point bye scores 1/2" || bad "standings: $(cat "$DIR/st.json")"

ev export Sw --format trf >"$DIR/r2.trf" || bad "TRF after round 2"
ev pair Sw >/dev/null || bad "pair round 3"
ev show Sw --json >"$DIR/r3.json"
R3=$(jq -r '[.pairings[] | select(.round == 3) | .white, .black] | join(" ")' "$DIR/r3.json")
case " $R3 " in *" $W3 "*) bad "the absent player paired: $R3" ;; *) ok "the absent player not paired" ;; esac
# No two players meet twice over the board (SW-1.1).
if jq -e '[.pairings[] | select(.black != null and .result != "+/-" and .result != "-/+") | [.white, .black] | sort]
	| group_by(.) | map(length) | max == 1' "$DIR/r3.json" >/dev/null; then
	ok "no pair meets twice"
else
	bad "a pair met twice: $(cat "$DIR/r3.json")"
fi
ev publish Sw >/dev/null || bad "publish round 3"
ev show Sw | grep -q "Round 3 of 3: published" && ok "show says the last round published" || bad "$(ev show Sw)"
for b in 1 2 3; do [ "$(board 3 $b | cut -d' ' -f2)" != null ] && [ -n "$(board 3 $b)" ] && play 3 $b w; done
refused "a fourth round of three" "every round of event 'Sw' is paired" ev pair Sw
# CL-10.9: a round over without a pairing for him: 0000 - Z, never blank.
ev export Sw --format trf >"$DIR/end.trf"
trfline "$DIR/end.trf" Hal | grep -q "^0000 - Z  " && ok "TRF: the round before a late entry is Z" ||
	bad "TRF Hal: '$(trfline "$DIR/end.trf" Hal)'"
trfline "$DIR/end.trf" "$W3" | grep -q "  0000 - Z$" && ok "TRF: an absence is Z" ||
	bad "TRF $W3: '$(trfline "$DIR/end.trf" "$W3")'"
[ "$(trfline "$DIR/end.trf" "$W2" | cut -c11-)" = "0000 - Z  0000 - Z" ] && ok "TRF: the withdrawn's rounds are Z" ||
	bad "TRF $W2: '$(trfline "$DIR/end.trf" "$W2")'"
"$BIN" pair --dutch "$DIR/end.trf" -c >/dev/null 2>&1 && ok "pair --dutch -c accepts the last round" ||
	bad "-c: $("$BIN" pair --dutch "$DIR/end.trf" -c 2>&1)"
ev export Sw --format trf | grep -q '^092 Swiss (FIDE Dutch system)$' && ok "the TRF says a Swiss" ||
	bad "TRF 092: $(ev export Sw --format trf | grep '^092')"
# CL-10.8: the Swiss crosstable, a row a player and a cell a round.
ev export Sw --format crosstable >"$DIR/ct" || bad "crosstable"
grep -Eq '^Rank +No +Name +Rtg +R1 +R2 +R3 +Pts +BH-C1 +BH +SB +DE +WIN$' "$DIR/ct" &&
	ok "the Swiss crosstable's columns" || bad "crosstable head: $(cat "$DIR/ct")"
row() { grep -E "^ +[0-9]+ +[0-9]+  $1 " "$DIR/ct"; }
row "$W2" | grep -Eq " [0-9]+w\+ +W +W +1\.0 " && ok "a forfeit won, then W from the withdrawal on" ||
	bad "withdrawn row: $(row "$W2")"
row "$B2" | grep -Eq " [0-9]+b- +H +[0-9]+[wb][01½] +0\.5 " && ok "a forfeit lost, then the half-point bye H" ||
	bad "half-bye row: $(row "$B2")"
row Gus | grep -Eq "^ +[0-9]+ +[0-9]+  Gus +[0-9]+ +B " && ok "the PAB is B" || bad "PAB row: $(row Gus)"
row Hal | grep -Eq "^ +[0-9]+ +[0-9]+  Hal +[0-9]+ +Z " && ok "a late entry's first round is Z" || bad "Hal: $(row Hal)"
row "$W3" | grep -Eq " Z +0\.0 | Z +[0-9]\.[05] " && ok "an absence is Z" || bad "absent row: $(row "$W3")"
grep -q "^Each round: the opponent's starting number" "$DIR/ct" && ok "the legend under it" || bad "no legend"
grep -Eq "^Sw: .*, Swiss, [0-9]+ players, 3 rounds; [0-9]+ of [0-9]+ games finished$" "$DIR/ct" &&
	ok "the crosstable's summary line" || bad "summary: $(head -1 "$DIR/ct")"
"$BIN" --lang fr event --db "$DB" export Sw --format crosstable >"$DIR/ct-fr"
grep -Eq '^ +Rg +N° +Nom +Cote +R1' "$DIR/ct-fr" && grep -q "^Chaque ronde : le numéro de départ" "$DIR/ct-fr" &&
	ok "the crosstable's words and legend in French" || bad "French crosstable: $(cat "$DIR/ct-fr")"
# each count in its own plural form (French: "1 partie terminée sur 16")
grep -Eq "^Sw : .*, système suisse, [0-9]+ joueurs, 3 rondes ; [0-9]+ parties? terminées? sur [0-9]+$" "$DIR/ct-fr" &&
	ok "the French summary's plural forms" || bad "French summary: $(head -1 "$DIR/ct-fr")"
[ "$(ev export Sw --format csv | head -1)" = "rank,start_rank,name,rating,r1,r2,r3,points,BH-C1,BH,SB,DE,WIN" ] &&
	ok "the Swiss CSV's keys" || bad "CSV: $(ev export Sw --format csv | head -1)"
[ "$(ev export Sw --format csv | wc -l)" = 9 ] && ok "a CSV line a player" || bad "CSV lines"
ev export Sw --format html | grep -q "<th>R3</th>" && ok "the HTML a column a round" || bad "HTML"
# A long name wraps in its column (never cut); a wide one by display width.
LONG="Maximilian-Alexander Konstantinopoulos-Wittgenstein"
"$BIN" players --db "$DB" add "$LONG" >/dev/null
"$BIN" players --db "$DB" add "王小明王小明王小明王小明王小明" >/dev/null
ev create Names --system swiss --rounds 2 --players "$LONG,王小明王小明王小明王小明王小明,Ana" >/dev/null || bad "names"
ev pair Names >/dev/null && ev publish Names >/dev/null || bad "pair names"
ev export Names --format crosstable >"$DIR/ct-names"
if grep -q "  Maximilian-Alexander Kon  " "$DIR/ct-names" && grep -q "^ \{11\}stantinopoulos-Wittgenst$" "$DIR/ct-names" &&
	grep -q "^ \{11\}ein$" "$DIR/ct-names" && grep -q "  王小明王小明王小明王小明  " "$DIR/ct-names" &&
	grep -q "^ \{11\}王小明$" "$DIR/ct-names"; then
	ok "long and wide names wrap in their column"
else
	bad "names: $(cat "$DIR/ct-names")"
fi
# A withdrawal's W from the round it applies to, never in a round before it.
ev withdraw Names Ana --from-round 2 >/dev/null || bad "withdraw from round 2"
ev export Names --format csv | grep -q '^[0-9]*,[0-9]*,Ana,[0-9]*,[^W,]*,,' &&
	ok "no W before the withdrawal's round" || bad "W too early: $(ev export Names --format csv)"
ev create RR --players Ana,Bob >/dev/null || bad "a round robin"
ev export RR --format crosstable | grep -Eq '^ +1 +[0-9]+ +[0-9]+  X ' && ok "the round robin keeps its grid" ||
	bad "RR grid: $(ev export RR --format crosstable)"
refused "pairing a round robin" "round robin" ev pair RR

# CL-10.10: a player with only zero-point byes in the last rounds of an
# imported TRF is read as the engines read him: absent in those rounds,
# present for the next one, until the director withdraws him.
"$BIN" event --db "$DIR/imp.db" import Imp2 --trf "$DIR/r2.trf" | grep -q "2 of 3 rounds played" ||
	bad "import r2.trf"
"$BIN" event --db "$DIR/imp.db" pair Imp2 >/dev/null || bad "pair the imported round 3"
"$BIN" pair --dutch "$DIR/r2.trf" -p "$DIR/r3.pairs" >/dev/null 2>&1 || bad "pair --dutch -p r2.trf"
[ "$("$BIN" event --db "$DIR/imp.db" show Imp2 --json | jq '[.pairings[] | select(.round == 3 and .black != null)] |
	length')" = "$(head -1 "$DIR/r3.pairs")" ] && ok "imported: the Z-only player paired again, as the engine pairs the file" ||
	bad "imported round 3: $("$BIN" event --db "$DIR/imp.db" show Imp2) vs $(cat "$DIR/r3.pairs")"
"$BIN" event --db "$DIR/imp.db" show Imp2 --json | jq -e --arg p "$W2" \
	'[.pairings[] | select(.round == 3 and (.white == $p or .black == $p))] | length == 1' >/dev/null &&
	ok "the player with Z only in the last round is present for the next" || bad "$W2 not paired in round 3 of Imp2"
# CL-4.8, CL-9.5: ARO averages each opponent's rating before the event,
# never his rating now (which already counts the event's games).
ADB=$DIR/aro.db
for p in Pia Quy Ron Sam; do "$BIN" players --db "$ADB" add "$p" >/dev/null; done
"$BIN" event --db "$ADB" create Aro --system swiss --rounds 2 --tiebreaks ARO --players Pia,Quy,Ron,Sam >/dev/null ||
	bad "create Aro"
"$BIN" event --db "$ADB" pair Aro >/dev/null && "$BIN" event --db "$ADB" publish Aro >/dev/null || bad "pair Aro"
"$BIN" event --db "$ADB" show Aro --json | jq -r '.pairings[] | "\(.white) \(.black)"' | while read -r w b; do
	printf 'settings format=twice category=fast white=%s black=%s event=Aro\n0 start\n1000 resign b\n' "$w" "$b" \
		>"$DIR/aro.scn"
	"$BIN" script --db "$ADB" "$DIR/aro.scn" >/dev/null || echo "FAIL: play Aro"
done
if [ "$("$BIN" ratings --db "$ADB" --json | jq '[.[] | .rating] | unique | length')" -gt 1 ] &&
	"$BIN" event --db "$ADB" standings Aro --json | jq -e 'all(.[]; .ARO == 1000)' >/dev/null; then
	ok "ARO is the opponents' rating before the event"
else
	bad "ARO: $("$BIN" event --db "$ADB" standings Aro --json | jq -c '[.[] | [.name, .ARO]]')"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
