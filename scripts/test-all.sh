#!/usr/bin/env bash
# Installs what the tests need on a fresh machine, then runs every check: types, lint, format,
# unit tests (core, web), API tests (embedded PostgreSQL) and browser tests (Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage.sh
started=$SECONDS

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "==> Installing Chromium from Debian's packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

stage "Installing npm packages" npm ci --no-audit --no-fund

# Each of these two holds one core: side by side they take the time of the longer.
stages_together "Type-checking" "npm run typecheck" "Linting" "npm run lint"
stage "Formatting" npm run format:check
stage "Unit tests" npm run test:unit
stage "API tests (embedded PGlite)" npm run test:api
stage "Browser tests (Chromium)" npm run test:e2e
echo "==> Every check passed in $((SECONDS - started)) s"
