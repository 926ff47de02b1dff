#!/usr/bin/env bash
# pgn_roundtrip.sh BIN SCENARIO...: each scenario is run into a record, its
# PGN export is read back by `chesscubing import`, and the final position
# must be the one the match ended on (CK-5.3: a Checkered game's PGN, with
# its Variant, SetUp and FEN tags and its =X captures, reads back).
set -u
BIN=${1:?usage: $0 path/to/chesscubing scenario...}
shift
echo "CLAUSES: pgn_roundtrip CK-5.3"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-pgn-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
failed=0
for scn in "$@"; do
	rm -f "$DIR/db"*
	"$BIN" script --db "$DIR/db" "$scn" >"$DIR/state.json"
	want=$(sed -n 's/.*"fen":"\([^"]*\)".*/\1/p' "$DIR/state.json")
	"$BIN" export --db "$DIR/db" --format pgn 1 >"$DIR/game.pgn" || { echo "FAIL: $scn: export"; failed=1; continue; }
	got=$("$BIN" import "$DIR/game.pgn" | sed -n 's/^fen //p')
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		echo "ok: $scn reads back to $got"
	else
		echo "FAIL: $scn: the match ended on '$want', its PGN reads back to '$got'"
		cat "$DIR/game.pgn"
		failed=1
	fi
done
exit $failed
