#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (Playwright must never download a browser here).
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then exit 0; fi
if [ "$(id -u)" = 0 ]; then
  echo "Chromium not found: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $chromium. Install it as root: apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium binary), then run npm test again." >&2
exit 1
