#!/usr/bin/env bash
# Builds the portal's image from the Dockerfile and checks what it holds (docs/operations.md,
# "Building the image"):
#   bash deploy/build-image.sh [IMAGE]               (default digital-cloud-school:latest)
# Settings:
#   CONTAINER_TOOL      podman (default) or docker. podman builds with --format docker, or the
#                       image would have no HEALTHCHECK.
#   PODMAN_BUILD_FLAGS  more flags for podman build; where no container can run and no registry
#                       is reachable: "--isolation=chroot --network=host --pull=never" (after
#                       deploy/build-base-image.sh).
#   CHECK_WITH          run (default: CONTAINER_TOOL run) or buildah (buildah run --isolation=chroot,
#                       where containers cannot run).
# The check, inside the built image: Node 24 as the user `node`, who may write /data/uploads;
# better-sqlite3 opens a database; ffmpeg and ffprobe run; no compiler or python; the image's
# HEALTHCHECK is there and probes /healthz; the server starts with the image's own data paths (a
# fresh production database in /data), answers /readyz, /healthz and the HEALTHCHECK's own command,
# shows that no school is open yet, and stops on SIGTERM.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

IMAGE="${1:-digital-cloud-school:latest}"
TOOL="${CONTAINER_TOOL:-podman}"
CHECK_WITH="${CHECK_WITH:-run}"
fail() {
  echo "build-image: $*" >&2
  exit 1
}
command -v "$TOOL" >/dev/null || fail "$TOOL is missing"
command -v node >/dev/null || fail "node is missing (the check reads the image's configuration with it)"

echo "build-image: building ${IMAGE} with ${TOOL}"
read -r -a podman_flags <<<"${PODMAN_BUILD_FLAGS:-}"
case "$TOOL" in
  podman) podman build --format docker "${podman_flags[@]}" -t "$IMAGE" . ;;
  docker) docker build -t "$IMAGE" . ;;
  *) fail "CONTAINER_TOOL must be podman or docker" ;;
esac

# The HEALTHCHECK as the image keeps it: ["CMD", "node", "-e", <script>], the script probing /healthz.
healthcheck_json="$("$TOOL" image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE")"
HEALTHCHECK_JS="$(node -e '
  const h = JSON.parse(process.argv[1] || "null");
  const t = h && h.Test;
  if (!Array.isArray(t) || t[0] !== "CMD" || t[1] !== "node" || t[2] !== "-e" || !/\/healthz/.test(t[3] ?? "")) process.exit(1);
  process.stdout.write(t[3]);
' "$healthcheck_json")" || fail "the image has no HEALTHCHECK probing /healthz: ${healthcheck_json}"

secret() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))'; }
# A free port on this machine: buildah's chroot shares the machine's network.
PORT="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); })')"

# Runs inside the image (sh, as its user).
read -r -d '' CHECK <<'EOF' || true
set -eu
fail() { echo "image check: $*" >&2; exit 1; }
[ "$(id -un)" = node ] || fail "runs as $(id -un), not node"
node -e 'process.exit(process.versions.node.split(".")[0] === "24" ? 0 : 1)' || fail "not Node 24: $(node -v)"
node -e '
  const Database = require("better-sqlite3");
  const db = new Database(":memory:");
  process.exit(db.prepare("select 40 + 2 as n").get().n === 42 ? 0 : 1);
' || fail "better-sqlite3 does not load"
ffmpeg -hide_banner -version >/dev/null || fail "ffmpeg does not run"
ffprobe -hide_banner -version >/dev/null || fail "ffprobe does not run"
for tool in cc gcc g++ make python3; do
  if command -v "$tool" >/dev/null; then fail "$tool is in the runtime image"; fi
done
[ -w /data/uploads ] || fail "the uploads directory (/data/uploads) is not writable by node"
[ ! -e node_modules/typescript ] && [ ! -e node_modules/vitest ] || fail "development packages are in the runtime image"

# The server with the image's own DATABASE_URL and UPLOAD_DIR (in /data); its log apart.
DATA="$(mktemp -d)"
node dist/server/start.mjs >"$DATA/server.log" 2>&1 &
SERVER=$!
stop() { kill "$SERVER" 2>/dev/null || true; }
trap stop EXIT
get() { node -e 'fetch(process.argv[1]).then(async (r) => { process.stdout.write(await r.text()); process.exit(r.ok ? 0 : 1); }, () => process.exit(2))' "http://127.0.0.1:$PORT$1"; }
ready=0
for _ in $(seq 1 120); do
  if get /readyz >/dev/null; then ready=1; break; fi
  kill -0 "$SERVER" 2>/dev/null || break
  sleep 0.5
done
[ "$ready" = 1 ] || { cat "$DATA/server.log" >&2; fail "the server did not become ready"; }
get /healthz >/dev/null || fail "/healthz did not answer 200"
node -e "$HEALTHCHECK_JS" || fail "the HEALTHCHECK command failed"
get / | grep -q "网校尚未开通学校" || fail "a fresh production database does not say that no school exists"
kill -TERM "$SERVER"
wait "$SERVER" || true
grep -q '"msg":"stopped"' "$DATA/server.log" || { cat "$DATA/server.log" >&2; fail "the server did not stop on SIGTERM"; }
echo "image check: Node $(node -v), better-sqlite3, ffmpeg and ffprobe, no compiler; ready, /healthz and the HEALTHCHECK answer; stops on SIGTERM"
EOF

ENV_ARGS=(
  "PORT=$PORT" "HOST=127.0.0.1" "SHUTDOWN_DELAY_SECONDS=0" "LOG_LEVEL=warn"
  "SESSION_SECRET=$(secret)" "TOKEN_PARAM_SECRET=$(secret)" "CERTIFICATE_SECRET=$(secret)"
  # A production server refuses the development SMS provider; this address sends nothing anywhere.
  "SMS_PROVIDER=http" "SMS_HTTP_URL=http://127.0.0.1:9/sms"
  "HEALTHCHECK_JS=$HEALTHCHECK_JS"
)

echo "build-image: checking ${IMAGE}"
case "$CHECK_WITH" in
  run) "$TOOL" run --rm --network=host "$IMAGE" env "${ENV_ARGS[@]}" sh -c "$CHECK" ;;
  buildah)
    command -v buildah >/dev/null || fail "buildah is missing"
    container="$(buildah from --pull-never "$IMAGE")"
    trap 'buildah rm "$container" >/dev/null' EXIT
    buildah run --isolation=chroot "$container" -- env "${ENV_ARGS[@]}" sh -c "$CHECK"
    ;;
  *) fail "CHECK_WITH must be run or buildah" ;;
esac
echo "build-image: ${IMAGE} built and checked"
