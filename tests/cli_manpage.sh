#!/usr/bin/env bash
# cli_manpage.sh BIN MANPAGE: the man page is complete (issue 23 item 7):
# every command `chesscubing --help` lists has an entry under COMMANDS, and
# every option its `--help` names appears in that command's entries (the
# program's own options anywhere in the page); the page has the sections a
# user looks for (EXIT STATUS with each status the program uses, FILES,
# ENVIRONMENT, EXAMPLES).
set -u
BIN=${1:?usage: $0 path/to/chesscubing docs/chesscubing.1}
MAN=${2:?usage: $0 path/to/chesscubing docs/chesscubing.1}
echo "CLAUSES: cli_manpage none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }

# roff's "\-" is a "-": the page as plain words, one .TP item a record.
plain() { sed 's/\\-/-/g; s/\\f[BIRP]//g; s/\\(aq/'"'"'/g'; }
commands_of_help=$(LANGUAGE= LC_ALL=C "$BIN" --lang en --help | awk '/^Commands:/{f=1; next} /^$/{f=0} f{print $1}')
[ -n "$commands_of_help" ] || fail "no command in chesscubing --help"

global_opts=$(LANGUAGE= LC_ALL=C "$BIN" --lang en --help | grep -oE -- '--[a-z][a-z-]*' | sort -u)

# The COMMANDS section, split into items: "TAG<TAB>TEXT" a line.
items=$(awk '/^\.SH COMMANDS/{f=1; next} /^\.SH/{f=0} f' "$MAN" | plain |
	awk 'BEGIN{ORS=""} /^\.TP/{print "\n"; tag=1; next} tag{gsub(/"/, ""); sub(/^\.BR? /, ""); print $0 "\t"; tag=0; next} {print " " $0}')

for cmd in $commands_of_help; do
	# The items whose tag names the command (a tag may name several: list, show, export).
	text=$(printf '%s\n' "$items" | awk -F'\t' -v c="$cmd" '{ n = split($1, w, /[ ,]+/); for (i = 1; i <= n; i++) if (w[i] == c) { print; break } }')
	if [ -z "$text" ]; then
		fail "command '$cmd' has no entry under COMMANDS"
		continue
	fi
	opts=$(LANGUAGE= LC_ALL=C "$BIN" --lang en "$cmd" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u)
	missing=""
	for opt in $opts; do
		# The program's own options (OPTIONS), checked below.
		printf '%s\n' "$global_opts" | grep -qxF -- "$opt" && continue
		printf '%s' "$text" | grep -qF -- "$opt" || missing="$missing $opt"
	done
	if [ -n "$missing" ]; then
		fail "'$cmd': options of its --help not in its man entry:$missing"
	else
		echo "ok: $cmd and its options are in the man page"
	fi
done

# The program's own options, anywhere.
page=$(plain <"$MAN")
for opt in $global_opts; do
	printf '%s' "$page" | grep -qF -- "$opt" || fail "the program's option $opt is not in the man page"
done

for section in "EXIT STATUS" FILES ENVIRONMENT EXAMPLES "OUTPUT FORMATS"; do
	grep -q "^\.SH $section" "$MAN" || fail "no $section section"
done
# Each exit status the program uses has its item.
status_items=$(awk '/^\.SH EXIT STATUS/{f=1; next} /^\.SH/{f=0} f && prev ~ /^\.TP/ {print} {prev=$0}' "$MAN" | plain)
for status in 0 1 2 3 128+N; do
	printf '%s\n' "$status_items" | grep -qxF ".B $status" || fail "exit status $status not described"
done
[ "$failed" -eq 0 ] || { echo "$failed failed"; exit 1; }
echo "the man page holds every command and option"
