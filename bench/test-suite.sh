#!/usr/bin/env bash
# Times `npm test`'s two halves with the runners' JSON reports, for scripts/test-timings.js:
#   bench/test-suite.sh OUT_DIR sequential|concurrent
# sequential: Vitest, then the E2E build and Playwright (what `npm test` does); concurrent: both
# at once. Needs TEST_DATABASE_URL for the postgres project (as CI sets it); E2E_PORT picks the
# E2E server's port. Writes OUT_DIR/{vitest,e2e}.{json,log} and OUT_DIR/times.txt, each time
# beside `uptime` (on a shared machine the load changes the figures).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$1
mode=$2
mkdir -p "$out"
out=$(cd "$out" && pwd)
export CI="${CI:-1}"
note() { echo "$(date -u +%H:%M:%S) $* | uptime:$(uptime | sed 's/.*load average://')" | tee -a "$out/times.txt"; }
vitest() {
  local start=$SECONDS
  npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json" >"$out/vitest.log" 2>&1
  note "vitest exit $? after $((SECONDS - start)) s"
}
e2e() {
  local start=$SECONDS
  PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npm run test:e2e -- --reporter=list,json >"$out/e2e.log" 2>&1
  note "e2e (build + playwright) exit $? after $((SECONDS - start)) s"
}
note "start $mode"
start=$SECONDS
if [ "$mode" = concurrent ]; then
  vitest &
  e2e &
  wait
else
  vitest
  e2e
fi
note "end $mode after $((SECONDS - start)) s"
