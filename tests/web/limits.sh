#!/bin/bash
# limits.sh NODE BIN: limits_test.mjs with the descriptors its 4,000
# sockets need (the soft RLIMIT_NOFILE raised; 77 when the hard one is lower).
if [ "${CC_CLAUSES:-}" = list ]; then exec "$1" "$(dirname "$0")/limits_test.mjs" "$2"; fi
ulimit -n 8192 2>/dev/null || { echo "RLIMIT_NOFILE: 8192 descriptors are not allowed here"; exit 77; }
exec "$1" "$(dirname "$0")/limits_test.mjs" "$2"
