# chess_lib.sh: setting up and playing a chess game (format chess, issue 13)
# in the console, for the e2e scripts that test it. Sourced after lib.sh.

# setup_chess TC CLAIMS BOARD: the form set to a chess game, player 1 White,
# the time control TC typed (5+3, 1+0, none), claims auto|manual, board
# standard|checkered, then the game created (not started).
setup_chess() {
	local i
	wait_for "New match"
	keys Right Right
	wait_for "Chess game (FIDE Laws"
	absent "Category"
	absent "Cube seed"
	absent "scramble sheet"
	# no cubes: w writes no scramble sheet, and says why
	keys w
	wait_flat "This game has no cubes, so no scramble sheet"
	keys Down Down Down Right
	wait_for "player 1 has White"
	keys Down
	if [ "$3" = checkered ]; then
		keys Right
		wait_for "Checkered: a capture makes a checkered piece"
	fi
	keys Down Enter
	wait_dialog "Time control:"
	for i in $(seq 8); do keys BSpace; done
	type_text "$1"
	keys Down
	if [ "$2" = manual ]; then
		keys Right
		wait_for "manual: a player claims through the arbiter (k)"
	fi
	keys s
	wait_for "The game is ready: Player 1 (White) moves first."
}

# type_text TEXT: TEXT typed as it is (send-keys -l: "f6" is a move, not
# the key F6), then Enter.
type_text() {
	$TMUX_CMD send-keys -l "$1"
	keys Enter
}

# play SAN...: each move announced with Space, typed, and seen as the last
# move (SAN as the board writes it: Qxd7+). The console ignores a second
# move key within 0.3 s (of the test clock), hence the clock moved on
# before each Space, and after it: a clock key (x, n) typed at once is
# taken for a bounce.
play() {
	local san
	for san in "$@"; do
		advance 400
		keys Space
		wait_dialog "SAN or UCI"
		advance 400
		type_text "$san"
		wait_for "Last move: $san"
	done
}

# play_last SAN: the move that ends the game (the end screen follows).
play_last() {
	advance 400
	keys Space
	wait_dialog "SAN or UCI"
	advance 400
	type_text "$1"
	wait_for "Game over"
}
