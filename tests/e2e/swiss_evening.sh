#!/usr/bin/env bash
# A Swiss club evening end to end (issue 33, third "Done when" line): 9
# players, 4 rounds; rounds 1 and 3 played partly on two consoles (each
# taking a published pairing from its setup screen, a short game ended by
# resignation or by the mate key) and partly by `script`; a late entry
# before round 2, a withdrawal, a requested half-point bye, a forfeit, a
# result corrected after its round was published (before the next pairing).
# Then the director's view (`watch --event`, captured), `event standings
# --json`, the crosstable CSV, the PGN export and the TRF export agree on
# every player's points and every game's result, and no two players met
# twice over the board (SW-1.1). The director's view says the half-point
# bye as one (it said "bye", the pairing's full-point bye, before).
# CL-10.1, CL-10.3, CL-10.6: a Swiss paired, then published, round by
# round; CL-10.5 the half-point bye; CL-10.7 the late entry and the
# withdrawal; CL-6.2 the forfeit, no game; CL-5.8 the correction; CL-3.6 the
# consoles take the published pairings; CL-6.6 "N of M games finished".
. "$(dirname "$0")/lib.sh" "$1"
clauses CL-10.1 CL-10.8 CL-10.3 CL-10.5 CL-10.6 CL-10.7 CL-6.2 CL-6.6 CL-5.8 CL-3.6 SW-1.1

DB=$XDG_DATA_HOME/club.db
W=$XDG_DATA_HOME
ev() { "$BIN" event --db "$DB" "$@"; }
# board R B: "WHITE BLACK" of round R, board B (a bye: "NAME null").
board() { ev show Ev --json | jq -r ".pairings[] | select(.round == $1 and .board == $2) | \"\(.white) \(.black)\""; }
# play R B w|b: round R, board B by `script`, the loser resigning.
play() {
	local loser=w
	[ "$3" = w ] && loser=b
	set -- $(board "$1" "$2")
	[ "$2" != null ] || fail "play: a bye on that board"
	printf 'settings format=twice category=fast white=%s black=%s event=Ev\n0 start\n1000 resign %s\n' "$1" "$2" \
		"$loser" >"$W/m.scn"
	"$BIN" script --db "$DB" "$W/m.scn" >/dev/null || fail "script: $1 - $2"
}
# consoles R: two consoles take round R's boards 1 and 2 from their setup
# screens; board 1 ends by Black's resignation, board 2 by White's mate.
consoles() {
	local r=$1 w1 b1 w2 b2 c1 c2
	read -r w1 b1 <<<"$(board "$r" 1)"
	read -r w2 b2 <<<"$(board "$r" 2)"
	start 100 30 "$BIN" --db "$DB"
	c1=$TMUX_CMD
	wait_flat "Event pairing < Ev: round $r, board 1, $w1 (White) - $b1 (Black) >" 20
	keys s
	wait_for "White: $w1" 20
	start 100 30 "$BIN" --db "$DB"
	c2=$TMUX_CMD
	advance 1000 # the setup screen asks the record for news every second
	wait_flat "Event pairing < Ev: round $r, board 2, $w2 (White) - $b2 (Black) >" 20
	keys s
	wait_for "White: $w2" 20
	TMUX_CMD=$c1
	keys s
	wait_re "White: $w1 +TO MOVE" 20
	moved 2
	keys r
	wait_dialog "Who resigns?" 20
	keys b
	wait_dialog "resigns: confirm?" 20
	keys y
	wait_for "Match over" 20
	TMUX_CMD=$c2
	keys s
	wait_re "White: $w2 +TO MOVE" 20
	moved 1
	keys m
	wait_dialog "Checkmate: the last move, by White ($w2), mated?" 20
	keys y
	wait_for "Match over" 20
	keys q
	wait_exit 0 20
	TMUX_CMD=$c1
	keys q
	wait_exit 0 20
}

for p in Ana Bob Cid Dan Eve Fay Gus Hal Ivy; do "$BIN" players --db "$DB" add "$p" >/dev/null || fail "add $p"; done
ev create Ev --system swiss --rounds 4 --half-byes 1 --players Ana,Bob,Cid,Dan,Eve,Fay,Gus,Hal >/dev/null ||
	fail "create"

# Round 1: boards 1 and 2 on the consoles, board 3 by script, board 4 a forfeit.
ev pair Ev >/dev/null || fail "pair round 1"
ev publish Ev >/dev/null || fail "publish round 1"
consoles 1
play 1 3 w
ev forfeit Ev 1 4 +/- >/dev/null || fail "forfeit"
# Board 3 corrected after the round's publication: a draw.
M=$(ev show Ev --json | jq '.pairings[] | select(.round == 1 and .board == 3) | .match_id')
"$BIN" correct --db "$DB" "$M" --result 1/2-1/2 --reason "scoresheet" >/dev/null || fail "correct"
# Before round 2: Ivy enters late, board 1's loser asks a half-point bye
# in round 2, the forfeit's loser withdraws from round 3.
read -r _ HALF <<<"$(board 1 1)"
read -r _ GONE <<<"$(board 1 4)"
ev enter Ev Ivy >/dev/null || fail "enter"
ev bye Ev "$HALF" 2 >/dev/null || fail "half-point bye"
ev withdraw Ev "$GONE" --from-round 3 >/dev/null || fail "withdraw"

# Round 2: all by script.
ev pair Ev >/dev/null || fail "pair round 2"
ev publish Ev >/dev/null || fail "publish round 2"
ev show Ev --json | jq -e --arg p "$HALF" '.pairings[] | select(.round == 2 and .white == $p and .black == null)' \
	>/dev/null || fail "no half-point bye row for $HALF"
ev show Ev --json | jq -e '.pairings[] | select(.round == 2 and (.white == "Ivy" or .black == "Ivy"))' >/dev/null ||
	fail "the late entry not paired in round 2"
for b in 1 2 3 4; do play 2 $b $([ $((b % 2)) = 1 ] && echo w || echo b); done

# Round 3: boards 1 and 2 on the consoles again, the others by script.
ev pair Ev >/dev/null || fail "pair round 3"
ev publish Ev >/dev/null || fail "publish round 3"
ev show Ev --json | jq -e --arg p "$GONE" '.pairings[] | select(.round >= 3 and (.white == $p or .black == $p))' \
	>/dev/null && fail "the withdrawn $GONE paired in round 3"
consoles 3
play 3 3 b
play 3 4 w

# Round 4: by script.
ev pair Ev >/dev/null || fail "pair round 4"
# CL-10.6: the director's view counts the published rounds' games only and
# names the round paired, not published.
UNPUB=$(ev show Ev | head -1 | sed 's/.*; //')
start 120 40 "$BIN" watch --db "$DB" --event Ev
advance 300
wait_flat "$UNPUB (round 4 paired, not published)" 20
keys q
wait_exit 0 20
ev publish Ev >/dev/null || fail "publish round 4"
for b in 1 2 3 4; do play 4 $b $([ $((b % 2)) = 1 ] && echo b || echo w); done

# The record, then every view of it.
ev show Ev --json >"$W/show.json" || fail "show"
jq -e '[.pairings[] | select(.result == null)] | length == 0' "$W/show.json" >/dev/null ||
	fail "a board without a result: $(jq -c '.pairings[] | select(.result == null)' "$W/show.json")"
jq -e '[.pairings[] | select(.black != null and .result != "+/-" and .result != "-/+") | [.white, .black] | sort]
	| group_by(.) | map(length) | max == 1' "$W/show.json" >/dev/null || fail "two players met twice"
ev standings Ev --json >"$W/standings.json" || fail "standings"
ev export Ev --format csv >"$W/cross.csv" || fail "crosstable csv"
ev export Ev --format pgn >"$W/games.pgn" || fail "pgn"
ev export Ev --format trf >"$W/ev.trf" || fail "trf"
start 120 80 "$BIN" watch --db "$DB" --event Ev
advance 300
wait_flat "16 of 16 games finished" 20
screen >"$W/watch.txt"
keys q
wait_exit 0 20

python3 - "$W" <<'EOF' || fail "the views disagree"
import csv, json, re, sys
w = sys.argv[1]
show = json.load(open(w + "/show.json"))
bad = []
def check(cond, what):
    if not cond:
        bad.append(what)
# Expected from the record's pairings: points, and each game's result.
pts, games, byes = {}, [], []
WPTS = {"1-0": 1, "0-1": 0, "1/2-1/2": 0.5, "+/-": 1, "-/+": 0}
for p in show["pairings"]:
    r, wh, bl, res = p["round"], p["white"], p["black"], p["result"]
    if bl is None:
        byes.append((r, wh))
        pts[wh] = pts.get(wh, 0) + 0.5
        continue
    games.append((r, p["board"], wh, bl, res))
    pts[wh] = pts.get(wh, 0) + WPTS[res]
    pts[bl] = pts.get(bl, 0) + 1 - WPTS[res]
check(len(byes) == 1, "one bye row, the half-point bye: %s" % byes)
check(len(pts) == 9, "9 players with results: %s" % pts)
check(sum(1 for g in games if g[4] == "1/2-1/2") >= 1, "the corrected draw")
check(sum(1 for g in games if "/" in g[4] and g[4][0] in "+-") == 1, "one forfeit")
# standings --json
st = {s["name"]: s["points"] for s in json.load(open(w + "/standings.json"))}
check(st == pts, "standings %s != %s" % (st, pts))
# crosstable CSV: points column and the cells of each game
rows = list(csv.DictReader(open(w + "/cross.csv")))
byname = {row["name"]: row for row in rows}
check(set(byname) == set(pts), "crosstable names %s" % sorted(byname))
for n, row in byname.items():
    check(float(row["points"]) == pts.get(n), "crosstable points of %s: %s, not %s" % (n, row["points"], pts.get(n)))
CELL = {1: "1", 0: "0", 0.5: "½"}
# a Swiss's crosstable: a cell a round, the opponent's number, colour, result (CL-10.8)
for r, b, wh, bl, res in games:
    for me, opp, col, mine in ((wh, bl, "w", WPTS[res]), (bl, wh, "b", 1 - WPTS[res])):
        cell = byname[me]["r%d" % r].lstrip("'")
        want = byname[opp]["start_rank"] + col + (("+" if mine else "-") if res in ("+/-", "-/+") else CELL[mine])
        check(cell == want, "crosstable R%d B%d %s v %s: %r, not %r" % (r, b, me, opp, cell, want))
# PGN: one game per board played over the board, each with its result
pgn = open(w + "/games.pgn").read()
tags = [dict(re.findall(r'^\[(\w+) "([^"]*)"\]', g, re.M)) for g in pgn.split("[Event ")[1:]]
played = [g for g in games if g[4] not in ("+/-", "-/+")]
check(len(tags) == len(played), "PGN has %d games, %d played" % (len(tags), len(played)))
got = sorted((int(t["Round"]), int(t["Board"]), t["White"], t["Black"], t["Result"]) for t in tags)
check(got == sorted(played), "PGN games %s != %s" % (got, sorted(played)))
# TRF: the points column, and each round's cell (opponent, colour, result)
trf = {}
for line in open(w + "/ev.trf"):
    if line.startswith("001 "):
        trf[line[14:47].strip()] = line.rstrip("\n")
check(set(trf) == set(pts), "TRF names %s" % sorted(trf))
start = {n: int(l[4:8]) for n, l in trf.items()}
CPTS = {"1": 1, "+": 1, "W": 1, "U": 1, "=": 0.5, "H": 0.5, "D": 0.5}
for n, l in trf.items():
    check(float(l[80:84]) == pts[n], "TRF points of %s: %r, not %s" % (n, l[80:84], pts[n]))
    cells = [l[91 + 10 * i:91 + 10 * i + 8] for i in range(4)]
    total = sum(CPTS.get(c[7:8], 0) for c in cells if len(c) == 8)
    check(total == pts[n], "TRF cells of %s add to %s: %s" % (n, total, cells))
for r, b, wh, bl, res in games:
    for me, opp, col, mine in ((wh, bl, "w", WPTS[res]), (bl, wh, "b", 1 - WPTS[res])):
        want = "%04d %s %s" % (start[opp], col, (("+" if mine else "-") if res in ("+/-", "-/+") else
                                                 {1: "1", 0: "0", 0.5: "="}[mine]))
        cell = trf[me][91 + 10 * (r - 1):91 + 10 * (r - 1) + 8]
        check(cell == want, "TRF R%d %s: %r, not %r" % (r, me, cell, want))
for r, n in byes:
    cell = trf[n][91 + 10 * (r - 1):91 + 10 * (r - 1) + 8]
    check(cell == "0000 - H", "TRF half-point bye R%d %s: %r" % (r, n, cell))
    check(byname[n]["r%d" % r] == "H", "crosstable bye of %s: %r" % (n, byname[n]["r%d" % r]))
# The director's view: every standings row's points, every board's result
view = open(w + "/watch.txt").read()
for n, p in pts.items():
    m = re.search(r"^ +\d+ +%s +(\d+\.\d) " % re.escape(n), view, re.M)
    check(m is not None and float(m.group(1)) == p, "director's view, %s: %s, not %s" % (n, m and m.group(1), p))
for r, b, wh, bl, res in games:
    shown = res + " (forfeit)" if res in ("+/-", "-/+") else res
    check(re.search(r"R%d B%d +%s - %s: %s( |$)" % (r, b, wh, bl, re.escape(shown)), view, re.M) is not None,
          "director's view: R%d B%d %s - %s %s" % (r, b, wh, bl, shown))
for r, n in byes:
    check(re.search(r"R%d B\d+ +%s: bye 1/2-0 \(half-point bye asked for\)" % (r, n), view) is not None,
          "director's view: %s's half-point bye in round %d" % (n, r))
for b_ in bad:
    print("FAIL:", b_)
sys.exit(1 if bad else 0)
EOF
echo "PASS: a Swiss evening on two consoles and script; watch, standings, crosstable, PGN and TRF agree"
