#!/usr/bin/env bash
# Upgrades the portal of deploy/compose.yaml one instance at a time, so that one always serves
# (docs/operations.md, "Upgrading with compose"). `docker compose up -d --build` would recreate both
# instances at once.
#   bash deploy/rolling-upgrade.sh              (from a checkout of the new version)
#   bash deploy/rolling-upgrade.sh --no-build   (the image is already built or loaded)
# COMPOSE names the compose command (default "docker compose"; podman: "podman compose").
# READY_TIMEOUT_SECONDS: how long a new instance may take to answer /readyz (default 180: a
# version's migrations run at its first start).
#
# The image is built once while both old instances serve. Then for each instance: nginx marks it
# `down` and reloads (nginx reads no /readyz, so it must be told), compose replaces it (the old one
# gets SIGTERM and drains within stop_grace_period), the new one answers /readyz 200, and nginx takes
# it back (the reload also finds the new container's address). If an instance does not get ready,
# the script stops there: that instance stays out of nginx and the other one, not yet replaced,
# serves alone; fix the cause and run it again.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

read -r -a COMPOSE_CMD <<<"${COMPOSE:-docker compose}"
READY_TIMEOUT_SECONDS="${READY_TIMEOUT_SECONDS:-180}"
INSTANCES=(portal-1 portal-2)
# The port the instances listen on inside their containers (the image's PORT).
PORT=4321
SITE=/etc/nginx/conf.d/default.conf

compose() { "${COMPOSE_CMD[@]}" -f compose.yaml "$@"; }
say() { echo "rolling-upgrade: $*"; }
fail() {
  echo "rolling-upgrade: $*" >&2
  exit 1
}

build=1
case "${1:-}" in
  --no-build) build=0 ;;
  "") ;;
  *) fail "usage: rolling-upgrade.sh [--no-build]" ;;
esac

# Marks one upstream server of the proxy's site down (or up again) and reloads nginx, which checks
# the site first and keeps the old one if it does not load.
proxy_mark() {
  local instance="$1" state="$2" expr
  if [[ "$state" == down ]]; then
    expr="s/^\\(\\s*server ${instance}:${PORT}[^;]*\\);/\\1 down;/; s/ down down;/ down;/"
  else
    expr="s/^\\(\\s*server ${instance}:${PORT}[^;]*\\) down;/\\1;/"
  fi
  compose exec -T proxy sh -c "sed -i '${expr}' ${SITE} && nginx -t -q && nginx -s reload" ||
    fail "nginx did not take ${instance} ${state}"
}

ready() {
  compose exec -T "$1" node -e \
    "fetch('http://127.0.0.1:${PORT}/readyz',{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))" \
    >/dev/null 2>&1
}

if [[ "$build" -eq 1 ]]; then
  say "building the image while the old instances serve"
  compose build portal-1
fi

for instance in "${INSTANCES[@]}"; do
  say "${instance}: out of nginx"
  proxy_mark "$instance" down
  # Requests nginx already sent it finish; the old process drains on SIGTERM as well.
  sleep 1
  say "${instance}: replacing (the old one drains on SIGTERM)"
  compose up -d --no-deps --no-build --force-recreate "$instance"
  waited=0
  until ready "$instance"; do
    if ((waited >= READY_TIMEOUT_SECONDS)); then
      fail "${instance} is not ready after ${READY_TIMEOUT_SECONDS} s; it stays out of nginx (compose logs ${instance})"
    fi
    sleep 1
    waited=$((waited + 1))
  done
  say "${instance}: ready; back in nginx"
  proxy_mark "$instance" up
done
say "done: ${INSTANCES[*]} run the new image"
