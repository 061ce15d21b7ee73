#!/usr/bin/env bash
# Draws the web app's icons (web/icons/*.png) from web/favicon.svg and web/icons/maskable.svg
# (the same picture with the margin a maskable icon needs), with headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
draw() { # SVG SIZE OUT
    printf '<html><body style="margin:0"><img src="file://%s" style="width:%spx;height:%spx;display:block"></body></html>' \
        "$PWD/$1" "$2" "$2" > "$tmp/icon.html"
    chromium --headless=new --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --no-first-run --hide-scrollbars \
        --default-background-color=00000000 --window-size="$2,$2" --screenshot="$PWD/$3" \
        "file://$tmp/icon.html" >/dev/null 2>&1
}
draw web/favicon.svg 192 web/icons/icon-192.png
draw web/favicon.svg 512 web/icons/icon-512.png
draw web/icons/maskable.svg 512 web/icons/maskable-512.png
