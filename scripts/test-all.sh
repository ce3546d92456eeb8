#!/usr/bin/env bash
# Installs what the tests need on a fresh machine, then runs every check: types, lint, format,
# unit tests (core, web), API tests (embedded PostgreSQL) and browser tests (Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

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

echo "==> Installing npm packages"
npm ci --no-audit --no-fund

echo "==> Type-checking, linting, formatting"
npm run typecheck
npm run lint
npm run format:check

echo "==> Unit tests"
npm run test:unit
echo "==> API tests (embedded PGlite)"
npm run test:api
echo "==> Browser tests (Chromium)"
npm run test:e2e
