#!/usr/bin/env bash
# stackmat_capture.sh CHESSCUBING STACKMAT_SIGNAL: `chesscubing stackmat`
# on synthesized timers (stackmat_signal), from a WAV file and through
# ALSA's own `file` plugin, so the capture code that runs at the board
# (snd_pcm, non-blocking, paced by the clock) is the code under test: one
# stereo input (left White, right Black), then two inputs, one a timer.
# Each solve comes out once, with its time and the moment its timer stopped.
set -u
BIN=${1:?usage: $0 chesscubing stackmat_signal}
SIGNAL=${2:?usage: $0 chesscubing stackmat_signal}
echo "CLAUSES: stackmat_capture SM-2.1 SM-2.3 SM-2.4"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-stackmat-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# expect_solve OUTPUT SIDE TIME RECORDED STOP_MS: OUTPUT has exactly one
# solve line for SIDE, with TIME, RECORDED and a stop within 2 ms of STOP_MS.
expect_solve() {
	local lines stop
	lines=$(printf '%s\n' "$1" | grep -E "^ +[0-9.]+ s  $2  solve ")
	[ "$(printf '%s\n' "$lines" | grep -c .)" -eq 1 ] || fail "$2: not one solve: $1"
	printf '%s\n' "$lines" | grep -qF "solve $3 (recorded as $4 s)" || fail "$2: $lines, expected $3 ($4)"
	stop=$(printf '%s\n' "$lines" | sed -n 's/.*stopped at \([0-9]*\)\.\([0-9]*\) s$/\1\2/p' | sed 's/^0*//')
	[ -n "$stop" ] && [ $((stop - $5)) -le 2 ] && [ $(($5 - stop)) -le 2 ] ||
		fail "$2: stopped at ${stop:-?} ms, the signal stopped at $5 ms"
}

# --- a recorded file: 23.459 for White (thousandths), 1:02.30 for Black
eval "$("$SIGNAL" "$DIR/match.wav" --length 66000 --white 700:23459 --black 400:62300)"
out=$("$BIN" stackmat --file "$DIR/match.wav") || fail "stackmat --file: $out"
expect_solve "$out" White 0:23.459 23.45 "$white_stop_ms"
expect_solve "$out" Black 1:02.300 62.30 "$black_stop_ms"
printf '%s\n' "$out" | grep -qE '^Black: packets [0-9]+, bad checksums 0, broken packets 0, framing errors 0, .*idles low$' ||
	fail "Black's line stats: $out"
# The same check in French: every line of it, the states lined up.
fr=$("$BIN" --lang fr stackmat --file "$DIR/match.wav") || fail "--lang fr stackmat --file: $fr"
printf '%s\n' "$fr" | grep -qE "^Lecture de .*match.wav à 44100 Hz$" || fail "French header: $fr"
printf '%s\n' "$fr" | grep -qE "^ +[0-9.]+ s  Blancs  résolution 0:23.459 \(enregistrée 23.45 s\), arrêtée à [0-9.]+ s$" ||
	fail "French solve: $fr"
printf '%s\n' "$fr" | grep -qE "^Noirs : paquets [0-9]+, sommes de contrôle fausses 0, paquets rompus 0, erreurs de trame 0, .*au repos en niveau bas$" ||
	fail "French stats: $fr"
printf '%s\n' "$fr" | grep -qE "^ +[0-9.]+ s  Noirs   mains posées  0:00.000$" || fail "French state: $fr"
printf '%s\n' "$fr" | grep -qE "^ +[0-9.]+ s  Noirs   en marche     0:00.000$" || fail "French states not lined up: $fr"
printf '%s\n%s\n' "$fr" "$out" | grep -vE "^ +[0-9.]+ s  |^(Reading|Lecture|White|Black|Blancs|Noirs)[ :]" && fail "a line of neither kind: $fr"

# --- through ALSA: a capture device that reads a file at the clock's pace
eval "$("$SIGNAL" "$DIR/both.raw" --raw --length 3500 --white 300:1500 --black 500:2010)"
cat > "$DIR/asoundrc" <<CONF
pcm.timers { type file; slave.pcm "null"; file "/dev/null"; infile "$DIR/both.raw"; format "raw" }
pcm.white { type file; slave.pcm "null"; file "/dev/null"; infile "$DIR/white.raw"; format "raw" }
pcm.black { type file; slave.pcm "null"; file "/dev/null"; infile "$DIR/black.raw"; format "raw" }
CONF
export ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:$DIR/asoundrc
out=$("$BIN" stackmat --device timers --seconds 3) || fail "stackmat --device: $out"
printf '%s\n' "$out" | grep -q "^Reading timers at 44100 Hz" || fail "no header: $out"
expect_solve "$out" White 0:01.500 1.50 "$white_stop_ms"
expect_solve "$out" Black 0:02.010 2.01 "$black_stop_ms"

# --- two inputs, a timer each (5-digit timers: hundredths only)
eval "$("$SIGNAL" "$DIR/white.raw" --raw --mono white --cs --length 3500 --white 200:1230 --black 300:2340)"
"$SIGNAL" "$DIR/black.raw" --raw --mono black --cs --length 3500 --white 200:1230 --black 300:2340 >/dev/null
out=$("$BIN" stackmat --white white --black black --seconds 3) || fail "stackmat --white --black: $out"
expect_solve "$out" White 0:01.23 1.23 "$white_stop_ms"
expect_solve "$out" Black 0:02.34 2.34 "$black_stop_ms"

# --- a device that is not there: one line, exit 1
out=$("$BIN" stackmat --device no_such_device --seconds 1 2>&1) && fail "no_such_device opened: $out"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "not one line: $out"
echo "ok"
