#!/usr/bin/env bash
# cli_errors_french.sh BIN: every error a command prints goes through the
# one printer (cc_cli_fail) and the renderer, so it is said in the user's
# language (issue 32, deliverable 5): --lang fr and LANG=fr_FR.UTF-8 (the
# program speaks French from LANG even where the locale is not generated)
# say the refusals of the record in French, the same text both ways, and
# --lang en says them in English. Asserts on the French text itself.
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-cli-errors-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: cli_errors_french RE-5.1 RE-5.2"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
unset LANGUAGE LC_ALL LC_MESSAGES LANG

DB=$DIR/club.db
"$BIN" players --db "$DB" add Anne >/dev/null || fail "players add"

# said NAME FRENCH ENGLISH ARGS: the command fails and says
# FRENCH on stderr under --lang fr and under LANG=fr_FR.UTF-8, ENGLISH
# under --lang en (even with LANG=fr_FR.UTF-8).
said() {
	local name=$1 french=$2 english=$3 by_option by_locale by_en status
	shift 3
	by_option=$(LANG=C.UTF-8 "$BIN" --lang fr "$@" 2>&1 >/dev/null)
	status=$?
	by_locale=$(LANG=fr_FR.UTF-8 "$BIN" "$@" 2>&1 >/dev/null)
	by_en=$(LANG=fr_FR.UTF-8 "$BIN" --lang en "$@" 2>&1 >/dev/null)
	if [ "$status" -eq 0 ]; then
		fail "$name: status 0"
	elif [ "$by_option" != "$french" ]; then
		fail "$name: --lang fr says '$by_option', not '$french'"
	elif [ "$by_locale" != "$french" ]; then
		fail "$name: LANG=fr_FR.UTF-8 says '$by_locale', not '$french'"
	elif [ "$by_en" != "$english" ]; then
		fail "$name: --lang en says '$by_en', not '$english'"
	else
		ok "$name: '$french'"
	fi
}

said "show of no match" \
	"chesscubing show : aucun match 999 dans $DB" "chesscubing show: no match 999 in $DB" \
	show --db "$DB" 999
said "show without a record" \
	"chesscubing show : aucune base de matchs à $DIR/none.db" "chesscubing show: no match database at $DIR/none.db" \
	show --db "$DIR/none.db" 1
said "no such event" \
	"chesscubing event : aucun événement « Nope » (voir « chesscubing event list »)" \
	"chesscubing event: no event 'Nope' (see 'chesscubing event list')" \
	event --db "$DB" show Nope
said "import of a missing file" \
	"chesscubing import : impossible d'ouvrir $DIR/none.pgn : fichier ou dossier introuvable (errno 2)" \
	"chesscubing import: cannot open $DIR/none.pgn: no such file or folder (errno 2)" \
	import "$DIR/none.pgn"
# The viewers' and the console's failures before their screen opens (src/ui).
said "watch without a record" \
	"chesscubing watch : aucune base de matchs à $DIR/none.db" "chesscubing watch: no match database at $DIR/none.db" \
	watch --db "$DIR/none.db"
said "watch --event without a record" \
	"chesscubing watch : aucune base de matchs à $DIR/none.db" "chesscubing watch: no match database at $DIR/none.db" \
	watch --event Nope --db "$DIR/none.db"
said "resume of no match" \
	"chesscubing: aucun match 999 dans $DB" "chesscubing: no match 999 in $DB" \
	resume --db "$DB" 999 </dev/null
said "a console whose record cannot be made" \
	"chesscubing: impossible de créer $DIR/no/x.db : fichier ou dossier introuvable (errno 2)" \
	"chesscubing: cannot create $DIR/no/x.db: no such file or folder (errno 2)" \
	--db "$DIR/no/x.db" </dev/null
case "$(LANG=C.UTF-8 "$BIN" --lang fr players --db "$DB" add Anne 2>&1 >/dev/null)" in
"chesscubing players : "*Anne*) ok "a player added twice: in French" ;;
*) fail "a player added twice: $(LANG=C.UTF-8 "$BIN" --lang fr players --db "$DB" add Anne 2>&1)" ;;
esac
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "every error in French"
