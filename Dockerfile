# The portal's container image (decision 057). Stages:
#   packages             every package (npm ci): node-gyp runs for better-sqlite3, so this stage has
#                        python3, make and g++, and compiles against the base image's own Node headers;
#   build                dist/ (npm run build);
#   production-packages  the same packages less the development ones (npm prune --omit=dev);
#   runtime              Node 24, ffmpeg, dist/ and the production packages: no compiler, no sources.
# Build (docker, or podman with --format docker: podman's default OCI format has no HEALTHCHECK and
# drops it):
#   docker build -t digital-cloud-school .
#   podman build --format docker -t digital-cloud-school .
#   (deploy/build-image.sh builds and checks it; deploy/build-base-image.sh makes the base image
#   where no registry is reachable; docs/operations.md, "Building the image")
# Run (secrets only from the env file, never in this file):
#   docker run -p 4321:4321 -v portal-data:/data --env-file deploy/portal.env digital-cloud-school
FROM node:24-bookworm-slim AS packages
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Behind a TLS-inspecting proxy, npm needs its certificate authority for the registry: pass the
# file's path in the build (podman: -v CA.crt:/run/build-ca.crt:ro --build-arg
# NODE_EXTRA_CA_CERTS=/run/build-ca.crt). It is not kept in the runtime image.
ARG NODE_EXTRA_CA_CERTS
# node-gyp compiles against the headers the base image ships with its Node (/usr/local/include/node)
# instead of downloading them from nodejs.org.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
# npm ci's postinstall applies patches/ (fixes to packages the browser bundle is built from).
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM packages AS build
COPY . .
RUN npm run build

FROM packages AS production-packages
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATABASE_URL=file:/data/portal.sqlite \
    UPLOAD_DIR=/data/uploads
# ffmpeg and ffprobe: the media library's job reads durations and makes a video's renditions
# (decision 042). Without them every video ends "failed", so the build stops here instead.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
RUN ffmpeg -version && ffprobe -version
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=production-packages /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# SQLite data and uploaded files live in the volume, owned by the unprivileged user. The uploads
# directory exists in the image so that a volume mounted on it alone (compose's shared one) starts
# with its owner.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
# Liveness: the process answers. Not /readyz: a database outage makes every instance unready at
# once, and an orchestrator that restarts unhealthy containers would restart them all together
# while they would recover by themselves; readiness is for balancers (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/healthz',{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself: readiness 503, a delay for the balancer, then it drains.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/start.mjs"]
