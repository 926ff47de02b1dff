# dgt_board_lib.sh: a simulated DGT board (tests/dgt_board.py) behind a
# pseudo-terminal for the e2e scripts. Sourced after lib.sh.
#   board_start: the board on $BOARD (the console's --dgt), driven by
#   board CMD...: one command of dgt_board.py, waited for until played;
#   board_played, board_pgn_moves: a move from the board, the PGN's moves.

BOARD_DIR=$(mktemp -d /tmp/cc-e2e-dgt-XXXXXX)
BOARD=$BOARD_DIR/board
BOARD_DONE=0
board_start() {
	mkfifo "$BOARD_DIR/ctl" || fail "mkfifo"
	python3 "$(dirname "${BASH_SOURCE[0]}")/../dgt_board.py" "$BOARD" "$BOARD_DIR/ctl" "$BOARD_DIR/log" &
	BOARD_PID=$!
	exec 3>"$BOARD_DIR/ctl"
	local i=0
	while [ ! -e "$BOARD" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	[ -e "$BOARD" ] || fail "the simulated board did not start"
	trap 'board_stop; finish' EXIT
}
board_stop() {
	echo quit >&3 2>/dev/null
	exec 3>&-
	[ -n "${BOARD_PID:-}" ] && wait "$BOARD_PID" 2>/dev/null # it ends on quit
	rm -rf "$BOARD_DIR"
}
board() {
	echo "$*" >&3
	BOARD_DONE=$((BOARD_DONE + 1))
	local i=0
	while ! grep -qx "done $BOARD_DONE" "$BOARD_DIR/log" 2>/dev/null; do
		[ $i -lt 200 ] || fail "the board did not play '$*'"
		sleep 0.05
		i=$((i + 1))
	done
	sleep 0.1
}

# board_played KEY SAN BOARD-COMMAND...: the pieces moved on the board, then
# the player's clock key (x White, n Black), and SAN seen as the last move.
board_played() {
	local key=$1 san=$2
	shift 2
	while [ $# -gt 0 ]; do board $1; shift; done
	advance 400
	keys "$key"
	wait_for "Last move: $san"
}

# board_pgn_moves PGN: the movetext on one line, without tags, comments or
# Black's move numbers (1... e5).
board_pgn_moves() {
	printf '%s\n' "$1" | grep -v '^\[' | tr -s ' \n' ' ' | sed -E 's/[{][^}]*[}]//g; s/[0-9]+[.][.][.] //g' | tr -s ' '
}
