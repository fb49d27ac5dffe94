#!/usr/bin/env bash
# `npm test`: every check, in order — typecheck, lint (oxlint type-aware + Biome format check),
# production build, node:test (unit + HTTP, both tiers), Playwright (behaviour, visual snapshots,
# axe). Prints "N passed, N failed" last, summing all.
#
# `npm run test:fast` (scripts/test.sh --fast): typecheck, lint, build, and node:test without the
# slow tier (files named *.slow.test.ts: forked production servers, kill -9, the cluster, dev
# reload, content at 1,000 items) and without Playwright; a few minutes at most.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
fast=0
[ "${1:-}" = "--fast" ] && fast=1
passed=0; failed=0; status=0

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

step "typecheck"
if npx tsc -p .; then passed=$((passed+1)); echo "typecheck ok"; else failed=$((failed+1)); status=1; fi

step "lint (oxlint --type-aware, biome format)"
if npm run --silent lint; then passed=$((passed+1)); echo "lint ok"; else failed=$((failed+1)); status=1; fi

step "build"
if npx tsx scripts/build.ts; then passed=$((passed+1)); else failed=$((failed+1)); status=1; fi

if [ $fast = 1 ]; then
  step "unit and HTTP tests (node:test, fast tier)"
  files=$(find tests/unit tests/http -name '*.test.ts' ! -name '*.slow.test.ts' 2>/dev/null | sort)
  tap=reports/node-test-fast.tap
else
  step "unit and HTTP tests (node:test, fast and slow tiers)"
  files=$(find tests/unit tests/http -name '*.test.ts' 2>/dev/null | sort)
  tap=reports/node-test.tap
fi
if [ -z "$files" ]; then echo "no node:test files found" >&2; failed=$((failed+1)); status=1; else
  node --import tsx --test --test-concurrency=2 --test-timeout=180000 --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination=$tap $files
  [ $? -ne 0 ] && status=1
  p=$(grep -E '^# pass ' $tap | awk '{print $3}'); f=$(grep -E '^# fail ' $tap | awk '{print $3}')
  [ "${p:-0}" = "0" ] && { echo "node:test ran no test" >&2; status=1; failed=$((failed+1)); }
  passed=$((passed+${p:-0})); failed=$((failed+${f:-0}))
fi

if [ $fast = 0 ]; then
  step "browser tests (Playwright)"
  if bash scripts/ensure-chromium.sh; then
    npx playwright test
    [ $? -ne 0 ] && status=1
    if [ -f reports/playwright.json ]; then
      read -r p f < <(node -e "const s=require('./reports/playwright.json').stats; console.log((s.expected||0)+(s.flaky||0), s.unexpected||0)")
      [ "${p:-0}" = "0" ] && { echo "Playwright ran no test" >&2; status=1; failed=$((failed+1)); }
      passed=$((passed+${p:-0})); failed=$((failed+${f:-0}))
    else
      echo "Playwright wrote no report" >&2; failed=$((failed+1)); status=1
    fi
  else
    failed=$((failed+1)); status=1
  fi
fi

echo
echo "$passed passed, $failed failed"
exit $status
