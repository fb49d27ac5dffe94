#!/usr/bin/env bash
# Regenerates the visual baselines (tests/e2e/__snapshots__) on purpose, and records the
# Chromium they were made with. Run it only when the design changed deliberately, review the new
# images, then commit them together with chromium-version.txt.
#   npm run test:update-snapshots               (every visual snapshot)
#   npm run test:update-snapshots -- --grep menu (a subset; extra arguments go to Playwright)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
npx tsx scripts/build.ts
mkdir -p tests/e2e/__snapshots__
# Debian's wrapper script may print shell noise on stderr; keep the version line only.
version="$("$chromium" --version 2>/dev/null | grep -Eo '[0-9]+(\.[0-9]+){3}' | head -n 1 || true)"
{
  echo "$("$chromium" --version 2>/dev/null | grep -i chrom | head -n 1)"
  echo "version: ${version:-unknown}"
  echo "executable: $chromium"
  echo "flags: see launchOptions.args in playwright.config.ts"
  echo "updated: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > tests/e2e/__snapshots__/chromium-version.txt
# A full update starts from an empty folder, so that images of removed states do not linger.
if [ "$#" -eq 0 ]; then rm -rf tests/e2e/__snapshots__/states.spec.ts; fi
# 'changed' rewrites every image whose pixels differ (threshold 0, so no stale pixel survives) and
# leaves identical ones alone, so their recompressed bytes stay as committed. states.spec.ts also
# runs the accessibility checks on each state: a failure there is reported after the images are
# written and recompressed, and the script then exits with Playwright's status.
rc=0
CI= npx playwright test states.spec.ts --update-snapshots=changed "$@" || rc=$?
# Lossless recompression of what changed (oxipng level 4, about a third smaller than Chromium's PNGs; pixels checked identical).
node scripts/optimise-snapshots.mjs
if [ "$rc" -ne 0 ]; then echo "Playwright reported failures besides the images written (see reports/playwright-html/index.html)." >&2; exit "$rc"; fi
echo "Baselines updated for $(head -n 1 tests/e2e/__snapshots__/chromium-version.txt). Review them (git diff --stat tests/e2e/__snapshots__) before committing."
