#!/usr/bin/env bash
# Runs the API tests (tests/api: the app on a real database) against a throw-away PostgreSQL server
# (scripts/with-pg.sh); the unit tests have no database and run once, in `npm test`. Each test file
# makes and drops its own database (tests/setup/server.ts). What does not depend on the engine ran in
# `npm test` already and is skipped here: ON_POSTGRES and STORAGE_DRIVERS in tests/setup/server.ts (decision 092).
# Files and the tests within each file run shuffled by one seed, TEST_SEED if set, else a random one,
# printed so that a failing order can be run again (as `npm test` does, scripts/test.mjs).
#
#   scripts/test-pg.sh [vitest args…]      default tests/api; e.g. scripts/test-pg.sh tests/api/jobs.test.ts
#   TEST_SEED=<seed> scripts/test-pg.sh    the order of an earlier run again
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The largest seed a random run picks.
MAX_RANDOM_SEED=1000000
SEED="${TEST_SEED:-}"
if [[ -z "$SEED" ]]; then
  SEED=$((1 + (RANDOM * 32768 + RANDOM) % MAX_RANDOM_SEED))
elif [[ ! "$SEED" =~ ^[1-9][0-9]{0,15}$ ]]; then
  echo "test-pg: TEST_SEED must be a positive whole number, not \"$SEED\"" >&2
  exit 2
fi
# The media library's tests run ffmpeg and ffprobe.
npx node scripts/system-packages.mjs ffmpeg
echo "vitest seed: $SEED (rerun: TEST_SEED=$SEED bash scripts/test-pg.sh)"
if [[ $# -eq 0 ]]; then set -- tests/api; fi
# Test files run three at a time on two cores: each waits on the PostgreSQL server much of the time
# (measured: tests/api in 298 s with three, 362 s with the default two; docs/decisions/060).
# PG_TEST_WORKERS overrides it.
exec bash scripts/with-pg.sh npx vitest run "--maxWorkers=${PG_TEST_WORKERS:-3}" --sequence.shuffle.files --sequence.shuffle.tests "--sequence.seed=$SEED" "$@"
