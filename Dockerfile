# The portal's container image. Two stages: the build has the development packages, the runtime
# only dist/, the production packages and Node 24 (scripts/check-production-install.sh runs the
# runtime stage's steps in a clean directory in CI).
#   docker build -t digital-cloud-school .      (or: buildah bud / podman build)
#   docker run -p 4321:4321 -v portal-data:/data --env-file portal.env digital-cloud-school
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATABASE_URL=file:/data/portal.sqlite \
    UPLOAD_DIR=/data/uploads
# ffmpeg and ffprobe: the media library's job reads durations and makes a video's renditions (decision 042).
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# SQLite data (and uploaded files) live in the volume, owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4321
# Ready means the database answers; a draining instance answers 503 (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4321)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself: readiness 503, a delay for the balancer, then it drains.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/start.mjs"]
