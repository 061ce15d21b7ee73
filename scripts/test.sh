#!/usr/bin/env bash
# Runs every check and test of the project: what CI runs (via .ci/run) and what a developer runs.
# Installs what a fresh machine lacks first (system packages need root and apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

# `--quick`: the checks a change needs before a commit, in minutes: formatting, clippy, the web
# client's type check and every unit test, without the .wasm rebuild, the integration and browser
# tests or the PostgreSQL pass (the full run does all of them).
quick=0
case "${1:-}" in
    "") ;;
    --quick) quick=1 ;;
    *) echo "usage: bash scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

need_pkgs=()
# The browser tests (crates/server/tests/browser.rs) drive a real headless Chromium.
command -v chromium >/dev/null || need_pkgs+=(chromium)
command -v chromedriver >/dev/null || need_pkgs+=(chromium-driver)
# The proxy tests (crates/server/tests/proxy.rs) put a real nginx in front of the server.
[ -x /usr/sbin/nginx ] || need_pkgs+=(nginx)
# The training-curve test draws text with a font file (plotters measures text even for SVG).
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_pkgs+=(fonts-dejavu-core)
# The storage, online and multi-node tests run against a real PostgreSQL server too.
# The duel harnesses' self-test (scripts/tabula_duel.py --self-test) is Python.
command -v python3 >/dev/null || need_pkgs+=(python3)
# The web client's type check (TypeScript, installed by npm from web/package-lock.json).
command -v node >/dev/null || need_pkgs+=(nodejs)
command -v npm >/dev/null || need_pkgs+=(npm)
# The browser's engine is rebuilt to check the committed WebAssembly (scripts/build-wasm.sh):
# with rustup's wasm32 target where it is installed, else with Debian's packages.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    [ -x /usr/bin/rustc ] || need_pkgs+=(rustc-web)
    [ -x /usr/bin/cargo ] || need_pkgs+=(cargo-web)
    [ -d /usr/lib/rustlib/src/rust/library ] || need_pkgs+=(rust-web-src)
    command -v wasm-ld-16 >/dev/null || need_pkgs+=(lld-16)
fi
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
[ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || need_pkgs+=(postgresql)
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
echo "== acey-ai without the lab (what the browser's engine builds: no training, duels, benchmark)"
cargo check -p acey-ai --no-default-features
echo "== web client type check: web/*.js against the protocol's types"
# The declarations are what crates/protocol generates, and the JavaScript agrees with them.
cargo test -p acey-protocol --all-features --test typescript
npm --prefix web ci --no-audit --no-fund
npm --prefix web run check
if [ "$quick" = 1 ]; then
    echo "== cargo test (unit tests of every crate)"
    cargo test --workspace --all-features --lib --bins
    python3 scripts/tabula_compare.py --self-test
    python3 scripts/gnubg_compare.py --self-test
    echo "quick tier passed: the .wasm rebuild, integration, browser and PostgreSQL tests not run"
    exit 0
fi
echo "== the browser's engine: web/engine/acey.wasm rebuilds from the sources"
bash scripts/build-wasm.sh target/engine-check/acey.wasm
if cmp -s target/engine-check/acey.wasm.toolchain web/engine/acey.wasm.toolchain; then
    cmp target/engine-check/acey.wasm web/engine/acey.wasm || {
        echo "web/engine/acey.wasm is not what its sources build: run scripts/build-wasm.sh and commit it" >&2
        exit 1
    }
else
    # Another toolchain gives other bytes: the differential test (crates/engine/tests/wasm.rs)
    # then checks the committed file's answers against the native engine all the same.
    echo "note: built with $(cat target/engine-check/acey.wasm.toolchain), the committed file with" \
        "$(cat web/engine/acey.wasm.toolchain): bytes not compared"
fi
echo "== cargo test (SQLite)"
cargo test --workspace --all-features
echo "== tabula duel harness self-test"
python3 scripts/tabula_duel.py --self-test --acey target/debug/acey
python3 scripts/tabula_compare.py --self-test
python3 scripts/gnubg_compare.py --self-test
echo "== benchmark noise script: a set against itself, and the two bgammon settlements"
python3 scripts/benchmark_noise.py models/benchmark-bgammon.txt models/benchmark-bgammon.txt |
  grep '^all       0.0000 ' >/dev/null
python3 scripts/benchmark_noise.py models/benchmark-bgammon.txt \
  models/training/benchmark-bgammon-seed2027.txt | grep '^all       0.0254 ' >/dev/null

# PostgreSQL on a temporary data directory, for as long as this script runs (unless
# ACEY_TEST_POSTGRES already names a server to use).
if [ -z "${ACEY_TEST_POSTGRES:-}" ]; then
    bin="$(pg_bin)"
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "PostgreSQL is missing and could not be installed: the PostgreSQL pass cannot run" >&2
        exit 1
    fi
    pgdata="$(mktemp -d /tmp/acey-pg.XXXXXX)"
    port=55432
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    as_pg=()
    if [ "$(id -u)" = 0 ]; then
        # PostgreSQL refuses to run as root: its own user runs it.
        chown postgres "$pgdata"
        as_pg=(runuser -u postgres --)
    fi
    "${as_pg[@]}" "$bin/initdb" -D "$pgdata" -A trust -U acey >/dev/null
    "${as_pg[@]}" "$bin/pg_ctl" -D "$pgdata" -l "$pgdata/log" -w \
        -o "-p $port -k $pgdata -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400" start >/dev/null
    trap '"${as_pg[@]}" "$bin/pg_ctl" -D "$pgdata" -m immediate stop >/dev/null 2>&1; rm -rf "$pgdata"' EXIT
    export ACEY_TEST_POSTGRES="postgres://acey@127.0.0.1:$port/postgres"
fi
echo "== cargo test (PostgreSQL: the storage, online, lobby, account, takeback, device-game, analysis, limit, health and multi-node tests)"
# --workspace, as in the SQLite pass, so that features resolve the same way and nothing is
# built twice; `nodes` names the server's multi-node tests and the terminal client's.
cargo test --workspace --all-features --test storage --test online --test lobby --test accounts \
    --test takeback --test device_games --test analysis --test limits --test health --test nodes
