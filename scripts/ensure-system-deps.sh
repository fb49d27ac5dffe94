#!/usr/bin/env bash
# What the test suites start from Debian themselves: Chromium (browser suites), nginx and
# PostgreSQL (the tests start their own, on 127.0.0.1), Java (the Nu HTML checker) and
# poppler-utils (pdftotext reads the PDFs the build makes). Installs what is missing when run as
# root with apt-get, in one call; otherwise names the packages to install and exits 1.
#   bash scripts/ensure-system-deps.sh            everything the full suite needs
#   bash scripts/ensure-system-deps.sh chromium   just the browser
set -uo pipefail

# command to look for → Debian package that provides it
declare -A PACKAGE=(
  [chromium]=chromium
  [nginx]=nginx
  [initdb]=postgresql
  [java]=default-jre-headless
  [pdftotext]=poppler-utils
)
wanted=("$@")
[ ${#wanted[@]} -eq 0 ] && wanted=(chromium nginx initdb java pdftotext)

has() {
  case "$1" in
    chromium) [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ] || [ -x /usr/bin/chromium ] ;;
    nginx) command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] ;;
    # PostgreSQL's server binaries live outside PATH on Debian.
    initdb) compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null ;;
    *) command -v "$1" >/dev/null ;;
  esac
}

missing=()
for c in "${wanted[@]}"; do has "$c" || missing+=("${PACKAGE[$c]}"); done
[ ${#missing[@]} -eq 0 ] && exit 0
# fonts-dejavu-core: a fallback face for Chromium's own UI text; never used by the site's pages.
[[ " ${missing[*]} " == *" chromium "* ]] && missing+=(fonts-dejavu-core)

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing from Debian for the tests: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # The package lists first: stale lists name versions the mirror no longer has (and an older
  # Chromium than the one the visual baselines were made with).
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null && exit 0
  echo "apt-get could not install: ${missing[*]}" >&2
  exit 1
fi
cat >&2 <<MSG
The tests need these Debian packages, which are missing: ${missing[*]}
Install them with:
  sudo apt-get install -y ${missing[*]}
(For the browser alone, CHROMIUM_PATH may point at any Chromium, for example one from
 "npx playwright install chromium".)
MSG
exit 1
