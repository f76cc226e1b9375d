# The kiosk server, and the platform simulator for compose.yaml, in three stages:
#   build      every dependency; the app built (`npm run build`)
#   simulator  the build stage running the platform simulator (the demo's platform)
#   server     the default and the production image: Node, the production dependencies, the build
#              and its start script (`node scripts/serve.ts`); no simulator, no development tools
FROM node:24-bookworm-slim AS build
WORKDIR /app
# `prepare` (on install) reads the messages and SvelteKit's configuration: the whole tree first.
COPY . .
RUN npm ci && npm run build

FROM build AS simulator
ENV SIM_HOST=0.0.0.0
EXPOSE 4010
CMD ["node", "packages/platform-sim/src/main.ts"]

FROM node:24-bookworm-slim AS server
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts/prepare.ts scripts/serve.ts ./scripts/
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/build ./build
# The SQLite store (DATA_DIR) belongs to the unprivileged user; KIOSK_SECRET comes from the
# environment, never from the image or the volume.
RUN mkdir data && chown node:node data
USER node
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
VOLUME /app/data
EXPOSE 3000
CMD ["node", "scripts/serve.ts"]
