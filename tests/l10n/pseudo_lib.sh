# pseudo_lib.sh: what the pseudo-language tests share (sourced after
# tests/e2e/lib.sh or on its own). The tests' pseudo-language (qps, in the
# test program chesscubing-test only: include/chesscubing/languages.def,
# scripts/pseudo_po.pl) wraps every translated string in brackets, its
# letters accented, lengthened by about 35 %: a text the program shows
# plain was never translated, one without its closing bracket was cut.
# tests/l10n/pseudo_check.py judges a text; this file runs it and keeps
# every finding, so one run names them all.
#
#   PSEUDO_BIN     the program to run (BIN, or its copy below)
#   pseudo_check WHERE [ARGS...] < TEXT   a finding is kept, not fatal
#   pseudo_verdict                        exit 1 naming every finding
#   q MSGID                               MSGID in qps (to wait on a screen)
#
# CC_PSEUDO_DROP=MSGID (the catches tests): the program runs with a qps
# catalogue where MSGID has no translation, as if a string were left
# untranslated on purpose: a copy of the program in a private folder, with
# its own locale/ beside it (the first place src/support/lang.c looks).
# The test must then fail, naming that string.
PSEUDO_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PSEUDO_CHECKER=$PSEUDO_DIR/pseudo_check.py
PSEUDO_SRC=$(cd "$PSEUDO_DIR/../.." && pwd)
PSEUDO_FINDINGS=$(mktemp /tmp/cc-pseudo-findings-XXXXXX)
PSEUDO_LOCALE=$(dirname "$BIN")/locale
PSEUDO_BIN=$BIN
PSEUDO_COPY=
_pseudo_cleanup() {
	rm -f "$PSEUDO_FINDINGS"
	[ -z "$PSEUDO_COPY" ] || rm -rf "$PSEUDO_COPY"
}

[ -f "$PSEUDO_LOCALE/qps/LC_MESSAGES/chesscubing.mo" ] || {
	echo "FAIL: no pseudo-language catalogue at $PSEUDO_LOCALE/qps (the test build makes it)"
	exit 1
}

if [ -n "${CC_PSEUDO_DROP:-}" ]; then
	PSEUDO_COPY=$(mktemp -d /tmp/cc-pseudo-drop-XXXXXX)
	cp "$BIN" "$PSEUDO_COPY/" && cp -r "$PSEUDO_LOCALE" "$PSEUDO_COPY/locale" || {
		echo "FAIL: cannot copy the program into $PSEUDO_COPY"
		exit 1
	}
	msgunfmt "$PSEUDO_LOCALE/qps/LC_MESSAGES/chesscubing.mo" -o "$PSEUDO_COPY/qps.po" &&
		python3 "$PSEUDO_DIR/pseudo_drop.py" "$CC_PSEUDO_DROP" <"$PSEUDO_COPY/qps.po" >"$PSEUDO_COPY/qps-drop.po" &&
		msgfmt --check -o "$PSEUDO_COPY/locale/qps/LC_MESSAGES/chesscubing.mo" "$PSEUDO_COPY/qps-drop.po" || {
		echo "FAIL: cannot drop '$CC_PSEUDO_DROP' from the pseudo catalogue"
		exit 1
	}
	PSEUDO_BIN=$PSEUDO_COPY/$(basename "$BIN")
	PSEUDO_LOCALE=$PSEUDO_COPY/locale
	echo "the pseudo catalogue without '$CC_PSEUDO_DROP': $PSEUDO_BIN"
fi

# q MSGID: the pseudo form of MSGID, as the program says it.
q() { TEXTDOMAINDIR=$PSEUDO_LOCALE LANGUAGE=qps LC_ALL=C.UTF-8 gettext chesscubing "$1"; }

# pseudo_check WHERE [CHECKER ARGS...] < TEXT: TEXT judged; each finding
# printed and kept. Returns 1 when there was one.
pseudo_check() {
	local where=$1 out
	shift
	out=$(python3 "$PSEUDO_CHECKER" --where="$where" "$@") && return 0
	printf '%s\n' "$out" | tee -a "$PSEUDO_FINDINGS"
	return 1
}

# pseudo_verdict: every finding of the run (each once), or "ok".
pseudo_verdict() {
	local n
	n=$(sort -u "$PSEUDO_FINDINGS" | wc -l)
	if [ "$n" -gt 0 ]; then
		echo "FAIL: $n finding(s) in the pseudo-language (untranslated or cut):"
		sort -u "$PSEUDO_FINDINGS"
		exit 1
	fi
	echo "ok"
}
