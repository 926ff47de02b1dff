#!/usr/bin/env bash
# pseudo_cli.sh BIN: the command line in the tests' pseudo-language (qps,
# BIN is the test build chesscubing-test): the --help of the program and of
# every command of main.c's table, every listing in its human form (list,
# show, players list/show/log, ratings of each list, h2h, event
# list/show/standings, correct --list, export --format text, demo,
# scramble, import), some refusals of the record, and every message of the
# refusal table (include/chesscubing/messages.def, said through the
# renderer by tests/l10n/pseudo_messages.c with an argument of each type).
# Each text must be wholly in qps: no untranslated word, no string cut
# (tests/l10n/pseudo_check.py says what that means and what is allowed).
#
# CC_PSEUDO_DROP=MSGID runs it with MSGID left untranslated on purpose
# (pseudo_lib.sh); the test then fails naming it (ctest pseudo_catches).
# CC_PSEUDO_ONLY=help or messages: that part only (the catches test).
set -u
BIN=${1:?usage: $0 path/to/chesscubing-test path/to/pseudo_messages}
MESSAGES=${2:?usage: $0 path/to/chesscubing-test path/to/pseudo_messages}
echo "CLAUSES: pseudo_cli none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
export LANG=C.utf8 LC_ALL=C.utf8
unset LANGUAGE
. "$(dirname "$0")/pseudo_lib.sh"
DIR=$(mktemp -d /tmp/cc-pseudo-cli-XXXXXX)
trap 'rm -rf "$DIR"; _pseudo_cleanup' EXIT
DB=$DIR/club.db
P=$PSEUDO_BIN

# The commands, from the program's own table (its English --help): their
# names are syntax, printed as typed, and allowed as such.
COMMANDS=$("$BIN" --lang en --help | sed -n '/^Commands:/,/^$/s/^  \([a-z0-9]\+\) .*/\1/p')
[ "$(printf '%s\n' "$COMMANDS" | wc -l)" -ge 15 ] || { echo "FAIL: no command table in --help: $COMMANDS"; exit 1; }
# Also allowed: UTC (a time's zone, as ISO writes it).
# The categories' names, as the rules write them in every language.
ALLOW=(--allow "$COMMANDS UTC FAST FREEZE MASTERS")
# An event's tie-break order, as C.07's codes name them (CL-9.1): syntax,
# the same in every language (`event tiebreaks NAME BH-C1,BH,SB`).
TB='(BH|BH-C1|BH-M1|SB|PS|DE|WIN|BPG|ARO|ARO-C1)'
ALLOW+=(--allow-re "^$TB(,$TB)*\$")

# said WHERE CMD...: CMD's standard output and error, in qps, judged.
said() {
	local where=$1
	shift
	"$@" >"$DIR/out" 2>&1
	[ -s "$DIR/out" ] || { echo "FAIL: $where said nothing" | tee -a "$PSEUDO_FINDINGS"; return; }
	pseudo_check "$where" "${ALLOW[@]}" <"$DIR/out"
}
rec() { printf '%b' "$2" >"$DIR/$1.scn" && "$BIN" script --db "$DB" "$DIR/$1.scn" >/dev/null || { echo "FAIL: script $1"; exit 1; }; }

# The data the test types cannot look English: Greek letters and digits
# (an arbiter's reason too: the program offers none, the arbiter types it).
A=Ωα1 B=Δβ2 C=Γγ3 D=Λλ4 E=Ευ5
for n in $A $B $C $D; do "$BIN" players --db "$DB" add "$n" >/dev/null || { echo "FAIL: players add $n"; exit 1; }; done
"$BIN" event --db "$DB" create "$E" --players "$A,$B,$C,$D" >/dev/null || { echo "FAIL: event create"; exit 1; }
rec ev1 "settings format=twice category=fast white=$A black=$D event=$E\n0 start\n1000 move w\n2000 move b\n3000 resign b\n"
rec ev2 "settings format=twice category=fast white=$B black=$C event=$E\n0 start\n1000 arbiter draw Ξξ9\n"
rec time "settings format=time category=fast white=$A black=$B\n0 start\n1000 move w\n2000 move b\n3000 resign w\n"
rec chess "settings format=chess tc=5+3 white=$C black=$D\n0 start\n1000 move w e4\n2000 move b e5\n3000 move w Qh5\n4000 move b Nc6\n5000 move w Bc4\n6000 move b Nf6\n7000 move w Qxf7\n"
rec open "settings format=twice category=fast white=$D black=$C\n0 start\n1000 move w\n"
"$BIN" players --db "$DB" edit "$B" --club "Κλ8" >/dev/null || { echo "FAIL: players edit"; exit 1; }
"$BIN" correct --db "$DB" 1 --result 0-1 --reason "Ψψ6" --by "$E" >/dev/null || { echo "FAIL: correct"; exit 1; }
printf '[White "%s"]\n[Black "%s"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n' "$A" "$B" >"$DIR/game.pgn"

# --help: the program's, then every command's.
helps() {
	said "--help" "$P" --lang qps --help
	for c in $COMMANDS; do said "$c --help" "$P" --lang qps "$c" --help; done
}

# Every message of the refusal table, said through the renderer: one line
# each, "NAME<TAB>text"; each text judged alone.
messages() {
	local count expected
	"$MESSAGES" "$PSEUDO_LOCALE" qps >"$DIR/messages" || { echo "FAIL: $MESSAGES"; exit 1; }
	count=$(grep -c . "$DIR/messages")
	expected=$(grep -c '^CC_MSG\(_PLURAL\)\?(' "$PSEUDO_SRC/include/chesscubing/messages.def")
	[ "$count" -eq "$expected" ] || echo "FAIL: $count messages said, the table has $expected" | tee -a "$PSEUDO_FINDINGS"
	pseudo_check "message" --tagged --allow "$A $B Nf3 chesscubing" <"$DIR/messages"
	echo "$count messages of the refusal table said in qps"
}

case ${CC_PSEUDO_ONLY:-} in
help) helps; pseudo_verdict; exit ;;
messages) messages; pseudo_verdict; exit ;;
esac
helps

# Every listing, in its human form.
said "list" "$P" --lang qps list --db "$DB"
for m in 1 2 3 4 5; do said "show $m" "$P" --lang qps show --db "$DB" "$m"; done
for m in 1 4; do said "export --format text $m" "$P" --lang qps export --db "$DB" --format text "$m"; done
said "players list" "$P" --lang qps players --db "$DB" list
said "players show" "$P" --lang qps players --db "$DB" show "$A"
said "players log" "$P" --lang qps players --db "$DB" log
said "ratings" "$P" --lang qps ratings --db "$DB"
said "ratings --all" "$P" --lang qps ratings --db "$DB" --all
said "ratings --game chess" "$P" --lang qps ratings --db "$DB" --game chess
said "ratings --game uno" "$P" --lang qps ratings --db "$DB" --game uno
said "h2h" "$P" --lang qps h2h --db "$DB" "$A" "$D"
said "event list" "$P" --lang qps event --db "$DB" list
said "event show" "$P" --lang qps event --db "$DB" show "$E"
said "event standings" "$P" --lang qps event --db "$DB" standings "$E"
said "correct --list" "$P" --lang qps correct --db "$DB" 1 --list
# The sample match's players are its data.
ALLOW+=(--allow "Alice Bruno")
said "demo" "$P" --lang qps demo
said "scramble --count 2" "$P" --lang qps scramble --count 2 --seed 1
said "import" "$P" --lang qps import "$DIR/game.pgn"

# Refusals of the command line and of the record.
said "show 999" "$P" --lang qps show --db "$DB" 999
said "show, no database" "$P" --lang qps show --db "$DIR/none.db" 1
said "event show, no event" "$P" --lang qps event --db "$DB" show "Ζζ7"
said "players show, no player" "$P" --lang qps players --db "$DB" show "Ζζ7"
said "verify, not Chess-Uno" "$P" --lang qps verify --db "$DB" 1
said "import, no file" "$P" --lang qps import "$DIR/none.pgn"
said "unknown command" "$P" --lang qps Ζζ7
said "resume, two matches" "$P" --lang qps resume --db "$DB" 1 2
# The viewers' and the console's failures before their screen opens.
said "watch, no database" "$P" --lang qps watch --db "$DIR/none.db"
said "watch --event, no database" "$P" --lang qps watch --event "$E" --db "$DIR/none.db"
said "resume, no match" "$P" --lang qps resume --db "$DB" 999 </dev/null
said "console, no folder" "$P" --lang qps --db "$DIR/no/x.db" </dev/null

messages
pseudo_verdict
