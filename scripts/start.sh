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
# A made-up custodian of records for the demo's 2257 statement (compliance/records/README.md); set real ones to deploy.
export RECORDS_CUSTODIAN_NAME="${RECORDS_CUSTODIAN_NAME:-Demo Records Desk, Custodian of Records}"
export RECORDS_CUSTODIAN_ADDRESS="${RECORDS_CUSTODIAN_ADDRESS:-1 Example Street, Suite 2257, Springfield, USA}"
export RECORDS_CUSTODIAN_EMAIL="${RECORDS_CUSTODIAN_EMAIL:-custodian@velvet.example}"
exec node server/src/main.ts app-with-worker
