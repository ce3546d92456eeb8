#!/usr/bin/env bash
# Installs what the tests need on a fresh machine, then runs every check: types, lint, format,
# unit tests (core, web), API tests (embedded PostgreSQL) and browser tests (Chromium headless shell).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage.sh
started=$SECONDS

# The browser tests run in Chromium's headless shell: the same engine without the browser's
# window machinery, which took a quarter more CPU over the same tests (445 s against 321 s on four
# files). Lighthouse (`npm run lighthouse`) measures in the full browser, package `chromium`.
# Installed from Debian's packages beside the npm packages: both mostly wait for the network.
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  stage "Installing npm packages" npm ci --no-audit --no-fund
elif [ "$(id -u)" = "0" ]; then
  stages_together \
    "Installing Chromium's headless shell" \
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null" \
    "Installing npm packages" "npm ci --no-audit --no-fund"
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium-headless-shell' (or set CHROMIUM_PATH)." >&2
  exit 1
fi

# Type-checking and linting are each single-threaded, and linting with types rebuilds the type
# program of each project it reads: split by project into two lanes of about equal work, they
# keep both cores busy (one lane each for `npm run typecheck` and `npm run lint` left one idle for
# half the stage). Together the lanes check exactly what those two commands check.
stages_together \
  "Type-checking core, API and web, linting the web app" \
  "npx tsc -p packages/core && npx tsc -p apps/api && npx tsc -p apps/web && npx eslint apps/web --max-warnings=0" \
  "Linting the rest, type-checking e2e and scripts" \
  "npx eslint . --ignore-pattern 'apps/web/**' --max-warnings=0 && npx tsc -p e2e && npx tsc -p scripts"
# The unit tests keep 1.2 of the 2 cores busy: the format check, then the build the browser tests
# run against, fill the rest.
stages_together \
  "Formatting, then building the app" "npm run format:check && npm run build" \
  "Unit tests" "npm run test:unit"
stage "API tests (embedded PGlite)" npm run test:api
# `npm run test:e2e` without its build, made above.
stage "Browser tests (Chromium)" npx playwright test -c e2e/playwright.config.ts
echo "==> Every check passed in $((SECONDS - started)) s"
