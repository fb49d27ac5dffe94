#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests exists. Uses $CHROMIUM_PATH if set, else Debian's
# /usr/bin/chromium, installing it with apt-get when running as root; otherwise says how.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; exit 1
fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
cat >&2 <<'MSG'
Chromium is needed for the browser tests and was not found at /usr/bin/chromium.
Install it with one of:
  sudo apt-get install -y chromium                 (Debian/Ubuntu), or
  npx playwright install chromium && export CHROMIUM_PATH="$(node -e "console.log(require('playwright-core').chromium.executablePath())")"
MSG
exit 1
