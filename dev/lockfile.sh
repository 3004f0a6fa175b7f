#!/usr/bin/env bash
# (Re)generates package-lock.json so that it lists every platform's native binaries (rollup, esbuild,
# @tailwindcss/oxide, lightningcss, deno), then checks it (dev/lib/lockfile.ts). Run it after adding,
# removing or updating a dependency, instead of committing the lockfile a plain `npm install` wrote.
#   bash dev/lockfile.sh           keep every locked version, re-resolve only the packages with binaries
#   bash dev/lockfile.sh --fresh   resolve the whole tree anew from package.json
# Why (docs/local-stack.md, "The lockfile"): npm resolves in a scratch directory without node_modules,
# where it records all of a package's optional binaries; run beside an installed node_modules it keeps
# only the ones this machine installed.
set -euo pipefail
cd "$(dirname "$0")/.."

fresh=false
[ "${1:-}" = "--fresh" ] && fresh=true

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp package.json "$work/"
if ! $fresh && [ -f package-lock.json ]; then
  # Drop each package that has platform binaries, and those binaries, so npm resolves them again.
  node_modules/.bin/tsx dev/lib/lockfile.ts --strip package-lock.json "$work/package-lock.json"
fi
(cd "$work" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error)
cp "$work/package-lock.json" package-lock.json
node_modules/.bin/tsx dev/lib/lockfile.ts package-lock.json
