#!/usr/bin/env bash
# Regenerates the visual baselines (tests/e2e/__snapshots__) on purpose, and records the
# Chromium they were made with. Run it only when the design changed deliberately, review the new
# images, then commit them together with chromium-version.txt.
#   npm run test:update-snapshots               (every visual snapshot)
#   npm run test:update-snapshots -- --grep menu (a subset; extra arguments go to Playwright)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh chromium
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
# 'changed' rewrites only the images whose pixels differ from their baseline and leaves the others
# alone, byte for byte: git then stores nothing new for them. states.spec.ts also runs the
# accessibility checks on each state: a failure there is reported after the images are written
# and recompressed, and the script then exits with Playwright's status.
# Every shot the run takes is listed (visual.ts, E2E_SHOT_LIST): after a full update, a baseline
# no state took any more (a removed state, a dialog that got shorter) is deleted.
shots=reports/snapshot-shots.txt
rm -f "$shots"
rc=0
CI= E2E_SHOT_LIST="$shots" npx playwright test states.spec.ts --update-snapshots=changed "$@" || rc=$?
if [ "$#" -eq 0 ] && [ "$rc" -eq 0 ] && [ -s "$shots" ]; then
  find tests/e2e/__snapshots__/states.spec.ts -name '*.png' | while read -r f; do
    grep -qxF "${f#tests/e2e/__snapshots__/states.spec.ts/}" "$shots" || { echo "removed (no state shoots it): $f"; rm -f "$f"; }
  done
fi
# Lossless recompression of what changed (oxipng level 4, about a third smaller than Chromium's PNGs; pixels checked identical).
node scripts/optimise-snapshots.mjs
if [ "$rc" -ne 0 ]; then echo "Playwright reported failures besides the images written (see reports/playwright-html/index.html)." >&2; exit "$rc"; fi
echo "Baselines updated for $(head -n 1 tests/e2e/__snapshots__/chromium-version.txt). Review them (git diff --stat tests/e2e/__snapshots__) before committing."
