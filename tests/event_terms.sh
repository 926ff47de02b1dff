#!/usr/bin/env bash
# event_terms.sh BIN: what an event fixes, through the real program
# (rules/club.md, section 8): a chess event's board, clock and claims
# recorded and enforced on `script --db`, "chess fast" refused with its
# reason, `event --help` naming every format, `show --json` of unplayed
# pairings (null, never 0 and ""), a match cancelled off its pairing with
# its reason, an event closed and one deleted only while unplayed.
set -u
export LC_ALL=C.UTF-8
BIN=${1:?usage: $0 path/to/chesscubing}
echo "CLAUSES: event_terms CL-8.1 CL-8.2 CL-8.4 CL-8.5 CL-8.7"
[ "${CC_CLAUSES:-}" = list ] && exit 0
DIR=$(mktemp -d /tmp/cc-evterms-XXXXXX)
trap 'rm -rf "$DIR"' EXIT
DB=$DIR/club.db
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAIL: $1"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

for p in Anne Bob Cleo Dan; do "$BIN" players --db "$DB" add "$p" >/dev/null || bad "players add $p"; done

# event --help names every format
help=$("$BIN" event --help 2>&1)
case $help in *"twice|time|chess|uno"*) ok "help lists every format" ;; *) bad "help: $help" ;; esac

# "chess fast" means nothing: refused with the term and the format, nothing created
out=$("$BIN" event --db "$DB" create Wrong --players Anne,Bob --format chess --category fast 2>&1)
rc=$?
[ $rc -eq 2 ] && case $out in *category*chess* | *chess*category*) true ;; *) false ;; esac \
	&& ok "chess fast refused ($out)" || bad "chess fast: rc=$rc $out"
out=$("$BIN" event --db "$DB" create Wrong --players Anne,Bob --format twice --tc 15+10 2>&1) \
	&& bad "twice --tc accepted" || ok "twice --tc refused"
"$BIN" event --db "$DB" list | grep -q Wrong && bad "a refused event was recorded" || ok "nothing recorded"

# a chess event fixes board, clock and claims
"$BIN" event --db "$DB" create Blitz --players Anne,Bob,Cleo,Dan --format chess --variant checkered \
	--tc 15+10 --claims manual >/dev/null || bad "create Blitz"
fixed=$("$BIN" event --db "$DB" show Blitz --json | json 'd["fixed"]["variant"], d["fixed"]["tc"], d["fixed"]["claims"]')
[ "$fixed" = "checkered 15+10 manual" ] && ok "terms recorded" || bad "terms: $fixed"

# show --json: an unplayed pairing has null, not 0 and ""
unplayed=$("$BIN" event --db "$DB" show Blitz --json |
	json '[(p["match_id"], p["result"]) for p in d["pairings"]][0]')
[ "$unplayed" = "(None, None)" ] && ok "unplayed pairing is null" || bad "unplayed: $unplayed"

# a game on other terms does not join; on the event's it does
printf 'settings format=chess variant=standard tc=15+10 claims=manual white=Anne black=Dan event=Blitz\n0 start\n' \
	>"$DIR/std.scn"
out=$("$BIN" script --db "$DB" "$DIR/std.scn" 2>&1) && bad "standard board joined: $out" || {
	case $out in *checkered*) ok "other board refused" ;; *) bad "other board: $out" ;; esac
}
printf 'settings format=chess variant=checkered tc=5+3 claims=manual white=Anne black=Dan event=Blitz\n0 start\n' \
	>"$DIR/tc.scn"
out=$("$BIN" script --db "$DB" "$DIR/tc.scn" 2>&1) && bad "other clock joined" || {
	case $out in *15+10*5+3*) ok "other clock refused" ;; *) bad "other clock: $out" ;; esac
}
printf 'settings format=chess variant=checkered tc=15+10 claims=manual white=Anne black=Dan event=Blitz\n0 start\n' \
	>"$DIR/ok.scn"
"$BIN" script --db "$DB" "$DIR/ok.scn" >/dev/null 2>&1 && ok "same terms join" || bad "same terms refused"
played=$("$BIN" event --db "$DB" show Blitz --json | json '[(p["match_id"], p["result"]) for p in d["pairings"]][0]')
[ "$played" = "(1, '*')" ] && ok "the pairing in play has its match" || bad "in play: $played"

# cancel: a reason needed; the pairing unplayed again, the reason shown
"$BIN" event --db "$DB" cancel Blitz 1 1 >/dev/null 2>&1 && bad "cancel without a reason" || ok "reason required"
"$BIN" event --db "$DB" cancel Blitz 1 1 --reason "wrong board" >/dev/null || bad "cancel"
again=$("$BIN" event --db "$DB" show Blitz --json | json '[p["match_id"] for p in d["pairings"]][0], d["cancelled"][0]["reason"]')
[ "$again" = "None wrong board" ] && ok "cancelled with its reason" || bad "cancelled: $again"
"$BIN" event --db "$DB" show Blitz | grep -q "Cancelled .*match 1 .*wrong board" && ok "show lists it" || bad "show: $("$BIN" event --db "$DB" show Blitz)"

# close: not joined any more; delete: refused with games, done without
"$BIN" script --db "$DB" "$DIR/ok.scn" >/dev/null 2>&1 || bad "replayed pairing refused"
out=$("$BIN" event --db "$DB" delete Blitz 2>&1) && bad "deleted with a game" || ok "delete with a game refused ($out)"
"$BIN" event --db "$DB" close Blitz >/dev/null || bad "close"
"$BIN" event --db "$DB" list | grep -q "Blitz.*(closed)" && ok "listed closed" || bad "list: $("$BIN" event --db "$DB" list)"
printf 'settings format=chess variant=checkered tc=15+10 claims=manual white=Bob black=Cleo event=Blitz\n0 start\n' \
	>"$DIR/late.scn"
out=$("$BIN" script --db "$DB" "$DIR/late.scn" 2>&1) && bad "joined a closed event" || ok "closed event refused"
"$BIN" event --db "$DB" create Oops --players Anne,Bob >/dev/null || bad "create Oops"
"$BIN" event --db "$DB" delete Oops >/dev/null && ! "$BIN" event --db "$DB" list | grep -q Oops \
	&& ok "unplayed event deleted" || bad "delete Oops"

# the fixed clock in the one club spelling (cc_tc_format): no "+0" for a
# clock without increment, the same text in show, --json and the refusal
"$BIN" event --db "$DB" create Classic --players Anne,Bob --format chess --tc 90 >/dev/null || bad "create Classic"
tc=$("$BIN" event --db "$DB" show Classic --json | json 'd["fixed"]["tc"]')
[ "$tc" = 90 ] && ok "tc 90 spelled 90 in --json" || bad "Classic tc: $tc"
"$BIN" event --db "$DB" show Classic | grep -q "time control 90," && ok "show spells it 90" \
	|| bad "show Classic: $("$BIN" event --db "$DB" show Classic)"
printf 'settings format=chess tc=90+30 white=Anne black=Bob event=Classic\n0 start\n' >"$DIR/classic.scn"
out=$("$BIN" script --db "$DB" "$DIR/classic.scn" 2>&1) && bad "other clock joined Classic" || {
	case $out in *[!0-9]90[!+0-9]*90+30*) ok "refusal spells it 90 ($out)" ;; *) bad "refusal: $out" ;; esac
}

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
