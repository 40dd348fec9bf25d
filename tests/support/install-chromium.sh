#!/usr/bin/env bash
# Installs headless Chromium from Debian's packages when it is missing: tests/suite/html.rs loads
# the pages `solve --format html` writes in it. Exits non-zero, saying why, if it cannot.
set -u
if command -v chromium >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "cannot install chromium: this needs root and apt-get" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 && apt-get install -y -qq chromium >&2
command -v chromium >/dev/null 2>&1
