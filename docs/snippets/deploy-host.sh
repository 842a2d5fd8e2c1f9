#!/bin/sh
# One catalog-host instance in production (docs/deploy.md): a container's entry point, or a
# systemd unit's ExecStart, run in the folder where @runtime-component-catalog/host is installed.
# The stores, Redis and the secret come from the environment.
set -eu
: "${CATALOG_SOURCE:?the catalog URL on the artifacts CDN}"
: "${ARTIFACTS_ORIGIN:?the artifacts CDN}"
: "${ESM_ORIGIN:?the ESM CDN}"
: "${REDIS_URL:?redis:// or rediss://: required as soon as there are two instances}"
: "${REVALIDATION_SECRET:?the secret publish sends}"
export HOST="${HOST:-0.0.0.0}"                         # reachable from outside the container
export PORT="${PORT:-8787}"                            # the load balancer's target
export METRICS_PORT="${METRICS_PORT:-9464}"            # Prometheus scrapes here, never the public port
export LOG_FORMAT="${LOG_FORMAT:-json}"                # one JSON object a line, for the log pipeline
export SHUTDOWN_DRAIN_MS="${SHUTDOWN_DRAIN_MS:-5000}"  # readiness probes see the drain before the close
export REMOTE_COMPILER="${REMOTE_COMPILER:-lazy}"      # esbuild-wasm starts on the first compile
# exec, and the bin itself rather than npx: the signals of a rolling upgrade reach the host.
exec ./node_modules/.bin/catalog-host
