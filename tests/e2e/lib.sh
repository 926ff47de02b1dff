# lib.sh: drives the real `chesscubing` binary in a private tmux server, the
# way tmux's own regress/ scripts do: send-keys in, capture-pane out.
#
# Usage in a test:
#   . "$(dirname "$0")/lib.sh" "$1"      ($1 = the binary)
#   clauses TW-2.1 CO-2.2                 (the rule clauses it checks, or none)
# Every test runs on its own socket, so ctest -j can run them together.
#
# Nothing here depends on the build path, a PID's length, the terminal's
# width or how long a screen stays up: the screen is read with wrapped
# lines joined (capture-pane -J), the exit marker is printed on a line of
# its own after the terminal is put back, processes are found by PID, and
# tests wait for states that stay on the screen.
set -u

BIN=${1:?usage: $0 path/to/chesscubing}
TEST_NAME=e2e/$(basename "$0")
# Without tmux a developer's run skips these tests (ctest SKIP_RETURN_CODE
# 77); CI must run them, so there a missing tmux is a failure.
if ! command -v tmux >/dev/null 2>&1; then
	if [ "${CI:-}" = true ]; then
		echo "FAIL: tmux is missing and CI=true: the e2e tests must run in CI (apt-get install -y tmux)"
		exit 1
	fi
	echo "tmux is missing: skipped"
	exit 77
fi

# clauses ID...: declares the rule clauses (rules/) this script checks, or
# "none", as the line "CLAUSES: e2e/NAME.sh ID..." that rules_selfcheck
# reads. With CC_CLAUSES=list in the environment the script stops here:
# that is how the self-check asks each registered test what it declares.
DECLARED=
clauses() {
	[ $# -gt 0 ] || fail "clauses: name the clauses checked, or none"
	echo "CLAUSES: $TEST_NAME $*"
	[ "${CC_CLAUSES:-}" = list ] && exit 0
	DECLARED=1
}

SOCKET="cc-e2e-$(basename "$0" .sh)-$$"
SESSIONS=0
TMUX_CMD="tmux -L $SOCKET.0 -f /dev/null"
# A UTF8 locale that every Debian has; the name avoids the dashed spelling.
export LANG=C.utf8 LC_ALL=C.utf8
unset LANGUAGE NO_COLOR

# Every test has its own match database (the console records every match).
XDG_DATA_HOME=$(mktemp -d /tmp/cc-e2e-data-XXXXXX)
export XDG_DATA_HOME

# The test clock. BIN is the test build (chesscubing-test), whose clock is
# the file CHESSCUBING_TEST_CLOCK names (src/session/clock_test.c): time
# stands still until the test moves it, so a loaded machine changes
# nothing. Each test has its own file; every program it starts reads it.
# clock_at MS: the monotonic clock reads MS (written then renamed, so the
# program never reads half a number; `command mv`, as a test may have a
# function of that name). advance MS: the clock moves on MS.
# It starts at 1000 s, so "0 ms ago" is never the start of time.
CLOCK_DIR=$(mktemp -d /tmp/cc-e2e-clock-XXXXXX)
CHESSCUBING_TEST_CLOCK=$CLOCK_DIR/clock
export CHESSCUBING_TEST_CLOCK
clock_at() {
	printf '%s\n' "$1" >"$CHESSCUBING_TEST_CLOCK.new" && command mv -f "$CHESSCUBING_TEST_CLOCK.new" "$CHESSCUBING_TEST_CLOCK" ||
		fail "clock_at $1"
}
clock_now() { cat "$CHESSCUBING_TEST_CLOCK"; }
advance() { clock_at $(($(clock_now) + $1)); }
clock_at 1000000

# stop_tmux TMUX: the program of that tmux session killed by its PID
# (SIGKILL: a program still running at the end of a test gets no chance to
# hang in an exit handler, such as the sanitizers' leak check after a
# hang-up), then its server.
stop_tmux() {
	local shell
	shell=$($1 display-message -p '#{pane_pid}' 2>/dev/null) && pkill -KILL -P "$shell" 2>/dev/null
	$1 kill-server >/dev/null 2>&1 || true
}

# cleanup: stops the current session; at exit, every session the test made.
cleanup() {
	stop_tmux "$TMUX_CMD"
}
finish() {
	local n
	for n in $(seq 0 "$SESSIONS"); do stop_tmux "tmux -L $SOCKET.$n -f /dev/null"; done
	rm -rf "$XDG_DATA_HOME" "$CLOCK_DIR"
}
trap finish EXIT

fail() {
	echo "FAIL: $*"
	echo "---- screen ----"
	$TMUX_CMD capture-pane -p -J 2>/dev/null || true
	echo "----------------"
	exit 1
}

# start W H COMMAND...: a session of W x H running COMMAND in a shell that
# then prints "EXIT=<status>" and stays, so the screen after exit can be
# read. A console killed by a signal leaves the terminal raw (a newline does
# not return the carriage) and the shell may report the death with the
# command line and the PID: so the shell first puts the line discipline
# back (stty sane), then writes the marker at the start of an erased line
# of its own. It does not clear the screen nor leave the alternate screen:
# what the program printed, and how it left the terminal, stay to be read.
start() {
	local w=$1 h=$2 cmd
	shift 2
	[ -n "$DECLARED" ] || fail "$TEST_NAME: declare its clauses (clauses ID... or clauses none) before start"
	cmd=$(printf '%q ' "$@")
	# A fresh server per session: reusing a socket races with its exit.
	SESSIONS=$((SESSIONS + 1))
	TMUX_CMD="tmux -L $SOCKET.$SESSIONS -f /dev/null"
	$TMUX_CMD new-session -d -x "$w" -y "$h" \
		"$cmd; rc=\$?; stty sane 2>/dev/null; printf '\\r\\n\\033[2KEXIT=%d\\r\\n' \$rc; sleep 600" ||
		fail "tmux new-session"
	$TMUX_CMD set-option -g window-size manual >/dev/null
}

# The screen, wrapped lines joined into one; a no-break space (which the
# console puts where a wrap must not part two words) read as a space.
screen() { $TMUX_CMD capture-pane -p -J | sed 's/\xc2\xa0/ /g'; }

# keys KEY...: sent, then 0.15 s for the program to read them before the
# test looks (pacing only: the test clock stands still meanwhile, so a
# slower machine changes no time the program sees).
keys() { $TMUX_CMD send-keys "$@"; sleep 0.15; }

# flat: the screen as one line, spaces squeezed and a non-breaking space
# read as a space, so a phrase wrapped over lines is found whole.
flat() { screen | sed 's/\xc2\xa0/ /g' | tr -s ' \n' '  '; }

# dialog: the text inside the dialog box (between its side borders), as one line.
dialog() { screen | sed -n 's/^[^│]*│ \(.*[^ ]\) *│.*$/\1/p' | sed 's/\xc2\xa0/ /g' | tr -s ' \n' '  '; }

# wait_flat TEXT / wait_dialog TEXT [SECONDS]: until TEXT is on the screen,
# or in the dialog, whole (wrapped lines joined).
wait_flat() { _wait_fn flat "$@"; }
wait_dialog() { _wait_fn dialog "$@"; }
# wait_flat_gone TEXT [SECONDS]: until TEXT has left the screen (the state
# after an undo), else a failure: never a bounded poll that goes on anyway.
wait_flat_gone() { _wait_fn flat "$1" "${2:-10}" gone; }
# _wait_fn FN TEXT [SECONDS] [gone]: polls FN's text until TEXT is in it
# (or, with gone, is not), else a failure.
_wait_fn() {
	local fn=$1 text=$2 limit=${3:-10} gone=${4:-} i=0
	while [ $i -lt $((limit * 20)) ]; do
		if $fn | grep -qF -- "$text"; then
			[ -z "$gone" ] && return 0
		else
			[ -n "$gone" ] && return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	fail "waited ${limit}s for '$text' ${gone:+to go }(${fn}): $($fn)"
}

# moved N [KEY]: N moves, each KEY (Space by default) pressed 0.4 s of the
# test clock after the last, past the console's guard (a second press
# within 0.3 s is the same press).
moved() {
	local i
	for i in $(seq "$1"); do advance 400; keys "${2:-Space}"; done
}

# wait_until GREP_ARGS [SECONDS]: until `grep -q GREP_ARGS` finds the screen.
# The limit counts polls, not wall time, so a loaded machine gets longer.
wait_until() {
	local pattern=$1 limit=$2 how=$3 i=0
	while [ $i -lt $((limit * 20)) ]; do
		screen | grep -q "$how" -- "$pattern" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "waited ${limit}s for '$pattern'"
}

# wait_for TEXT [SECONDS]: until the screen shows TEXT (fixed string).
wait_for() { wait_until "$1" "${2:-10}" -F; }

# wait_re REGEX [SECONDS]: until a screen line matches REGEX (extended):
# for texts whose spacing depends on the layout, match the words with " +".
wait_re() { wait_until "$1" "${2:-10}" -E; }

# wait_exit CODE [SECONDS]: until the program has exited with CODE (the
# marker start() prints, alone on its line).
wait_exit() { wait_until "^EXIT=$1 *\$" "${2:-10}" -E; }

# absent TEXT: the screen does not show TEXT.
absent() {
	screen | grep -qF -- "$1" && fail "unexpected '$1'"
	return 0
}

# to_move NAME: NAME's panel is the one marked to move.
to_move() {
	screen | grep -qE -- "$1 +(TO MOVE|MOVES FIRST)" || fail "$1 should be to move"
}

# resize W H: the window resized, and 0.3 s for the redraw (pacing, as keys).
resize() { $TMUX_CMD resize-window -x "$1" -y "$2" || fail "resize-window"; sleep 0.3; }

pane() { $TMUX_CMD display-message -p "$1"; }

# find_pid: sets PID to the program start() ran, the one child of the
# pane's shell (found by PID, not by a pattern built from paths).
find_pid() {
	PID=$(pgrep -P "$(pane '#{pane_pid}')") || fail "the program is not running"
	[ "$(printf '%s\n' "$PID" | wc -l)" -eq 1 ] || fail "the pane's shell has several children: $PID"
}

# kill_console [SIGNAL [PID [TMUX]]]: the console killed (SIGKILL by
# default; PID by default the program of the session TMUX, by default the
# current one), then waited for until nothing of it is left for another
# process to see: its shell has reaped it (the EXIT marker of start(), 128
# + the signal's number, printed only after the shell's wait) and so its
# lock on the record is gone, since the kernel drops a process's locks when
# it closes its files, before it can be reaped. Only then may the test move
# the clock: a watcher that saw the console still there checks again at a
# later test time, one the script must still reach (e2e_watch raced so:
# kill, advance once, the lock dropped just after). The wait is bounded at
# 60 s (a loaded machine may take its time to end a process killed in an
# fsync); a timeout fails with the console's screen printed. Leaves
# TMUX_CMD as it was. The rules ctest e2e_kill_waits checks that no script
# kills a console without it.
kill_console() {
	local sig=${1:-KILL} pid=${2:-} tmux=${3:-$TMUX_CMD} saved=$TMUX_CMD num
	num=$(kill -l "$sig" 2>/dev/null) || fail "kill_console: no signal $sig"
	TMUX_CMD=$tmux
	if [ -z "$pid" ]; then
		find_pid
		pid=$PID
	fi
	kill "-$sig" "$pid" || fail "kill_console: no process $pid"
	wait_exit $((128 + num)) 60
	TMUX_CMD=$saved
}

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
