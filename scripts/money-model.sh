#!/usr/bin/env bash
# The booking's money model (apps/api/test/modules/money-model.test.ts) at length: many random
# interleavings, crashes and retries from a random seed, printed first so that a failure can be
# replayed with FC_SEED=<seed> (and FC_PATH=<path> as fast-check reports it). FC_RUNS (300 by
# default), FC_SEED, FC_SHRINK=true (shrink a failure, slow) and DATABASE_URL may be set.
set -euo pipefail
cd "$(dirname "$0")/.."

FC_SEED="${FC_SEED:-$(node -e 'console.log(Math.floor(Math.random() * 2 ** 31))')}"
FC_RUNS="${FC_RUNS:-300}"
export FC_SEED FC_RUNS
echo "==> Money model: seed ${FC_SEED}, ${FC_RUNS} runs on ${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-PGlite}"
npx vitest run --project api test/modules/money-model.test.ts
