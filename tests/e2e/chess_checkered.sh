#!/usr/bin/env bash
# A chess game on a Checkered board (CK-5.1): a capture makes a checkered
# piece, which the board draws apart from both sides' (CK-5.4): its FEN
# letter in a colour of its own, and with NO_COLOR behind a '*' marker.
. "$(dirname "$0")/lib.sh" "$1"
. "$(dirname "$0")/chess_lib.sh"
clauses CK-5.1 CK-5.4 CK-2.1

for colour in on off; do
	if [ $colour = on ]; then
		start 100 30 "$BIN"
	else
		start 100 30 env NO_COLOR=1 "$BIN"
	fi
	setup_chess none auto checkered
	keys s
	wait_for "TO MOVE"
	play e4 d5 exd5
	keys v
	wait_for "Board after exd5"
	if [ $colour = on ]; then
		screen | grep -qE "5 +: \. : s : \. : \." || fail "no checkered pawn on d5"
		wait_for "checkered: s o c u t"
	else
		screen | grep -qE "5 +: \. :\*s : \. : \." || fail "no marked checkered pawn on d5"
		wait_for "*: checkered, s o c u t"
	fi
	keys v q y
	wait_exit 0
done
echo "ok"
