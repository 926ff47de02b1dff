#!/usr/bin/env bash
# startup_libraries.sh BIN MHD_SONAME ALSA_SONAME QRENCODE_SONAME CAIRO_SONAME:
# the libraries one command alone uses are opened by that command (issue
# 25, docs/performance.md "Start-up"), not linked: the program names none
# of them (nor gnutls, which libmicrohttpd brings), the reads run with all
# of them missing, and `serve` and `stackmat` without theirs say which is
# missing in one line, in English and in French, with exit status 1: when
# the file cannot be opened and when it is not the library (no symbol).
set -u
BIN=${1:?usage: $0 chesscubing MHD_SONAME ALSA_SONAME QRENCODE_SONAME CAIRO_SONAME}
MHD=${2:?} ALSA=${3:?} QRENCODE=${4:?} CAIRO=${5:?}
echo "CLAUSES: startup_libraries none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-startup-libs-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }

# Linked: none of them.
needed=$(readelf -d "$BIN" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
linked=0
[ -n "$needed" ] || { fail "readelf found no NEEDED entry in $BIN"; linked=1; }
for lib in "$MHD" "$ALSA" "$QRENCODE" "$CAIRO" libgnutls; do
	case " $needed" in *" ${lib%%.so*}.so"*) fail "$BIN links $lib: $needed"; linked=1 ;; esac
done
[ $linked = 0 ] && ok "linked: $needed"

# Where the dynamic loader looks first: each library an empty file (cannot
# be opened), then another library under its name (opened, but without
# the functions looked up).
mkdir "$DIR/empty" "$DIR/other"
other=$(ldd "$BIN" | sed -n 's/.*libjansson[^ ]* => \([^ ]*\) .*/\1/p')
[ -f "$other" ] || { echo "FAIL: no libjansson in ldd $BIN"; exit 1; }
for lib in "$MHD" "$ALSA" "$QRENCODE" "$CAIRO"; do
	: >"$DIR/empty/$lib"
	cp "$other" "$DIR/other/$lib"
done

# The reads and a match run without any of them.
DB=$DIR/m.db
printf 'settings format=twice category=fast white=A black=B seed=3\n0 start\n1000 move w\n2000 resign b\n' \
	>"$DIR/m.scn"
LD_LIBRARY_PATH=$DIR/empty "$BIN" script --db "$DB" "$DIR/m.scn" >/dev/null || fail "script without them"
for cmd in "list" "show 1" "ratings"; do
	# shellcheck disable=SC2086
	if LD_LIBRARY_PATH=$DIR/empty "$BIN" $cmd --db "$DB" >"$DIR/out" 2>"$DIR/err" && [ ! -s "$DIR/err" ]; then
		ok "$cmd without them"
	else
		fail "$cmd without them: $(cat "$DIR/err")"
	fi
done

# run NAME WANT WHY DIR LANG ARGS...: exit 1 and one line on stderr, the
# sentence WANT with the library's reason WHY in it.
run() {
	local name=$1 want=$2 why=$3 dir=$4 lang=$5 rc
	shift 5
	LD_LIBRARY_PATH=$dir LANG=$lang LANGUAGE=${lang%%_*} LC_ALL=C.UTF-8 timeout 20 "$BIN" "$@" \
		>"$DIR/out" 2>"$DIR/err" </dev/null
	rc=$?
	local lines
	lines=$(wc -l <"$DIR/err")
	if [ "$rc" = 1 ] && [ "$lines" = 1 ] && grep -qF -- "$want" "$DIR/err" && grep -qF -- "$why" "$DIR/err"; then
		ok "$name: $(cat "$DIR/err")"
	else
		fail "$name: exit $rc, $lines line(s), wanted '$want': $(cat "$DIR/err")"
	fi
}
# The empty file: the loader's reason (the file's path, "file too short");
# the other library: the soname and the version wanted.
for kind in empty other; do
	[ $kind = empty ] && why="$DIR/empty/$MHD: " || why="($MHD (0.9.71 or later))"
	run "serve, $kind" "cannot serve the pages without libmicrohttpd (" "$why" "$DIR/$kind" C \
		serve --db "$DB" --listen 127.0.0.1:0
	run "serve, $kind, in French" "impossible de servir les pages sans libmicrohttpd (" "$why" "$DIR/$kind" \
		fr_FR.UTF-8 serve --db "$DB" --listen 127.0.0.1:0
	[ $kind = empty ] && why="$DIR/empty/$ALSA: " || why="($ALSA (1.0.16 or later))"
	run "stackmat, $kind" "cannot read the Stackmat timers without ALSA (" "$why" "$DIR/$kind" C \
		stackmat --device default --seconds 1
	run "stackmat, $kind, in French" "impossible de lire les chronomètres Stackmat sans ALSA (" "$why" \
		"$DIR/$kind" fr_FR.UTF-8 stackmat --device default --seconds 1
done
grep -qF "install the Debian package libmicrohttpd12" <(LD_LIBRARY_PATH=$DIR/empty "$BIN" serve --db "$DB" 2>&1) &&
	ok "serve names the package" || fail "serve does not name the package"

# A recorded signal needs no ALSA: the WAV file is read as it is.
printf 'RIFF\044\000\000\000WAVEfmt \020\000\000\000\001\000\001\000\104\254\000\000\210\130\001\000\002\000\020\000data\000\000\000\000' \
	>"$DIR/silence.wav"
if LD_LIBRARY_PATH=$DIR/empty "$BIN" stackmat --file "$DIR/silence.wav" >"$DIR/out" 2>"$DIR/err"; then
	ok "stackmat --file without ALSA"
else
	fail "stackmat --file without ALSA: $(cat "$DIR/err")"
fi

[ "$failed" = 0 ] && echo "all ok" || { echo "$failed failure(s)"; exit 1; }
