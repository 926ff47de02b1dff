#!/usr/bin/env bash
# pseudo_catches.sh BIN MESSAGES [console]: the pseudo-language tests fail
# when a string is left untranslated on purpose, and name it (issue 32's
# "seen failing on a string left untranslated on purpose"), and the
# checker catches what it is written to catch.
#
# Without "console": the checker on texts made by hand (a cut, a closing
# without its opening, an English run, and what the allow-list lets
# through); then pseudo_cli.sh's --help part with the summary of `show`
# dropped from the qps catalogue, and its messages part with a refusal's
# message dropped: each must fail naming it, and must not name it with the
# whole catalogue. With "console" (tmux): tests/e2e/pseudo.sh's setup
# screens with the setup's first line dropped, the same way.
set -u
BIN=${1:?usage: $0 path/to/chesscubing-test path/to/pseudo_messages [console]}
MESSAGES=${2:?usage: $0 path/to/chesscubing-test path/to/pseudo_messages [console]}
HERE=$(cd "$(dirname "$0")" && pwd)
echo "CLAUSES: pseudo_catches none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
export LC_ALL=C.UTF-8
failed=0
bad() { echo "FAIL: $*"; failed=1; }

# caught WHAT TEXT COMMAND...: COMMAND fails, naming TEXT as untranslated
# only when WHAT (a msgid) is dropped.
caught() {
	local what=$1 text=$2 out rc
	shift 2
	out=$("$@" 2>&1)
	if printf '%s\n' "$out" | grep -F "UNTRANSLATED" | grep -qF -- "'$text'"; then
		bad "'$text' is named untranslated with the whole catalogue: $(printf '%s\n' "$out" | grep -F -- "$text" | head -3)"
		return
	fi
	[ "$(printf '%s\n' "$out" | tail -1)" = "ok" ] || [ "$(printf '%s\n' "$out" | grep -c '^FAIL: [0-9]* finding')" -eq 1 ] ||
		{ echo "$out" | tail -20; bad "the run with the whole catalogue neither passed nor judged"; return; }
	out=$(CC_PSEUDO_DROP=$what "$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -F "UNTRANSLATED" | grep -F -- "'$text'" | head -3
	[ $rc -ne 0 ] || bad "'$what' dropped from the catalogue, and the test passed"
	printf '%s\n' "$out" | grep -F "UNTRANSLATED" | grep -qF -- "'$text'" ||
		{ echo "$out" | tail -20; bad "'$what' dropped from the catalogue, and the test did not name it"; return; }
	echo "ok: '$what' dropped, the test fails naming it"
}

if [ "${3:-}" = console ]; then
	command -v tmux >/dev/null 2>&1 || { [ "${CI:-}" = true ] && { echo "FAIL: no tmux in CI"; exit 1; }; echo "tmux is missing: skipped"; exit 77; }
	caught "Set up the match, then create it." "Set up the match, then create it." \
		env CC_PSEUDO_ONLY=setup bash "$HERE/../e2e/pseudo.sh" "$BIN" 60x22
	[ $failed -eq 0 ] && echo "ok"
	exit $failed
fi

# The checker itself.
check() { printf '%b' "$2" | python3 "$HERE/pseudo_check.py" --where "$1" "${@:3}"; }
out=$(check cut '[Ŧĥé ƀļöçķ ŧîɱé ·]\n[Ñö çöñšöļé îš ŕûññîñĝ') && bad "a cut text passed"
printf '%s\n' "$out" | grep -q '^CUT cut: an opening bracket without its closing' || bad "the cut not named: $out"
out=$(check open 'ŕûññîñĝ ·]') && bad "a closing bracket without its opening passed"
printf '%s\n' "$out" | grep -q '^CUT open: a closing bracket without its opening' || bad "not named: $out"
out=$(check english '[Ɓļöçķ 2] Block time 3:00 [ƥâûšé]') && bad "English passed"
printf '%s\n' "$out" | grep -qF "UNTRANSLATED english: 'Block time'" || bad "the English run not named: $out"
out=$(check inside '[Ƥļâýéŕ Alice ŵîñš ·]') && bad "an English argument inside a translated text passed"
printf '%s\n' "$out" | grep -qF "UNTRANSLATED inside: 'Alice'" || bad "the argument not named: $out"
check allowed '[Ωα1 ƥļâýš Nf3 ·] exd5 O-O e8=Q+ g1f3 1-0 1/2-1/2 2:31.5 23,45 x n ?: chesscubing\n[Ŕéšûļŧ ·] Tom\n' \
	--allow Tom || bad "the allow-list refused its own"
out=$(check box ' [Ŧĥé ƀļ\n ┌──────┐\n │ [Ωω] │\n └──────┘\n ŧîɱé ·]\n') || bad "text beneath a box judged cut: $out"
out=$(check box-cut ' ┌──────┐\n │ [Ωω  │\n └──────┘\n ŧîɱé ·]\n' --boxes) && bad "a text cut inside a box passed"
printf '%s\n' "$out" | grep -q '^CUT box-cut: an opening bracket without its closing.*, in a box$' || bad "not named: $out"
[ $failed -eq 0 ] && echo "ok: the checker"

caught "print the summary of a recorded match" "print the summary of a recorded match" \
	env CC_PSEUDO_ONLY=help bash "$HERE/pseudo_cli.sh" "$BIN" "$MESSAGES"
caught "this match is open read only" "this match is open read only" \
	env CC_PSEUDO_ONLY=messages bash "$HERE/pseudo_cli.sh" "$BIN" "$MESSAGES"
[ $failed -eq 0 ] && echo "ok"
exit $failed
