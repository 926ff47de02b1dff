#!/usr/bin/env bash
# A flag fall ends a plain game (FI-6.9): a one-minute game, White never
# moves and loses on time (the test clock moved past the minute), said on
# screen. The
# arbiter undoes the fall: the game comes back paused at the fall, White's
# clock at zero (RU-28); resuming is refused with the reason (RU-29); the
# clock is set (FI-6.10) and the game resumes. The players keep the form's
# placeholder names, so the game registers and rates no one (CL-2.11).
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses FI-6.9 RU-28 RU-29 FI-6.10 CL-2.11 RU-43

start 100 30 "$BIN"
setup_chess 1+0 auto standard
wait_re "Clock 1:00( |$)" # RU-41: whole seconds
keys s
wait_for "TO MOVE"
advance 59900
absent "Game over"
advance 200
wait_for "Game over"
wait_for "Player 1's flag fell: game over, Player 2 wins on time"
wait_for "Result: Player 2 wins on time"
wait_re "Final clocks: White \(Player 1\) 0:00\.0, Black \(Player 2\) 1:00\.0"
wait_flat "Chess game ratings: not counted (its players are not in the registry)"
"$BIN" players list | grep -q "Player" && fail "a placeholder was registered: $("$BIN" players list)"
# At the minimum size the line wraps, never between a player and his clock.
resize 60 22
wait_flat "Final clocks: White (Player 1) 0:00.0, Black (Player 2) 1:00.0"
screen | grep -E '^ *[0-9]+:[0-9]{2}\.[0-9] *$' && fail "a clock alone on its line, parted from its player"
resize 100 30

keys u
wait_dialog "Undo the flag fall? The game comes back paused at the moment the flag fell"
keys y
wait_for "PAUSED"
wait_for "White's clock is at zero (the flag fall was undone): set it (c) before resuming"
wait_for "undo: takes back \"the flag fall\""
keys p
wait_for "White's clock is at zero: correct it before resuming, or the flag falls at once"
wait_for "PAUSED"
keys c
wait_dialog "Correction and reason: clock w 5:00"
wait_dialog "w: White (Player 1), b: Black (Player 2)" # RU-43
keys "clock w 0:30 key not pressed" Enter
wait_for "arbiter sets Player 1's clock: 0:30.00 (key not pressed)"
keys p
absent "PAUSED"
# Thirty seconds later the flag falls again.
advance 30100
wait_for "Game over"
keys q
wait_exit 0
echo "ok"
