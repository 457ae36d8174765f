# One image for every role of the scaled setup; docker-compose.yml picks the entry point.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY projection-service/package.json projection-service/
COPY runtime/package.json runtime/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=3001
EXPOSE 3001
CMD ["npx", "tsx", "runtime/src/main.ts"]
