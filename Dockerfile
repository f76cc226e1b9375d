# The kiosk server (and, with `command: npm run sim`, the platform simulator) for compose.yaml.
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npx vite build
ENV HOST=0.0.0.0 PORT=3000 BUILD_DIR=build
EXPOSE 3000
CMD ["node", "scripts/start.ts"]
