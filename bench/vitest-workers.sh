#!/usr/bin/env bash
# How many Vitest workers are fastest here: runs the same files (both projects when
# TEST_DATABASE_URL is set) with each worker count given, and prints the wall time beside `uptime`
# (a shared machine's load changes the figures). Usage:
#   TEST_DATABASE_URL=postgres://... bench/vitest-workers.sh "1 2 3" tests/integration/s*.test.ts app/.server
set -euo pipefail
cd "$(dirname "$0")/.."
counts=$1
shift
for n in $counts; do
  load=$(uptime | sed 's/.*load average: //')
  start=$(date +%s.%N)
  if npx vitest run --maxWorkers="$n" "$@" >/dev/null 2>&1; then status=passed; else status=FAILED; fi
  end=$(date +%s.%N)
  printf 'maxWorkers=%s: %.1f s (%s; load before: %s)\n' "$n" "$(echo "$end - $start" | bc)" "$status" "$load"
done
