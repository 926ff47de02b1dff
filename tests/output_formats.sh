#!/usr/bin/env bash
# output_formats.sh BIN DOC: the machine-readable outputs as a contract
# (issue 23 item 6). Reads the table of DOC (docs/output-formats.md) and,
# for each command in it, on a small club record: --json parses and each
# of its rows has exactly the documented keys, in their order; --csv's
# header is the same keys and every line has as many fields; a refused
# --csv exits 2 with nothing on standard output. A listing that prints its
# text table for --json or --csv fails here.
set -u
BIN=${1:?usage: $0 path/to/chesscubing docs/output-formats.md}
DOC=${2:?usage: $0 path/to/chesscubing docs/output-formats.md}
DIR=$(mktemp -d /tmp/cc-output-formats-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: output_formats RE-5.2"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0 checked=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }

# The record: three players (a bye each round), one event game played (and
# its result corrected) and one match outside it still running.
DB=$DIR/club.db
"$BIN" players --db "$DB" add Anne --club "Club d'échecs, Lyon" --fed 123 >/dev/null || fail "players add"
"$BIN" players --db "$DB" add Bruno >/dev/null || fail "players add"
"$BIN" players --db "$DB" add Chloé >/dev/null || fail "players add"
"$BIN" event --db "$DB" create club-night --players Anne,Bruno,Chloé >/dev/null || fail "event create"
printf 'settings format=twice category=fast white=Bruno black=Chloé event=club-night\n0 start\n1000 resign b\n' \
	>"$DIR/m1.scn"
"$BIN" script --db "$DB" "$DIR/m1.scn" >/dev/null || fail "event game"
"$BIN" correct --db "$DB" 1 --result 0-1 --reason "reported the wrong way round" --by Marie >/dev/null \
	|| fail "correct the event game"
printf 'settings format=twice category=fast white=Anne black=Bruno\n0 start\n' >"$DIR/m2.scn"
"$BIN" script --db "$DB" "$DIR/m2.scn" >/dev/null || fail "running match"

# The table's lines: | `COMMAND` | ROWS | CSV | `k1` `k2` ... |
rows=$(grep -E '^\| `[a-z]' "$DOC")
[ -n "$rows" ] || fail "no table in $DOC"
while IFS='|' read -r _ cmd path csv keys _; do
	cmd=$(printf '%s' "$cmd" | tr -d '`' | sed 's/^ *//; s/ *$//')
	path=$(printf '%s' "$path" | tr -d '` ')
	csv=$(printf '%s' "$csv" | tr -d ' ')
	keys=$(printf '%s' "$keys" | tr -d '`' | xargs)
	# The operands of the table, from the record above.
	read -r -a argv <<<"$(printf '%s' "$cmd" | sed 's/PLAYER2/Bruno/; s/PLAYER/Anne/; s/EVENT/club-night/; s/MATCH/1/')"
	want=$(printf '%s' "$keys" | jq -R -c 'split(" ")')
	checked=$((checked + 1))

	"$BIN" "${argv[@]}" --db "$DB" --json >"$DIR/out.json" 2>"$DIR/err"
	status=$?
	if [ "$status" -ne 0 ]; then
		fail "$cmd --json: exit $status: $(cat "$DIR/err")"
		continue
	fi
	if ! jq -e . "$DIR/out.json" >/dev/null 2>&1; then
		fail "$cmd --json is not JSON: $(head -c 200 "$DIR/out.json")"
		continue
	fi
	count=$(jq "[$path] | length" "$DIR/out.json")
	bad_rows=$(jq --argjson want "$want" "[$path | select(keys_unsorted != \$want)] | length" "$DIR/out.json")
	if [ "$count" -eq 0 ]; then
		fail "$cmd --json: no row at $path to check"
	elif [ "$bad_rows" -ne 0 ]; then
		fail "$cmd --json: rows at $path with other keys than $want: $(jq -c "[$path][0] | keys_unsorted" "$DIR/out.json")"
	else
		ok "$cmd --json: $count row(s) with the documented keys"
	fi

	"$BIN" "${argv[@]}" --db "$DB" --csv >"$DIR/out.csv" 2>"$DIR/err"
	status=$?
	case $csv in
	yes)
		header=$(head -1 "$DIR/out.csv")
		if [ "$status" -ne 0 ] || [ "$header" != "$(printf '%s' "$keys" | tr ' ' ',')" ]; then
			fail "$cmd --csv: exit $status, header '$header', want the keys '$keys'"
		elif [ "$(($(wc -l <"$DIR/out.csv") - 1))" -ne "$count" ]; then
			fail "$cmd --csv: $(($(wc -l <"$DIR/out.csv") - 1)) lines for $count JSON rows"
		else
			ok "$cmd --csv: the same keys, one line a row"
		fi
		;;
	refused)
		if [ "$status" -ne 2 ] || [ -s "$DIR/out.csv" ] || [ ! -s "$DIR/err" ]; then
			fail "$cmd --csv: exit $status and '$(head -c 100 "$DIR/out.csv")', want a refusal (exit 2, nothing on stdout)"
		else
			ok "$cmd --csv refused, said on stderr"
		fi
		;;
	-) ;;
	*) fail "$cmd: CSV column '$csv' is none of yes, refused, -" ;;
	esac
done <<<"$rows"

# The state's block summaries (script, export --format json): the keys of
# the "Block keys:" line of DOC, in order, on a match whose block 1 was
# replayed after an exact tie and whose block 2's double move was lost.
SCN=$(dirname "$0")/scenarios/twice_full_match.scn
block_keys=$(grep -m1 '^Block keys:' "$DOC" | sed 's/^Block keys://' | tr -d '`' | xargs)
want=$(printf '%s' "$block_keys" | jq -R -c 'split(" ")')
checked=$((checked + 1))
if [ -z "$block_keys" ]; then
	fail "no 'Block keys:' line in $DOC"
elif ! "$BIN" script "$SCN" >"$DIR/state.json" 2>"$DIR/err"; then
	fail "script $SCN: $(cat "$DIR/err")"
elif [ "$(jq --argjson want "$want" '[.blocks[] | select(keys_unsorted != $want)] | length' "$DIR/state.json")" != 0 ]; then
	fail "blocks with other keys than $want: $(jq -c '.blocks[0] | keys_unsorted' "$DIR/state.json")"
elif [ "$(jq -c '[(.blocks[0].tied_cube | type), .blocks[0].tied_cs, .blocks[1].double_move_lost, .blocks[1].tied_cs]' \
	"$DIR/state.json")" != '["number",{"white":2000,"black":2000},true,null]' ]; then
	fail "block summaries: $(jq -c '[.blocks[0] | {tied_cube, tied_cs}, .blocks[1] | {double_move_lost, tied_cs}]' "$DIR/state.json")"
else
	ok "script's block summaries: the documented keys; block 1 tied (20.00, 20.00), block 2's double move lost"
fi

# Every listing the man page names in OUTPUT FORMATS is in the table.
for listing in list ratings "players list" "players show" "event list" "event show" "event standings" h2h correct; do
	grep -qE "^\| \`$listing( |\`)" "$DOC" || fail "'$listing' has no row in $DOC"
done
[ "$checked" -ge 10 ] || fail "only $checked rows read from $DOC"
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "all $checked rows hold"
