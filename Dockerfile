# Headless mode in a container: the provider and its UI on port 3000, as a non-root user.
#   docker build -t identity-simulator .
#   docker run --rm -p 3000:3000 identity-simulator
# Every environment variable of headless mode (PORT, SIMULATOR_URL, CLIENT_ID, ...) works the same.

# Any Node 22 image with npm in the build stage; the runtime stage needs only `node` and a user 1000.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# Registry and TLS settings for `npm ci` (a mirror, or a proxy's CA bundle mounted into the build
# with its path here); build-time only, none of them reaches the runtime image.
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
ARG NODE_EXTRA_CA_CERTS=
COPY package.json package-lock.json ./
# No install scripts: the build needs none (the Electron binary and installer tools are not used).
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
# Every tsconfig of the solution: Vite and rolldown follow the project references (no electron
# or test code is copied).
COPY tsconfig.json vite.config.ts rolldown.config.mjs ./
COPY server/tsconfig*.json server/
COPY electron/tsconfig*.json electron/
COPY renderer/tsconfig*.json renderer/index.html renderer/
COPY server/src server/src
COPY renderer/src renderer/src
# The same steps as `npm run build`, for the two parts headless mode serves: the provider (bundled
# into one file with its dependencies by build:headless) and the UI (without source maps).
RUN npx tsc -b server \
 && npx vite build --sourcemap false --logLevel warn \
 && npm run --silent build:headless \
 && mkdir -p /out/app/dist/server/src /out/data \
 && cp package.json /out/app/ \
 && cp dist/server/src/headless.mjs dist/server/src/argon2id-worker.js /out/app/dist/server/src/ \
 && cp -r dist/renderer /out/app/dist/renderer

FROM ${NODE_IMAGE}
LABEL org.opencontainers.image.title="Identity Simulator" \
      org.opencontainers.image.description="Headless stand-in for the GOV.UK One Login OpenID Connect provider" \
      org.opencontainers.image.source="https://github.com/identity-simulator/identity-simulator" \
      org.opencontainers.image.licenses="MIT"
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Owned by root and read-only to the simulator's user; only /data (saved personas and scenarios)
# belongs to it.
COPY --from=build /out/app ./
COPY --from=build --chown=1000:1000 /out/data /data
# The official Node images' `node` user, by number so that "run as non-root" policies can check it.
USER 1000:1000
EXPOSE 3000
# Healthy once the discovery document is served on PORT (no curl in slim images: Node's fetch).
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/.well-known/openid-configuration').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The Node flags of `npm run headless`; listens on every interface of the container. Arguments
# given to `docker run` (--scenario, --log-size, ...) are appended.
ENTRYPOINT ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "dist/server/src/headless.mjs", "--host", "0.0.0.0", "--data-dir", "/data"]
