#!/usr/bin/env bash
# Makes the Dockerfile's base image, node:24-bookworm-slim, where it cannot be pulled (no container
# registry reachable): a minimal Debian bookworm from a Debian mirror (debootstrap), the Node 24
# release the project pins (package.json's devDependency `node`, from the npm package that carries
# its official binary and headers), npm, and the unprivileged `node` user (uid 1000), laid out as the
# official image has them (/usr/local/bin/node, /usr/local/include/node, /usr/local/lib/node_modules/npm).
# Where a registry is reachable, pull the official image instead.
#
#   sudo bash deploy/build-base-image.sh            (root: debootstrap and chroot need it)
#
# Needs debootstrap, npm, and podman or docker (CONTAINER_TOOL, default podman). Settings:
#   DEBIAN_MIRROR (default http://deb.debian.org/debian), DEBIAN_SECURITY_MIRROR,
#   BASE_IMAGE (default docker.io/library/node:24-bookworm-slim), NPM_VERSION.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SUITE=bookworm
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
BASE_IMAGE="${BASE_IMAGE:-docker.io/library/node:24-bookworm-slim}"
TOOL="${CONTAINER_TOOL:-podman}"
# npm as Node 24 releases bundle it (major 11); pinned so that two machines make the same image.
NPM_VERSION="${NPM_VERSION:-11.19.1}"
# The official image's user: files in volumes keep the same owner whichever image wrote them.
NODE_UID=1000

fail() {
  echo "build-base-image: $*" >&2
  exit 1
}
[[ "$(id -u)" -eq 0 ]] || fail "run as root (debootstrap and chroot need it)"
for tool in debootstrap node npm tar "$TOOL"; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y debootstrap podman; npm comes with Node)"
done

NODE_VERSION="$(node -p "require('./package.json').devDependencies.node ?? ''")"
[[ "$NODE_VERSION" =~ ^24\.[0-9]+\.[0-9]+$ ]] || fail "package.json pins no Node 24 release as the devDependency \`node\` (found '${NODE_VERSION}')"
case "$(uname -m)" in
  x86_64) NODE_ARCH=x64 ;;
  aarch64) NODE_ARCH=arm64 ;;
  *) fail "no Node package for $(uname -m)" ;;
esac

WORK="$(mktemp -d "${TMPDIR:-/tmp}/node-base.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
ROOTFS="$WORK/rootfs"

echo "build-base-image: Debian ${SUITE} from ${MIRROR}"
debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 || {
  tail -20 "$WORK/debootstrap.log" >&2
  fail "debootstrap failed"
}
# The sources the official Debian images list, on the mirror given.
rm -f "$ROOTFS/etc/apt/sources.list"
cat >"$ROOTFS/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: ${MIRROR}
Suites: ${SUITE} ${SUITE}-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${SECURITY_MIRROR}
Suites: ${SUITE}-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
# A slim image keeps no package lists, caches, manuals or translations.
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/log/*.log \
  "$ROOTFS"/usr/share/doc/*/changelog* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/*

echo "build-base-image: Node ${NODE_VERSION} (${NODE_ARCH}) and npm ${NPM_VERSION} from the npm registry"
(cd "$WORK" && npm pack --silent "node-linux-${NODE_ARCH}@${NODE_VERSION}" "npm@${NPM_VERSION}" >/dev/null)
mkdir -p "$WORK/node" "$ROOTFS/usr/local/bin" "$ROOTFS/usr/local/include" "$ROOTFS/usr/local/lib/node_modules/npm"
tar -xzf "$WORK/node-linux-${NODE_ARCH}-${NODE_VERSION}.tgz" -C "$WORK/node"
install -m 0755 "$WORK/node/package/bin/node" "$ROOTFS/usr/local/bin/node"
# The headers node-gyp compiles native packages against (npm_config_nodedir=/usr/local in the Dockerfile).
cp -a "$WORK/node/package/include/node" "$ROOTFS/usr/local/include/node"
tar -xzf "$WORK/npm-${NPM_VERSION}.tgz" -C "$ROOTFS/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
chown -R 0:0 "$ROOTFS/usr/local"

chroot "$ROOTFS" groupadd --gid "$NODE_UID" node
chroot "$ROOTFS" useradd --uid "$NODE_UID" --gid node --shell /bin/bash --create-home node
[[ "$(chroot "$ROOTFS" /usr/local/bin/node -v)" == "v${NODE_VERSION}" ]] || fail "the image's node does not run"

echo "build-base-image: importing as ${BASE_IMAGE}"
tar --numeric-owner -C "$ROOTFS" -c . |
  "$TOOL" import \
    --change "ENV NODE_VERSION=${NODE_VERSION}" \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change 'CMD ["node"]' \
    - "$BASE_IMAGE" >/dev/null
echo "build-base-image: ${BASE_IMAGE} ready (Debian ${SUITE}, Node ${NODE_VERSION}, npm ${NPM_VERSION})"
