#!/usr/bin/env bash
# expect_refusal.sh STATUS TEXT COMMAND...: COMMAND must exit with STATUS,
# print nothing on standard output, and say TEXT on one line of standard
# error. (ctest's WILL_FAIL would also pass a crash or a missing binary.)
set -u
want_status=$1 want_text=$2
shift 2
err=$(mktemp)
out=$("$@" 2>"$err")
status=$?
msg=$(cat "$err")
rm -f "$err"
[ "$status" -eq "$want_status" ] || { echo "exit $status, expected $want_status: $msg"; exit 1; }
[ -z "$out" ] || { echo "unexpected output: $out"; exit 1; }
[ "$(printf '%s\n' "$msg" | wc -l)" -eq 1 ] || { echo "not one line: $msg"; exit 1; }
case $msg in *"$want_text"*) ;; *) echo "message '$msg' lacks '$want_text'"; exit 1 ;; esac
echo "ok: $msg"
