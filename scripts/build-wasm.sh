#!/usr/bin/env bash
# Builds the browser's engine (crates/engine) to WebAssembly and writes it to web/engine/acey.wasm
# (or to the file given as the first argument), the file the server and `acey export-web` serve.
#
# With rustup's wasm32 target (`rustup target add wasm32-unknown-unknown`) the plain build is
# used; without it, Debian's packages (rustc-web, cargo-web, rust-web-src, lld-16), which build
# the standard library from source. Paths are written relative to the sources, so the same
# toolchain gives the same bytes in any checkout: OUT.toolchain names the toolchain that built
# OUT, and the test command checks that the committed file rebuilds byte for byte with it.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
out="${1:-web/engine/acey.wasm}"
target_dir="${CARGO_TARGET_DIR:-target}/wasm"
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
export RUSTFLAGS="-C target-feature=+simd128 --remap-path-prefix=$root=/acey --remap-path-prefix=$cargo_home=/cargo --remap-path-prefix=/usr/lib/rustlib/src/rust=/rust"
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    toolchain="$(rustc --version)"
    cargo build --locked --profile wasm --target wasm32-unknown-unknown -p acey-engine \
        --target-dir "$target_dir"
elif [ -x /usr/bin/rustc ] && /usr/bin/rustc --version >/dev/null 2>&1 &&
    [ -d /usr/lib/rustlib/src/rust/library ] && command -v wasm-ld-16 >/dev/null; then
    toolchain="$(/usr/bin/rustc --version)"
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-16 \
        /usr/bin/cargo build --locked --profile wasm --target wasm32-unknown-unknown \
        -Z build-std=std,panic_abort -p acey-engine --target-dir "$target_dir"
else
    echo "no WebAssembly toolchain: run 'rustup target add wasm32-unknown-unknown', or install" >&2
    echo "Debian's rustc-web, cargo-web, rust-web-src and lld-16 (see CONTRIBUTING.md)" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")"
cp "$target_dir/wasm32-unknown-unknown/wasm/acey_engine.wasm" "$out"
echo "$toolchain" > "$out.toolchain"
echo "built $out ($(wc -c < "$out") bytes) with $toolchain"
