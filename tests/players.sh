#!/usr/bin/env bash
# players.sh BIN: keeping the players' list through the real program
# (rules/club.md, section 7): "elo" finds "Élodie Roy" and a second spelling
# is refused; a merged duplicate leaves the ratings of a record where he had
# always been one; delete and edit; rating lists of players with games;
# "Dupont, Anne" enters an event; every text column by display width.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: players_list CL-7.1 CL-7.3 CL-7.5 CL-7.6 CL-7.7 CL-7.8"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-players-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }

# CL-7.1: the display name kept, found by its folded key.
DB=$DIR/names.db
"$BIN" players --db "$DB" add "Élodie Roy" || bad "add Élodie Roy"
"$BIN" players --db "$DB" add "Anne" || bad "add Anne"
if "$BIN" players --db "$DB" list elo --json | jq -e '[.[].name] == ["Élodie Roy"]' >/dev/null; then
	ok "elo finds Élodie Roy"
else
	bad "elo: $("$BIN" players --db "$DB" list elo --json)"
fi
"$BIN" players --db "$DB" add "Elodie Roy" 2>"$DIR/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "Élodie Roy" "$DIR/err" && [ "$("$BIN" players --db "$DB" list --json | jq length)" = 2 ]; then
	ok "Elodie Roy is refused as the registered Élodie Roy"
else
	bad "second spelling: rc $rc, $(cat "$DIR/err")"
fi

# CL-7.3: the same games in two records, one naming Anne twice ("Annette").
game() { # db white black last-line seed
	printf 'settings format=twice category=fast white=%s black=%s seed=%d\n0 start\n%s\n' "$2" "$3" "$5" "$4" \
		>"$DIR/g.scn"
	"$BIN" script --db "$1" "$DIR/g.scn" >/dev/null || bad "game $2-$3 not recorded"
}
n=0
while read -r white black last; do
	n=$((n + 1))
	case $last in
	w) line="1000 resign b" ;;
	b) line="1000 resign w" ;;
	d) line="1000 arbiter draw agreed" ;;
	esac
	game "$DIR/one.db" "${white/Annette/Anne}" "${black/Annette/Anne}" "$line" $n
	game "$DIR/two.db" "$white" "$black" "$line" $n
done <<'GAMES'
Anne Bruno w
Chloé Annette w
Annette Dmitri d
Bruno Chloé b
Dmitri Anne b
Annette Bruno w
Chloé Dmitri w
Bruno Anne d
GAMES
"$BIN" players --db "$DIR/two.db" edit Annette --club "Le Fou" --fide-id 123 || bad "edit Annette"
"$BIN" players --db "$DIR/two.db" merge anne ANNETTE || bad "merge"
"$BIN" ratings --db "$DIR/one.db" --json >"$DIR/one.json"
"$BIN" ratings --db "$DIR/two.db" --json >"$DIR/two.json"
if cmp -s "$DIR/one.json" "$DIR/two.json" && [ "$(jq length "$DIR/two.json")" = 4 ] &&
	"$BIN" players --db "$DIR/two.db" show anne --json | jq -e '.games == 6 and .club == "Le Fou" and .federation_id == "123"' >/dev/null; then
	ok "merge: one player with all games, the ratings of a record where she was always one"
else
	bad "merge: $(diff "$DIR/one.json" "$DIR/two.json" | head -20)"
fi
if "$BIN" players --db "$DIR/two.db" log | grep -q "  merge   Anne <- Annette$" &&
	"$BIN" players --db "$DIR/two.db" log | grep -q "  edit    Annette  club Le Fou, federation ID 123$"; then
	ok "players log: the edit and the merge"
else
	bad "players log: $("$BIN" players --db "$DIR/two.db" log)"
fi
"$BIN" players --db "$DIR/two.db" merge Anne Bruno 2>"$DIR/err"
[ $? = 2 ] && grep -q "played each other" "$DIR/err" && ok "merge of two opponents refused" || bad "merge of opponents: $(cat "$DIR/err")"

# CL-7.5: delete only without games.
"$BIN" players --db "$DIR/two.db" delete Bruno 2>"$DIR/err"
rc=$?
"$BIN" players --db "$DIR/two.db" add "Zoé" || bad "add Zoé"
if [ "$rc" = 2 ] && grep -q "Bruno" "$DIR/err" && "$BIN" players --db "$DIR/two.db" delete zoe &&
	! "$BIN" players --db "$DIR/two.db" show "Zoé" >/dev/null 2>&1; then
	ok "delete refused with games, done without"
else
	bad "delete: rc $rc, $(cat "$DIR/err")"
fi

# CL-7.7: a rating list names who played in it; --all everyone.
"$BIN" players --db "$DIR/two.db" add "Nobody Yet" || bad "add Nobody Yet"
if [ "$("$BIN" ratings --db "$DIR/two.db" --json | jq length)" = 4 ] &&
	[ "$("$BIN" ratings --db "$DIR/two.db" --all --json | jq length)" = 5 ] &&
	[ "$("$BIN" ratings --db "$DIR/two.db" --game chess --json | jq length)" = 0 ]; then
	ok "ratings: players with games; --all: everyone"
else
	bad "ratings lists: $("$BIN" ratings --db "$DIR/two.db" --all)"
fi

# CL-7.8: "Dupont, Anne" enters with --player; columns by display width.
DB=$DIR/wide.db
long="Jean-Baptiste Alexandre de la Tour d'Auvergne"
for p in "Dupont, Anne" "李小龍 Bruce Lee Jun Fan" "Zoe$(printf '\xcc\x81') Martin" "$long" "Ана"; do
	"$BIN" players --db "$DB" add "$p" --club "Cercle d'échecs de la Côte d'Émeraude" || bad "add $p"
done
"$BIN" event --db "$DB" create Soir --player "Dupont, Anne" --players "李小龍 Bruce Lee Jun Fan,Ана" \
	--player "$long" --player "Zoe$(printf '\xcc\x81') Martin" >/dev/null || bad "event create --player"
"$BIN" event --db "$DB" standings Soir --json >"$DIR/st.json"
if [ "$(jq -r '[.[].name] | sort | join("|")' "$DIR/st.json")" = "Dupont, Anne|Jean-Baptiste Alexandre de la Tour d'Auvergne|Zoe$(printf '\xcc\x81') Martin|Ана|李小龍 Bruce Lee Jun Fan" ]; then
	ok "Dupont, Anne enters by --player"
else
	bad "event with --player: $("$BIN" event --db "$DB" show Soir)"
fi
# Where a column starts, in display columns, on each row but the header:
# the display width of the text before the first match of a pattern.
column_of() { # pattern
	python3 -c '
import re, sys, unicodedata
def w(s): return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
for line in sys.stdin.buffer.read().decode("utf-8", "strict").splitlines()[1:]:
    m = re.search(sys.argv[1], line)
    print(w(line[:m.start()]) if m else "none")
' "$1"
}
table() { # name pattern command...
	local name=$1 pattern=$2
	shift 2
	"$@" >"$DIR/table" 2>&1
	if ! python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8", "strict")' "$DIR/table" 2>/dev/null; then
		bad "$name: not UTF8 (a character cut): $(cat "$DIR/table")"
	elif [ "$(column_of "$pattern" <"$DIR/table" | sort -u | wc -l)" = 1 ] &&
		[ "$(column_of "$pattern" <"$DIR/table" | sort -u)" != none ] && grep -q "Jean-Baptiste Alexandre…" "$DIR/table"; then
		ok "$name: the column after the names starts at one place on every row, the long name ends in …"
	else
		bad "$name: columns shift: $(column_of "$pattern" <"$DIR/table" | tr '\n' ' ')"
		cat "$DIR/table"
	fi
}
table "players list" " 1000 " "$BIN" players --db "$DB" list
table "ratings --all" " 1000 " "$BIN" ratings --db "$DB" --all
table "event standings" " 0\\.0 " "$BIN" event --db "$DB" standings Soir
"$BIN" event --db "$DB" show Soir | grep -- ' - ' >"$DIR/show"
{ echo; cat "$DIR/show"; } >"$DIR/show2"
if [ "$(wc -l <"$DIR/show")" = 10 ] && [ "$(column_of " - " <"$DIR/show2" | sort -u | wc -l)" = 1 ] &&
	[ "$(column_of "  [*0-9(]|  \$" <"$DIR/show2" | sort -u | wc -l)" -le 1 ]; then
	ok "event show: both names in their columns on every pairing"
else
	bad "event show: $(column_of " - " <"$DIR/show2" | tr '\n' ' ')"
	cat "$DIR/show"
fi

echo "players: $passed passed, $failed failed"
[ "$failed" = 0 ]
