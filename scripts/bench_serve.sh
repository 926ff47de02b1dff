#!/usr/bin/env bash
# bench_serve.sh: the figures of `chesscubing serve` in docs/performance.md
# (a benchmark, not a test; it takes a few minutes). Builds the default
# preset, then runs scripts/bench_serve.mjs against it: commit-to-browser
# latency in headless Chromium, serve's CPU idle / with one viewer of a
# running match / with 100 and 1,000 SSE viewers (a load generator that
# stops by itself), memory per viewer, and the 2,000-connection, 405 and 304
# checks. Environment: STEPS (100), STEP_MS (300), WINDOW_S (20).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset default >/dev/null
cmake --build --preset default -j 2 >/dev/null
[ -d tests/web/node_modules/playwright-core ] || (cd tests/web && npm ci --no-audit --no-fund)
ulimit -n 8192 2>/dev/null || true
exec node scripts/bench_serve.mjs build/default/chesscubing
