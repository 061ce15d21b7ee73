#!/usr/bin/env bash
# Runs every check and test of the project: what CI runs (via .ci/run) and what a developer runs.
# Installs what a fresh machine lacks first (system packages need root and apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

need_pkgs=()
# The browser tests (crates/server/tests/browser.rs) drive a real headless Chromium.
command -v chromium >/dev/null || need_pkgs+=(chromium)
command -v chromedriver >/dev/null || need_pkgs+=(chromium-driver)
# The training-curve test draws text with a font file (plotters measures text even for SVG).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_pkgs+=(fonts-dejavu-core)
if [ ${#need_pkgs[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_pkgs[@]}"
    else
        echo "missing packages: ${need_pkgs[*]} (run as root to install them)" >&2
        exit 1
    fi
fi

if ! rustup component list --installed 2>/dev/null | grep -q '^rustfmt'; then
    rustup component add rustfmt clippy
fi

echo "== cargo fmt --check"
cargo fmt --all --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --all-features -- -D warnings
echo "== cargo test"
cargo test --workspace --all-features
