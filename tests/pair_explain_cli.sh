#!/usr/bin/env bash
# pair_explain_cli.sh BIN: `chesscubing pair --dutch IN.trf -p OUT --explain`
# (rules/swiss.md SW-5): each board's reason on standard output (standard
# error when the pairs go to standard output), the pairs file exactly the
# engines' format, in English and in French whether or not the machine has
# fr_FR.UTF-8 (LANG read by the program itself, and --lang fr); --explain
# without -p refused (exit 3).
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: pair_explain_cli SW-5.1 SW-5.2 SW-5.4"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-pair-explain-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
unset LANGUAGE LC_ALL LC_MESSAGES LANG
export COLUMNS=1000
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
en() { LANG=C.UTF-8 "$@"; }
fr() { LANG=fr_FR.UTF-8 "$@"; }

line() { # id name rating cells [name width in bytes: 33 and the bytes over one of its accents]
	printf "001 %4d m    %-${5:-33}s %4d%28s 0.0    0  %s\n" "$1" "$2" "$3" "" "$4"
}
{
	echo "012 Club evening"
	echo "XXR 4"
	echo "XXC white1"
	for i in 1 2 3 4 5; do line "$i" "Player $i" $((2000 - i * 10)) ""; done
} >"$DIR/r1.trf"
pairs=$(printf '3\n1 3\n4 2\n5 0')

en "$BIN" pair --dutch "$DIR/r1.trf" -p "$DIR/out.txt" --explain >"$DIR/said" 2>"$DIR/err"
rc=$?
[ $rc = 0 ] && [ "$(cat "$DIR/out.txt")" = "$pairs" ] && ok "the pairs file stays the engines' format" ||
	bad "pairs file: rc $rc $(cat "$DIR/out.txt" "$DIR/err")"
grep -qx "Round 1: why these pairings (FIDE Dutch system, rules/swiss.md SW-5)" "$DIR/said" &&
	grep -q "^Board 1: Player 1 (no. 1, score 0) against Player 3 (no. 3, score 0): score group 0, player 1 of S1 against player 1 of S2 of the 4 paired in it" "$DIR/said" &&
	grep -q "^  Colours by E5, no preference: the higher-ranked, Player 1, has place 1, odd, so takes the initial colour, White.$" "$DIR/said" &&
	grep -q "^  Colours by E5, no preference: the higher-ranked, Player 2, has place 2, even, so takes the other colour than the initial one (White): Black.$" "$DIR/said" &&
	grep -q "^Pairing-allocated bye: Player 5 (no. 5, score 0): the lowest score, the lowest ranked, and no bye so far (C2).$" "$DIR/said" &&
	[ ! -s "$DIR/err" ] && ok "English: each board's reason on standard output" || bad "English: $(cat "$DIR/said" "$DIR/err")"

# -p -: the pairs alone on standard output, the explanation on standard error
en "$BIN" pair --dutch "$DIR/r1.trf" -p - -e >"$DIR/stdout" 2>"$DIR/stderr"
[ "$(cat "$DIR/stdout")" = "$pairs" ] && grep -q "^Board 2: Player 4" "$DIR/stderr" &&
	ok "-p -: the explanation on standard error" || bad "-p -: $(cat "$DIR/stdout" "$DIR/stderr")"

# French, from LANG (fr_FR.UTF-8 need not be installed) and from --lang
fr "$BIN" pair --dutch "$DIR/r1.trf" -p "$DIR/out-fr.txt" --explain >"$DIR/said-fr" 2>&1
[ "$(cat "$DIR/out-fr.txt")" = "$pairs" ] &&
	grep -q "^Ronde 1 : pourquoi ces appariements" "$DIR/said-fr" &&
	grep -q "^Échiquier 1 : Player 1 (n° 1, score 0) contre Player 3 (n° 3, score 0) : groupe de score 0" "$DIR/said-fr" &&
	grep -q "^  Couleurs par E5, sans préférence : le mieux classé, Player 2, est à la place 2, paire" "$DIR/said-fr" &&
	grep -q "^Exempt d'appariement : Player 5 (n° 5, score 0) : le score le plus bas" "$DIR/said-fr" &&
	ok "French from LANG" || bad "French: $(cat "$DIR/said-fr")"
en "$BIN" --lang fr pair --dutch "$DIR/r1.trf" -p "$DIR/out-fr2.txt" --explain >"$DIR/said-fr2" 2>&1
cmp -s "$DIR/said-fr" "$DIR/said-fr2" && ok "--lang fr says the same" || bad "--lang fr: $(cat "$DIR/said-fr2")"

# round 2: a winner floats down, every board has its colour rule
{
	echo "012 Club evening"
	echo "XXR 4"
	echo "XXC white1"
	line 1 "Élodie Côté" 1990 "   3 w 1  " 36
	line 2 "Player 2" 1980 "   4 b =  "
	line 3 "Player 3" 1970 "   1 b 0  "
	line 4 "Player 4" 1960 "   2 w =  "
	line 5 "Player 5" 1950 "0000 - U  "
} >"$DIR/r2.trf"
en "$BIN" pair --dutch "$DIR/r2.trf" -p "$DIR/o2.txt" -e >"$DIR/said2" 2>&1
boards=$(($(head -1 "$DIR/o2.txt") - 1))
[ "$(grep -c '^Board ' "$DIR/said2")" = "$boards" ] && [ "$(grep -c '^  Colours by E[1-5]' "$DIR/said2")" = "$boards" ] &&
	grep -q "Élodie Côté floated down from score group 1 to score group 0.5" "$DIR/said2" &&
	ok "round 2: a floater, a colour rule a board" || bad "round 2: $(cat "$DIR/o2.txt" "$DIR/said2")"
fr "$BIN" pair --dutch "$DIR/r2.trf" -p "$DIR/o2.txt" -e 2>&1 | grep -q "Élodie Côté descend du groupe de score 1 au groupe de score 0,5" &&
	ok "round 2 in French: the decimal comma" || bad "round 2 French: $(fr "$BIN" pair --dutch "$DIR/r2.trf" -p "$DIR/o2.txt" -e 2>&1)"

# wrapped by display width
COLUMNS=40 en "$BIN" pair --dutch "$DIR/r1.trf" -p "$DIR/o1.txt" -e >"$DIR/narrow" 2>&1
awk 'length($0) > 40 { bad = 1 } END { exit bad }' "$DIR/narrow" && [ "$(wc -l <"$DIR/narrow")" -gt 10 ] &&
	ok "COLUMNS=40: lines wrapped" || bad "wrap: $(cat "$DIR/narrow")"

# a hostile name (OSC 52, the clipboard) is said printable, never sent to the terminal
{
	echo "XXR 4"
	line 1 "$(printf 'Evil\033]52;c;eA==\007x')" 1990 ""
	line 2 "Bob" 1980 ""
} >"$DIR/evil.trf"
en "$BIN" pair --dutch "$DIR/evil.trf" -p "$DIR/o3.txt" -e >"$DIR/evil" 2>&1
! grep -q "$(printf '\033')" "$DIR/evil" && grep -qF 'Evil\x1B]52;c;eA==\x07x (no. 1, score 0)' "$DIR/evil" &&
	ok "a hostile name said printable" || bad "hostile name: $(cat -v "$DIR/evil")"

# --explain goes with -p
en "$BIN" pair --dutch "$DIR/r2.trf" -c --explain >/dev/null 2>"$DIR/err"
rc=$?
[ $rc = 3 ] && grep -q "explain goes with -p" "$DIR/err" && ok "-c --explain refused (exit 3)" || bad "-c -e: rc $rc $(cat "$DIR/err")"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
