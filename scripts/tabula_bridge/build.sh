#!/usr/bin/env bash
# Builds scripts/tabula_bridge (tabula behind a JSON-lines pipe) for scripts/tabula_duel.py.
#
#   scripts/tabula_bridge/build.sh TABULA_SOURCE_DIR [OUTPUT]
#
# TABULA_SOURCE_DIR holds tabula's Go package (https://code.rocket9labs.com/tslocum/tabula:
# go.mod, board.go, analysis.go, debug_disabled.go; bei.go, its BEI server, is not needed and is
# left out, so nothing is fetched). Needs Go 1.17 or later (Debian: golang-go). OUTPUT defaults
# to target/tabula-bridge.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "${1:?usage: build.sh TABULA_SOURCE_DIR [OUTPUT]}" && pwd)
out=${2:-$here/../../target/tabula-bridge}
# The build runs in a temporary directory: a relative OUTPUT is made absolute first.
mkdir -p "$(dirname "$out")"
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tabula" "$work/bridge"
for f in "$src"/*.go; do
  case "$(basename "$f")" in bei.go | *_test.go) ;; *) cp "$f" "$work/tabula/" ;; esac
done
printf 'module code.rocket9labs.com/tslocum/tabula\n\ngo 1.17\n' > "$work/tabula/go.mod"
cp "$here/main.go" "$work/bridge/"
cat > "$work/bridge/go.mod" <<MOD
module acey/tabula-bridge

go 1.17

require code.rocket9labs.com/tslocum/tabula v0.0.0
replace code.rocket9labs.com/tslocum/tabula => ../tabula
MOD
(cd "$work/bridge" && GOFLAGS=-mod=mod GOPROXY=off go build -o "$out" .)
echo "built $out"
