#!/usr/bin/env bash
# pseudo_lang.sh TEST_BIN BIN: the pseudo-language (issue 32 item 3) works
# as a language of the table. The test program (chesscubing-test) speaks
# qps, generated from fr.po's messages (scripts/pseudo_po.pl): `--help` and
# every command's `--help` are wrapped pseudo text ("[Ûšâĝé: ...]") with
# no bare English sentence left (two plain words in a row: a text never
# put in the catalogue); the shipped program does not know qps. The walk
# through every screen in it is tests/e2e's (docs/architecture.md,
# "Languages").
set -u
TEST_BIN=${1:?usage: $0 path/to/chesscubing-test path/to/chesscubing}
BIN=${2:?usage: $0 path/to/chesscubing-test path/to/chesscubing}
echo "CLAUSES: pseudo_lang none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0 checked=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
unset LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8

# pseudo NAME ARGS: ARGS' output in qps is pseudo text, all of it.
pseudo() {
	local name=$1 out bare
	shift
	checked=$((checked + 1))
	out=$("$TEST_BIN" --lang qps "$@" 2>&1)
	bare=$(printf '%s\n' "$out" | grep -E -m3 '[A-Za-z]{3,} +[A-Za-z]{3,}')
	if ! printf '%s' "$out" | grep -q '\[.*[ŧĥéâ]'; then
		fail "$name: no pseudo text in $(printf '%s' "$out" | head -2)"
	elif [ -n "$bare" ]; then
		fail "$name: English left in the pseudo-language: $bare"
	else
		ok "$name in the pseudo-language"
	fi
}

pseudo "--help" --help
commands=$("$TEST_BIN" --lang en --help | awk '/^Commands:/{f=1; next} /^$/{f=0} f{print $1}')
[ -n "$commands" ] || fail "no command in --help"
for cmd in $commands; do
	pseudo "$cmd --help" "$cmd" --help
done

checked=$((checked + 1))
if "$BIN" --lang qps --help >/dev/null 2>&1; then
	fail "the shipped program accepts --lang qps"
else
	ok "the shipped program does not know qps"
fi
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "all $checked hold"
