#!/usr/bin/env bash
# README command 1: install what is missing, build the web app and start Velvet with demo content
# on an embedded PostgreSQL at http://localhost:3000 (Ctrl-C stops it; data stays in ./data).
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
ensure_node
ensure_ffmpeg
ensure_dependencies
say "Building the web app"
npm run build --silent
say "Starting Velvet"
# The demo accounts and their published password are for trying Velvet here, never for a deployment.
export SEED_DEMO="${SEED_DEMO:-true}"
exec node server/src/main.ts app-with-worker
