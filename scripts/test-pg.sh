#!/usr/bin/env bash
# Runs the Vitest suite (unit + API tests) against a throw-away PostgreSQL server
# (scripts/with-pg.sh). Each test file makes and drops its own database (tests/setup/server.ts).
#
#   scripts/test-pg.sh [vitest args…]      e.g. scripts/test-pg.sh tests/api
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The media library's tests run ffmpeg and ffprobe.
npx node scripts/system-packages.mjs ffmpeg
exec bash scripts/with-pg.sh npx vitest run "$@"
