# lib.sh: drives the real `chesscubing` binary in a private tmux server, the
# way tmux's own regress/ scripts do: send-keys in, capture-pane out.
#
# Usage in a test:  . "$(dirname "$0")/lib.sh" "$1"   ($1 = the binary)
# Every test runs on its own socket, so ctest -j can run them together.
set -u

BIN=${1:?usage: $0 path/to/chesscubing}
command -v tmux >/dev/null 2>&1 || { echo "tmux is missing: skipped"; exit 77; }
SOCKET="cc-e2e-$(basename "$0" .sh)-$$"
SESSIONS=0
TMUX_CMD="tmux -L $SOCKET.0 -f /dev/null"
# A UTF8 locale that every Debian has; the name avoids the dashed spelling.
export LANG=C.utf8 LC_ALL=C.utf8
unset LANGUAGE NO_COLOR

# Every test has its own match database (the console records every match).
XDG_DATA_HOME=$(mktemp -d /tmp/cc-e2e-data-XXXXXX)
export XDG_DATA_HOME

cleanup() {
	$TMUX_CMD kill-server >/dev/null 2>&1 || true
	rm -rf "$XDG_DATA_HOME"
}
trap cleanup EXIT

fail() {
	echo "FAIL: $*"
	echo "---- screen ----"
	$TMUX_CMD capture-pane -p 2>/dev/null || true
	echo "----------------"
	exit 1
}

# start W H COMMAND...: a session of W x H running COMMAND in a shell that
# prints its exit status and stays, so the screen after exit can be read.
start() {
	local w=$1 h=$2
	shift 2
	# A fresh server per session: reusing a socket races with its exit.
	SESSIONS=$((SESSIONS + 1))
	TMUX_CMD="tmux -L $SOCKET.$SESSIONS -f /dev/null"
	$TMUX_CMD new-session -d -x "$w" -y "$h" \
		"$*; echo EXIT=\$?; sleep 600" || fail "tmux new-session"
	$TMUX_CMD set-option -g window-size manual >/dev/null
}

screen() { $TMUX_CMD capture-pane -p; }

keys() { $TMUX_CMD send-keys "$@"; sleep 0.15; }

# wait_for TEXT [SECONDS]: until the screen shows TEXT (fixed string).
wait_for() {
	local text=$1 limit=${2:-10} i=0
	while [ $i -lt $((limit * 20)) ]; do
		screen | grep -qF -- "$text" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "waited ${limit}s for '$text'"
}

# absent TEXT: the screen does not show TEXT.
absent() {
	screen | grep -qF -- "$1" && fail "unexpected '$1'"
	return 0
}

# to_move NAME: NAME's panel is the one marked to move.
to_move() {
	screen | grep -qE -- "$1 +(TO MOVE|MOVES FIRST)" || fail "$1 should be to move"
}

resize() { $TMUX_CMD resize-window -x "$1" -y "$2" || fail "resize-window"; sleep 0.3; }

pane() { $TMUX_CMD display-message -p "$1"; }

# setup_match FORMAT_RIGHTS: names Alice (player 1, White) and Bob, format
# changed FORMAT_RIGHTS times (0: Twice, 1: Time), then the match created.
setup_match() {
	wait_for "New match"
	local i
	for i in $(seq "$1"); do keys Right; done
	keys Down Down Enter
	for i in $(seq 10); do keys BSpace; done
	keys Alice Enter Down Enter
	for i in $(seq 10); do keys BSpace; done
	keys Bob Enter Down Right
	wait_for "player 1 has White"
	keys s
	wait_for "White: Alice"
	wait_for "Black: Bob"
}
