#!/usr/bin/env bash
# Installs what the tests need on a fresh machine, then runs every check: types, lint, format,
# unit tests (core, web), API tests (embedded PostgreSQL) and browser tests (Chromium headless shell).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/stage.sh
started=$SECONDS

# The browser tests run in Chromium's headless shell: the same engine without the browser's
# window machinery, which took a quarter more CPU over the same tests (445 s against 321 s on four
# files). Lighthouse (`npm run lighthouse`) measures in it too.
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

# Type-checking and linting, in two lanes of about equal work that keep both cores busy. Each
# project's program is built once, checked, and handed to the type-aware lint rules
# (scripts/check-code.ts): 171 s of CPU where `tsc -p` and ESLint building their own took 247 s.
# Together the lanes check exactly what `npm run typecheck` and `npm run lint` check.
stages_together \
  "Type-checking and linting core, API and e2e" \
  "node --import tsx scripts/check-code.ts packages/core apps/api e2e" \
  "Type-checking and linting the web app, the scripts and the rest" \
  "node --import tsx scripts/check-code.ts --rest apps/web scripts"
# The unit tests keep 1.2 of the 2 cores busy: the format check, then the build the browser tests
# run against, fill the rest.
stages_together \
  "Formatting, then building the app" "npm run format:check && npm run build" \
  "Unit tests" "npm run test:unit"
stage "API tests (embedded PGlite)" npm run test:api
# `npm run test:e2e` without its build, made above.
stage "Browser tests (Chromium)" npx playwright test -c e2e/playwright.config.ts
echo "==> Every check passed in $((SECONDS - started)) s"
