#!/usr/bin/env bash
# `npm test`: every check, in order — typecheck, lint (oxlint type-aware + Biome format check),
# production build, node:test (unit + HTTP, both tiers), Playwright (behaviour, keyboard journeys,
# visual snapshots, axe + IBM). Prints how long each step took, then "N passed, N failed" last,
# summing all. A suite that exits non-zero counts at least one failure, so the line never reads
# "0 failed" for a failed run (a crashed Playwright worker: its error, and the test it cost).
#
# `npm run test:fast` (scripts/test.sh --fast): typecheck, lint, build, and node:test without the
# slow tier (files named *.slow.test.ts: forked production servers, nginx, PostgreSQL, the Nu
# checker, kill -9, the cluster, dev reload, content at 1,000 items) and without Playwright.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
fast=0
[ "${1:-}" = "--fast" ] && fast=1
passed=0; failed=0; status=0
timings=()

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; step_name=$1; step_t0=$(date +%s); }
done_step() { timings+=("$(printf '%5s s  %s' $(($(date +%s) - step_t0)) "$step_name")"); }
ok() { passed=$((passed + 1)); }
ko() { failed=$((failed + 1)); status=1; }
# suite NAME EXIT PASSED FAILED: adds a test runner's counts. A runner that exited non-zero with no
# failure counted (a file that crashed, a cancelled test) counts one; one that ran nothing fails.
suite() {
  local name=$1 rc=$2 p=${3:-0} f=${4:-0}
  [ "$rc" -ne 0 ] && status=1
  [ "$rc" -ne 0 ] && [ "$f" = "0" ] && { echo "$name exited $rc with no failing test: counted as one failure" >&2; f=1; }
  [ "$p" = "0" ] && { echo "$name ran no test" >&2; ko; }
  passed=$((passed + p)); failed=$((failed + f))
}

# The slow tier and the browsers start Debian's programs: install them first (as root), or say how.
if [ $fast = 0 ]; then
  bash scripts/ensure-system-deps.sh || { echo "0 passed, 1 failed"; exit 1; }
fi

step "typecheck"
if npx tsc -p .; then ok; echo "typecheck ok"; else ko; fi
done_step

step "lint (oxlint --type-aware, biome format)"
if npm run --silent lint; then ok; echo "lint ok"; else ko; fi
done_step

step "build"
if npx tsx scripts/build.ts; then ok; else ko; fi
done_step

if [ $fast = 1 ]; then
  step "unit and HTTP tests (node:test, fast tier)"
  files=$(find tests/unit tests/http -name '*.test.ts' ! -name '*.slow.test.ts' 2>/dev/null | sort)
  tap=reports/node-test-fast.tap
else
  step "unit and HTTP tests (node:test, fast and slow tiers)"
  # The slow tier first: its files are the longest, so they do not end the run alone.
  files=$( (find tests/unit tests/http -name '*.slow.test.ts'; find tests/unit tests/http -name '*.test.ts' ! -name '*.slow.test.ts' | sort) 2>/dev/null)
  tap=reports/node-test.tap
fi
if [ -z "$files" ]; then echo "no node:test files found" >&2; ko; else
  # Most HTTP tests wait on sockets and child processes more than they compute: three files at a
  # time keep two cores busy.
  node --import tsx --test --test-concurrency=3 --test-timeout=180000 --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination=$tap $files
  rc=$?
  suite node:test $rc "$(grep -E '^# pass ' $tap | awk '{print $3}')" "$(grep -E '^# fail ' $tap | awk '{print $3}')"
fi
done_step

if [ $fast = 0 ]; then
  step "browser tests (Playwright)"
  rm -f reports/playwright.json
  npx playwright test
  rc=$?
  if [ -f reports/playwright.json ]; then
    # Failed: the unexpected results plus the errors outside any test (a worker that crashed; the
    # test it was running is reported as not run, which the stats count as skipped).
    read -r p f < <(node -e "const j=require('./reports/playwright.json'), s=j.stats; console.log((s.expected||0)+(s.flaky||0), (s.unexpected||0)+(j.errors||[]).length)")
    suite Playwright $rc "$p" "$f"
  else
    [ $rc -ne 0 ] && status=1
    echo "Playwright wrote no report" >&2; ko
  fi
  done_step
fi

echo
printf '%s\n' "${timings[@]}"
echo
echo "$passed passed, $failed failed"
exit $status
