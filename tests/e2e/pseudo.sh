#!/usr/bin/env bash
# The console in the tests' pseudo-language (qps: every translated string
# wrapped in brackets, accented, lengthened by about 35 %) at the size of
# the second argument (60x22, the minimum, and 80x24), through every screen
# of the arbiter's guide's walk-through (docs/arbiter-guide.md: the setup
# of each format, a Twice match block by block with every dialog over a
# block, the cube phase, the end and its list of interventions; a Time
# match's block and cube phase; moves recording, its board and scoresheet;
# the spectator's screen; a chess game, a Checkered board, Chess-Uno; a
# terminal too small; a club evening: the director's view, a board's setup
# with its event pairing, the match it starts). Each screen, once drawn and still, must be wholly
# in qps: no untranslated word, no string without its closing bracket
# (tests/l10n/pseudo_check.py says what that means and what is allowed).
# Every finding of the walk is named at the end, not only the first.
#
# The states are reached as minsize_states.sh reaches them: `script`
# records one, the console takes it up (`resume`).
#
# CC_PSEUDO_DROP=MSGID: MSGID left untranslated on purpose (pseudo_lib.sh);
# CC_PSEUDO_ONLY=setup: only the setup screens (the catches test).
. "$(dirname "$0")/lib.sh" "$1"
clauses none
SIZE=${2:?usage: $0 BIN WIDTHxHEIGHT}
W=${SIZE%x*} H=${SIZE#*x}
. "$(dirname "$0")/../l10n/pseudo_lib.sh"
trap 'finish; _pseudo_cleanup' EXIT
P=$PSEUDO_BIN

# Names that cannot look English (Greek letters and a digit).
WN=Ωα1 BN=Δβ2
# Names the program says as they are, in every language: its own, and the
# categories' (the rules' FAST, FREEZE, MASTERS).
NAMES=(--allow-phrase "ChessCubing Arbiter" --allow "FAST FREEZE MASTERS")

# settled: the screen, once it has not changed for 0.3 s, in $SHOT.
# look WHERE: waits until the screen differs from the last one looked at
# (the key took effect) and is settled, then judges it.
SHOT= LAST= SHOTS=0
settled() {
	local prev= i=0 same=0
	while [ $i -lt 200 ]; do
		SHOT=$(screen)
		if [ -n "$SHOT" ] && [ "$SHOT" = "$prev" ]; then
			same=$((same + 1))
			[ $same -ge 3 ] && return 0
		else
			same=0
		fi
		prev=$SHOT
		sleep 0.1
		i=$((i + 1))
	done
	fail "the screen never settled"
}
look() {
	local i=0
	while :; do
		settled
		[ "$SHOT" != "$LAST" ] && break
		i=$((i + 1))
		[ $i -lt 20 ] || fail "$1: the screen did not change"
	done
	LAST=$SHOT
	SHOTS=$((SHOTS + 1))
	[ -z "${CC_PSEUDO_SHOTS:-}" ] || printf '%s\n' "$SHOT" >"$CC_PSEUDO_SHOTS/$SIZE-$(printf %02d $SHOTS).txt"
	# The exit marker of lib.sh's shell is the test's, not the program's.
	printf '%s\n' "$SHOT" | grep -v '^EXIT=' | pseudo_check "$SIZE $1" --boxes "${NAMES[@]}"
}
q_wait() { wait_flat "$(q "$1")"; }

take() {
	DB=$XDG_DATA_HOME/$1-$W.db
	printf '%b' "$2" >"$XDG_DATA_HOME/$1.scn"
	"$BIN" script --db "$DB" "$XDG_DATA_HOME/$1.scn" >/dev/null || fail "script $1"
	start "$W" "$H" "$P" --lang qps resume --db "$DB" 1
}
quit() {
	keys q
	look "the quit dialog"
	keys y
	cleanup
}

S_TWICE="settings format=twice category=fast white=$WN black=$BN\n0 start\n"
twelve() { local i s=; for i in 1 2 3 4 5 6; do s="$s$((i * 2000 - 1000)) move w\n$((i * 2000)) move b\n"; done; printf '%s' "$s"; }
holds() { local i s=; for i in $(seq 20); do s="$s$((1000 + i * 100)) hold\n$((1000 + i * 100)) release\n"; done; printf '%s' "$s"; }

# 1. Setup: each format's settings, a name being typed.
start "$W" "$H" "$P" --lang qps
q_wait "Set up the match, then create it."
look "setup, Twice"
for f in Time chess Chess-Uno; do
	keys Right
	look "setup, $f"
done
keys Right Down Down Enter
look "setup, typing White's name"
keys "$WN" Enter
look "setup, White named"
keys Escape
if [ "${CC_PSEUDO_ONLY:-}" = setup ]; then
	cleanup
	pseudo_verdict
	exit
fi
keys q
cleanup

# 2. Twice: block 2 ready with the cube winner's double move, running, its
# second move, every dialog over it, the log, the help's pages, paused.
take dm "$S_TWICE$(twelve)13000 cube w 23.45\n14000 cube b 25.10\n"
look "Twice, block 2 ready, double move"
keys Space
look "Twice, a key out of turn"
keys s
look "Twice, block running, the free move"
moved 1
look "Twice, the double move's second move"
keys r
look "Twice, the resign dialog"
keys Escape a
look "Twice, the arbiter dialog"
keys Escape c
look "Twice, the correct dialog"
keys Down
look "Twice, the DGT correct form"
keys Escape Escape l
look "Twice, the event log"
keys Escape '?'
look "Twice, the help, page 1"
pages=$(screen | grep -oE '[0-9]+/[0-9]+' | tail -1 | cut -d/ -f2)
for p in $(seq 2 "${pages:-1}"); do
	[ "$p" -le 6 ] || break
	keys Space
	look "Twice, the help, page $p"
done
keys Escape p
look "Twice, paused"
quit

# 3. Twice, the cube phase, a solve time's dialog, the stopwatch.
take cube "$S_TWICE$(twelve)"
look "Twice, the cube phase"
keys 1
look "Twice, a solve time's dialog"
keys Escape t
look "Twice, the stopwatch"
keys Escape
quit

# 4. Twice, the end, and a busy end's list of interventions in pages.
take end "${S_TWICE}1000 move w\n2000 resign b\n"
look "Twice, the end"
keys q
cleanup
take busy "${S_TWICE}1000 move w\n$(holds)3000 correct block 2:50 Ψψ6\n3000 correct move 15 Ψψ6\n4000 resign b\n"
look "Twice, the end after 22 interventions"
keys e
look "Twice, the interventions, page 1"
for p in 2 3 4 5; do
	keys Space
	settled
	[ "$SHOT" != "$LAST" ] || break
	look "Twice, the interventions, page $p"
done
keys Escape q
cleanup

# 5. Time: a block, its cube phase with the big chess clocks.
take time "settings format=time category=fast white=$WN black=$BN\n0 start\n1000 move w\n"
look "Time, a block (paused by the resume)"
keys p
look "Time, the block running"
quit
take tcube "settings format=time category=fast white=$WN black=$BN\n0 start\n$(twelve)"
look "Time, the cube phase"
quit

# 6. Moves recording: a draw state, the board, the log and the scoresheet.
take rep "settings format=twice category=fast record=moves white=$WN black=$BN\n0 start\n1000 move w Nf3\n2000 move b Nf6\n3000 move w Ng1\n4000 move b Ng8\n5000 move w Nf3\n6000 move b Nf6\n7000 move w Ng1\n8000 move b Ng8\n"
look "moves recording, a draw state"
keys v
look "moves recording, the board"
keys v l
look "moves recording, the log"
keys Tab
look "moves recording, the scoresheet"
keys Escape
quit
# The spectator's screen on that match, and its scoresheet.
start "$W" "$H" "$P" --lang qps watch --db "$DB" 1
look "watch"
keys s
look "watch, the scoresheet"
keys Escape v
look "watch, the board"
keys q
cleanup

# 7. A chess game with a draw to claim; a Checkered board.
take claim "settings format=chess tc=90+30 claims=manual white=$WN black=$BN\n0 start\n1000 move w Nf3\n2000 move b Nf6\n3000 move w Ng1\n4000 move b Ng8\n5000 move w Nf3\n6000 move b Nf6\n7000 move w Ng1\n8000 move b Ng8\n"
look "chess, a draw to claim"
keys k
look "chess, the claim"
keys Escape
quit
take ck "settings format=chess variant=checkered tc=5+3 white=$WN black=$BN\n0 start\n"
look "Checkered, paused"
keys v
look "Checkered, the board"
keys v
quit

# 8. Chess-Uno: the turn, its keys, a draw; a skip drawn on a fixed deal.
take uno "settings format=uno white=$WN black=$BN\n"
look "Chess-Uno, the turn"
keys d
look "Chess-Uno, a card drawn"
keys q
cleanup
# A yellow skip drawn first (deck=): the longest card's words, in the
# table's discards and the last turn's card, beside the fixed deal's
# warning; at 60x22 the table takes a fifth row and must not be cut
# (a random deal drew it one walk in fifteen).
take unoskip "settings format=uno white=$WN black=$BN deck=94,69\n"
look "Chess-Uno, a fixed deal"
keys d
look "Chess-Uno, a skip drawn"
keys q
cleanup

# 9. A terminal too small, then back.
take small "$S_TWICE"
look "Twice, block 1 ready"
resize 40 12
look "a terminal too small"
resize "$W" "$H"
look "Twice, back from too small"
quit

# 10. A club evening (the guide's section 11): the director's view of an
# event, a board's setup offering its pairing, a player refused there, the
# match it starts.
DB=$XDG_DATA_HOME/club-$W.db
for n in Ωα1 Δβ2 Γγ3 Λλ4; do "$BIN" players --db "$DB" add "$n" >/dev/null || fail "players add $n"; done
"$BIN" event --db "$DB" create Ευ5 --players Ωα1,Δβ2,Γγ3,Λλ4 >/dev/null || fail "event create"
start "$W" "$H" "$P" --lang qps watch --db "$DB" --event Ευ5
look "the director's view"
keys q
cleanup
start "$W" "$H" "$P" --lang qps --db "$DB"
look "setup, an event's pairing"
keys Down Down Down Enter
look "setup, a player set by the pairing"
keys s
look "the event's match, block 1 ready"
quit

pseudo_verdict
