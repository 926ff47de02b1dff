#!/usr/bin/env bash
# The shipped program has no test hook (issue 20): none of the test
# clock's, the test deck's and the frame count's environment variables is
# in its binary, all are in the test build's (which proves the search
# would find them), and the
# shipped program ignores them when they are set.
set -u
SHIPPED=${1:?usage: $0 chesscubing chesscubing-test}
TEST=${2:?usage: $0 chesscubing chesscubing-test}
echo "CLAUSES: test_hooks_absent.sh none"
[ "${CC_CLAUSES:-}" = list ] && exit 0
for v in CHESSCUBING_TEST_CLOCK CHESSCUBING_TEST_DECK CHESSCUBING_TEST_FRAMES; do
	grep -qa "$v" "$SHIPPED" && { echo "FAIL: $SHIPPED holds $v"; exit 1; }
	grep -qa "$v" "$TEST" || { echo "FAIL: $TEST lacks $v: the search proves nothing"; exit 1; }
done
echo "ok"
