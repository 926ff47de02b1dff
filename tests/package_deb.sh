#!/usr/bin/env bash
# package_deb.sh CPACK LINTIAN BUILD_DIR SOURCE_DIR VERSION SONAME...: the Debian
# package (issue 37 item 7) as a user and lintian meet it. `cpack -G DEB`
# from the build folder gives chesscubing_VERSION_ARCH.deb whose Depends
# come from dpkg-shlibdeps and whose Recommends name, for each soname the
# program opens at first use (dlopen), the Debian package that holds it
# (asked of dpkg here, apart from the build); it holds the program
# stripped, its French catalogue, the man page gzip -9, the bash
# completion, the docs as in the tree (README.md, docs/*.md, rules/*.md),
# a DEP-5 copyright and a changelog.gz, and nothing else (never
# chesscubing-test). Unpacked into a temporary root (dpkg -x: no chroot, no
# root), the program runs (--version, French from its own catalogue), man
# reads its page without a warning, the completion loads; lintian finds no
# error and no warning.
set -u
usage="usage: $0 cpack lintian build-dir source-dir version soname..."
CPACK=${1:?$usage}
LINTIAN=${2:?$usage}
BUILD=${3:?$usage}
SRC=${4:?$usage}
VERSION=${5:?$usage}
shift 5
SONAMES=("$@")
echo "CLAUSES: package_deb none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }
for tool in dpkg-deb dpkg-query dpkg-architecture dpkg-shlibdeps man file; do
	command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/dev.sh test installs it)"; exit 1; }
done
DIR=$(mktemp -d /tmp/cc-package-XXXXXX)
trap 'rm -rf "$DIR"' EXIT

# -B: the package and cpack's staging folder in the test's own folder.
if ! (cd "$BUILD" && "$CPACK" -G DEB -B "$DIR/out") >"$DIR/cpack.log" 2>&1; then
	cat "$DIR/cpack.log"
	echo "FAIL: cpack -G DEB"
	exit 1
fi
arch=$(dpkg --print-architecture)
DEB=$DIR/out/chesscubing_${VERSION}_${arch}.deb
[ -f "$DEB" ] || { ls "$DIR/out"; echo "FAIL: no $DEB"; exit 1; }
ok "cpack -G DEB built $(basename "$DEB")"
field() { dpkg-deb -f "$DEB" "$1"; }

# --- the control fields ---------------------------------------------------------
[ "$(field Package)" = chesscubing ] && [ "$(field Version)" = "$VERSION" ] &&
	[ "$(field Architecture)" = "$arch" ] || fail "Package/Version/Architecture: $(field Package) $(field Version) $(field Architecture)"
for f in Maintainer Section Priority Description; do
	[ -n "$(field "$f")" ] || fail "no $f field"
done
# package_of SONAME: the Debian package holding the library of this
# architecture (dpkg's answer, wherever usrmerge put it).
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null)
package_of() {
	dpkg-query -S "*/$multiarch/$1" 2>/dev/null | head -1 | sed 's/[:,].*//'
}
names() { printf '%s' "$1" | grep -qE "(^|, )$2( |,|$)"; }
# Depends: what the program links, as dpkg-shlibdeps names it (the C
# library, SQLite, jansson, nettle, ncurses).
depends=$(field Depends)
for lib in libc.so.6 libsqlite3.so.0 libjansson.so.4 libnettle.so.8 libncursesw.so.6; do
	pkg=$(package_of "$lib")
	if [ -n "$pkg" ] && names "$depends" "$pkg"; then
		ok "Depends names $pkg ($lib)"
	else
		fail "Depends '$depends' lacks the package of $lib ('$pkg')"
	fi
done
# Recommends: each library opened at run time, by its package; never in
# Depends (the program runs without them).
recommends=$(field Recommends)
for soname in "${SONAMES[@]}"; do
	pkg=$(package_of "$soname")
	if [ -n "$pkg" ] && names "$recommends" "$pkg" && ! names "$depends" "$pkg"; then
		ok "Recommends names $pkg ($soname), Depends does not"
	else
		fail "$soname: its package '$pkg' not in Recommends '$recommends' alone (Depends '$depends')"
	fi
done

# --- the files: exactly these ---------------------------------------------------------
doc=usr/share/doc/chesscubing
{
	printf '%s\n' usr/bin/chesscubing usr/share/man/man1/chesscubing.1.gz \
		usr/share/bash-completion/completions/chesscubing usr/share/locale/fr/LC_MESSAGES/chesscubing.mo \
		"$doc/README.md" "$doc/copyright" "$doc/changelog.gz"
	(cd "$SRC" && printf "$doc/%s\n" docs/*.md rules/*.md)
} | sort >"$DIR/expected"
dpkg-deb -c "$DEB" | awk '$1 !~ /^d/ {sub(/^\.\//, "", $6); print $6}' | sort >"$DIR/got"
if cmp -s "$DIR/expected" "$DIR/got"; then
	ok "the package holds the program, its catalogue, man page, completion and docs, nothing else"
else
	fail "the files differ from what is expected (< expected, > in the package):"
	diff "$DIR/expected" "$DIR/got" | grep '^[<>]'
fi

# --- unpacked into a temporary root ---------------------------------------------------
ROOT=$DIR/root
dpkg-deb -x "$DEB" "$ROOT" || { echo "FAIL: dpkg-deb -x"; exit 1; }
BIN=$ROOT/usr/bin/chesscubing
case $(file -b "$BIN") in
*", stripped"*) ok "the program is stripped" ;;
*) fail "the program is not stripped: $(file -b "$BIN")" ;;
esac
version=$("$BIN" --version 2>&1)
if [ $? -eq 0 ] && printf '%s' "$version" | grep -qF "$VERSION"; then
	ok "chesscubing --version from the package: $version"
else
	fail "chesscubing --version from the package: $version"
fi
# Its French from the package's own catalogue (<bindir>/../share/locale).
english=$(LANGUAGE= LC_ALL=C "$BIN" --lang en --help 2>&1)
french=$(LANGUAGE= LC_ALL=C "$BIN" --lang fr --help 2>&1)
if [ -n "$french" ] && [ "$french" != "$english" ]; then
	ok "chesscubing --lang fr --help from the package is in French"
else
	fail "chesscubing --lang fr --help from the package is not translated"
fi
page=$ROOT/usr/share/man/man1/chesscubing.1.gz
if gzip -lv "$page" >/dev/null && file -b "$page" | grep -q "max compression"; then
	ok "the man page is gzip -9"
else
	fail "the man page is not gzip -9: $(file -b "$page")"
fi
man_out=$(MANPAGER=cat MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page" 2>"$DIR/man.err")
if printf '%s' "$man_out" | grep -q "^NAME" && printf '%s' "$man_out" | grep -q "chesscubing" && [ ! -s "$DIR/man.err" ]; then
	ok "man -l reads the packaged page without a warning"
else
	fail "man -l $page: $(head -5 "$DIR/man.err")"
fi
if bash -c '. "$1" && complete -p chesscubing' _ "$ROOT/usr/share/bash-completion/completions/chesscubing" >/dev/null 2>&1; then
	ok "the packaged bash completion completes chesscubing"
else
	fail "the packaged bash completion does not load"
fi
copyright=$ROOT/$doc/copyright
if head -1 "$copyright" | grep -qx "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/" &&
	grep -qx "License: Expat" "$copyright" &&
	grep -qF " $(sed -n 's/^Copyright (c) //p' "$SRC/LICENSE")" "$copyright"; then
	ok "the copyright is DEP-5 with LICENSE's holder"
else
	fail "the copyright is not DEP-5 from LICENSE: $(head -3 "$copyright")"
fi
for f in README.md docs/arbiter-guide.md rules/chesscubing.md; do
	cmp -s "$SRC/$f" "$ROOT/$doc/$f" || fail "$doc/$f is not the tree's $f"
done

# --- lintian: no error, no warning -------------------------------------------------------
"$LINTIAN" --fail-on error,warning "$DEB" >"$DIR/lintian.log" 2>&1
rc=$?
grep -v "^running with root privileges" "$DIR/lintian.log"
if [ $rc -eq 0 ] && ! grep -qE "^[EW]: " "$DIR/lintian.log"; then
	ok "lintian: no error, no warning"
else
	fail "lintian (exit $rc)"
fi

[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "the package builds, installs, runs and passes lintian"
