#!/usr/bin/env bash
# While `chesscubing serve` runs on a record, `watch` shows the page's
# address for the room's phones: at 120x40 its QR code (read back module
# by module against libqrencode's by tests/qr_check.c) with the address
# under it; at 80x24, where the code would hide the screen, the address as
# text on the bottom line; the console's title screen shows the code too.
# Without libqrencode, the address alone. When serve stops, its side file
# goes and the address leaves the screen at the watcher's next look (a
# second).
# usage: serve_qr.sh path/to/chesscubing-test path/to/qr_check [libqrencode's soname]
. "$(dirname "$0")/lib.sh" "$1"
QR_CHECK=${2:?usage: $0 chesscubing qr_check}
clauses none

DIR=$(mktemp -d)
SERVE_PID=
stop_serve() { [ -z "$SERVE_PID" ] || { kill "$SERVE_PID" 2>/dev/null; wait "$SERVE_PID" 2>/dev/null; SERVE_PID=; }; }
trap 'stop_serve; finish; rm -rf "$DIR"' EXIT
DB=$DIR/matches.db

cat >"$DIR/start.scn" <<'SCN'
settings format=twice category=fast white=Alice black=Bruno seed=11
0 start
1000 move w
SCN
"$BIN" script --db "$DB" "$DIR/start.scn" >/dev/null || fail "script --db"

"$BIN" serve --db "$DB" --listen 127.0.0.1:0 >"$DIR/serve.out" 2>&1 &
SERVE_PID=$!
served() { cat "$DIR/serve.out"; }
_wait_fn served "serving http://"
URL=$(sed -n 's|^serving \(http://[^ ]*\) .*|\1|p' "$DIR/serve.out")
[ -f "$DB.serve" ] || fail "serve announced nothing beside the record"
[ "$(head -n 1 "$DB.serve")" = "$URL" ] || fail "the side file says $(head -n 1 "$DB.serve"), serve $URL"

qr_shown() { screen | "$QR_CHECK" "$URL" || echo "no QR code of $URL"; }

start 120 40 "$BIN" watch --db "$DB"
wait_for "Watching match 1 (read only)"
wait_for "$URL"
_wait_fn qr_shown "QR code of $URL at line"

# Too small for the code beside the screen: the address on the bottom line.
resize 80 24
wait_re "Watching match 1 \(read only\) .* $URL"
! screen | "$QR_CHECK" "$URL" >/dev/null || fail "a QR code drawn at 80x24"
resize 120 40
_wait_fn qr_shown "QR code of $URL at line"

# The console's title screen shows it too, beside the setup form.
start 120 40 "$BIN" --db "$DB"
wait_for "New match"
_wait_fn qr_shown "QR code of $URL at line"

# Without libqrencode (the loader finds an empty file under its soname
# first): no code, the address alone on the bottom line, where it fits.
if [ -n "${3:-}" ]; then
	mkdir "$DIR/noqr"
	: >"$DIR/noqr/$3"
	start 120 40 env LD_LIBRARY_PATH="$DIR/noqr" "$BIN" watch --db "$DB"
	wait_for "Watching match 1 (read only)"
	wait_re "Watching match 1 \(read only\) .* $URL"
	! screen | "$QR_CHECK" "$URL" >/dev/null || fail "a QR code drawn without libqrencode"
fi

# serve stops: the side file is withdrawn and the address goes.
stop_serve
[ ! -e "$DB.serve" ] || fail "the side file outlived serve"
url_gone() { screen | grep -qF -- "$URL" && echo "still shown" || echo "address gone"; }
advance 1100
_wait_fn url_gone "address gone"
! screen | "$QR_CHECK" "$URL" >/dev/null || fail "the QR code outlived serve"
