# Atelier in a container. Every step below is one CI already runs (.ci/run): `npm ci`,
# `npm run build`, and the start command of scripts/start.mjs; migrations run at start.

# Node.js 24, the current LTS line (26 works too); CI runs the suite on 24.
ARG NODE_IMAGE=node:24-bookworm-slim

# Native add-ons (better-sqlite3) fall back to a compile when no prebuilt binary fits.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./

# Build: every dependency, then the client (Vite) and the server bundle (esbuild) into dist/.
FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only: no Vite, esbuild, TypeScript or test tools in the image.
FROM toolchain AS production-deps
RUN npm ci --omit=dev

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    NODE_OPTIONS=--max-semi-space-size=16
# A font for text watermarks (issue 16): the slim image has none, and librsvg would draw nothing.
# HEIC and RAW uploads are decoded by libheif's heif-convert and LibRaw's tools (about 4 MB);
# videos and a release's audio tracks are probed and transcoded by ffmpeg and ffprobe.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core libheif-examples libraw-bin ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
# The official image's unprivileged user; the code stays owned by root, so it cannot be changed.
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# What `npm start` runs once dist/ is built, without its rebuild check (which needs devDependencies);
# node receives SIGTERM directly and shuts down gracefully.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
