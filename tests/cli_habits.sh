#!/usr/bin/env bash
# cli_habits.sh BIN SIGNAL: the command line's habits (issue 37 item 6,
# RE-5.3): "-" for standard input where a file is read; messages that name
# the program "chesscubing", not the path it was started by; a refused
# option value that says why. And import's hostile files through the
# command (RE-4.6, RE-2.5): an unclosed comment is an error naming its
# line, exit status 2; a scenario's deck= with seed= is refused with its
# reason (RE-3.5).
set -u
BIN=${1:?usage: $0 path/to/chesscubing path/to/stackmat_signal}
SIGNAL=${2:?usage: $0 path/to/chesscubing path/to/stackmat_signal}
DIR=$(mktemp -d /tmp/cc-cli-habits-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: cli_habits RE-5.3 RE-4.6 RE-2.5 RE-3.5"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
# The program by a path, as a packager's wrapper or a shell would start it.
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

# --- "-" is standard input ---------------------------------------------------
printf '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 *\n' >"$DIR/g.pgn"
want=$("$BIN" import "$DIR/g.pgn" 2>&1)
got=$("$BIN" import - <"$DIR/g.pgn" 2>&1) && [ "$got" = "$want" ] && ok "import - reads standard input" ||
	fail "import -: '$got', not '$want'"
printf 'settings format=chess white=A black=B\n0 start\n1000 move w e4\n' >"$DIR/m.scn"
want=$("$BIN" script "$DIR/m.scn" 2>&1)
got=$("$BIN" script - <"$DIR/m.scn" 2>&1) && [ "$got" = "$want" ] && ok "script - reads standard input" ||
	fail "script -: '$got', not '$want'"
"$SIGNAL" "$DIR/s.wav" --length 3000 --white 700:23459 >/dev/null || fail "stackmat_signal"
want=$("$BIN" stackmat --file "$DIR/s.wav" 2>&1 | tail -n +2)
got=$(TMPDIR=$DIR "$BIN" stackmat --file - <"$DIR/s.wav" 2>&1 | tail -n +2)
[ -n "$want" ] && [ "$got" = "$want" ] && ok "stackmat --file - reads standard input" ||
	fail "stackmat --file -: '$got', not '$want'"
ls "$DIR"/chesscubing-signal-* >/dev/null 2>&1 && fail "stackmat --file - left its copy behind"

# --- "-" is standard output -----------------------------------------------------
"$BIN" script --db "$DIR/b.db" "$DIR/m.scn" >/dev/null
TMPDIR=$DIR "$BIN" backup --db "$DIR/b.db" - >"$DIR/copy.db" && [ "$("$BIN" list --db "$DIR/copy.db" --csv)" = "$("$BIN" list --db "$DIR/b.db" --csv)" ] &&
	ok "backup - writes the copy to standard output" || fail "backup -: the copy does not list as the record"
ls "$DIR"/chesscubing-backup-* >/dev/null 2>&1 && fail "backup - left its copy behind"

# --- messages name the program, not its path --------------------------------
check_named() { # ARGS...: refused (exit 2), one line naming "chesscubing", no path
	local err status
	err=$("$BIN" "$@" 2>&1 >/dev/null </dev/null)
	status=$?
	if [ "$status" -ne 2 ]; then
		fail "'$*': exit $status, not 2"
	elif [[ $err == *"$(dirname "$BIN")"* ]]; then
		fail "'$*' names the program by its path: $err"
	elif [[ $(printf '%s\n' "$err" | head -1) != chesscubing* ]]; then
		fail "'$*': the first line does not name chesscubing: $err"
	else
		ok "'$*' says: $(printf '%s' "$err" | head -1)"
	fi
}
check_named --bogus
check_named -z
check_named --speed
check_named list --bogus
check_named list --db
check_named list --help=yes
check_named import --x
check_named resume --nope
check_named event list --formt
check_named perft x
# in French too: the program's message, translated
err=$("$BIN" --lang fr list --bogus 2>&1 >/dev/null)
[[ $err == "chesscubing list : option « --bogus » inconnue"* ]] && ok "the option's refusal in French" ||
	fail "the option's refusal in French: $err"

# --- a refused value says why ------------------------------------------------
check_why() { # WANT ARGS...: refused (exit 2) with WANT in the message
	local want=$1 err status
	shift
	err=$("$BIN" "$@" 2>&1 >/dev/null </dev/null)
	status=$?
	if [ "$status" -ne 2 ] || [[ $err != *"$want"* ]] || [[ $err == Usage:* ]]; then
		fail "'$*': exit $status, '$err' (wanted '$want')"
	else
		ok "'$*' says why: $(printf '%s' "$err" | head -1)"
	fi
}
DB=$DIR/m.db
"$BIN" players --db "$DB" add Anne >/dev/null || fail "players add"
check_why "'yaml': it is text, json or csv" ratings --db "$DB" --format yaml
check_why "'go': it is chesscubing, chess or uno" ratings --db "$DB" --game go
check_why "'yaml': it is text, json or csv" h2h --db "$DB" --format yaml Anne Anne
check_why "--format does not apply here" list --db "$DB" --format yaml
check_why "--format does not apply here" show --db "$DB" --format json
check_why "export pgn, crosstable, csv, html or trf" event --db "$DB" export x --format yaml
check_why "unknown format 'yaml'" export --db "$DB" --format yaml

# --- import's hostile files through the command -------------------------------
printf '[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. d4 {never closed\nd5 *\n\n[White "C"]\n\n1. c4 *\n' >"$DIR/open.pgn"
err=$("$BIN" import "$DIR/open.pgn" 2>&1 >/dev/null)
status=$?
[ "$status" -eq 2 ] && [[ $err == *"game 2, line 7: a comment '{' that is never closed"* ]] &&
	ok "an unclosed comment: exit 2, its line named" || fail "an unclosed comment: exit $status, '$err'"
printf '[Result "1-0"]\n\n1. e2-e4 e7-e5 0-1\n' >"$DIR/tag.pgn"
out=$("$BIN" import "$DIR/tag.pgn" 2>"$DIR/err")
status=$?
[ "$status" -eq 0 ] && [[ $out == *"2 plies, 0-1"* ]] &&
	grep -q "warning: game 1: the Result tag says 1-0 but the moves end with 0-1" "$DIR/err" &&
	ok "a Result tag the moves contradict: read, both said" || fail "Result tag: exit $status, '$out', $(cat "$DIR/err")"

# --- a scenario's deck= with seed=: refused with its reason (RE-3.5) ----------
err=$(printf 'settings format=uno deck=5,9 seed=3\n' | "$BIN" script - 2>&1 >/dev/null)
status=$?
[ "$status" -eq 2 ] && [[ $err == *"line 1"*"deck= orders the cards by hand and seed= shuffles them"* ]] &&
	ok "deck= with seed= refused with its reason" || fail "deck= with seed=: exit $status, '$err'"

[ "$failed" -eq 0 ] || { echo "$failed check(s) failed"; exit 1; }
echo "all passed"
