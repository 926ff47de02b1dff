#!/usr/bin/env bash
# club_forfeits.sh BIN: forfeits, withdrawals and byes through the program
# (rules/club.md section 6): `event forfeit`, `event withdraw`, `event bye`,
# `event enter`, `event create --bye-value`, and how show/standings say
# them as text and JSON.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: club_forfeits CL-6.1 CL-6.2 CL-6.3 CL-6.4 CL-6.5 CL-6.6 CL-6.7"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-forfeits-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
ev() { "$BIN" event --db "$DB" "$@"; }

for p in Anne Bruno Chloé Dmitri Eve; do "$BIN" players --db "$DB" add "$p" >/dev/null || bad "add $p"; done
ev create Spring --players Anne,Bruno,Chloé,Dmitri,Eve --bye-value 0.5 >/dev/null || bad "create --bye-value"
ev create Wrong --players Anne,Bruno --bye-value 2 2>"$DIR/err" && bad "a bye worth 2 accepted"
grep -q "no bye value" "$DIR/err" && ok "a bye value other than 1, 0.5, 0 refused" || bad "bye value: $(cat "$DIR/err")"
# Five players: ten games, not fifteen (CL-6.6).
ev show Spring | head -1 | grep -q "0 of 10 games finished" && ok "byes are no games" || bad "$(ev show Spring | head -1)"

# Round 1: Anne's bye (1/2), Bruno-Eve played, Chloé-Dmitri forfeited +/- .
printf 'settings format=twice category=fast white=Bruno black=Eve event=Spring\n0 start\n1000 resign b\n' >"$DIR/m1.scn"
"$BIN" script --db "$DB" "$DIR/m1.scn" >/dev/null || bad "match 1"
ev forfeit Spring 1 3 +/x 2>/dev/null && bad "a bad forfeit code accepted"
ev forfeit Spring 1 2 -- -/+ 2>"$DIR/err" # "--": the code starts with '-'
[ $? = 1 ] && grep -q "has match 1" "$DIR/err" && ok "a played pairing takes no forfeit" || bad "forfeit on match: $(cat "$DIR/err")"
ev forfeit Spring 1 3 +/- >/dev/null || bad "forfeit"
printf 'settings format=twice category=fast white=Chloé black=Dmitri event=Spring\n0 start\n' >"$DIR/m2.scn"
"$BIN" script --db "$DB" "$DIR/m2.scn" >/dev/null 2>&1 && bad "a match took a forfeited pairing"
# Anne asks a half-point bye in round 2 (Anne-Bruno); Eve, who played one
# game of four, withdraws from round 3: her results are cancelled.
ev bye Spring Anne 2 >/dev/null || bad "bye"
ev bye Spring Dmitri 2 2>/dev/null && bad "a half-point bye in the round of his own bye"
ev withdraw Spring Eve --from-round 3 >"$DIR/out" || bad "withdraw"
grep -q "not counted" "$DIR/out" && ok "a withdrawal before half the games cancels them" || bad "withdraw: $(cat "$DIR/out")"
ev enter Spring Finn 2>/dev/null && bad "late entry of an unregistered player"
"$BIN" players --db "$DB" add Finn >/dev/null
ev enter Spring Finn 2>"$DIR/err" && bad "late entry after round 1 began"
grep -q "has begun" "$DIR/err" && ok "a late entry after the first game is refused with the round" || bad "enter: $(cat "$DIR/err")"

ev show Spring --json >"$DIR/show.json" || bad "show --json"
if jq -e '(.pairings[] | select(.round == 1 and .board == 3) | .result == "+/-" and .club.forfeit == "+/-" and .match_id == null)
	and (.pairings[] | select(.round == 1 and .board == 1) | .club.white_points == 0.5)
	and (.pairings[] | select(.round == 1 and .board == 2) | .result == "(1-0)" and .club.counted == false)
	and (.pairings[] | select(.round == 2 and .board == 3) | .club.outcome == "half_bye")
	and (.pairings[] | select(.round == 3 and .board == 3) | .result == "void")' \
	"$DIR/show.json" >/dev/null; then
	ok "show --json says forfeits, the bye's value and the half-point bye"
else
	bad "show --json: $(cat "$DIR/show.json")"
fi
ev show Spring | grep -q "^  3\. Chloé .* +/- " && ok "show's text writes +/-" || bad "show: $(ev show Spring)"
ev standings Spring --json >"$DIR/st.json" || bad "standings"
# Chloé 1 (the forfeit: no win, no game), Anne ½ (her bye), Bruno 0 (his
# win over Eve cancelled), Eve last, not counted.
if jq -e '(.[] | select(.name == "Chloé") | .points == 1 and .wins == 0 and .games == 0)
	and (.[] | select(.name == "Anne") | .points == 0.5)
	and (.[] | select(.name == "Bruno") | .points == 0 and .wins == 0)
	and (.[4] | .name == "Eve" and .withdrawn_from == 3 and .cancelled == true)' "$DIR/st.json" >/dev/null; then
	ok "standings: a forfeit is a point, not a win nor a game; the withdrawal is marked"
else
	bad "standings: $(cat "$DIR/st.json")"
fi
# CSV writes a boolean as JSON does, true/false (docs/output-formats.md),
# empty for a player who did not withdraw
ev standings Spring --csv >"$DIR/st.csv" || bad "standings --csv"
grep -q '^5,Eve,.*,3,true$' "$DIR/st.csv" && grep -q '^[0-9]*,Anne,.*,,$' "$DIR/st.csv" &&
	ok "standings' CSV: cancelled true, empty when not withdrawn" || bad "standings CSV: $(cat "$DIR/st.csv")"
ev standings Spring | grep -q "Eve .* withdrawn from round 3, not counted" && ok "standings' text marks the withdrawal" ||
	bad "standings text: $(ev standings Spring)"
# The exports write the forfeit as their conventions say (issue 23 item 3):
# TRF16 a + for the winner and a - for the loser, the crosstable + and -.
ev export Spring --format trf >"$DIR/t.trf" || bad "export trf"
grep -Eq '[0-9]{4} [wb] \+' "$DIR/t.trf" && grep -Eq '[0-9]{4} [wb] -' "$DIR/t.trf" &&
	ok "TRF16 writes the forfeit + and -" || bad "TRF: $(cat "$DIR/t.trf")"
ev export Spring --format csv >"$DIR/t.csv" || bad "export csv"
grep -q '+' "$DIR/t.csv" && ok "the crosstable writes the forfeit +" || bad "crosstable: $(cat "$DIR/t.csv")"
# Never rated: Chloé and Dmitri have no rated game; Eve's cancelled game stays rated.
"$BIN" ratings --db "$DB" --all --json >"$DIR/r.json"
jq -e '(.[] | select(.name == "Chloé") | .games == 0) and (.[] | select(.name == "Bruno") | .games == 1)' \
	"$DIR/r.json" >/dev/null && ok "the forfeit is never rated" || bad "ratings: $(cat "$DIR/r.json")"
# A late entry on the free seat of three, before the first game.
ev create Late --players Anne,Bruno,Chloé >/dev/null || bad "create Late"
ev enter Late Dmitri >/dev/null && ev show Late | head -1 | grep -q "4 players, 3 rounds; 0 of 6 games" &&
	ok "a late entry takes the free seat" || bad "late entry: $(ev show Late)"
ev enter Late Eve 2>"$DIR/err" && bad "late entry into an even table"
grep -q "no free seat" "$DIR/err" && ok "an even table has no seat for a late entry" || bad "enter: $(cat "$DIR/err")"

# Issue 33: withdraw echoes the name as registered; a withdrawn player's
# bye of a round begun is "Z" in the crosstable (it gives nothing), not
# "." (a round not begun).
ev create Zed --players Anne,Bruno,Chloé >/dev/null || bad "create Zed"
printf 'settings format=twice category=fast white=Bruno black=Chloé event=Zed\n0 start\n1000 resign b\n' >"$DIR/z1.scn"
"$BIN" script --db "$DB" "$DIR/z1.scn" >/dev/null || bad "Zed round 1"
ev withdraw Zed "  bRUNO " --from-round 2 >"$DIR/out" || bad "withdraw bruno"
grep -q "^Bruno withdraws from round 2" "$DIR/out" && ok "withdraw says the name as registered" ||
	bad "withdraw echo: $(cat "$DIR/out")"
printf 'settings format=twice category=fast white=Chloé black=Anne event=Zed\n0 start\n1000 resign b\n' >"$DIR/z3.scn"
"$BIN" script --db "$DB" "$DIR/z3.scn" >/dev/null || bad "Zed round 3"
ev export Zed --format csv >"$DIR/z.csv" || bad "export Zed"
[ "$(awk -F, '$4 == "Bruno" { print $8 }' "$DIR/z.csv")" = "Z" ] && ok "a withdrawn player's bye of a round begun is Z" ||
	bad "Zed crosstable: $(cat "$DIR/z.csv")"
ev export Zed --format trf >"$DIR/z.trf" || bad "export Zed trf"
grep '^001    2 ' "$DIR/z.trf" | cut -c92-119 | grep -qx '0003 w 1            0000 - Z' &&
	ok "TRF: round 2 not begun left blank, his Z bye of round 3" || bad "Zed TRF: $(cat "$DIR/z.trf")"

echo "passed $passed, failed $failed"
[ "$failed" = 0 ]
