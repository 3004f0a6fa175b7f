#!/usr/bin/env bash
# Installs what a fresh machine lacks, then returns. Idempotent and quick when everything is there.
#   bash dev/setup.sh          what `npm start` needs: PostgreSQL server binaries, npm packages
#   bash dev/setup.sh --test   plus what the tests need: pgTAP (pg_prove) and Chromium
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=false
[ "${1:-}" = "--test" ] && want_test=true

missing=()
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
if $want_test; then
  ls /usr/share/postgresql/*/extension/pgtap.control >/dev/null 2>&1 || missing+=(postgresql-15-pgtap)
  command -v pg_prove >/dev/null 2>&1 || missing+=(libtap-parser-sourcehandler-pgtap-perl)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
fi

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends $(printf '%s\n' "${missing[@]}" | sort -u) >/dev/null
  else
    echo "Missing Debian packages: ${missing[*]}. Install them (sudo apt-get install ${missing[*]}) and run again." >&2
    exit 1
  fi
fi

# npm packages: install when node_modules is missing or older than the lockfile. The lockfile lists
# every supported platform's native binaries (dev/lockfile.sh writes it, dev/lockfile.test.ts checks
# it), so `npm ci` installs exactly the locked tree on Linux and macOS, x64 and arm64.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error
  touch node_modules/.package-lock.json
fi
