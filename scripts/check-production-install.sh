#!/usr/bin/env bash
# The production install in a clean directory: only dist/, package.json and package-lock.json,
# `npm ci --omit=dev` (no TypeScript, no tsx, no sources; the container image gets the same packages
# by pruning the development ones, deploy/build-image.sh checks it), then the built server on Node 24
# against a fresh production database. Checks that no .ts file is needed, that a fresh database
# shows "no school yet" with the command that opens one and that this command, run as shown, opens
# a school; that the build holds no demo seed; that db.mjs run from another folder refuses to make a database there; and that an older
# Node is refused with a clear message. Prints the start-up time and the disk size.
#   bash scripts/check-production-install.sh      (after npm run build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$(pwd)"
NODE24="$ROOT/node_modules/node/bin/node"
[[ -x "$NODE24" ]] || { echo "check-production-install: run npm ci first (the pinned Node 24 is missing)" >&2; exit 2; }
[[ -f dist/server/start.mjs && -f dist/server/db.mjs ]] || { echo "check-production-install: run npm run build first" >&2; exit 2; }

DIR="$(mktemp -d "${TMPDIR:-/tmp}/portal-prod.XXXXXX")"
PID=""
cleanup() {
  [[ -n "$PID" ]] && kill "$PID" 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT

# The demo schools' seed (src/dev/seed, with its published logins) is a development tool: nothing of
# it is in the build. Its demo staff's password hash and its entry's name are found nowhere in dist/.
DEMO_HASH="$(grep -o "scrypt\$[^']*" src/dev/seed/staff.ts)"
[[ -n "$DEMO_HASH" ]] || { echo "check-production-install: the demo staff's hash is not in src/dev/seed/staff.ts" >&2; exit 2; }
if seeded="$(grep -rlF -e "$DEMO_HASH" -e seedIfEmpty dist)"; then
  echo "check-production-install: FAILED: the demo seed is in the build: $seeded" >&2
  exit 1
fi

cp -r dist package.json package-lock.json "$DIR/"
cd "$DIR"
# npm itself may run on any Node; the packages' install scripts run on it too. The server runs on 24.
PATH="$(dirname "$NODE24"):$PATH" npm ci --omit=dev --no-audit --no-fund --loglevel=error >/dev/null

fail() { echo "check-production-install: FAILED: $*" >&2; exit 1; }

stray="$(find . -name '*.ts' -not -name '*.d.ts' -not -path './node_modules/*' | head -5)"
[[ -z "$stray" ]] || fail "TypeScript files in the install: $stray"
[[ ! -e node_modules/typescript && ! -e node_modules/node && ! -e node_modules/vitest ]] || fail "development packages were installed"

PORT=$((20000 + RANDOM % 20000))
export NODE_ENV=production SESSION_SECRET="prod-check-session-secret-0123456789abcdef" \
  TOKEN_PARAM_SECRET="prod-check-token-secret-0123456789abcdefgh" \
  CERTIFICATE_SECRET="prod-check-certificate-secret-0123456789ab" SMS_PROVIDER=http \
  SMS_HTTP_URL=http://127.0.0.1:9/sms DATABASE_URL="file:$DIR/data/portal.sqlite" PORT="$PORT" HOST=127.0.0.1 \
  LOG_LEVEL=warn SHUTDOWN_DELAY_SECONDS=0

# An older Node is refused with words, not a crash.
if command -v node >/dev/null && [[ "$(node -p 'process.versions.node.split(".")[0]')" -lt 24 ]]; then
  out="$(node dist/server/start.mjs 2>&1 || true)"
  grep -q "needs Node 24" <<<"$out" || fail "Node $(node -v) was not refused clearly: $out"
fi

start=$(date +%s%N)
"$NODE24" dist/server/start.mjs >"$DIR/server.log" 2>&1 &
PID=$!
ready=0
for _ in $(seq 1 300); do
  if curl -fs "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$PID" 2>/dev/null || break
  sleep 0.1
done
[[ "$ready" -eq 1 ]] || { cat "$DIR/server.log" >&2; fail "the server did not become ready"; }
startup_ms=$(( ($(date +%s%N) - start) / 1000000 ))

page="$(curl -s "http://127.0.0.1:$PORT/")"
grep -q "网校尚未开通学校" <<<"$page" || fail "a fresh production database does not say that no school exists"

# The page names the command that opens the first school; it is run here exactly as named, in this
# install, with its placeholders filled in.
named="$(grep -o '<code>[^<]*</code>' <<<"$page" | sed -e 's#</\?code>##g' -e 's/&#60;/</g' -e 's/&#62;/>/g')"
[[ "$named" == "node dist/server/db.mjs create-school "* ]] || fail "the no-school page names no command of this install: $named"
read -ra words <<<"$named"
command=("$NODE24")
for word in "${words[@]:1}"; do
  case "$word" in
    '<学校前缀>') command+=(jiangnan) ;;
    '<学校名称>') command+=(江南职业技能培训学院) ;;
    '<管理员手机号>') command+=(13800000000) ;;
    '<管理员姓名>') command+=(陈文静) ;;
    '<'*) fail "the no-school page's command has a placeholder this check does not know: $word" ;;
    *) command+=("$word") ;;
  esac
done

# Run from another folder, a relative DATABASE_URL names no database there: refused, nothing made.
mkdir "$DIR/elsewhere"
if refused="$(cd "$DIR/elsewhere" && DATABASE_URL=file:./data/portal.sqlite "$NODE24" "$DIR/dist/server/db.mjs" create-school --predomain elsewhere \
  --name 别处学校 --admin-mobile 13800000001 --admin-name 陈文静 2>&1)"; then
  fail "db.mjs create-school from another folder succeeded on a database that did not exist: $refused"
fi
grep -q "no database at $DIR/elsewhere/data/portal.sqlite" <<<"$refused" || fail "db.mjs did not name the path it looked for: $refused"
[[ ! -e "$DIR/elsewhere/data" ]] || fail "db.mjs made a database in another folder"

created="$("${command[@]}")"
grep -q "/admin/accept#token=" <<<"$created" || fail "the no-school page's command printed no administrator link"
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: jiangnan.localhost' "http://127.0.0.1:$PORT/")
[[ "$status" == "200" ]] || fail "the new school's home page answered $status"
kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""

echo "production install: OK (start-up to ready ${startup_ms} ms; dist $(du -sh dist | cut -f1), production node_modules $(du -sh node_modules | cut -f1))"
