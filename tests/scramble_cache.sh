#!/usr/bin/env bash
# scramble_cache.sh BIN: the cube solver's tables kept in the user's cache
# folder (docs/performance.md, "Cube scrambles"): made there on the first
# scramble (0600 in a 0700 folder, whatever the umask), used as they are by
# the next (the same file: no rebuild), and a file damaged, cut short,
# foreign, of another version or a symlink is never used: the tables are
# built again and the file replaced. Every time, the scrambles and the
# sheet are those of a process with no cache at all (CU-4.3). Nothing here
# is timed: whether the file was used is told by its inode (a rebuild
# writes a new file and renames it over the old).
set -u
BIN=${1:?usage: $0 path/to/chesscubing}
DIR=$(mktemp -d /tmp/cc-scramble-cache-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
echo "CLAUSES: scramble_cache CU-4.3 CU-1.3"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
ok() { echo "ok: $*"; }

# The reference: no cache folder to use (HOME not there, no XDG_CACHE_HOME).
nocache() { env -u XDG_CACHE_HOME HOME=/nonexistent-cc-home "$BIN" "$@"; }
nocache scramble --seed 9 --count 6 >"$DIR/ref.txt" || fail "scramble without a cache"
nocache scramble --sheet --seed 9 >"$DIR/ref-sheet.txt" || fail "sheet without a cache"
[ "$(wc -l <"$DIR/ref.txt")" = 6 ] || fail "reference: $(cat "$DIR/ref.txt")"
[ -e /nonexistent-cc-home ] && fail "a cache made where HOME does not exist"

export XDG_CACHE_HOME=$DIR/cache
FILE=$XDG_CACHE_HOME/chesscubing/cube-tables-v1.bin
same() { # what: the scrambles and the sheet are the reference's
	"$BIN" scramble --seed 9 --count 6 >"$DIR/out.txt" || fail "$1: scramble failed"
	cmp -s "$DIR/out.txt" "$DIR/ref.txt" || fail "$1: scrambles differ: $(cat "$DIR/out.txt")"
	"$BIN" scramble --sheet --seed 9 >"$DIR/out-sheet.txt" || fail "$1: sheet failed"
	cmp -s "$DIR/out-sheet.txt" "$DIR/ref-sheet.txt" || fail "$1: sheet differs"
}
inode() { stat -c %i "$FILE" 2>/dev/null || echo none; }
rebuilt() { # what, inode before: a new valid file took the old one's place
	local after
	after=$(inode)
	[ "$after" != none ] && [ "$after" != "$2" ] && [ ! -L "$FILE" ] && ok "$1: rebuilt" || fail "$1: not rebuilt ($2 -> $after)"
	[ "$(stat -c %s "$FILE")" = "$size" ] || fail "$1: the new file is $(stat -c %s "$FILE") bytes"
	ls "$XDG_CACHE_HOME/chesscubing" | grep -q '^\.cube-tables' && fail "$1: a temporary file left"
}

# First use, under a permissive umask: made, private.
(umask 000 && "$BIN" scramble --seed 9 --count 6 >"$DIR/out.txt") || fail "first scramble"
cmp -s "$DIR/out.txt" "$DIR/ref.txt" && ok "first: the reference's scrambles" || fail "first: $(cat "$DIR/out.txt")"
[ -f "$FILE" ] && ok "the tables saved" || fail "no $FILE"
[ "$(stat -c %a "$FILE")" = 600 ] && ok "file 0600" || fail "file mode $(stat -c %a "$FILE")"
[ "$(stat -c %a "$XDG_CACHE_HOME/chesscubing")" = 700 ] && ok "folder 0700" ||
	fail "folder mode $(stat -c %a "$XDG_CACHE_HOME/chesscubing")"
size=$(stat -c %s "$FILE")

# Used as it is: the same file, the same scrambles.
before=$(inode)
same "second"
[ "$(inode)" = "$before" ] && ok "second: the saved tables used, not rebuilt" || fail "second: rebuilt"

# A byte changed in the tables, in the header, the file cut short, another
# program's file of the same size, an empty file: each rebuilt.
damage() { # what, offset
	before=$(inode)
	printf '\x5a' | dd of="$FILE" bs=1 seek="$2" conv=notrunc status=none
	same "$1"
	rebuilt "$1" "$before"
}
damage "a byte of the tables" $((size / 2))
damage "the last byte" $((size - 1))
damage "the magic" 0
damage "the version" 8
damage "the checksum" 24
before=$(inode)
truncate -s $((size - 4096)) "$FILE"
same "cut short"
rebuilt "cut short" "$before"
head -c "$size" /dev/urandom >"$FILE.x" && mv "$FILE.x" "$FILE"
before=$(inode)
same "foreign bytes"
rebuilt "foreign bytes" "$before"
: >"$FILE"
before=$(inode)
same "empty"
rebuilt "empty" "$before"

# A symlink in its place is not followed: its target stays as it was.
cp "$FILE" "$DIR/target.bin"
printf '\x5a' | dd of="$DIR/target.bin" bs=1 seek=100 conv=notrunc status=none
cp "$DIR/target.bin" "$DIR/target.orig"
rm "$FILE" && ln -s "$DIR/target.bin" "$FILE"
same "symlink"
[ -L "$FILE" ] && fail "symlink still there" || ok "symlink replaced by a file"
cmp -s "$DIR/target.bin" "$DIR/target.orig" && ok "symlink's target untouched" || fail "symlink's target written"

# No folder to write to: scrambles all the same.
chmod 500 "$XDG_CACHE_HOME/chesscubing"
rm -f "$FILE" 2>/dev/null
if [ ! -w "$XDG_CACHE_HOME/chesscubing" ]; then
	same "read-only folder"
fi
chmod 700 "$XDG_CACHE_HOME/chesscubing"
mkdir -p "$DIR/home"
XDG_CACHE_HOME=relative/path HOME=$DIR/home "$BIN" scramble --seed 9 --count 6 >"$DIR/out.txt" || fail "relative XDG"
cmp -s "$DIR/out.txt" "$DIR/ref.txt" || fail "relative XDG_CACHE_HOME: scrambles differ"
[ -f "$DIR/home/.cache/chesscubing/cube-tables-v1.bin" ] && ok "relative XDG_CACHE_HOME ignored: ~/.cache used" ||
	fail "no ~/.cache/chesscubing/cube-tables-v1.bin"
[ -e relative ] && fail "a relative cache folder made"

echo "$failed failed"
[ "$failed" = 0 ]
