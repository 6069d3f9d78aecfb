#!/usr/bin/env bash
# README command 2: install what is missing (Node 24, ffmpeg, Chromium, npm packages) and run every
# test suite; the last line printed is "N passed, N failed".
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
ensure_node
ensure_ffmpeg
ensure_chromium
ensure_nginx
ensure_dependencies
exec npm test --silent
