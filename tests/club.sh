#!/usr/bin/env bash
# club.sh BIN: a club evening through the real program (rules/club.md).
# Ten matches recorded with `script --db` among four players; awk replays
# them with the formula of seed 002 section 9, independently of the C code,
# and `ratings --json` must agree within 0.01. Then a round robin: pairings,
# a match refused for its colours, standings as JSON and CSV, the PGN's
# club tags and `show`'s rating change.
set -u
export LC_ALL=C.UTF-8 # ${#line} counts characters
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: club_evening CL-2.9 CL-2.10 CL-2.2 CL-2.3 CL-2.4 CL-2.5 CL-2.6 CL-2.8 CL-1.2 CL-2.1 CL-3.1 CL-3.3 CL-4.1 CL-4.2 CL-4.3"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-club-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

# white black result: w (Black resigns), b (White resigns), W/B (arbiter
# decision for White/Black), d (arbiter decision, no winner)
cat >"$DIR/games" <<'EOF'
Anne Bruno w
Chloé Dmitri d
Bruno Chloé B
Dmitri Anne b
Anne Chloé W
Bruno Dmitri d
Chloé Anne w
Dmitri Bruno w
Anne Bruno d
Chloé Dmitri b
EOF
n=0
while read -r white black result; do
	n=$((n + 1))
	case $result in
	w) last="1000 resign b" ;;
	b) last="1000 resign w" ;;
	W) last="1000 arbiter w forfeit" ;;
	B) last="1000 arbiter b forfeit" ;;
	d) last="1000 arbiter draw agreed" ;;
	esac
	printf 'settings format=twice category=fast white=%s black=%s seed=%d\n0 start\n%s\n' "$white" "$black" "$n" \
		"$last" >"$DIR/m$n.scn"
	"$BIN" script --db "$DB" "$DIR/m$n.scn" >/dev/null || bad "match $n not recorded"
done <"$DIR/games"
# An unrated match and an unfinished one change nothing (CL-2.1).
printf 'settings format=twice category=fast white=Anne black=Dmitri rated=no\n0 start\n1000 resign w\n' >"$DIR/u.scn"
"$BIN" script --db "$DB" "$DIR/u.scn" >/dev/null || bad "unrated match not recorded"
# Its scenario export keeps it unrated, so a replay elsewhere does not count it.
u_id=$("$BIN" list --db "$DB" | tail -1 | awk '{print $1}')
"$BIN" export --db "$DB" --format scenario "$u_id" | grep -q '^settings .* rated=no' \
	|| bad "the unrated match's scenario lost rated=no: $("$BIN" export --db "$DB" --format scenario "$u_id" | head -3)"
printf 'settings format=twice category=fast white=anne black=BRUNO\n0 start\n' >"$DIR/open.scn"
"$BIN" script --db "$DB" "$DIR/open.scn" >/dev/null || bad "unfinished match not recorded"

# The formula, by awk: K 40 for a player's first 10 rated matches, then 24.
awk '
	function k(p) { return games[p] < 10 ? 40 : 24 }
	{
		w = $1; b = $2
		s = ($3 == "w" || $3 == "W") ? 1 : ($3 == "d" ? 0.5 : 0)
		if (!(w in r)) r[w] = 1000
		if (!(b in r)) r[b] = 1000
		ew = 1 / (1 + 10 ^ ((r[b] - r[w]) / 400)); eb = 1 - ew
		kw = k(w); kb = k(b)
		r[w] += kw * (s - ew); r[b] += kb * ((1 - s) - eb)
		games[w]++; games[b]++
		if (s == 1) { wins[w]++; losses[b]++ } else if (s == 0) { wins[b]++; losses[w]++ } else { draws[w]++; draws[b]++ }
	}
	END {
		for (p in r) {
			shown = int(r[p] + 0.5)
			tier = shown >= 1400 ? "diamond" : shown >= 1200 ? "platinum" : shown >= 1050 ? "gold" : shown >= 950 ? "silver" : "bronze"
			printf "%s %.6f %d %s %d %d %d %d\n", p, r[p], shown, tier, games[p], wins[p] + 0, draws[p] + 0, losses[p] + 0
		}
	}' "$DIR/games" | sort >"$DIR/expected"

"$BIN" ratings --db "$DB" --json >"$DIR/ratings.json" || bad "ratings --json failed"
jq -r '.[] | "\(.name) \(.rating_exact) \(.rating) \(.tier) \(.games) \(.wins) \(.draws) \(.losses)"' \
	"$DIR/ratings.json" | sort >"$DIR/got"
if [ "$(jq length "$DIR/ratings.json")" = 4 ] && [ "$(jq -r '[.[].name] | sort | join(",")' "$DIR/ratings.json")" = "Anne,Bruno,Chloé,Dmitri" ]; then
	ok "four players, each registered once"
else
	bad "players: $(jq -c '[.[].name]' "$DIR/ratings.json")"
fi
if join "$DIR/expected" "$DIR/got" | awk '
	{ d = $2 - $9; if (d < 0) d = -d; if (d > 0.01 || $3 != $10 || $4 != $11 || $5 != $12 || $6 != $13 || $7 != $14 || $8 != $15) bad = 1; n++ }
	END { exit bad || n != 4 }'; then
	ok "ratings --json agree with the formula within 0.01"
else
	bad "ratings: expected / got:"; cat "$DIR/expected" "$DIR/got"
fi
if jq -e '[.[].rating_exact] | . == (sort | reverse)' "$DIR/ratings.json" >/dev/null &&
	jq -e '.[0] | keys_unsorted == ["rank","name","rating","rating_exact","tier","games","wins","draws","losses","last_change"]' \
		"$DIR/ratings.json" >/dev/null; then
	ok "best first, with exactly the keys of --csv (issue 23)"
else
	bad "ratings order or keys: $(head -c 400 "$DIR/ratings.json")"
fi
"$BIN" ratings --db "$DB" --csv >"$DIR/ratings.csv"
if [ "$(head -1 "$DIR/ratings.csv")" = "rank,name,rating,rating_exact,tier,games,wins,draws,losses,last_change" ] &&
	[ "$(wc -l <"$DIR/ratings.csv")" = 5 ]; then
	ok "ratings as CSV"
else
	bad "ratings CSV: $(cat "$DIR/ratings.csv")"
fi

# h2h: Anne-Bruno: 1-0 then 1/2-1/2 from Anne's side.
"$BIN" h2h --db "$DB" anne bruno --json >"$DIR/h2h.json"
if jq -e '.players == ["Anne","Bruno"] and .wins.Anne == 1 and .wins.Bruno == 0 and .draws == 1 and .recent == ["1-0","1/2-1/2"]' \
	"$DIR/h2h.json" >/dev/null; then
	ok "h2h --json"
else
	bad "h2h: $(cat "$DIR/h2h.json")"
fi

# A round robin of the four (CL-3.1): round 1 is 1-4 2-3.
"$BIN" event --db "$DB" create "Club night" --players Anne,Bruno,Chloé,Dmitri >/dev/null || bad "event create"
"$BIN" event --db "$DB" show "club night" --json >"$DIR/event.json"
if jq -e '[.pairings[] | select(.round == 1) | "\(.white)-\(.black)"] == ["Anne-Dmitri","Bruno-Chloé"] and (.pairings | length) == 6' \
	"$DIR/event.json" >/dev/null; then
	ok "Berger pairings of round 1"
else
	bad "event show: $(cat "$DIR/event.json")"
fi
printf 'settings format=twice category=fast white=Dmitri black=Anne event=Club_night\n0 start\n' >"$DIR/rev.scn"
"$BIN" script --db "$DB" "$DIR/rev.scn" >/dev/null 2>"$DIR/err"
status=$?
if [ $status = 2 ] && grep -q "Anne has White" "$DIR/err"; then
	ok "colours the other way round refused"
else
	bad "reversed colours: exit $status, $(cat "$DIR/err")"
fi
printf 'settings format=twice category=fast white=Anne black=Dmitri event=Club_night\n0 start\n1000 resign b\n' >"$DIR/e1.scn"
printf 'settings format=twice category=fast white=Bruno black=Chloé event=Club_night\n0 start\n1000 arbiter draw agreed\n' >"$DIR/e2.scn"
"$BIN" script --db "$DB" "$DIR/e1.scn" >"$DIR/e1.json" || bad "event match 1"
"$BIN" script --db "$DB" "$DIR/e2.scn" >/dev/null || bad "event match 2"
"$BIN" event --db "$DB" standings "Club night" --json >"$DIR/st.json"
if jq -e '.[0].name == "Anne" and .[0].points == 1 and .[0].wins == 1 and ([.[1].points, .[2].points] == [0.5, 0.5]) and .[3].name == "Dmitri" and .[1].rank == 2 and .[2].rank == 2' \
	"$DIR/st.json" >/dev/null; then
	ok "standings after round 1"
else
	bad "standings: $(cat "$DIR/st.json")"
fi
"$BIN" event --db "$DB" standings "Club night" --csv >"$DIR/st.csv"
[ "$(head -1 "$DIR/st.csv")" = "rank,name,points,direct,wins,sonneborn_berger,games,withdrawn_from,cancelled" ] && ok "standings as CSV" ||
	bad "standings CSV: $(cat "$DIR/st.csv")"

# The text tables line up by characters, not bytes: "Chloé" takes five
# columns like "Bruno", so every row of the standings is as long as its
# header, and the rating list's and the player list's tiers start under
# TIER (CL-4.3).
aligned() { # FILE MARK: every line's text before MARK is as long as the header's before TIER
	local line pre want=
	while IFS= read -r line; do
		if [ -z "$want" ]; then
			pre=${line%%TIER*}
			want=${#pre}
			continue
		fi
		pre=${line%%"$2"*}
		[ "${#pre}" = "$want" ] || return 1
	done <"$1"
}
"$BIN" event --db "$DB" standings "Club night" >"$DIR/st.txt"
"$BIN" ratings --db "$DB" >"$DIR/ratings.txt"
"$BIN" players --db "$DB" list >"$DIR/players.txt"
widths=$(while IFS= read -r line; do echo "${#line}"; done <"$DIR/st.txt" | sort -u | wc -l)
if grep -q Chloé "$DIR/st.txt" && [ "$widths" = 1 ] && aligned "$DIR/ratings.txt" silver &&
	aligned "$DIR/players.txt" silver; then
	ok "text tables aligned with accented names"
else
	bad "text tables not aligned: $(cat "$DIR/st.txt" "$DIR/ratings.txt" "$DIR/players.txt")"
fi

# The PGN and show of the event's first match (CL-4.1, CL-4.2).
id=$(jq -r .match_id "$DIR/e1.json")
anne=$(jq -r '.[] | select(.name == "Anne") | .rating' "$DIR/ratings.json")
dmitri=$(jq -r '.[] | select(.name == "Dmitri") | .rating' "$DIR/ratings.json")
"$BIN" export --db "$DB" --format pgn "$id" >"$DIR/e1.pgn"
if grep -qx '\[Event "Club night"\]' "$DIR/e1.pgn" && grep -qx '\[Round "1"\]' "$DIR/e1.pgn" &&
	grep -qx "\[WhiteElo \"$anne\"\]" "$DIR/e1.pgn" && grep -qx "\[BlackElo \"$dmitri\"\]" "$DIR/e1.pgn"; then
	ok "PGN carries the event, the round and the ratings before"
else
	bad "PGN: $(head -12 "$DIR/e1.pgn")"
fi
"$BIN" show --db "$DB" "$id" >"$DIR/show.txt"
if grep -q "^Ratings: Anne $anne -> " "$DIR/show.txt" && grep -q "^Event: Club night, round 1" "$DIR/show.txt"; then
	ok "show gives the rating change"
else
	bad "show: $(tail -3 "$DIR/show.txt")"
fi

# Each kind of game its own record (CL-2.10, CL-2.9): a chess game won by
# Anne over Bruno is in h2h --game chess and in players show, not in the
# ChessCubing h2h.
printf 'settings format=chess white=Anne black=Bruno\n0 start\n1000 resign b\n' >"$DIR/chess.scn"
"$BIN" script --db "$DB" "$DIR/chess.scn" >/dev/null || bad "chess game not recorded"
"$BIN" h2h --db "$DB" --game chess Anne Bruno --json >"$DIR/h2h_chess.json"
"$BIN" h2h --db "$DB" Anne Bruno --json >"$DIR/h2h_cc.json"
if jq -e '.wins.Anne == 1 and .wins.Bruno == 0 and .draws == 0 and .recent == ["1-0"]' "$DIR/h2h_chess.json" >/dev/null &&
	jq -e '.recent | index("1-0") != null and length >= 2' "$DIR/h2h_cc.json" >/dev/null &&
	! cmp -s "$DIR/h2h_chess.json" "$DIR/h2h_cc.json" &&
	"$BIN" players --db "$DB" show Anne | grep -qx 'Chess game rating: 1020 (1020.00), silver; rated games: 1 (1 won, 0 drawn, 0 lost); last change +20.0'; then
	ok "h2h --game chess and players show keep the chess game apart"
else
	bad "per-game records: $(cat "$DIR/h2h_chess.json") / $("$BIN" players --db "$DB" show Anne)"
fi
# Its scenario export says what a chess game has: no category; and replays
# into another record to the same result.
chess_id=$("$BIN" list --db "$DB" | tail -1 | awk '{print $1}')
"$BIN" export --db "$DB" --format scenario "$chess_id" >"$DIR/chess_export.scn"
rm -f "$DIR/replay.db"*
if grep -q '^settings format=chess white=Anne black=Bruno ' "$DIR/chess_export.scn" &&
	! grep -q 'category=' "$DIR/chess_export.scn" &&
	"$BIN" script --db "$DIR/replay.db" "$DIR/chess_export.scn" | jq -e '.result.winner == "white" and .result.reason == "resignation"' >/dev/null; then
	ok "a chess game's scenario export has no category and replays"
else
	bad "chess scenario export: $(head -3 "$DIR/chess_export.scn")"
fi

# A result the program does not know is a damaged record: the ratings say
# so and which match, never rate it as a guess (the copy is tampered with).
cp "$DB" "$DIR/damaged.db"
sqlite3 "$DIR/damaged.db" "UPDATE matches SET result_reason = 'smoke' WHERE id = 1"
if out=$("$BIN" ratings --db "$DIR/damaged.db" 2>&1); then
	bad "a damaged result was rated: $out"
elif echo "$out" | grep -q "match 1: its format or result is not one this program knows"; then
	ok "a damaged result is refused by name"
else
	bad "damaged result message: $out"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
