# syntax=docker/dockerfile:1
# SkyVantage: one image, run as the embedded single process or as N instances (compose.yaml).
# The Active LTS line (26 since October 2026); the code also runs on Node 20.19+ and 24.
ARG NODE_VERSION=26

# ---- build: every dependency, then the client (Vite) and the server bundle (esbuild) ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies and dist/ only, as the unprivileged node user ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# Two malloc arenas rather than one per thread: about 25-45 MB less resident for the same speed (docs/decisions/0054-small-server-heap.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/app/data
WORKDIR /app
# Debian's GDAL processes map layers (GDAL_ENGINE=auto picks it over the WebAssembly build: docs/decisions/0027-map-layers.md);
# Debian's ffmpeg makes videos' posters and reads their length (docs/decisions/0038-video-posters.md).
RUN apt-get update && apt-get install -y --no-install-recommends gdal-bin ffmpeg && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 5000
# Ready means the database answers and every migration is applied.
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself: it drains in-flight requests (SHUTDOWN_TIMEOUT_MS).
CMD ["node", "dist/server/index.js"]
